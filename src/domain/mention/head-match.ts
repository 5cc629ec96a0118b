/**
 * Whether a head, one distinctive word of a longer name ("Foundry" for "Foundry Coworking"), is
 * used as the business's name (`headVerdict`). A single word is as often a place, a surname or
 * an ordinary word, so it counts only where the answer presents it as a business or product.
 */
import { type Doc, lineAt, nextWord, slice } from "./document.ts"
import { isCapitalisedCommonWord } from "../common-words.ts"
import { foldPlain } from "./fold.ts"
import { BUSINESS_NOUNS, TRADE_WORDS } from "./lexicon.ts"
import { isUpperLetter } from "./words.ts"

const NOUNS = [...BUSINESS_NOUNS, ...TRADE_WORDS].join("|")
// "Foundry, a friendly coworking space", "Duarte is an orthodontic practice", "Duarte is known
// locally as a family practice": a description of
// at most five words ending in a business noun. Bounded repetition keeps it linear.
const DESCRIBED = new RegExp(
  String.raw`^["”]?(?:['’]s)?(?:[ \t]+(?:in|on|at)[ \t]+(?:the[ \t]+)?\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,2})?(?:[ \t]*[,(][ \t]*|[ \t]+(?:is|was|remains|has\s+been)[ \t]+|[ \t]+(?:is|was)[ \t]+(?:best[ \t]+|well[ \t]+)?known[ \t]+(?:[\w'’-]+[ \t]+){0,3}?as[ \t]+)(?:a|an|the|one)[ \t]+(?:[\w'’-]+[ \t]+){0,5}?(?:${NOUNS})s?(?![\p{L}\p{N}])(?![ \t]+(?:names?|words?)\b)`,
  "iu",
)
// Nouns for a business described by pronoun: not those that as often describe a place ("It's a
// great place to hike", "a good spot", "an option").
const FIRM_NOUNS = [...BUSINESS_NOUNS, ...TRADE_WORDS].filter((w) => !/^(?:place|spot|option|pick|choice|space|center|centre|school|line|product|bar|cafe|coffee|care|outdoor|sports|medicine|photo)$/.test(w)).join("|")
// "Thornbury. They're a small structural firm…", "Thornbury does a lot — it's one of the firms…":
// the next words, in the same or the next sentence, describe it by pronoun. Bounded repetition.
const PRONOUN_DESCRIBED = new RegExp(
  String.raw`^[^.!?\n]{0,60}?(?:[.!?;:]|[ \t][—–-]|—|–)[ \t*_]*(?:they're|they\s+are|it's|it\s+is|she's|she\s+is|he's|he\s+is)[ \t]+(?:a|an|the|one\s+of\s+the)[ \t]+(?:[\w'’-]+[ \t]+){0,4}?(?:${FIRM_NOUNS})s?(?![\p{L}\p{N}])`,
  "iu",
)
// "Beacon is the budgeting app I'd pick": an ordinary word described as a business (not as "a
// good choice" or "a place", which a season or a town can be).
const DESCRIBED_FIRM = new RegExp(
  String.raw`^(?:[ \t]*,[ \t]*|[ \t]+(?:is|was|remains|has\s+been)[ \t]+)(?:a|an|the|one)[ \t]+(?:[\w'’-]+[ \t]+){0,4}?(?:${FIRM_NOUNS})s?(?![\p{L}\p{N}])`,
  "iu",
)
export const describedAsFirm = (doc: Doc, end: number): boolean => DESCRIBED_FIRM.test(doc.text.slice(end, Math.min(lineAt(doc, end).end, end + 100)))

// "call Tidewater first", "go with Thornbury", "book with Iris": a head as the one to contact.
// "my top pick is Marisela's", "everyone just calls it Anaïs", "a counter known as Anaïs": the
// head as the one picked, or as what a business is called.
const CONTACT_BEFORE =
  /(?<![\p{L}\p{N}])(?:call|phone|ring|contact|hire|book\s+with|go\s+with|start\s+with|stick\s+with|try|recommends?|recommended|swears?\s+by|empfehlen|empfehle|empfiehlt|(?:pick|choice|favou?rite|bet|go-to)\s+(?:is|would\s+be)|calls|called|named|known\s+as|goes\s+by|stay(?:ed|ing)?\s+at\s+the|(?:book(?:ed|ing)?|reserv(?:e|ed|ing))\s+(?:a|an|your|our)\s+(?:room|table|session|class|appointment|consultation|fitting|lesson)\s+(?:at|with))[ \t]+$/iu
