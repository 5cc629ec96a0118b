/**
 * English word forms for prompt text: plurals, singulars, articles, and phrases as they read
 * inside a sentence. Pure.
 */
import { fold, SINGULAR_IN_S, squish, wordsOf } from "./prompt-text.ts"

/** Languages, written with a capital in English wherever they stand. */
export const LANGUAGES: ReadonlySet<string> = new Set(
  `English Spanish French German Italian Portuguese Dutch Japanese Chinese Mandarin Cantonese Arabic Russian Polish Korean
  Hindi Turkish Greek Swedish Norwegian Danish Finnish Hebrew Catalan Basque Welsh Irish Gaelic Latin Icelandic Czech`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/**
 * A phrase as it should read inside a sentence: Title Case lowered (`Wedding Cakes` → `wedding
 * cakes`), acronyms and camel-cased names kept (`SEO`, `iPhone`), and trailing punctuation dropped.
 */
export const displayPhrase = (phrase: string, proper: ReadonlySet<string> = new Set()): string => {
  const words = squish(phrase.replace(/[®™©]/gu, ""))
    .replace(/^[\s\-–—:•·|*#]+|[\s\-–—:•·|*.!?,;]+$/gu, "")
    .split(" ")
  const model = modelNameWords(words)
  return words
    .map((word, i) => {
      // An acronym before a comma of a list is still one ("SAT, ACT and GRE prep").
      if (/^\p{Lu}{2,}s?[,;:]?$/u.test(word) || /\p{Ll}\p{Lu}/u.test(word) || /\d/u.test(word) || isModelCode(word) || model.has(i)) return word
      // The place keeps its capital (`sourdough from Lyon`), and a language it is in its own
      // (`therapy in English`; the name's first word, "Spanish quarter tour", is read as the rest).
      const bare = word.replace(/[,;:]$/u, "")
      if (/^\p{Lu}\p{Ll}+$/u.test(bare) && (proper.has(fold(bare)) || (LANGUAGES.has(bare) && /^in$/iu.test(words[i - 1] ?? "")))) return word
      return word.toLowerCase()
    })
    .join(" ")
}

/** A word written as a model's code: letters with figures ("FM2", "AE-1") or capitals ("FD", "GW-RDG"). */
const isModelCode = (word: string) => /^(?=[^,;:]*\d)(?=[^,;:]*\p{Lu})[\p{L}\d-]+$/u.test(word) || /^\p{Lu}{2,}(?:-[\p{Lu}\d]+)*$/u.test(word)

/**
 * The capitalised words next to a model's code, which are its maker's and model's names
 * ("Nikon FM2", "Canon FD 28mm", "Portra 400" in "Kodak Portra 400"): they keep their capitals.
 */
const modelNameWords = (words: ReadonlyArray<string>): ReadonlySet<number> => {
  const out = new Set<number>()
  words.forEach((word, i) => {
    // A number of two figures or more after a capitalised word is a model's too ("Portra 400", "Pentax 67").
    if (!isModelCode(word) && !(/^\d{2,}$/u.test(word) && /^\p{Lu}\p{Ll}+$/u.test(words[i - 1] ?? ""))) return
    for (let j = i - 1; j >= 0 && /^\p{Lu}\p{Ll}+$/u.test(words[j]!); j--) out.add(j)
  })
  return out
}

/** Nouns written without an article and without a plural: "software", "catering". */
const MASS_NOUNS = new Set(
  `software hardware equipment furniture clothing apparel jewelry jewellery insurance advice training coaching
  consulting catering accounting marketing bookkeeping tutoring childcare daycare healthcare skincare haircare makeup
  food coffee tea bread oil honey syrup flour milk juice gear luggage photography cleaning landscaping plumbing roofing flooring legal design
  hosting storage housing transport transportation shipping logistics support security accommodation lodging parking
  wallpaper safety postage drainage haulage signage construction encapsulation insulation irrigation filtration
  excavation prep hardwood softwood wood grass turf sod soil topsoil loam sand hay straw alfalfa fodder feed bark zoysia
  kikuyu fescue ryegrass garlic fudge toffee confetti broth butter buttermilk custard yoghurt yogurt sauerkraut kimchi
  granola muesli popcorn compost manure mulch firewood kindling lavender`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

const lastWord = (phrase: string) => wordsOf(phrase).at(-1) ?? ""

/** "Cookware", "tableware", "knitwear": a collection of things, never made plural ("cookwares"). */
const COLLECTION_WORD = /\p{L}{2,}(?:ware|wear)$/u

/**
 * A practice or a method named by its Greek or Latin ending ("osteopathy", "acupuncture",
 * "actigraphy", "hydrotherapy", "podiatry"): a mass noun, never "osteopathies".
 */
export const PRACTICE_WORD = /\p{L}{2,}(?:path(?:y|ie)|punct(?:ure|ur)|graph(?:y|ie)|therap(?:y|ie)|olog(?:y|ie)|iatr(?:y|ie)|scop(?:y|ie))$/u

export const isMass = (phrase: string) =>
  MASS_NOUNS.has(lastWord(phrase)) || COLLECTION_WORD.test(lastWord(phrase)) || PRACTICE_WORD.test(lastWord(phrase))

/** Plurals of words in -i ("safari", "ski"), which end as "analysis" and "iris" do. */
const PLURAL_IN_IS = /(?:safaris|taxis|skis|bikinis|minis|kiwis|wikis|martinis|chilis|chillis|khakis|emojis|tipis|salamis|paninis|alibis)$/u

/** `cakes`, `running shoes`, `services`; not `glass`, `analytics`, `bus`. */
export const isPlural = (phrase: string) => {
  const w = lastWord(phrase)
  return w.length > 3 && w.endsWith("s") && (PLURAL_IN_IS.test(w) || (!/(?:ss|us|is|ics|ness)$/.test(w) && !SINGULAR_IN_S.test(w)))
}

/** Words that make a phrase a request or a verb's phrase, not a thing's name ("box your bike for a flight"). */
const NOT_A_THING = /\b(?:your|my|our|their|his|her|its|me|us|you|it)\b/iu

/** Words after a thing's head that say where, how or for whom ("online", "for beginners", "made to order"). */
const DETAIL_START = /^(?:with|of|for|in|at|on|from|by|au|aux|de|du|des|di|del|con|para)$/iu
const ADVERB_TAIL = /^(?:online|overnight|onsite|on-site|abroad|elsewhere|today|daily|weekly|monthly|nightly)$/iu

/**
 * Where a phrase's head ends, when a detail follows it: before its first preposition ("class |
 * for beginners"), before a participle saying how it is had ("boots | made to order", "repair |
 * done at home") or before a last word saying where or when ("consultation | online"). -1 when the
 * head is the last word.
 */
const headEnd = (words: ReadonlyArray<string>): number => {
  const at = words.findIndex((w, i) => i > 0 && i < words.length - 1 &&
    (DETAIL_START.test(w) || (PARTICIPLE.test(fold(w)) && (DETAIL_START.test(words[i + 1]!) || /^(?:to|at)$/iu.test(words[i + 1]!)))))
  if (at > 0) return at
  // ("Shirt dry cleaned today": a participle before the last word leaves the head unknown.)
  return words.length > 1 && ADVERB_TAIL.test(words.at(-1)!) && !PARTICIPLE.test(fold(words.at(-2)!)) ? words.length - 1 : -1
}

export const pluralOf = (phrase: string): string => {
  // "Box your bike for a flight" is a request, which has no plural.
  if (NOT_A_THING.test(phrase)) return phrase
  // The head takes the plural, the detail after it stays as written: "classes for beginners",
  // "consultations online", "repairs done at home"; never "class for beginnerses", "consultation onlines".
  const words = phrase.split(" ")
  // ("Lenses worn overnight": a plural before its participle is the plural already.)
  const participle = words.findIndex((w, i) => i > 0 && PARTICIPLE.test(fold(w)))
  if (participle > 0 && isPlural(words.slice(0, participle).join(" "))) return phrase
  const end = headEnd(words)
  // ("Tea of the month club" names one thing by its last word.)
  if (end > 0 && !/^of$/iu.test(words[end]!)) return [pluralOf(words.slice(0, end).join(" ")), ...words.slice(end)].join(" ")
  // "Learn to boulder": a verb's phrase has no plural.
  if (/\sto\s/u.test(phrase)) return phrase
  if (isMass(phrase)) return `${phrase} options`
  if (isPlural(phrase) || SINGULAR_IN_S.test(lastWord(phrase))) return phrase
  const last = words.pop() ?? ""
  const plural = /[^aeiou]y$/i.test(last)
    ? `${last.slice(0, -1)}ies`
    : /(?:s|x|z|ch|sh)$/i.test(last)
      ? `${last}es`
      : `${last}s`
  return [...words, plural].join(" ")
}

export const withArticle = (phrase: string) => {
  // An acronym is read by its letters: "an HVAC company", "an MOT", "a DJ".
  if (/^\p{Lu}{2,}\b/u.test(phrase)) return /^[AEFHILMNORSX]/u.test(phrase) ? `an ${phrase}` : `a ${phrase}`
  // A number is read as said: "an 8-berth campervan", "an 11-seater", "a 2-berth campervan".
  if (/^\d/u.test(phrase)) return /^(?:8|11|18)(?!\d)|^8\d(?!\d)/u.test(phrase) ? `an ${phrase}` : `a ${phrase}`
  return /^[aeiou]/i.test(phrase) && !/^(?:uni|use|eu|one)/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`
}

/** `wedding cakes` → `wedding cake`: for "{offering} specialist" when no category is known. */
export const singularOf = (phrase: string): string => {
  if (!isPlural(phrase)) return phrase
  const words = phrase.split(" ")
  const last = words.pop() ?? ""
  // "heroes", "tomatoes", "volcanoes" lose "es"; "shoes", "canoes", "oboes" only "s".
  const singular = /ies$/i.test(last) ? `${last.slice(0, -3)}y` : /(?:ss|x|z|ch|sh|hero|tomato|potato|volcano|echo|torpedo|mango)es$/i.test(last) ? last.slice(0, -2) : last.slice(0, -1)
  return [...words, singular].join(" ")
}

/** Food, drink and service words asked for without a plural: "sourdough", "teeth whitening", "matcha". */
const MASS_OFFERINGS = new Set(
  `bread sourdough rye coffee tea chai matcha sencha oolong rooibos darjeeling cream butter chocolate cheese honey granola
  sushi ramen pho wine beer cider juice milk yogurt jam meat beef pork chicken fish lamb tofu rice gelato guacamole
  dentistry orthodontics therapy care law insurance advice coaching training tuition yoga pilates physiotherapy
  acupuncture maintenance flush fit repair estate export control removal hire art chalk wax paint glue soap yarn wool clay
  flour sugar salt firewood mulch compost gravel timber fabric ink polish charcuterie chiropractic karate judo taekwondo
  aikido anxiety glass aid first-aid wallpaper plaster thatch mahogany teak sapele iroko music
  salmon trout cod haddock halibut mackerel tuna herring hake pollock venison kombucha kefir
  turmeric ginger cinnamon vanilla lavender saffron cardamom hibiscus`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/**
 * Things counted one by one though their names end as the names of activities do ("cupping
 * session", "new patient consultation", "sea kayak excursion"): made plural like any other thing.
 */
const COUNT_NOUNS_IN_ION = new Set(
  `session consultation excursion expedition option edition lotion potion cushion pavilion station mansion membership`.split(/\s+/).filter((w) => w.length > 0)
)

/**
 * Heads of things booked or bought one at a time ("CPR course", "backcountry flats trip", "cupping
 * session"): their plural is what a customer compares ("CPR courses"), never the bare singular
 * ("alternatives to CPR course").
 */
const COUNT_HEADS = new Set(
  `course class lesson camp session consultation package pass tour trip walk workshop kit bundle hamper voucher ticket
  excursion expedition cruise safari retreat`.split(/\s+/).filter((w) => w.length > 0)
)

/** A phrase ending in a plural noun after a participle and a noun ("stained glass hearts"), not in a word saying how ("overnight"). */
const PLURAL_HEAD_AFTER = /\s\p{L}+\s\p{L}{3,}s$/u

/** Past participles that follow a noun they describe ("lenses worn overnight", "suits made to measure"). */
const PARTICIPLE = /^(?:worn|made|built|sewn|grown|done|kept|cut|held|taken|given|sold|shown|written|drawn|bought|brought|found|sent|spent|taught|caught|bred|paid|laid|hung|spun|woven|frozen|chosen|broken|driven|ridden|thrown|blown|flown|torn|hewn|sawn|\p{L}{3,}(?<!e)ed)$/u

const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  loaf: "loaves", leaf: "leaves", shelf: "shelves", knife: "knives", half: "halves", tooth: "teeth", child: "children",
  person: "people", man: "men", woman: "women"
}

/**
 * A thing named with a detail after it ("leather wallet with coin pocket", "class for beginners",
 * "colour consultation at home", "17 inch general purpose saddle"): asked for as its head is, in
 * the plural when the head is counted, the detail as written ("leather wallets with coin pocket",
 * never "... with coin pockets" nor "Where can I find really good leather wallet with coin pocket?").
 * Undefined when the phrase is no such thing, or its head is not made plural.
 */
const headBeforeDetail = (phrase: string): { readonly text: string; readonly plural: boolean } | undefined => {
  if (NOT_A_THING.test(phrase)) return undefined
  // "17 inch general purpose saddle", "2 hour massage": a measure before the thing, as "2-berth" is.
  const measure = /^(\d+\s\p{Ll}+\s+)(\p{Ll}[\p{Ll}\s-]*)$/u.exec(phrase)
  if (measure !== null && !/^(?:with|of|for|in|at|on|from|to|and|or)\s/u.test(measure[2]!)) {
    const rest = offeringForm(measure[2]!)
    return rest.plural ? { text: `${measure[1]}${rest.text}`, plural: true } : undefined
  }
  // The head before an English preposition, a participle or a last word saying where: "pain au
  // chocolat" and "learn to boulder" are names of their own; a detail with an article ("shaved ice
  // on a stick", "dinner at the chef's table") says how one is served.
  const words = phrase.split(" ")
  const end = headEnd(words)
  const head = words.slice(0, end).join(" ")
  if (end <= 0 || /^(?:au|aux|de|du|des|di|del|con|para)$/iu.test(words[end]!) || /^(?:a|an|the)$/iu.test(words[end + 1] ?? "") ||
    /[\p{Lu}\d]/u.test(head) || end > 4 || /\s(?:and|&|or)\s/u.test(head)) return undefined
  const form = offeringForm(head)
  return form.plural && form.text !== head ? { text: [form.text, ...words.slice(end)].join(" "), plural: true } : undefined
}

/**
 * An offering as a customer asks for it: countable things in the plural (`butter croissant` →
 * `butter croissants`, `sourdough loaf` → `sourdough loaves`); mass nouns, services in -ing,
 * names with digits and phrases with a preposition or a conjunction as written; on a site not
 * written in English (`inEnglish` false), every name as written.
 */
export const offeringForm = (phrase: string, inEnglish = true): { readonly text: string; readonly plural: boolean } => {
  // A name from a site in another language is that language's word, with that language's plural
  // ("riparazione borse", "Ballonfahrt"): an English "s" makes it nobody's word.
  if (!inEnglish) return { text: phrase, plural: isPlural(phrase) }
  // "Maple syrup, dark robust", "linen rental, queen bed set": a list's label, the thing before its
  // variant; an "s" on the variant ("dark robusts") makes a word nobody types.
  // Its number is the thing's: "recycled pallets, grade a" are pallets ("Are recycled pallets, grade a good quality?").
  if (phrase.includes(", ")) return { text: phrase, plural: isPlural(phrase.split(", ")[0]!) }
  // "2-berth campervan", "6-cup espresso maker": a count run into a word measures the thing, whose
  // plural is its own ("2-berth campervans").
  const measure = /^(\d+-\p{Ll}+\s+)(\p{Ll}.*)$/u.exec(phrase)
  if (measure !== null) {
    const rest = offeringForm(measure[2]!)
    return { text: `${measure[1]}${rest.text}`, plural: rest.plural }
  }
  const words = phrase.split(" ")
  // "Learn to boulder" is a verb's phrase: its head is "learn", never pluralised ("learn to boulders").
  // "Fiskekaker i pita": a Scandinavian or German preposition marks a dish named in its own language.
  // ("Chocolate para beber", "olio di oliva": a Spanish, Italian or French head before its preposition.)
  // ("String trio or duo", "maple taffy on snow": "or" and "on" join too, never "duos", "snows".)
  const head = phrase.split(/\s+(?:with|of|for|in|at|on|or|from|to|au|aux|à|a la|de|del|di|du|des|para|con|y|and|&|i|på|med|og|och|til|till|mit|und)\s+/u)[0]!
  // An acronym beside words in lower case is a detail of a described thing ("CPR course", "IVF
  // transfer-day package"): asked for as the thing is.
  const acronymOnly = words.every((w) => /^\p{Lu}{2,}s?$/u.test(w) || !/\p{Lu}/u.test(w)) && words.some((w) => /^\p{Ll}/u.test(w))
  // Things joined by "and" are plural when either is ("parent and baby classes", "tax returns &
  // VAT"): "How can I tell if parent and baby classes are good quality?", never "... is".
  const joined = phrase.split(/\s+(?:and|&)\s+/u)
  const lastJoined = joined.length > 1 && head === joined[0] ? joined.at(-1)!.split(/\s+(?:with|of|for|in|on|or|from|to)\s+/u)[0]! : head
  const headFirst = headBeforeDetail(phrase)
  if (headFirst !== undefined) return headFirst
  if (head !== phrase || /\d/u.test(phrase) || (/\p{Lu}/u.test(phrase) && !acronymOnly)) return { text: phrase, plural: isPlural(head) || isPlural(lastJoined) }
  // "Espadín joven", "smørbrød": a letter English does not write names a thing in its own
  // language, whose plural is its own ("espadín jovens" is nobody's word).
  // (Its number is still read from its "s": "açaí bowls are", as English writes it.)
  if (/[ñíóúáãõøæåýþðłŷŵ]/iu.test(phrase)) return { text: phrase, plural: isPlural(phrase) }
  const last = fold(words[words.length - 1] ?? "")
  // "Lenses worn overnight", "shirts dry cleaned": a participle after the thing; its head is before it.
  // "Six-day guided walk": a participle before the last word, after no plural and before no word
  // saying when or how ("today", "overnight", "to measure"), describes the head after it.
  const participle = words.findIndex((w, i) => i > 0 && i < words.length - 1 && PARTICIPLE.test(fold(w)))
  const describesHead = participle > 0 && participle === words.length - 2 && !isPlural(words.slice(0, participle).join(" ")) &&
    !/^(?:\p{L}+ly|overnight|today|tonight|tomorrow|daily|weekly|monthly|yearly|here|there|abroad|elsewhere|onsite|on-site|inside|outside|online)$/u.test(fold(words.at(-1)!))
  // ("Small stained glass hearts": a participle before a plural thing describes it, which is plural.)
  if (participle > 0 && !describesHead) return { text: phrase, plural: isPlural(words.slice(0, participle).join(" ")) || (participle < words.length - 1 && PLURAL_HEAD_AFTER.test(phrase) && isPlural(phrase)) }
  if (isPlural(phrase)) return { text: phrase, plural: true }
  // Services named by what is done ("divorce mediation", "leak detection", "child custody") are
  // asked for in the singular: "cheap divorce mediations" is nobody's question.
  // "Hotel pick-up", "emergency call-out": a service named by a phrasal verb is asked for in the singular too.
  // "Canoe basics", "ceramics": a word in -ics is never made plural again ("canoe basicses"); nor
  // "gait analysis", a service named by what is done ("gait analysises").
  if (isMass(phrase) || MASS_OFFERINGS.has(last) ||
    (/(?:ing|ness|ism|ion|ance|ence|ment|ship|ody|ics|sis)$/.test(last) && !COUNT_NOUNS_IN_ION.has(last)) || last.length < 3 ||
    /-(?:up|out|in|off|on|over)$/.test(words[words.length - 1] ?? "")) {
    return { text: phrase, plural: false }
  }
  // "Design drawings import", "sports massage": a plural or a noun in -s before the head makes the
  // head its kind of thing, asked for in the singular ("design drawings imports" is nobody's question).
  // A thing booked or bought one at a time keeps its plural ("backcountry flats trips").
  if (words.length >= 2 && !words.at(-2)!.includes("'") && isPlural(words.slice(0, -1).join(" ")) && !COUNT_HEADS.has(last)) return { text: phrase, plural: false }
  const irregular = IRREGULAR_PLURALS[last]
  if (irregular !== undefined) return { text: [...words.slice(0, -1), irregular].join(" "), plural: true }
  return { text: pluralOf(phrase), plural: true }
}

/** Words that join a thing's name to another thing or to a detail of it ("wig cut and style", "home visit in the GTA"). */
const JOINED_OR_DETAILED = /\s+(?:and|&|with|of|for|in|at|on|from|by)\s+/u

/**
 * Heads of things had one at a time, named in the singular in a longer name ("wig cut and style",
 * "home visit in the GTA", "flea & tick bath"): the list is short on purpose, as "a" before a name
 * that is no such thing ("a garden and farm", "a sake by the glass") reads worse than none.
 */
const ONE_HEADS: ReadonlySet<string> = new Set([
  ...COUNT_HEADS,
  ...`treatment ritual groom shave fade changeover upgrade appointment massage visit report stay bath pie tonic rental set
  jar card brush check quote trim tint style cut bag liner pack box spray balm bar jacket waistcoat rasp crutch facial
  manicure pedicure van`.split(/\s+/).filter((w) => w.length > 0)
])

/** A model's number after a word of its name: "ranger 8", "desert 6\"", "grade 1". */
const MODEL_NUMBER = /\p{L}\s+\d{1,4}(?:["”″]|(?![\p{L}\d.,:/-]))/u

/**
 * A model by its number, of a thing had one at a time, its name ending in the thing's word: "a
 * ranger 8 heavy duty scooter", "a desert 6\" dobsonian telescope", "a grade 1 english willow
 * bat", as "a 2-berth campervan" (a thing sold by the kilo or an "-ing" is no model).
 */
const isCountedModel = (text: string): boolean => {
  const last = lastWord(text)
  return MODEL_NUMBER.test(text) && /^\p{Ll}{3,}$/u.test(last) && !/ing$/u.test(last) && !isMass(text) && !/[\p{Lu}]/u.test(text)
}

/**
 * Whether an offering, as `offeringForm` gives it, is one countable thing whose name stays in the
 * singular: two things sold as one ("wig cut and style"), a thing with a detail that has its own
 * article ("home visit in the GTA"), a pack counted by its figure ("campfire bundle 3-pack"). A
 * sentence asks for "a" one ("What do wig studios usually charge for a wig cut and style?"),
 * never for the bare singular. Not a name (capitals), a request ("learn to boulder") or a phrase of
 * another language.
 */
export const namesOne = (form: { readonly text: string; readonly plural: boolean }, inEnglish = true): boolean => {
  const text = form.text
  if (!inEnglish || form.plural || NOT_A_THING.test(text) || /\sto\s/u.test(text)) return false
  const numbered = /\s\d+-\p{Ll}+$/u.test(text)
  if (!numbered && !JOINED_OR_DETAILED.test(text)) return isCountedModel(text)
  // ("Two men and a van" counts its own.)
  if (/^(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s|\s(?:and|&)\s(?:a|an|the)\s/iu.test(text)) return false
  const parts = text.split(JOINED_OR_DETAILED)
  const head = parts[0]!
  const words = head.split(" ")
  if (/[\p{Lu}\d]/u.test(numbered ? words.slice(0, -1).join(" ") : head)) return false
  // Things joined by "and" are one thing sold as the last of them is: "a lash lift and tint".
  const joined = /\s(?:and|&)\s/u.test(text) && text.split(/\s+(?:and|&)\s+/u).length === parts.length
  const last = (joined ? parts.at(-1)!.split(" ") : words).at(-1)!.replace(/^\d+-/u, "")
  return ONE_HEADS.has(last)
}

/**
 * Whether a product's name describes what it is ("Butter croissant", "Dental implants") rather
 * than naming a model ("Trail Runner 3", "iPhone", "XR-200"): a descriptive name is what a
 * customer asks for, not a brand.
 */
/** Abbreviations written in capitals in ordinary English, never a brand's own. */
export const COMMON_ABBREVIATIONS: ReadonlySet<string> = new Set(["DIY", "LED", "USB", "UV", "HD", "XL", "XXL", "GPS", "PVC", "LCD", "TV"])

export const isDescriptiveName = (name: string): boolean => {
  // A code in brackets is a detail of a described thing: "Personal income tax returns (ITR12)".
  // A leading count says how much of a described thing: "7-Night Surf Camp", "5-Lesson Pack".
  // A last part after a comma with a number in it is a size or a level: "Pottery Wheel Course, Level 2".
  // A year before or after the name is its vintage or model year: "Old Vine Grenache 2022" is old
  // vine grenache, as the last year's was ("Trail Runner 3" is a model: its number is no year).
  const plain = name.replace(/\s*\([^)]*\)/gu, "").replace(/^\d+[-\u2011 ]\p{L}+\s+(?=\p{L})/u, "").replace(/,\s[^,]*\d[^,]*$/u, "")
    .replace(/^(?:1[6-9]|20)\d\d\s+(?=\p{L})|(?<=\p{L})\s+(?:1[6-9]|20)\d\d$/u, "").trim()
  if (plain.length === 0 || /\d|\p{Ll}\p{Lu}/u.test(plain)) return false
  // An acronym beside words written in lower case is a detail of a described thing too ("EV
  // charger installation", "DELE exam preparation"); capitals alone ("ACME", "XR Pro") name a model.
  // "DIY", "LED", "USB": abbreviations everyone writes in capitals describe, as words do ("DIY Soy Candle Kit").
  const words = plain.split(/\s+/).filter((word) => !COMMON_ABBREVIATIONS.has(word))
  if (words.length === 0) return false
  const acronym = (word: string) => /^\p{Lu}{2,}s?$/u.test(word)
  if (!words.some(acronym)) return !/\p{Lu}{2,}/u.test(words.join(" "))
  if (words.every((word) => acronym(word) || !/\p{Lu}{2,}/u.test(word)) && words.some((word) => /^\p{Ll}/u.test(word))) return true
  // In title case, three words or more ending in what is booked say what it is ("GCSE Revision Course",
  // "BMW Brake Repair"); a model's name does not end in "course".
  return words.length >= 3 && !acronym(words.at(-1)!) && SERVICE_HEADS.has(words.at(-1)!.toLowerCase()) &&
    words.every((word) => acronym(word) || /^\p{Lu}\p{Ll}*$/u.test(word))
}

/** Head nouns of things booked rather than bought: a course, a consultation, a room. */
export const SERVICE_HEADS: ReadonlySet<string> = new Set(
  `course courses class classes lesson lessons camp service services consultation package plan membership pass session
  sessions treatment installation intensive ritual tour trip workshop subscription setup school groom shave fade changeover
  change program programme upgrade upgrades room suite desk office offices unit appointment therapy massage repair`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)
