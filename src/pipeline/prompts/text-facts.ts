/**
 * Prompt facts from page text: offerings from headings, audiences ("for busy families"), places
 * ("based in Lyon") and category words, with the frequency ranking they share.
 */
import { isCapitalisedCommonWord, isCommonWord } from "../../domain/common-words.ts"
import { PRICE_START_SOURCE } from "../../domain/money.ts"
import { displayPhrase, LANGUAGES } from "./english.ts"
import { SCHEMA_TYPE_WORDS } from "./jsonld-facts.ts"
import { fold, GENERIC_WORDS, phraseKey, squish, STOP_WORDS, wordsOf } from "./prompt-text.ts"

/** Headings that are page furniture, never an offering. */
const NOT_AN_OFFERING = new Set(
  `about contact welcome story team hours opening faq faqs blog news testimonials testimonial reviews review newsletter
  follow location locations find privacy cookie cookies terms copyright login sign cart menu home gallery careers jobs
  subscribe why who mission values partners press account search categories category
  featured popular bestsellers sellers new arrivals sale shop collection collections our your us we get call book
  visit order questions help links social share related recent latest more info information join community
  sustainability history philosophy approach promise commitment difference journal stand giving hiring sweet savory
  savoury seasonal classics favorites favourites favoritos specials extras highlights essentials frequently asked
  timetable schedule insights recognition list price prices pricing rates fees costs practice areas types kinds options
  unlimited everything tips mas bebidas boissons drinks beverages sides meet hosts founder founders owners
  neighborhood neighbourhood recipes heritage tradition environment tourism awards accreditations certifications
  guarantee updates announcements talk letter letters stories testimonials times rebates gratis novedades noticias
  opiniones aktuelles neuigkeiten aktuelle actualites nouveautes nouvelles notizie novita nieuws nyheter novidades
  aktualnosci notes diary musings picks historia geschichte histoire storia enfoque ansatz approche approccio abordagem
  equipo equipe squadra quienes somos sommes siamo nosotros contacto kontakt contatti contato honorarios precios
  tarifas preise preis tarifs prezzi precos valor preguntas frecuentes fragen haufige domande horarios offnungszeiten
  horaires orari como trabajamos proximo proximos proxima prochain prochaine nachste nachster prossimo galeria galerie
  bienvenidos willkommen benvenuti bewertungen testimonios recensioni depoimentos nyheder novinky aktuality uutiset
  ideas inspiration conditions tarieven prijzen prijslijst ementa cardapio speisekarte
  encomendas pedidos bestellingen bestellungen commandes ordini
  nasz nasza nasze naszych zespol kariera nagrody opinie cennik ceny noi premi riconoscimenti diario oss priser
  utmarkelser dagbok aktuellt aktuelt termine wissenswertes`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/**
 * Words that name a page or a list, not what is on it ("Price list", "Packages & fees", "Our
 * plans"), though with a word of its own they name an offering ("Wellness plans", "Yoga classes",
 * "Monthly packages"): a heading of these words alone is not an offering.
 */
const LIST_WORDS = new Set(
  `classes packages plans features combos combo bundles deals add ons addons all monthly annual simple shipping returns
  delivery fee events paket pakete`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/** Articles of the languages sites are written in, beside English's. */
const ARTICLES = new Set(["der", "die", "das", "den", "dem", "des", "ein", "eine", "le", "la", "les", "el", "los", "las", "il", "lo", "gli", "het", "een"])

/**
 * "What we make", "What we tattoo", "How we can help", "Lo que hacemos", "Was wir machen": a heading
 * over what the business does (not "What we believe"), itself no offering.
 */
export const WHAT_WE_DO =
  /^\s*(?:what we (?!believe|stand|value|think|love|care|are|were|need|ask|expect)\p{L}+|what['’]s inside|how we (?:can )?help(?: you)?|lo que hacemos|qu[eé] hacemos|ce que nous faisons|ce que l['’]on fait|was wir (?:machen|tun|anbieten|bieten)|cosa facciamo|quello che facciamo|o que fazemos|wat we doen|wat wij doen)\s*$/iu

/** A heading short enough, and plain enough, to name something on offer (`Wedding Cakes`). */
export const headingOffering = (heading: string, proper: ReadonlySet<string>): string | undefined =>
  headingOfferings(heading, proper)[0]

/** A heading's price after a dash ("Wheel polish – from R300") and its brackets. */
const PRICED_TAIL = new RegExp(String.raw`\s+[–—-]\s+(?:from\s+)?${PRICE_START_SOURCE}.*$|\s*\([^)]*\)`, "gu")

/**
 * Headings "in Boston", "near Denver": the place is where the offering is sold, not part of its
 * name (`Divorce attorneys in Boston` → `divorce attorneys`).
 */
const withoutPlace = (heading: string): string =>
  heading.replace(PRICED_TAIL, "")
    // "Therapy in English", "Tours in Spanish": in which language, not where.
    .replace(/\s+(?:in|near|around)\s+(\p{Lu}[\p{L}'. -]*)$/u, (all: string, where: string) => (LANGUAGES.has(where.trim()) ? all : ""))
    // "Pottery workshops in the studio", "Haircuts at our shop": where, not what.
    .replace(/\s+(?:in|at|from)\s+(?:the|our)\s+[\p{L}'-]+$/iu, "")
    // "Homestay with a Spanish family", "Rooms with a view": the thing, before what comes with it.
    .replace(/(\S)\s+with\s+(?:a|an|the|your|our)\s+.*$/iu, "$1")
    // "Kegs for your party", "Cakes for your wedding": the occasion says which kind ("party kegs").
    .replace(/^([\p{L}-]+)\s+for\s+(?:your|the|a|an)\s+([\p{L}-]+)$/iu, (_, thing: string, occasion: string) => `${occasion.toLowerCase()} ${thing.toLowerCase()}`)

/** Words that make the second half of "X repair & installation" a second service on the same thing. */
const SERVICE_NOUN = /(?:ion|ing|ment|repair|repairs|service|services|care)$/

/** A piece of work done to or for someone, which two nouns joined before it share. */
const SHARED_HEAD = /^(?:checks?|check-ups?|checkups?|lessons?|class|classes|repairs?|treatments?|inspections?|assessments?|fittings?|cleans?|services?|tours?|sessions?|surveys?|consultations?|tastings?|workshops?|courses?|portraits?|shoots?)$/u

/**
 * The first of two joined names with the second's head ("Young horse and foal checks", "Young horse
 * / foal check" → "Young horse checks"): two words, the last a singular noun that is no work of its
 * own ("Wheel truing and spoke repair" stays two), before a noun and a piece of work. Otherwise the
 * first as it is.
 */
export const withSharedHead = (first: string, second: string): string => {
  const firstWords = first.trim().split(/\s+/u)
  const secondWords = second.trim().split(/\s+/u)
  const head = secondWords[1]
  return firstWords.length === 2 && secondWords.length === 2 && head !== undefined && SHARED_HEAD.test(fold(head)) &&
      !/s$/iu.test(firstWords[1]!) && !SHARED_HEAD.test(fold(firstWords[1]!)) && !SERVICE_NOUN.test(fold(firstWords[1]!))
    ? `${first.trim()} ${head}`
    : first
}

/** English function words: the stop list holds other languages' too ("de", "que", "la"). */
const ENGLISH_FUNCTION_WORDS = new Set(["the", "a", "an", "and", "of", "to", "for", "with", "in", "on", "at", "we", "our", "you", "your", "what", "how", "who", "do", "is", "are"])

/** How English a side reads: its everyday English words and English function words. */
const englishScore = (side: string) => wordsOf(side).filter((w) => isCommonWord(w) || ENGLISH_FUNCTION_WORDS.has(w)).length
const englishWords = (side: string) => wordsOf(side).filter((w) => isCommonWord(w) || STOP_WORDS.has(w)).length

/**
 * A headline half in another language than its page's title ("Service & Reparatur" on a page
 * titled "Service & repair"): the title, when it shares a word with the headline and reads as
 * more English.
 */
export const moreEnglishTitle = (headline: string, title: string): string => {
  const shared = wordsOf(headline).some((w) => wordsOf(title).includes(w))
  return shared && englishScore(title) > englishScore(headline) && wordsOf(title).length <= wordsOf(headline).length + 1 ? title : headline
}

/**
 * A heading in two languages ("Urodziny · Birthday parties", "Lo que hacemos / What we do"), by
 * its side in everyday English words (the longer on a tie); any other heading as it is. Two
 * English sides joined by a slash ("Cuts / Colour") are not two languages.
 */
export const englishSideOf = (heading: string): string => {
  const dotted = heading.split(/\s+·\s+/u)
  const slashed = heading.split(/\s+\/\s+/u)
  // "Ulltäcke – wool duvet": a foreign word, a dash and its English.
  const dashed = heading.split(/\s+[–—]\s+/u)
  if (dashed.length === 2) {
    const [a, b] = dashed as [string, string]
    // The name is one word; its English, after the dash, is written in lower case as a gloss is.
    if (wordsOf(a).length === 1 && englishWords(a) === 0 && /^\p{Ll}/u.test(b) && englishWords(b) >= 1 && wordsOf(b).length <= 4) return b
  }
  const sides = dotted.length === 2 ? dotted : slashed.length === 2 ? slashed : undefined
  if (sides === undefined) return heading
  const [a, b] = sides as [string, string]
  if (sides === slashed && englishWords(a) === wordsOf(a).length && englishWords(b) === wordsOf(b).length) return heading
  return englishScore(a) !== englishScore(b) ? (englishScore(a) > englishScore(b) ? a : b) : (wordsOf(a).length >= wordsOf(b).length ? a : b)
}

/**
 * The offerings a heading names: none, one, or two when a heading too long for one offering joins
 * two with "and" or "&" (`Child custody and child support` → `child custody`, `child support`;
 * `Water heater repair & installation` → `water heater repair`, `water heater installation`).
 */
export const headingOfferings = (heading: string, proper: ReadonlySet<string>): Array<string> => {
  // "Urodziny · Birthday parties", "Team building · Integracja firmowa": one thing named in two
  // languages, read by the side in everyday English words (the longer on a tie); nothing when that
  // side is furniture ("Nasza historia · Our story").
  const pick = englishSideOf(heading)
  if (pick !== heading) return headingOfferings(pick, proper)
  const clean = withoutPlace(squish(heading).replace(/[\s:|–—-]+$/u, ""))
  // "Secondhand & rare", "Hot and cold": two adjectives say which, not what; the thing is named elsewhere.
  const adjectives = /^([\p{L}'-]+)\s+(?:and|&)\s+([\p{L}'-]+)$/iu.exec(clean)
  if (adjectives !== null && PLAIN_ADJECTIVES.has(fold(adjectives[1]!)) && PLAIN_ADJECTIVES.has(fold(adjectives[2]!))) return []
  const one = plainHeading(clean, proper)
  // "Rare and Tasmanian books", "Hair and beard trims": a lone word and a word before a plural
  // head are two kinds of the one thing ("rare books", "Tasmanian books"), not "rare and ... books".
  const shared = /^([\p{L}'-]+)\s+(?:and|&)\s+([\p{L}'-]+)\s+([\p{L}'-]+[^s\W]s)$/iu.exec(clean)
  if (one !== undefined && shared !== null && isAdjective(shared[1]!) && ![shared[1]!, shared[2]!].some((w) => STOP_WORDS.has(fold(w)) || /ing$/iu.test(w))) {
    const [, a, b, head] = shared as unknown as [string, string, string, string]
    const split = [plainHeading(`${a} ${head}`, proper), plainHeading(`${b} ${head}`, proper)].filter((h): h is string => h !== undefined)
    if (split.length === 2) return split
  }
  if (one !== undefined) return [one]
  // "For restaurants and hotels": a clause, whose halves are no offerings either.
  const opening = wordsOf(clean)[0]
  if (opening === undefined || (opening !== "the" && STOP_WORDS.has(opening))) return []
  const halves = clean.split(/\s+(?:and|&)\s+/i)
  if (halves.length !== 2 || wordsOf(clean).length > 8) return []
  // "SARS audits, verifications and disputes": a list whose later items lean on the first's words;
  // only the items that say what they are on their own are offerings.
  if (halves[0]!.includes(",")) {
    // ("Heads, phones and the bus": an item with "the" is a title's phrase, not one of a list of things sold.)
    return [...halves[0]!.split(/,\s*/), halves[1]!].filter((item) => wordsOf(item).length >= 2 && !/^the\s/iu.test(item.trim()))
      .map((item) => plainHeading(item, proper)).filter((h): h is string => h !== undefined)
  }
  const [first, second] = halves as [string, string]
  // "Rewiring of old terraces and cottages": the "and" joins what the service is of, not two services.
  const of = /^(\S.*?)\s+(?:of|for|on|from|into)\s+\S/iu.exec(first)
  if (of !== null) return [plainHeading(of[1]!, proper)].filter((h): h is string => h !== undefined)
  const firstWords = first.split(/\s+/)
  const secondWords = second.split(/\s+/)
  // "Exact Online and Twinfield accounting integration", "Stripe and PayPal payments": two names
  // joined before what is done with them; the thing on offer is the words after the names.
  const named = (word: string) => /^\p{Lu}/u.test(word)
  const tail = secondWords.slice(secondWords.findIndex((w) => !named(w)))
  // ("Data and TV antenna cabling": one everyday word, capitalised as the heading's first, is no name.)
  const names = firstWords.every(named) && (firstWords.length >= 2 || !isCommonWord(firstWords[0]!))
  if (names && named(secondWords[0]!) && !named(secondWords.at(-1)!) && tail.length < secondWords.length) {
    return [plainHeading(tail.join(" "), proper)].filter((h): h is string => h !== undefined)
  }
  // "Data and TV antenna cabling": a lone word before "and" shares the longer half's head noun.
  if (firstWords.length === 1 && secondWords.length >= 2) {
    return [plainHeading(`${first} ${secondWords.at(-1)!}`, proper), plainHeading(second, proper)].filter((h): h is string => h !== undefined)
  }
  // "Young horse and foal checks": two singular nouns before one plural of a check or a lesson
  // are two kinds of it ("young horse checks", "foal checks"), not a horse and a check.
  const headed = withSharedHead(first, second)
  if (headed !== first) return [plainHeading(headed, proper), plainHeading(second, proper)].filter((h): h is string => h !== undefined)
  const joined = secondWords.length === 1 && firstWords.length >= 2 && SERVICE_NOUN.test(fold(second))
    ? [...firstWords.slice(0, -1), second].join(" ")
    : second
  return [plainHeading(first, proper), plainHeading(joined, proper)].filter((h): h is string => h !== undefined)
}

/** Plain adjectives, and words with an adjective's ending ("bridal", "Tasmanian", "organic"): not a noun of their own. */
const PLAIN_ADJECTIVES = new Set(["rare", "new", "used", "old", "hot", "cold", "fresh", "dry", "wet", "large", "small", "short", "long", "secondhand", "vintage", "antique"])
const isAdjective = (word: string): boolean => PLAIN_ADJECTIVES.has(fold(word)) || /(?:al|ic|ous|ive|ian|ean|ish|ary|ful|less|able|ible)$/iu.test(word)

/** Rooms and spaces a venue names after someone or somewhere ("The Alberta Room"). */
export const NAMED_SPACES = new Set(["room", "suite", "hall", "lounge", "studio", "loft", "cottage", "cabin", "barn"])

/**
 * Words that, alone as a heading, name a size, the people who do the work, or who pays which price
 * on a ticket list ("Normal", "Ermäßigt", "Adults"), not something on offer.
 */
const ALONE_NOT_AN_OFFERING = new Set(
  `small medium large mini regular artists stylists barbers therapists instructors teachers tutors coaches staff
  practitioners groomers normal standard reduced concession concessions adult adults child children kids senior seniors
  student students visitor visitors guest guests member members ermassigt reduziert erwachsene kinder studierende reduit reduits adulte adultes enfant enfants
  reducido reducida adultos ninos jubilados ridotto intero`.split(/\s+/).filter((w) => w.length > 0)
)

/**
 * The paperwork of a sale, alone: "I provide receipts for every session" (for an insurer), "we send
 * invoices", "we give quotes" say how the business sells, not a thing a customer asks for.
 */
const PAPERWORK = new Set(
  `receipt receipts invoice invoices quote quotes estimate estimates refund refunds quittung quittungen rechnung rechnungen
  facture factures recu recus factura facturas recibo recibos ricevuta ricevute fattura fatture`.split(/\s+/).filter((w) => w.length > 0)
)

/** A size, who does the work or pays which price, or a sale's paperwork: one word that is no offering alone. */
const isAloneNotAnOffering = (word: string): boolean => ALONE_NOT_AN_OFFERING.has(word) || PAPERWORK.has(word)

/** Who a service is for, in English and the languages sites are written in ("Kinder", "Babys"), and the words joining two of them. */
const WHOM: ReadonlySet<string> = new Set([...ALONE_NOT_AN_OFFERING, "babies", "babys", "bebes", "toddlers", "teens", "teenagers", "families", "familien", "jugendliche", "ados", "adolescentes"])
const JOINING_WORDS: ReadonlySet<string> = new Set(["and", "und", "et", "y", "e", "en", "og", "och", "i", "or"])

/** A line or heading of one such word, details in brackets aside ("Ermäßigt (Studierende)", "The artists"). */
export const aloneNotAnOffering = (phrase: string): boolean => {
  const words = wordsOf(phrase.replace(/\([^)]*\)/gu, " "))
  const own = words[0] === "the" ? words.slice(1) : words
  return own.length === 1 && isAloneNotAnOffering(own[0]!)
}

/** Pronouns, as written in lower case ("US" is a country): a clause's words, never a name's. */
const PRONOUN = /^(?:it|itself|yourself|yourselves|ourselves|themselves|them|us|we|they|he|she|me)$/u

/** A verb of being or having after a heading's first word: a sentence ("Peach season is here"). */
const FINITE_VERB = /^(?:is|are|was|were|has|have|isnt|arent)$/u

/** A comparison that opens a promise of what the business does for its customers ("Fewer no-shows", "Less admin"). */
const BENEFIT_OPENING = /^(?:fewer|less|faster|easier|smarter|happier|quicker)$/u

const CLAUSE_OPENING = new Set(["coming", "getting", "good", "ready", "looking", "ask", "things", "know", "need", "useful", "important", "note", "please", "thank", "thanks", "ways"])

/** What "Book ..." is followed by when it asks the reader to book: "Book now", "Book a table", "Book tickets". */
const BOOKING_OBJECTS = new Set(
  `now online today here ahead early direct directly in a an the your our us me tickets ticket appointment appointments table
  tables visit visits tour tours session sessions class classes lesson lessons slot slots place places spot spots stay
  room rooms call consultation consultations`.split(/\s+/).filter((w) => w.length > 0)
)

/**
 * "Book repairs", "Book clubs", "book subscription", "New books": "book" before a noun of its own is
 * the thing (a verb is followed by what is booked or how: "Book now", "Book a table", "Book
 * tickets"), and "new" before things, not people ("New books", not "New patients" or "New arrivals"),
 * says which of them are sold.
 */
const bookAsNoun = (words: ReadonlyArray<string>, i: number): boolean =>
  words[i] === "book" && (i > 0 || (words.length >= 2 && !BOOKING_OBJECTS.has(words[1]!) && !NOT_AN_OFFERING.has(words[1]!)))

const newThings = (words: ReadonlyArray<string>, i: number): boolean => {
  if (words[i] !== "new" || i !== 0 || words.length < 2 || words.length > 3) return false
  const last = words.at(-1)!
  return /[^s]s$/u.test(last) && !AUDIENCE_HEADS.has(last) && !PEOPLE_WORDS.has(last) &&
    words.slice(1).every((w) => !NOT_AN_OFFERING.has(w) && !STOP_WORDS.has(w) && !GENERIC_WORDS.has(w))
}

/** People a "New ..." heading welcomes (not in the audience list, as nobody is served as one). */
const PEOPLE_WORDS = new Set(["members", "customers", "clients", "patients", "students", "guests", "visitors", "starters", "joiners", "faces", "hires"])

/** An open day in the languages sites are written in. */
const OPEN_DAY = /\bopen (?:days?|house|evenings?|mornings?)\b|\bpuertas abiertas\b|\bportes ouvertes\b|\boffenen tur\b|\bporte aperte\b|\bportas abertas\b|\bopen dag\b/u

const plainHeading = (clean: string, proper: ReadonlySet<string>): string | undefined => {
  // A slash between single letters is an abbreviation ("A/C recharge"), not a path.
  if (clean.length === 0 || clean.length > 50 || /[?!]$/.test(clean) || /[@\\]|https?:|\d{3,}/.test(clean) || WHAT_WE_DO.test(clean)) return undefined
  if (/\//.test(clean.replace(/(?<![\p{L}\p{N}])\p{L}\/\p{L}(?![\p{L}\p{N}])/gu, ""))) return undefined
  // "Exposed-spine sketchbook that lies flat": the thing, before what is said of it; "Harvests that add up" says nothing.
  const relative = clean.split(/\s+/u).findIndex((w) => /^(?:that|which|who)$/iu.test(w))
  if (relative >= 1) return relative >= 2 ? plainHeading(clean.split(/\s+(?:that|which|who)\s+/iu)[0]!, proper) : undefined
  // "A/C" is one word.
  const words = wordsOf(clean.replace(/(?<![\p{L}\p{N}])(\p{L})\/(\p{L})(?![\p{L}\p{N}])/gu, "$1$2"))
  // "Fuel dock point of sale": a joining "of" does not count towards the four words of a name.
  if (words.length === 0 || words.filter((w) => w !== "of").length > 4 || words.length > 5) return undefined
  // "How to prepare", "Why choose us", "Is it safe": a question or an instruction, not a thing on offer.
  if (/^(?:how|what|why|when|where|who|which|do|does|is|are|can|should)$/.test(words[0]!)) return undefined
  // "2. Installation", "Step 3: Takedown": a step of how the work goes, not a thing sold on its own.
  if (/^(?:step\s+)?\d\s*[.):]\s/iu.test(clean)) return undefined
  // "Gut zu wissen", "Keine Anmeldung nötig", "Sin reserva": a remark or a denial, not a name.
  // ("Gut health" is English.)
  if (/^(?:keine?|keinen|sin|sans|senza|geen|ingen|nenhuma?)$/u.test(words[0]!) || (words[0] === "gut" && words[1] === "zu")) return undefined
  // "Year-round", "All year": when a list's things are sold, not what they are.
  if (/^(?:year[\s-]round|all[\s-]year(?:[\s-]round)?)$/iu.test(clean)) return undefined
  // "While you wait", "Up to 3 clients", "As seen in", "Getting here", "Good to know": a clause, not a name.
  // ("On-site training", "In-home care": a compound before a noun opens a name.)
  const compound = /^\p{L}+-\p{L}/u.test(clean)
  if ((words[0] !== "the" && STOP_WORDS.has(words[0]!) && !compound) || CLAUSE_OPENING.has(words[0]!)) return undefined
  // "Add a little extra", "Give a flower subscription", "Meet the original": an imperative, its verb before an article.
  if (words.length >= 3 && /^(?:a|an|your|the)$/.test(words[1]!)) return undefined
  // "Learn it yourself", "Peach season is here", "Fewer no-shows": a sentence or a promise, told
  // with a pronoun, a verb of being or a comparison, not the name of a thing.
  if (clean.split(/\s+/u).some((w) => PRONOUN.test(w)) || clean.toLowerCase().split(/\s+/u).slice(1).some((w) => FINITE_VERB.test(w)) || BENEFIT_OPENING.test(words[0]!)) return undefined
  // "Aus dem Kinotagebuch", "Från verkstaden": a heading opening with another language's "from" says where, not what.
  if (/^(?:aus|vom|von|fran|fra|desde|dalla|dal|depuis|uit|z|ze)$/u.test(words[0]!)) return undefined
  // "The Meadow", "The Bruntsfield": one item's own name, not a kind of thing a customer asks for.
  if (words.length === 2 && words[0] === "the" && /^[Tt]he\s+\p{Lu}/u.test(clean)) return undefined
  // "The Alberta Room": one room by its own name, a proper name's, not a kind ("The Garden Room" is one).
  if (words.length === 3 && words[0] === "the" && /^[Tt]he\s+\p{Lu}/u.test(clean) && !isCommonWord(words[1]!) && NAMED_SPACES.has(words[2]!)) return undefined
  // "Home" names the page, alone or after other words ("Back home", "take-home"); first in a longer
  // name it says where the thing is used ("Home espresso course").
  const leadingHome = words[0] === "home" && words.length >= 2 && !/^home[\s-]*$/iu.test(clean) && !GENERIC_WORDS.has(words[1]!) && !/^home-/iu.test(clean)
  // "New arrivals", "What's new", "Sale" are furniture; "Chinese New Year hampers" and "point of sale" are names.
  // "Team building", "cookie decorating": before a verb's -ing such a word is what the activity is done to or with.
  const activity = (i: number) => /^\p{L}{2,}ing$/u.test(words[i + 1] ?? "") && !NOT_AN_OFFERING.has(words[i + 1]!)
  if (words.some((w, i) => NOT_AN_OFFERING.has(w) && !(i === 0 && leadingHome) && !(w === "new" && i > 0 && i < words.length - 1) &&
    !(w === "sale" && words[i - 1] === "of") && !activity(i) && !bookAsNoun(words, i) && !newThings(words, i))) return undefined
  // "Free first call", "Primera llamada sin cargo", "Essai gratuit": what is given away is no offering
  // ("gluten-free", "free-range" say what a thing is).
  if (/(?<![\p{L}-])(?:free|gratis|gratuit|gratuite|gratuito|gratuita|kostenlos|kostenlose|sin cargo|sans frais)(?![\p{L}-])/iu.test(clean)) return undefined
  // "Trusted by teams at", "As used by": a heading that runs on into what follows it (a strip of logos).
  if (words.length >= 2 && /^(?:at|by|with|from|for|of|to|in|on|into|the|a|an|and|or|our|your|their)$/u.test(words.at(-1)!)) return undefined
  // "Open day", "Jornada de puertas abiertas", "Tag der offenen Tür": a day to come and look, not a thing sold.
  if (OPEN_DAY.test(fold(clean))) return undefined
  // "Aus dem Kinotagebuch", "Vom Studioblog": a compound ending in a journal's word names the journal.
  if (words.some((w) => /.(?:tagebuch|blog|journal)$/u.test(w))) return undefined
  // "Medium", "Large" above a price list's lines: a size of something; "The artists": who does the work.
  const own = words[0] === "the" ? words.slice(1) : words
  if (own.length === 1 && isAloneNotAnOffering(own[0]!)) return undefined
  // "Adults and children", "Kinder und Babys" (a services list's last term): whom the work is for, not a thing sold.
  if (own.length >= 3 && own.every((w, i) => (i % 2 === 1 ? JOINING_WORDS.has(w) : WHOM.has(w)))) return undefined
  // "Simple pricing, per farm": the words before a comma say what the heading is.
  const lead = wordsOf(clean.split(",")[0]!)
  // ("Das Paket": another language's article before a list's word is one too.)
  if (lead.every((w) => LIST_WORDS.has(w) || STOP_WORDS.has(w) || GENERIC_WORDS.has(w) || ARTICLES.has(w))) return undefined
  // At least one word must carry meaning of its own.
  if (!words.some((w) => w.length >= 3 && !STOP_WORDS.has(w) && !GENERIC_WORDS.has(w))) return undefined
  return displayPhrase(clean, proper)
}

/** Heads of audience phrases: people and organisations a business serves. */
export const AUDIENCE_HEADS = new Set(
  `people families family kids children parents couples students teams businesses companies startups start-ups
  freelancers professionals beginners seniors adults women men athletes runners cyclists developers agencies enterprises
  homeowners landlords tenants renters pets dogs cats travelers travellers tourists brides grooms patients clients
  retailers restaurants schools teachers nonprofits charities creators designers marketers engineers nurses doctors
  musicians gamers vegans vegetarians organizations organisations individuals entrepreneurs founders owners buyers
  homebuyers sellers investors drivers riders golfers skiers hikers climbers photographers artists writers makers
  hobbyists collectors gardeners cooks chefs bakers babies toddlers teens teenagers youth juniors groups communities
  smes planners organizers organisers hosts guests shoppers users managers coaches trainers executives employers
  employees workers contractors builders architects agents brokers animals mammals rabbits horses ferrets puppies kittens`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/** Heads too vague to be an audience on their own ("for people with allergies"): kept only with a modifier. */
const VAGUE_HEADS = new Set(["people", "individuals", "clients", "users", "groups", "owners", "family"])

const AUDIENCE_DETERMINERS = new Set(["our", "your", "the", "all", "every", "any", "those", "these", "their", "its", "my"])

/**
 * Who a business already has or counts, not who looks for it: "for existing clients", "for
 * staying guests", "for twenty guests or fewer" (a size), "for real companies" (a boast).
 */
const NOT_WHO_MODIFIERS = new Set(
  `existing current booked staying registered returning real lesson-only one two three four five six seven eight nine
  ten eleven twelve fifteen twenty thirty forty fifty hundred`.split(/\s+/).filter((w) => w.length > 0)
)

/** A job ad: "We are always looking for D-licence drivers", "We're hiring: coaches for Saturday classes". */
const HIRING_SENTENCE = /\b(?:hiring|recruit(?:ing|ment)?|vacanc(?:y|ies)|job openings?|join (?:our|the) team|part[- ]time (?:job|role|position)s?|send (?:us )?your (?:cv|r[ée]sum[ée]|github|portfolio)|email us your (?:cv|r[ée]sum[ée]|github|portfolio))\b/iu
const SEEKING_BEFORE = /\b(?:looking|searching|seeking|hiring|recruiting)\s+$/iu

/** Words that say where an audience is, not who: "for Calgary contractors", "for UK employers". */
const WHERE_WORDS = new Set(
  `local uk us usa american australian british english irish scottish welsh canadian kiwi finnish swedish danish
  norwegian dutch german french spanish italian portuguese polish european international`.split(/\s+/).filter((w) => w.length > 0)
)

/**
 * "calgary contractors" → "contractors", "local schools" → "schools": the town or country before an
 * audience is already said by the prompt's place ("… in Calgary"), and stated twice reads wrong.
 */
export const audienceWithoutPlace = (phrase: string, placeWords: ReadonlySet<string>): string => {
  const words = phrase.split(" ")
  let from = 0
  while (from < words.length - 1 && (WHERE_WORDS.has(fold(words[from]!)) || placeWords.has(fold(words[from]!)))) from++
  return words.slice(from).join(" ")
}

/** The sentence around a character of a text (between the stops before and after it). */
const sentenceAt = (source: string, index: number): string => {
  // (Searched from the index, not on copies of the text: this runs for every "for" of a page.)
  const start = Math.max(...[". ", "! ", "? ", "\n"].map((stop) => (index === 0 ? -1 : source.lastIndexOf(stop, index - 1)))) + 1
  SENTENCE_END.lastIndex = index
  const end = SENTENCE_END.exec(source)?.index ?? source.length
  return source.slice(start, end)
}
const SENTENCE_END = /[.!?](?:\s|$)|\n/gu

/**
 * "for busy families", "ideal for small businesses and startups": the noun phrases after "for"
 * that end in a people or organisation noun, a second one joined by "and"/"or" included.
 */
export const audiencePhrases = (source: string): Array<string> => {
  const found: Array<string> = []
  for (const match of source.matchAll(/\bfor\s+(?=((?:[\p{L}'-]+[\s,]+){0,5}[\p{L}'-]+))/giu)) {
    if (SEEKING_BEFORE.test(source.slice(Math.max(0, match.index - 20), match.index)) || HIRING_SENTENCE.test(sentenceAt(source, match.index))) continue
    // "for dogs, cats and small mammals": a comma continues the list as "and" does.
    const words = match[1]!.replace(/,\s*(?!and\b|or\b)/giu, " and ").split(/[\s,]+/).filter((w) => w.length > 0)
    let start = 0
    for (let i = 0; i < words.length; i++) {
      if (!AUDIENCE_HEADS.has(fold(words[i]!))) continue
      let from = start
      while (from < i && (AUDIENCE_DETERMINERS.has(fold(words[from]!)) || fold(words[from]!) === "for")) from++
      const phrase = words.slice(from, i + 1)
      // Modifiers must be plain words ("small", "busy", "growing"), not the rest of a clause.
      const plain = phrase.length <= 3 && phrase.slice(0, -1).every((w) => !STOP_WORDS.has(fold(w)) && !AUDIENCE_HEADS.has(fold(w)))
      // "shortlisted for the Bath Makers Award": a prize's name, not whom the business serves.
      const prize = /^(?:awards?|prizes?|trophy|medal|grants?)$/u.test(fold(words[i + 1] ?? ""))
      const who = !prize && !NOT_WHO_MODIFIERS.has(fold(phrase[0]!)) && !/^\d/u.test(phrase[0]!)
      if (plain && who && !(phrase.length === 1 && VAGUE_HEADS.has(fold(phrase[0]!)))) found.push(phrase.map((w) => w.toLowerCase()).join(" "))
      // Only "X and Y" continues the phrase list; anything else ends it.
      const joiner = words[i + 1] === undefined ? "" : fold(words[i + 1]!)
      if (joiner !== "and" && joiner !== "or") break
      start = i + 2
    }
  }
  return found
}

const MONTHS_AND_DAYS = /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i

/** "in Lyon", "based in New York": capitalised names after "in", with their strength. */
export const placeMentions = (source: string, nameWords: ReadonlySet<string>): Array<{ place: string; weight: number }> => {
  const found: Array<{ place: string; weight: number }> = []
  // "Registered in Ireland", "incorporated in Delaware": where the company is filed, not where customers go.
  // "As seen in Raleigh Magazine", "featured in The Irish Times": a publication, not a place.
  const plain = source.replace(/\b(?:registered|incorporated|seen|featured|mentioned|reviewed|published|listed|quoted|interviewed)\s+in\s+/giu, " ")
  for (const match of plain.matchAll(/\b(based|located|situated|serving|near)?\s*\bin\s+(\p{Lu}[\p{L}'’-]+(?:[ -]\p{Lu}[\p{L}'’-]+){0,2})/gu)) {
    // "in Porto's arts quarter" and "in Porto's Miguel Bombarda arts quarter" name Porto; "in Scott's
    // Addition, Richmond" is a place's own name: one capitalised word after the possessive, then a stop.
    const next = plain.slice(match.index + match[0].length).trimStart()
    const own = /^[^'’ ]+['’]s \p{Lu}[\p{L}-]+$/u.test(match[2]!) && /^(?:[,.;:)]|$)/u.test(next)
    const place = own ? match[2]!.replace(/’/gu, "'") : match[2]!.split(/['’]s(?![\p{L}])/u)[0]!
    const words = place.split(/[ -]/)
    if (words.every((w) => isCommonWord(fold(w)) || STOP_WORDS.has(fold(w)))) continue
    if (words.some((w) => MONTHS_AND_DAYS.test(w) || isCapitalisedCommonWord(w) || nameWords.has(fold(w)))) continue
    found.push({ place, weight: match[1] === undefined ? 1 : 3 })
  }
  return found
}

/** By count (descending), then first appearance: stable for the same input. */
export const byFrequency = (items: ReadonlyArray<{ key: string; value: string; weight: number }>): Array<string> => {
  const tally = new Map<string, { value: string; score: number; first: number }>()
  items.forEach((item, index) => {
    const entry = tally.get(item.key)
    if (entry === undefined) tally.set(item.key, { value: item.value, score: item.weight, first: index })
    else entry.score += item.weight
  })
  return [...tally.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((e) => e.value)
}

/** The known category words, longest first, for finding a category in headings and titles. */
const CATEGORY_WORDS: ReadonlyArray<string> = [...new Set(Object.values(SCHEMA_TYPE_WORDS))]
  .concat([
    "boulangerie", "patisserie", "pastry shop", "coffee shop", "pizzeria", "bistro", "brasserie", "wine bar", "catering",
    "caterer", "photographer", "photography studio", "architect", "interior designer", "web design agency",
    "marketing agency", "digital agency", "consultancy", "law firm", "dental clinic", "orthodontist", "chiropractor",
    "massage therapist", "barber", "barbershop", "salon", "spa", "gym", "fitness studio", "pilates studio", "dance studio",
    "driving school", "language school", "tutoring", "daycare", "kennel", "pet groomer", "dog groomer", "landscaper",
    "gardener", "cleaning company", "cleaner", "carpenter", "builder", "painter", "tailor", "cobbler", "butcher",
    "butcher shop", "fishmonger", "cheese shop", "deli", "delicatessen", "chocolatier", "ice cream parlour", "tea room",
    "guest house", "vacation rental", "boutique", "bookshop", "print shop", "printer", "garage", "mechanic",
    "estate agent", "accountant", "bookkeeper", "therapist", "psychologist", "nutritionist", "veterinary clinic", "vet",
    "crm", "erp", "saas", "app", "platform", "bike shop", "bicycle shop", "bike workshop", "bicycle workshop",
    "bike repair shop", "bicycle repair shop", "tea shop", "tea company", "tea house", "taqueria", "taco shop",
    "dental practice", "dental clinic", "family dentist", "yoga studio", "law firm", "plumber", "hotel", "inn",
    "bed and breakfast", "guesthouse", "hair salon", "nail salon", "florist", "bookstore", "wine shop", "farmers market",
    "flea market", "food market", "night market"
  ])
  .sort((a, b) => b.length - a.length || a.localeCompare(b))

/** Things a kind's word can describe: "garage storage", "salon furniture", "bakery supplies" name no garage, salon or bakery. */
const GOODS_AFTER_KIND = /^(?:storage|cabinets?|cabinetry|shelving|shelves|racks?|flooring|floors?|furniture|fittings|fixtures|equipment|supplies|accessories|products|tools|parts|systems|kits|organi[sz]ation|organi[sz]ers?)$/u

/** The kind's word in a heading's key, not as the describing word of a thing ("Garage Storage in Raleigh"). */
const kindWordAt = (key: string, word: string): boolean => {
  for (let at = key.indexOf(` ${word} `); at >= 0; at = key.indexOf(` ${word} `, at + 1)) {
    const next = key.slice(at + word.length + 2).split(" ", 1)[0]!
    if (!GOODS_AFTER_KIND.test(next)) return true
  }
  return false
}

/**
 * A list of three or more ("Thermal Labels, Ribbons & Barcode Printers", "Custom closets, garages
 * and pantries") names what is sold; a kind's word in it is one of the goods, unless every item
 * is a kind ("Bakery, Café & Deli").
 */
const LIST_OF_THREE = /[^,|–—:;()]+(?:,\s*[^,|–—:;()&]+)+,?\s+(?:&|and|\+)\s+[^,|–—:;()]+/giu
const listItemsOf = (list: string): Array<string> => list.split(/,\s*|\s+(?:&|and|\+)\s+/iu).filter((item) => item.trim() !== "")
const namesKind = (item: string): boolean => {
  const key = ` ${phraseKey(item)} `
  return CATEGORY_WORDS.some((word) => {
    const k = phraseKey(word)
    return key.includes(` ${k} `) || key.includes(` ${k.endsWith("y") ? `${k.slice(0, -1)}ies` : `${k}s`} `)
  })
}

/** "Great coffee at work, without the café run": what the customer does without, not what the business is. */
const WITHOUT_CLAUSE = /\b(?:without|instead of|no more|skip|forget|beats?)\b[^,.;:|–—]*/giu

/** A title that names the word only as the describing word of goods ("Custom Closets & Garage Storage"). */
export const describesGoodsOnly = (title: string, word: string): boolean => {
  const key = ` ${phraseKey(title)} `
  const k = phraseKey(word)
  const plural = k.endsWith("y") ? `${k.slice(0, -1)}ies` : `${k}s`
  return (key.includes(` ${k} `) || key.includes(` ${plural} `)) && !kindWordAt(key, k) && !kindWordAt(key, plural)
}

/**
 * The most frequent known category word of titles, headings and descriptions. A word is the
 * business's kind only where it is supported: in the name or the home page's title (a source
 * without a page) or on two
 * pages; "School field trips" on one page of an orchard, "hotel visits" on a massage shop's FAQ
 * name what it does or whom it visits, not what it is. `stray` is the best unsupported word, for
 * when nothing else says what the business is.
 */
export const categoryFromText = (
  sources: ReadonlyArray<{ text: string; weight: number; page?: number }>
): { supported: string | undefined; stray: string | undefined } => {
  const hits: Array<{ key: string; value: string; weight: number }> = []
  const pagesOf = new Map<string, Set<number>>()
  for (const source of sources) {
    // A question heading ("Do you come to hotels or condos?") asks about something, it names no kind.
    if (source.page !== undefined && /\?\s*$/u.test(source.text)) continue
    // "For restaurants and hotels", "tableware for restaurants": whom the business serves, not what it is.
    // "Snack Bar", "Salad bar", "Museum shop": a counter inside the business, not what it is.
    // "Bean-to-bar chocolate", "From bean to bar", "farm-to-table": a way of making, no "bar" or "table".
    // "Motorisation add-on (rechargeable, app control)": an aside in brackets is a feature, and a
    // software word before another noun ("app control", "app-controlled") is what a thing has, not the kind.
    const made = source.text.replace(/(?:^|\s)for\s.*$/isu, "").replace(/\p{L}+(?:-\p{L}+){2,}|\bfrom \p{L}+ to \p{L}+/giu, " ~ ")
      .replace(/\([^()]{0,80}\)/gu, " ~ ")
      .replace(/\b(?:apps?|platforms?)[\s-]+(?:control|controls|controlled|store|stores|integration|integrations|access|compatible|enabled|sync|alerts|notifications)\b/giu, " ~ ")
      .replace(LIST_OF_THREE, (list) => (listItemsOf(list).every(namesKind) ? list : " ~ "))
      .replace(WITHOUT_CLAUSE, " ~ ")
    const key = ` ${phraseKey(made)} `.replace(/ (?:snack|salad|museum) (?:bar|shop|store|cafe|café)s? /gu, " ~ ")
    for (const word of CATEGORY_WORDS) {
      const k = phraseKey(word)
      // Plurals count too ("bakeries" in a heading names the field as well as "bakery").
      const plural = k.endsWith("y") ? `${k.slice(0, -1)}ies` : `${k}s`
      if (kindWordAt(key, k) || kindWordAt(key, plural)) {
        hits.push({ key: k, value: word, weight: source.weight * (1 + k.split(" ").length) })
        const pages = pagesOf.get(k) ?? new Set<number>()
        pages.add(source.page ?? -1)
        pagesOf.set(k, pages)
      }
    }
  }
  const ranked = byFrequency(hits)
  const isSupported = (word: string): boolean => {
    const pages = pagesOf.get(phraseKey(word)) ?? new Set<number>()
    return pages.has(-1) || pages.size >= 2
  }
  return { supported: ranked.find(isSupported), stray: ranked[0] }
}

/** Words before the kind of business that say how big or how good it is ("a small ceramics studio"). */
const DESCRIBING = new Set(
  `small little tiny big large independent local friendly family owned run family-run family-owned new modern cosy cozy
  award-winning busy boutique proper real true leading premier trusted`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/**
 * What the business says it is, in its own sentence: "Cerâmica Lúcia is a small ceramics studio in
 * Porto" → "ceramics studio". The sentence must name the business; sizes and praise are left out,
 * and at most two words kept. For when no known category word is found.
 */
export const categoryFromSelfDescription = (texts: ReadonlyArray<string>, nameWords: ReadonlySet<string>): string | undefined => {
  for (const text of texts) {
    // "Fernhill Fibre Co. is a small online yarn shop": an abbreviation's full stop ends no sentence.
    for (const sentence of text.split(/(?<=[.!?])(?<!\b(?:Co|Ltd|Inc|Bros|St|Dr|Mr|Mrs|Ms)\.)\s+/u)) {
      // The subject is the few words before "is": a sentence may run on from a heading before it.
      const match = /(?:^|\s)((?:\S+\s+){0,3}?\S+)\s+is\s+an?\s+((?:[\p{L}-]+\s+){0,3}?[\p{L}-]+?)\s+(?:in|on|at|based|that|which|for|from|with|near|run|where|and)\b/u.exec(sentence)
      // The subject ends in the business's name ("... Cerâmica Lúcia is"): "A planter is a deep
      // bowl" after a heading naming the business's trade describes a thing, not the business.
      if (match === null || !nameWords.has(wordsOf(match[1]!).at(-1) ?? "")) continue
      // "BSL is a visual language" on Signwise BSL's site: an abbreviation alone, one word of a longer
      // name, names what the business teaches or sells, not the business.
      if (/(?:^|\s)\p{Lu}{2,5}$/u.test(match[1]!.trim()) && wordsOf(match[1]!).filter((w) => nameWords.has(w)).length === 1 && nameWords.size > 1) continue
      // "a certified baby and toddler sleep consultancy in Calgary": "and" joins two words before the
      // kind, which follows them (three words or more after it; "a bakery and coffee shop" is two kinds).
      const joined = /\s+is\s+an?\s+(?:[\p{L}-]+\s+){0,2}[\p{L}-]+\s+and\s+((?:[\p{L}-]+\s+){2,3}[\p{L}-]+?)\s+(?:in|on|at|based|that|which|for|from|with|near|run|where)\b/u.exec(sentence.slice(match.index))
      const said = match[2]!.split(/\s+/u).length <= 2 && joined !== null && !wordsOf(joined[1]!).some((w) => STOP_WORDS.has(w)) ? joined[1]! : match[2]!
      const words = said.split(/\s+/).filter((w) => !DESCRIBING.has(fold(w)) && !/^(?:\d|one|two|three|four|five|six|seven|eight|nine|ten)\b.*-/iu.test(w))
      // "A home brewing supply shop": a supply shop is known by what it supplies (so is a parts or hire shop).
      const supplies = words.length >= 3 && /^(?:supply|supplies|parts|hire|rental|equipment)$/u.test(fold(words.at(-2)!))
      const kept = words.slice(supplies ? -4 : -2).map((w) => fold(w))
      // A generic head with a word of its own before it names a kind ("yarn shop"); alone or as the modifier it does not.
      if (kept.length === 0 || kept.some((w) => STOP_WORDS.has(w)) || kept.slice(-2, -1).some((w) => GENERIC_WORDS.has(w)) ||
        (kept.length === 1 && GENERIC_WORDS.has(kept[0]!))) continue
      return kept.join(" ")
    }
  }
  return undefined
}

/** Everyday words that rank high on many sites and name no field. */
export const KEYWORD_FILLER = new Set(
  `morning evening afternoon night weekend weekends meet choose chosen ideal designed want wants something someone
  ahead fresh freshly gentle welcome welcomes inside outside hand handmade each every since together many make makes
  enjoy discover explore visit visiting feel looking look love loved find found provide provides offering offered
  include includes including need needs help helps like just really well also always here there open closed opening
  hours minutes today tomorrow daily available right left full part whole small large big little options option
  book booking call email write read save serve serves served`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)


/** A capitalised word of a place's name ("Hood", "Dénia", "O'Brien", "Stratford-upon-Avon"). */
const PLACE_WORD = String.raw`\p{Lu}[\p{L}'’-]*\.?`
/** Up to four such words, as an address line runs them together ("Feeder Road Trading Estate Bristol"). */
const PLACE_RUN = String.raw`(?:${PLACE_WORD}\s+){0,3}${PLACE_WORD}`
const UK_POSTCODE = String.raw`\p{Lu}{1,2}\d[\dA-Z]?\s?\d\p{Lu}{2}`
const EIRCODE = String.raw`\p{Lu}\d{2}\s?[\dA-Z]{4}`
const US_STATES = "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY"
const CA_PROVINCES = "AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT"
const AU_STATES = "NSW|VIC|QLD|SA|WA|TAS|NT|ACT"

/**
 * The address lines of the common postal formats, each with the town's words before or after its
 * code: "Bristol BS2 0UY" and "Ludlow, Shropshire SY8 9QT" (the town before its county), "Cork
 * T12 X2P6", "Worcester, MA 01610", "Nelson, BC V1L 1Y9", "Wendouree VIC 3355", "Wellington 6011",
 * "03700 Dénia".
 */
const POSTAL_LINES: ReadonlyArray<{ readonly pattern: RegExp; readonly after?: true }> = [
  { pattern: new RegExp(String.raw`(${PLACE_RUN})(?:,\s*(Co\.?\s+|County\s+)?(${PLACE_RUN}))?,?\s+(?:${UK_POSTCODE}|${EIRCODE})(?![\p{L}\d])`, "gu") },
  { pattern: new RegExp(String.raw`(${PLACE_RUN}),?\s+(?:${US_STATES}|${CA_PROVINCES})\.?\s+(?:\d{5}(?:-\d{4})?|\p{Lu}\d\p{Lu}\s?\d\p{Lu}\d)(?![\p{L}\d])`, "gu") },
  { pattern: new RegExp(String.raw`(${PLACE_RUN}),?\s+(?:${AU_STATES})\s+\d{4}(?![\p{L}\d])`, "gu") },
  // A number of four after a town is a postcode only after a street's line ("12 Kingsford Smith Street, Lyall Bay, Wellington 6022").
  { pattern: new RegExp(String.raw`(?<=\d+[\p{L}]?\s+(?:[\p{Lu}][\p{L}'’.-]*\s+){1,4}(?:Street|St|Road|Rd|Avenue|Ave|Drive|Dr|Highway|Hwy|Lane|Way|Place|Parade|Terrace|Crescent|Quay)\.?,?\s+(?:[^,\d]{0,40},\s*)?)(${PLACE_RUN})\s+\d{4}(?![\p{L}\d-])`, "gu") },
  { pattern: new RegExp(String.raw`(?:,|\d\p{L}?)\s+\d{5}\s+(${PLACE_RUN})`, "gu"), after: true }
]

/** Words that end a street's or a building's name, never a town's ("Trading Estate", "Wandesford Quay"). */
const STREET_END = /^(?:street|st|road|rd|avenue|ave|drive|dr|highway|hwy|lane|ln|way|place|pl|parade|pde|terrace|crescent|cres|court|ct|close|row|square|quay|estate|park|studios|barns?|building|house|centre|center|mall|unit|suite|level|floor|route|boulevard|blvd)$/iu

/** What a contact block writes right after an address, run into it by the crawl ("69004 Lyon Téléphone"). */
const CONTACT_LABEL = /^(?:phone|tel|telephone|téléphone|teléfono|telefono|telefon|email|e-mail|mail|fax|mobile|call|hours|opening|open|website|web|whatsapp|horario|horaires|orari|öffnungszeiten|ireland|usa|canada|australia|new|united|france|españa|spain|italia|deutschland|germany)\.?$/iu

/**
 * The town of the address lines a page writes in a common postal format, without a label or
 * JSON-LD: the words next to the postal code, a street's, a building's or a contact label's
 * words left out. Of the words the line runs together ("Sundorne Farm Barns Shrewsbury"), the
 * longest run the site also writes elsewhere ("Hood River", "Palmerston North"); else the one word
 * next to the code.
 */
export const townOfPostalLine = (text: string, elsewhere: string): string | null => {
  for (const { pattern, after } of POSTAL_LINES) {
    for (const match of text.matchAll(pattern)) {
      // "Registered office: ...": where the company is filed, not where customers go.
      if (/\bregistered\b/iu.test(text.slice(Math.max(0, match.index - 80), match.index))) continue
      // "Ludlow, Shropshire SY8 9QT": the town before its county; "Higher Bockhampton, Dorchester DT2 8QH": the town before the code.
      const second = match[3] !== undefined && match[2] === undefined && !isCounty(match[3]) ? match[3] : undefined
      const words = (second ?? match[1]!).split(/\s+/u).map((w) => w.replace(/[.,]$/u, ""))
      const before = second !== undefined ? ", " : text.slice(Math.max(0, match.index - 2), match.index)
      const town = after === true ? townAfterCode(words, elsewhere) : townBeforeCode(words, elsewhere, before)
      if (town !== null) return town
    }
  }
  return null
}

/** A county as an address names it after the town: "-shire", or one of the counties whose name says no such thing. */
const isCounty = (name: string): boolean =>
  /shire$/u.test(name) || /^(?:(?:North|South|East|West) )?Yorkshire$/u.test(name) || /^(?:Kent|Essex|Surrey|(?:East |West )?Sussex|Devon|Cornwall|Dorset|Somerset|Norfolk|Suffolk|Cumbria|Durham|Northumberland|Rutland|Middlesex|Merseyside|Sutherland|Fife|Caithness|Argyll|Powys|Gwynedd|Anglesey|Ceredigion|Pembrokeshire|Shetland|Orkney)$/u.test(name)

/** Whether a site writes a phrase as a whole, outside the address lines. */
const writes = (elsewhere: string, phrase: string): boolean =>
  new RegExp(String.raw`(?<![\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\p{L}])`, "u").test(elsewhere)

const townBeforeCode = (run: ReadonlyArray<string>, elsewhere: string, before: string): string | null => {
  let from = run.length - 1
  while (from > 0 && !STREET_END.test(run[from - 1]!)) from--
  // "St Ives" after a comma: "St" that opens the line is a saint's, not a street's.
  if (from === 1 && /^St$/u.test(run[0]!) && (before === "" || /,\s*$/u.test(before))) from = 0
  // "1460 Route 7 South Middlebury": a quarter after a road's number is the road's.
  if (from === 0 && /^(?:North|South|East|West)$/u.test(run[0]!) && run.length > 1 && /\d\s*$/u.test(before)) from++
  const words = run.slice(from).filter((w) => !CONTACT_LABEL.test(w))
  // "Harrogate North Yorkshire HG1 2TJ": the county after the town, run in without a comma.
  for (const size of [2, 1]) if (words.length > size && isCounty(words.slice(-size).join(" "))) words.splice(-size)
  if (words.length === 0 || words.every((w) => STREET_END.test(w))) return null
  for (let start = 0; start < words.length - 1; start++) {
    const phrase = words.slice(start).join(" ")
    if (writes(elsewhere, phrase)) return phrase
  }
  // ("West End", "Mount Maunganui", "Palmerston North", "Hood River": a town's word that says which one.)
  const which = /^(?:North|South|East|West|Upper|Lower|Mount|Mt|St|Port|New|Fort|Great|Little)$/u.test(words.at(-2) ?? "") ||
    /^(?:North|South|East|West|River|Bay|Falls|Heads|Springs|City|Beach|Harbour)$/u.test(words.at(-1)!)
  return words.length >= 2 && which ? words.slice(-2).join(" ") : words.at(-1)!
}

const townAfterCode = (run: ReadonlyArray<string>, elsewhere: string): string | null => {
  const end = run.findIndex((w) => CONTACT_LABEL.test(w))
  const words = end < 0 ? run : run.slice(0, end)
  if (words.length === 0) return null
  for (let stop = words.length; stop > 1; stop--) {
    const phrase = words.slice(0, stop).join(" ")
    if (writes(elsewhere, phrase)) return phrase
  }
  return words[0]!
}

/**
 * The town a page title's tail names with its state's or county's name ("Handmade Saddles, Frankfort
 * KY", "Septic Pumping Middlebury VT", "Mobile farrier, Naas, Co. Kildare"): a title written for a
 * search says where.
 */
export const townOfTitleTail = (title: string, elsewhere: string): string | null => {
  for (const segment of title.split(/\s+[|–—·-]\s+/u)) {
    const match = new RegExp(String.raw`(${PLACE_RUN}),?\s+(?:${US_STATES}|${CA_PROVINCES}|${AU_STATES})\.?$`, "u").exec(segment.trim()) ??
      new RegExp(String.raw`(${PLACE_RUN}),\s+(?:(?:Co\.?|County)\s+${PLACE_WORD}|(${PLACE_RUN}))$`, "u").exec(segment.trim())
    if (match === null || (match[2] !== undefined && !isCounty(match[2]))) continue
    const town = townBeforeCode(match[1]!.split(/\s+/u).map((w) => w.replace(/[.,]$/u, "")), elsewhere, ", ")
    if (town !== null) return town
  }
  return null
}

/** A site's text with its address lines taken out: what it writes of a place elsewhere. */
export const withoutPostalLines = (text: string): string =>
  POSTAL_LINES.reduce((rest, { pattern }) => rest.replace(pattern, " | "), text)