// A business noun (mostly plural), then "such as"/"like"/"including": the head is given as one of them.
const EXAMPLE_OF_FIRMS_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:${FIRM_NOUNS}|workshop|firm|maker|operator|outfit)s?|agencies|companies|bakeries|pharmacies|breweries)[ \t]+(?:such[ \t]+as|like|including)[ \t]+$`,
  "iu",
)
const TOWN_DESCRIBED = /^[^.!?;\n]{0,40}?\b(?:town|city|village|suburb|neighbou?rhood|borough|county|district)\b/iu
const ELLIPTICAL_AT = /^[ \t]+(?:on|at|near|off)[ \t]+(\d{1,5}(?:st|nd|rd|th)?\b|\p{Lu}[\p{L}'’-]*)/u
const STREET_AT = /^[ \t]+on[ \t]+(\d{1,5}(?:st|nd|rd|th)?\b|\p{Lu}[\p{L}'’-]*)/u
const THE_BEFORE = /(?<![\p{L}\p{N}])[Tt]he[ \t]+$/u
const PERSON_NAMED = /(?<![\p{L}\p{N}])(?:someone|somebody|anyone|person|people|friend|guy|woman|man|girl|boy|kid|child|daughter|son|wife|husband|partner|mom|mum|mother|dad|father|sister|brother|baby|colleague|neighbou?r|chef|baker|owner)s?[ \t]+(?:named|called)[ \t]+$/iu
// "Rainier on 6th Avenue": a head at a street address.
const ADDRESS_AFTER = /^(?:['’]s)?[ \t]+(?:on|at)[ \t]+(?:\d{1,5}(?:st|nd|rd|th)?[ \t]+)?(?:\p{Lu}[\p{L}'’-]*[ \t]+){0,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Highway|Hwy|Square|Plaza|Parkway|Pike)\b/u
// "Yukon vs. Ember & Oak", "Upland vs. Arroyo Family Therapy": compared with another business's
// name (two capitalised words or more, joined by "&" or ending in a trade word), not with a town.
const VERSUS_AFTER = /^(?:['’]s)?[ \t]+(?:vs\.?|versus)[ \t]+(?:the[ \t]+)?(\p{Lu}[\p{L}'’-]*(?:[ \t]+(?:&|and|\p{Lu}[\p{L}'’-]*)){1,4})/u
// A product line carrying the brand: "Kestrel Trail Jacket", "Kestrel Stormline shell".
const PRODUCT_NOUNS = `jacket shell parka vest pants boots shoes pack tent serum cream cleanser moisturizer chino shirt tee
  sweater hoodie jeans trousers shorts sneaker sneakers backpack bag bottle mattress pillow bed desk chair stool lamp sofa couch
  stroller purifier humidifier fan heater earbuds headphones speaker watch laptop tablet monitor keyboard camera blender mixer
  kettle grinder rower treadmill bike helmet mat runner sandal coat gloves socks razor toothbrush vacuum
  pant fleece hoody anorak pullover cardigan jumper beanie mitts boot shoe trainer loafer duffel tote wallet quilt duvet
  blanket hammock stove cooker oven toaster fryer juicer mill scale charger router printer lens tripod leash harness
  crate shampoo balm lotion sunscreen toner candle diffuser notebook kayak paddle
  wheel kiln racket skis snowboard surfboard guitar`.split(/\s+/)
const PRODUCT_NOUN_SET = new Set(PRODUCT_NOUNS)
/** A product noun, singular or plural ("jackets", "boots"). */
const isProductNoun = (w: string): boolean => PRODUCT_NOUN_SET.has(w) || (w.endsWith("s") && PRODUCT_NOUN_SET.has(w.slice(0, -1)))
// "the jacket I keep reaching for is from Kestrel", "boots by Kestrel": a product of the head's
// making, the product noun at most six words before "from"/"by". Bounded repetition.
const MADE_BY_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:${PRODUCT_NOUNS.join("|")})s?(?:[ \t]+[\p{L}'’-]+){0,6}?[ \t]+(?:from|by)[ \t]+$`,
  "u",
)
// "Penrose in Leeds did our forecasting project": at a place, the one that did the work.
// "Kestrel fixed our boiler", "Kestrel did my roof": without the place, the work done on the speaker's own.
// Since version 17 also the upkeep done for the speaker: "Kestrel mows our lawn", "Kestrel put in my charger".
const DID_WORK_AFTER = /^(?:[ \t]+in[ \t]+\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*)?[ \t]+(?:did|handled|fixed|built|installed|redid|replaced|repaired|sorted|delivered|designed|ran|shot|photographed|catered|cleaned|painted|fitted|serviced)[ \t]+(?:our|my|the|a|an)|[ \t]+(?:did|does|fixed|installed|redid|replaced|repaired|serviced|rewired|fitted|painted|cleaned|catered|photographed|resoled|reroofed|renovated|remodeled|remodelled|pumped|inspected|mows|mowed|trims|trimmed|hauled|tiled|resealed|sealed|put[ \t]+in|puts[ \t]+in)[ \t]+(?:our|my|ours|mine))\b/u
// Version 17. "Kestrel sells linen sheets", "Kestrel undercuts Wave on price", "Kestrel integrates
// with Xero": a verb of trade whose subject can only be a firm (not "offers" or "costs", which a
// fabric or a season can be said to do).
const FIRM_VERB_AFTER =
  /^[ \t]+(?:(?:also|now|still|even|only|usually|often|mostly)[ \t]+)?(?:sells|stocks|ships|undercuts|refunds|refunded|invoices|(?:integrates|syncs)[ \t]+(?:directly[ \t]+)?with|charges[ \t]+(?:[$£€\d]|a[ \t]|an[ \t]|extra\b|per\b|more\b|less\b|nothing\b|no[ \t]|for\b|about\b|around\b))/u
/** Whether a verb of trade follows a name ending at `end` ("Kestrel| sells …"). */
export const firmVerbAt = (doc: Doc, end: number): boolean => FIRM_VERB_AFTER.test(doc.text.slice(end, Math.min(lineAt(doc, end).end, end + 60)))
// Version 17. "Kestrel and Wave both do payroll", "Harbor IT and Kestrel each run audits": opening
// the sentence, joined
// with another capitalised name as subjects of one verb of service, two businesses compared (a
// verb that towns share, "have", "get", "offer", is not one).
const CO_SUBJECT_VERB = String.raw`(?:both|each)[ \t]+(?:do|run|replace|repair|install|charge|sell|stock|carry|accept|handle|suit|serve|deliver|ship|fix|treat|teach|bake|cater|clean|groom|board|quote|insure|file|integrate|support)\b`
const CO_SUBJECT_AFTER = new RegExp(String.raw`^[ \t]+(?:and|or)[ \t]+\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,2}[ \t]+${CO_SUBJECT_VERB}`, "u")
const CO_SUBJECT_BEFORE = /(?:^|[.!?:;][ \t]+|\n)[*_]*\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,2}[ \t]+and[ \t]+$/u
// Subjects open their sentence: "the Ashgrove and Sparks both run along the trail" is not.
const CLAUSE_START_BEFORE = /(?:^|[.!?:;][ \t]+|\n)[*_]*$/u
const CO_SUBJECT_THEN = new RegExp(String.raw`^[ \t]+${CO_SUBJECT_VERB}`, "u")
// Version 17. "we stayed at Larchmere", "my physio at Castlegate": a guest's stay (in a town one
// stays "in"), and a practitioner the speaker sees at the head's premises.
const PATRON_AT_BEFORE =
  /(?<![\p{L}\p{N}])(?:stay(?:ed|ing|s)?[ \t]+at|(?:my|our|your|his|her|their)[ \t]+(?:physio|physiotherapist|dentist|hygienist|vet|groomer|stylist|hairdresser|barber|optician|optometrist|chiropractor|osteopath|podiatrist|therapist|trainer|instructor|tutor|mechanic|accountant|bookkeeper|doctor|GP|nurse|midwife|pharmacist)[ \t]+(?:at|from))[ \t]+$/iu
// "Kestrel is my go-to Arc'teryx alternative": put in another brand's place.
const ALTERNATIVE_TO_BRAND = /^[ \t]+(?:is|was|remains)[ \t]+(?:my|our|a|an|the)[ \t]+(?:(?:go-to|favou?rite|cheaper|budget|best|solid|good|great)[ \t]+)?\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*)?[ \t]+(?:alternative|substitute|rival|equivalent|dupe)\b/u
// Version 13. "Kelderman BV", "Brantry Ltd": the head with a legal form is the firm.
const LEGAL_FORM_AFTER = /^,?[ \t]+(?:B\.?V\.?|N\.?V\.?|Ltd|LLC|LLP|PLLC|Inc|GmbH|AG|PLC|Pty|S\.?A\.?|SARL|S\.?r\.?l\.?)(?![\p{L}\p{N}])/u
// "Kelderman is who I'd use", "Brantry is the one we'd call", "Brantry is where I'd book": the one picked.
const PICKED_AFTER = /^[ \t]+(?:is|was)[ \t]+(?:who|the[ \t]+one|where)[ \t]+(?:I|we|I'd|we'd|I’d|we’d|I[ \t]+would|we[ \t]+would)[ \t]+(?:\p{Ll}+ly[ \t]+)?(?:use|used|call|pick|hire|hired|go|book|trust|recommend|send|choose|try|stay|eat|shop|drink)\b/u
// "Vellum is a good cheaper alternative to Kira": put in another brand's place, the brand after "to".
const ALTERNATIVE_TO = /^[ \t]+(?:is|was|remains)[ \t]+(?:a|an|the|my|our)[ \t]+(?:[\p{Ll}-]+[ \t]+){0,3}?(?:alternative|substitute|rival)[ \t]+(?:to|for)[ \t]+\p{Lu}/u
// "we switched to Oxbow", "switching to Brantry".
// Since version 17 also "skip X", "think twice about X", "be wary of X", "I'd be cautious with X".
const WARNED_BEFORE = /(?<![\p{L}\p{N}])(?:avoid|skip|steer[ \t]+clear[ \t]+of|stay[ \t]+away[ \t]+from|think[ \t]+twice[ \t]+about|(?:be|am|was|I'm|I’m)[ \t]+(?:wary|cautious|careful)[ \t]+(?:of|with|about)|(?:wouldn't|would[ \t]+not|won't|never)[ \t]+(?:use|hire|book|recommend|go[ \t]+back[ \t]+to))[ \t]+$/iu
const SWITCHED_TO_BEFORE = /(?<![\p{L}\p{N}])(?:switched|switching|switch|moved[ \t]+over)[ \t]+to[ \t]+$/iu
const PLACE_PREPOSITION_BEFORE = /(?<![\p{L}\p{N}])(?:[Ii]n|(?:[Aa]round|[Nn]ear|[Aa]cross|[Tt]hroughout|[Oo]utside)(?:[ \t]+the)?)[ \t]+$/u
const KIND_BEFORE = /(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)[ \t]+$/u
const SENTENCE_START_BEFORE = /(?:^|[.!?][ \t]+|\n)$/u
// "on Milwaukee is", "on Passyunk.": a one-word street, then a verb or the sentence's end.
const STREET_THEN = /^[ \t]+on[ \t]+(\p{Lu}[\p{L}'’-]+)(?:[ \t]*[.!;:—–]|[ \t]+(?:is|has|does|serves|makes|was)\b)/u
// Since version 15 also a model by its capitalised name and number: "Kestrel Talus 35", "Kestrel Drift 2".
const PRODUCT_LINE = new RegExp(
  String.raw`^(?:(?:[ \t]+\p{Lu}[\p{L}\p{N}-]*){1,3}[ \t]+(?:${PRODUCT_NOUNS.map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`).join("|")})s?\b|[ \t]+(?!(?:Route|Highway|Interstate|Suite|Unit|Floor|Level|Room|Gate|Pier|Exit|Platform|Terminal|Station|Street|Avenue|Road)\b)\p{Lu}\p{Ll}{2,}[ \t]+\d{1,4}(?![\p{L}\p{N}:/%-]|[.,]\d|[ \t]*(?:%|percent|years?|months?|days?|minutes?|hours?|miles?|km|kg|lbs?|people|locations|stores)\b))`,
  "u",
)

/**
 * A head counts when it is written capitalised and: is a list item's or table row's lead or a
 * bold or linked phrase, exactly; is followed by a business or trade noun ("Ledge gym",
 * "Duarte's practice"), by a description ending in one ("Bolt is a contractor…", "Foundry, a
 * coworking space"), or by a product line ("Kestrel Trail Jacket"). Otherwise it does not.
 */
export const headVerdict = (doc: Doc, start: number, end: number, possessive: boolean, town = false): boolean => {
  if (!isUpperLetter(doc.text[start])) return false
  const afterName = possessive ? end + 2 : end
  const line = lineAt(doc, start)
  const exactEmphasis = (doc.emphasisEnds.get(start) ?? []).some((e) => e === end || e === afterName)
  const exactLead = line.lead !== undefined && line.lead.start === start && (line.lead.end === end || line.lead.end === afterName)
  if (exactEmphasis || exactLead) return true
  // Version 15. "In Halden, the old town …", "things to do around Halden": after a preposition of
  // place a head is the place (a business is "at" it, not "in" it).
  if (!possessive && PLACE_PREPOSITION_BEFORE.test(doc.text.slice(Math.max(line.start, start - 12), start))) return false
  const next = nextWord(doc, afterName)
  // The business's own town followed by a trade noun is the town's trade ("Mesa chiropractors").
  if (next !== undefined && !town) {
    const nw = foldPlain(slice(doc, next))
    if (BUSINESS_NOUNS.has(nw) || TRADE_WORDS.has(nw)) return true
    // "the Kestrel jackets": the head's products.
    if (isProductNoun(nw)) return true
  }
  // Version 17. "Kestrel's flat monthly fee", "Kestrel's sourdough", "Kestrel's fit studio": a
  // possessive head owning, after at most two modifiers, what a business has or sells.
  if (possessive && !town) {
    const owned = OWNED_AFTER_POSSESSIVE.exec(doc.text.slice(afterName, Math.min(line.end, afterName + 60)))
    if (owned !== null && owned[0].trim().split(/[ \t]+/).some((w) => ownedByFirm(foldPlain(w)))) return true
    // "breakfast at Kestrel's when in town": the shop by its owner's name, nothing owned after it.
    if (AT_BEFORE.test(doc.text.slice(Math.max(line.start, start - 8), start)) && ELLIPTICAL_END.test(doc.text.slice(afterName, Math.min(line.end, afterName + 20)))) return true
  }
  const rest = doc.text.slice(end, Math.min(line.end, end + 120))
  // The business's own town described as a town is the town: "Harlow is a commuter town with good schools".
  if ((DESCRIBED.test(rest) && !(town && TOWN_DESCRIBED.test(rest))) || (!possessive && PRODUCT_LINE.test(rest))) return true
  if (ADDRESS_AFTER.test(rest)) return true
  if (DID_WORK_AFTER.test(rest) || ALTERNATIVE_TO_BRAND.test(rest)) return true
  if (LEGAL_FORM_AFTER.test(rest) || PICKED_AFTER.test(rest) || ALTERNATIVE_TO.test(rest)) return true
  if (SWITCHED_TO_BEFORE.test(doc.text.slice(Math.max(line.start, start - 24), start))) return true
  // Version 15. Warned against by name, as a business is: "I'd avoid Ostrava", "steer clear of Ostrava".
  if (!town && WARNED_BEFORE.test(doc.text.slice(Math.max(line.start, start - 24), start))) return true
  if (!town && !possessive && (firmVerbAt(doc, end) || coSubject(doc, line.start, start, end) || beatsOrBeaten(doc, line.start, start, end))) return true
  if (!town && PATRON_AT_BEFORE.test(doc.text.slice(Math.max(line.start, start - 40), start))) return true
  // "Hotel Wexley", "Osteria Lucciola": the head with its kind written before it, capitalised.
  const kind = KIND_BEFORE.exec(doc.text.slice(Math.max(line.start, start - 30), start))
  if (kind !== null && !town && (BUSINESS_NOUNS.has(foldPlain(kind[1]!)) || TRADE_WORDS.has(foldPlain(kind[1]!)))) return true
  // "Savannah on Milwaukee is perfect for a date": opening its sentence, on a street, then described.
  if (!town && !possessive && SENTENCE_START_BEFORE.test(doc.text.slice(Math.max(line.start, start - 4), start))) {
    const at = STREET_THEN.exec(doc.text.slice(end, Math.min(line.end, end + 60)))
    if (at !== null && !isCapitalisedCommonWord(foldPlain(at[1]!))) return true
  }
  if (!town && MADE_BY_BEFORE.test(doc.text.slice(Math.max(line.start, start - 80), start))) return true
  const before = doc.text.slice(Math.max(line.start, start - 24), start)
  // "a friend named Marisela" is a person, not a business called so.
  if (CONTACT_BEFORE.test(before) && !PERSON_NAMED.test(doc.text.slice(Math.max(line.start, start - 40), start))) return true
  // "workshops such as Pemberton", "agencies like Mareva": named as one of a kind of business.
  if (EXAMPLE_OF_FIRMS_BEFORE.test(doc.text.slice(Math.max(line.start, start - 40), start))) return true
  // "Marisela's on Rue Rachel", "Stan at Dowd's on South 9th": a possessive with no noun after it,
  // at a street or a place, is the shop that bears the name. So is "the Wexley on Dauphine": a
  // venue by its distinctive word after "the", on a street ("the Yukon in June" is a place).
  const theBefore = !possessive && !town && THE_BEFORE.test(doc.text.slice(Math.max(line.start, start - 8), start))
  if (possessive || theBefore) {
    const at = (possessive ? ELLIPTICAL_AT : STREET_AT).exec(doc.text.slice(afterName, Math.min(line.end, afterName + 40)))
    if (at !== null && !isCapitalisedCommonWord(foldPlain(at[1]!))) return true
  }
  const than = CHEAPER_THAN.exec(rest)
  if (than !== null && businessLike(than[1]!)) return true
  if (PRONOUN_DESCRIBED.test(doc.text.slice(afterName, Math.min(doc.text.length, afterName + 160)))) return true
  const versus = VERSUS_AFTER.exec(rest)
  if (versus !== null && (otherBusinessName(versus[1]!) || (!town && /^\p{Lu}\S*[ \t]+\p{Lu}/u.test(versus[1]!)))) return true
  if (town) return false
  // Version 15. "Ostrava is my pick for families", "Mara Quist is worth a call", "Ostrava in
  // Leslieville is a safe bet": the head picked by the predicate that follows it.
  return !possessive && PICKED_PREDICATE.test(rest)
}

// Up to three lower-case words after the possessive, read for one such noun.
const OWNED_AFTER_POSSESSIVE = /^(?:[ \t]+[\p{Ll}-]+){1,3}/u
// What a business has or sells that a person or a place rarely is said to: its charges, its
// counter, its baking.
const OFFERINGS = new Set(`fee fees price prices pricing rates menu staff service delivery hours
  bread breads sourdough loaf loaves baguette baguettes croissant croissants pastries pastry scones bagels cakes
  tacos burgers pizza espresso brunch`.split(/\s+/))
const ownedByFirm = (w: string): boolean => BUSINESS_NOUNS.has(w) || TRADE_WORDS.has(w) || isProductNoun(w) || OFFERINGS.has(w)
const AT_BEFORE = /(?<![\p{L}\p{N}])(?:at|from)[ \t]+$/u
const ELLIPTICAL_END = /^(?:[ \t]*(?:[.,;:!?)]|$)|[ \t]+(?:when|whenever|in|on|for|and|or|but|last|this|every|with|because|before|after|instead|again|since|if|[—–-])(?![\p{L}\p{N}]))/u

// Version 17. "Kestrel beats Harbor Inn on atmosphere", "Misen beats Kestrel on service": one
// provider preferred to another on what a business is judged by.
const ASPECTS = String.raw`(?:service|customer[ \t]+service|price|prices|pricing|value|food|atmosphere|quality|comfort|speed|support|selection|range|staff|rooms|cleanliness|turnaround|warranty|durability)\b`
const BEATS = String.raw`(?:beats|beat|outdoes|outdid|edges(?:[ \t]+out)?|trumps)`
const BEATS_AFTER = new RegExp(String.raw`^[ \t]+${BEATS}[ \t]+(?:the[ \t]+)?\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,2}[ \t]+on[ \t]+${ASPECTS}`, "u")
const BEATS_BEFORE = new RegExp(String.raw`\p{Lu}[\p{L}'’-]*[ \t]+${BEATS}[ \t]+(?:the[ \t]+)?$`, "u")
const BEATEN_THEN = new RegExp(String.raw`^[ \t]+on[ \t]+${ASPECTS}`, "u")
const beatsOrBeaten = (doc: Doc, lineStart: number, start: number, end: number): boolean =>
  BEATS_AFTER.test(doc.text.slice(end, Math.min(doc.text.length, end + 80))) ||
  (BEATEN_THEN.test(doc.text.slice(end, Math.min(doc.text.length, end + 40))) && BEATS_BEFORE.test(doc.text.slice(Math.max(lineStart, start - 40), start)))

/** Whether the head ending at `end` is one of two capitalised subjects of one verb of service. */
const coSubject = (doc: Doc, lineStart: number, start: number, end: number): boolean =>
  (CLAUSE_START_BEFORE.test(doc.text.slice(Math.max(0, start - 4), start)) && CO_SUBJECT_AFTER.test(doc.text.slice(end, Math.min(doc.text.length, end + 80)))) ||
  (CO_SUBJECT_THEN.test(doc.text.slice(end, Math.min(doc.text.length, end + 40))) && CO_SUBJECT_BEFORE.test(doc.text.slice(Math.max(lineStart, start - 60), start)))

// "is my pick", "is worth a call", "is the arborist I'd call", "is a good choice".
const PICKED_PREDICATE = /^(?:[ \t]+(?:in|on|at)[ \t]+\p{Lu}[\p{L}'’-]*)?[ \t]+(?:is|was)[ \t]+(?:(?:my|our)[ \t]+(?:\p{Ll}+[ \t]+)?(?:pick|choice|go-to|favou?rite|recommendation|suggestion)\b|worth[ \t]+(?:a[ \t]+)?(?:call|visit|look|try|trip)\b|(?:a|the)[ \t]+(?:good|great|safe|solid|smart|sensible|obvious)[ \t]+(?:choice|bet|pick|option)\b|the[ \t]+(?:\p{Ll}+[ \t]+){1,2}(?:I|we)(?:['’]d|[ \t]+would)[ \t]+(?:call|use|pick|hire|see|book|trust|choose|recommend|go[ \t]+to)\b)/u

// "Ivy Lane is usually cheaper than CVS": compared, on price or service, with another business.
const CHEAPER_THAN =
  /^(?:['’]s)?[ \t]+(?:is|are|was|were)[ \t]+(?:\p{Ll}+ly[ \t]+)?(?:\p{Ll}+er|more[ \t]+\p{Ll}+|less[ \t]+\p{Ll}+)[ \t]+than[ \t]+(?:the[ \t]+)?(\p{Lu}[\p{L}'’&-]*(?:[ \t]+(?:&[ \t]+)?\p{Lu}[\p{L}'’-]*){0,3})/u
/** Another business's name: joined by "&", ending in a trade word, in capitals ("CVS") or in CamelCase ("GoodRx"). */
const businessLike = (name: string): boolean => otherBusinessName(name) || /^\p{Lu}{2,}$/u.test(name) || /^\p{Lu}\p{Ll}+\p{Lu}/u.test(name)

/** "Ember & Oak", "Arroyo Family Therapy": joined by "&", or ending in a trade word. */
const otherBusinessName = (name: string): boolean => {
  const words = name.split(/[ \t]+/)
  return words.includes("&") || TRADE_WORDS.has(foldPlain(words[words.length - 1]!))
}

// Version 14. A person named in full, given name and surname, whom the answer sends the reader to
// ("talk to Ana Ruiz", "ask for Ana Ruiz"), picks ("Ana Ruiz is the one I'd call") or credits with
// the speaker's own job ("Ana Ruiz did our kitchen"): the owner of the firm named after her.
const PERSON_CONTACT_BEFORE = /(?<![\p{L}\p{N}])(?:(?:take|bring|send)[ \t]+(?:it|them|yours?)[ \t]+to|book[ \t]+(?:a|an)[ \t]+(?:call|session|appointment|consultation|fitting)[ \t]+with|call|phone|ring|contact|hire|try|see|recommend|talk[ \t]+to|speak[ \t]+(?:to|with)|ask[ \t]+for|go[ \t]+(?:to|with)|book[ \t]+with|work(?:ed)?[ \t]+with)[ \t]+$/iu
const STAFF_AFTER = /^[ \t]*(?:,[ \t]+(?:their|its|his|her|the[ \t]+(?:\p{Ll}+[ \t]+){0,2}(?:manager|owner|lead|head|director)[ \t]+(?:at|of))\b|[ \t]+(?:at|from|of)[ \t]+\p{Lu})/u
// Version 16. Praised by reputation ("Ana Ruiz is well regarded for custody work"), or named as the
// best of the speaker's finding ("The best luthier I've found here is Ana Ruiz").
const PERSON_REGARDED_AFTER = /^[ \t]+(?:is|was)[ \t]+(?:very[ \t]+|widely[ \t]+)?(?:well[ \t-]+regarded|highly[ \t]+regarded|well[ \t-]+reviewed|highly[ \t]+rated|well[ \t-]+respected)\b/u
const BEST_IS_BEFORE = /(?<![\p{L}])(?:[Tt]he|[Mm]y)[ \t]+(?:best|favou?rite|go-to)[ \t]+\p{Ll}+[ \t]+(?:I|we)(?:'ve|’ve|[ \t]+have)?[ \t]+(?:found|used|tried|had)\b[^.!?\n]{0,40}?[ \t]+is[ \t]+$/u
const PERSON_DID_AFTER = /^[ \t]+(?:handled|did|filed|fixed|represented|helped|treated|sorted|won|drafted|prepared|designed|built|installed|repaired|cleaned|rewired|groomed|fitted)[ \t]+(?:my|our|us|me|ours|mine)\b/u

/**
 * Whether the person whose name runs from `personStart` (the given name) to `end` (the surname,
 * the firm's distinctive word) is presented as the one to use: the reader sent to her, picked, or
 * credited with the speaker's own job. Not a person merely named ("Ana Ruiz founded it in 1990").
 */
export const personPresented = (doc: Doc, personStart: number, end: number): boolean => {
  const line = lineAt(doc, personStart)
  const rest = doc.text.slice(end, Math.min(line.end, end + 80))
  // "ask for Ana Ruiz, their office lead", "Ana Ruiz at Kestrel": someone else's staff.
  if (STAFF_AFTER.test(rest)) return false
  if (PICKED_AFTER.test(rest) || PERSON_DID_AFTER.test(rest) || PERSON_REGARDED_AFTER.test(rest)) return true
  const before = doc.text.slice(Math.max(line.start, personStart - 24), personStart)
  // Version 17. Warned against by name, as a firm is: "I'd think twice about Ana Ruiz".
  if (WARNED_BEFORE.test(before)) return true
  if (BEST_IS_BEFORE.test(doc.text.slice(Math.max(line.start, personStart - 80), personStart))) return true
  return PERSON_CONTACT_BEFORE.test(before) && !PERSON_NAMED.test(doc.text.slice(Math.max(line.start, personStart - 40), personStart))
}

/** Whether a product line follows a head ending at `end` ("Kestrel| Trail Jacket"). */
export const productLineAt = (doc: Doc, end: number): boolean => PRODUCT_LINE.test(doc.text.slice(end, Math.min(lineAt(doc, end).end, end + 120)))
