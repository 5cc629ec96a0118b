/**
 * What prompt generation knows about an entity, and its extraction from crawled pages. The
 * extraction is pure and deterministic (ties are broken by first appearance, then
 * alphabetically), so the same crawl gives the same facts and, through the built-in generator,
 * the same prompts: a prompt set that changes between runs would make scores incomparable.
 */
import { escapeRegExp } from "../../domain/regex.ts"
import { Schema } from "effect"
import { type SiteLanguage, siteLanguage } from "../../domain/site-language.ts"
import { COMMON_WORDS, isCommonWord } from "../../domain/common-words.ts"
import { isMass, PRACTICE_WORD, singularOf } from "./english.ts"
import { addressFromText, townOfAddress } from "../../domain/address-text.ts"
import { categoryFromJsonLd, isJargonType, jsonLdNodes, operatorOfOwnTrips, placeFromJsonLd, SCHEMA_TYPE_WORDS } from "./jsonld-facts.ts"
import { contentWords, fold, GENERIC_WORDS, phraseKey, squish, stem, STOP_WORDS, wordsOf } from "./prompt-text.ts"
import { withAreaTreatment } from "./body-areas.ts"
import { isPaymentOption } from "./payment-options.ts"
import { businessOfferings, productOfferings } from "./offering-facts.ts"
import { isPeopleHeading, isSiteLabel } from "./site-labels.ts"
import { pageKind } from "./site-pages.ts"
import {
  audiencePhrases,
  audienceWithoutPlace,
  byFrequency,
  categoryFromSelfDescription,
  categoryFromText,
  describesGoodsOnly,
  englishSideOf,
  KEYWORD_FILLER,
  placeMentions,
  townOfPostalLine,
  townOfTitleTail,
  withoutPostalLines,
  withSharedHead
} from "./text-facts.ts"
import { atCustomerOf, featuresOf, isFeature, openDaysOf, visitableOf } from "./visit-facts.ts"

/**
 * The facts, declared once as a schema: the onboarding workflow stores them as an activity's
 * durable result, so a field added here is stored too.
 */
export const PromptFacts = Schema.Struct({
  /** Business or product name. */
  name: Schema.String,
  kind: Schema.Literal("business", "product"),
  /** For a product, its business; for a business, its own name. */
  businessName: Schema.String,
  url: Schema.String,
  /** Services, products or categories on offer, e.g. `["sourdough bread", "wedding cakes"]`. */
  offerings: Schema.Array(Schema.String),
  /** What the entity is, e.g. `"bakery"`, `"project management software"`. */
  category: Schema.NullOr(Schema.String),
  /** City or region, e.g. `"Lyon"`; null for an online-only entity or when unknown. */
  place: Schema.NullOr(Schema.String),
  /** Who it serves, e.g. `["small businesses", "families"]`. */
  audience: Schema.Array(Schema.String),
  /** Further salient terms from the crawl. */
  keywords: Schema.Array(Schema.String),
  /** Features the site states that customers filter by, e.g. `["gluten-free", "wheelchair accessible"]`. */
  features: Schema.optional(Schema.Array(Schema.String)),
  /** Days the site says it opens, weekend first, e.g. `["Sunday", "Saturday", "Monday"]`. */
  openDays: Schema.optional(Schema.Array(Schema.String)),
  /**
   * Whether customers come to a place of the business; false for software and shops that only
   * ship (no "near me" or opening-hours prompts). Absent in facts stored before it was read: true.
   */
  visitable: Schema.optional(Schema.Boolean),
  /**
   * Whether the business does its work where its customers are (a roofer, a caterer, a dog walker):
   * no opening-hours or walk-in prompts. Absent in facts stored before it was read: false.
   */
  atCustomer: Schema.optional(Schema.Boolean),
  /**
   * Whether the site is written in English. On a site that is not, an offering's name is in the
   * site's language and keeps its own form: no English plural ("riparazione borse", not
   * "riparazione borses"). Absent in facts stored before it was read: true.
   */
  inEnglish: Schema.optional(Schema.Boolean),
  /** The language the site writes in (`"en"`, `"fr"`, `"de"` ...). Absent in facts stored before it was read: English. */
  language: Schema.optional(Schema.Literal("en", "de", "es", "fr", "it", "pt", "nl", "da", "no", "sv", "pl", "cs", "tr")),
  /**
   * On a site not in English, what the business is in the site's own words: the kind its name
   * says and its pages call it ("pharmacie" for Pharmacie des Célestins), else the category when
   * the site writes it. A kind read from schema.org's types is an English word ("pharmacy") that a
   * French site never writes. Null when neither is known; absent on English sites.
   */
  siteCategory: Schema.optional(Schema.NullOr(Schema.String))
})
export type PromptFacts = typeof PromptFacts.Type

export interface CrawledPageFacts {
  /** The page's address: tells an about page from a product page, and a product its own page. */
  readonly url?: string | null | undefined
  readonly title: string | null
  readonly description: string | null
  readonly headings: ReadonlyArray<string>
  readonly text: string
  readonly jsonLd: ReadonlyArray<unknown>
  readonly products: ReadonlyArray<{
    readonly name: string
    readonly description?: string | null | undefined
    readonly url?: string | null | undefined
    /** The price the page shows with it, when it shows one (a menu line, a price list). */
    readonly price?: string | null | undefined
  }>
  /** Items of the page's content lists with the heading before each (absent from older stored crawls). */
  readonly listItems?: ReadonlyArray<{ readonly heading: string | null; readonly text: string }> | undefined
}

export interface FactsInput {
  readonly name: string
  readonly kind: "business" | "product"
  readonly businessName: string
  readonly url: string
  readonly pages: ReadonlyArray<CrawledPageFacts>
  /**
   * A product's business's town, read from the business's whole site. A product's crawl reads a
   * few pages around its own, which often leave out the contact page: its town is its business's.
   */
  readonly businessPlace?: string | null | undefined
}

/** Longest list kept per field. */
export const MAX_FACTS_PER_LIST = 12

/** A lesson, class or session given to one person or party: an item of a price list, though "private sessions" is also a feature. */
const BOOKED_PRIVATELY = /^private (?:lessons?|class(?:es)?|sessions?)$/u
/**
 * Most offerings kept. A menu or a price list names more things than any other list; a set of 100
 * prompts, about 80 of them naming an offering, gives each of 24 offerings 3 prompts or more (the
 * fewest that still read as "several"), so a long menu is covered without any dish reduced to one
 * prompt. Past 24, the first listed are kept: the offerings' own pages and stated offers come first.
 */
export const MAX_OFFERINGS = 24

/**
 * The offerings a name joined with slashes stands for: `Horchata / Jamaica / aguas frescas` →
 * `aguas frescas`, `Student / unwaged membership` → `unwaged membership` (a single word beside a
 * longer name is one of its forms, not an offering of its own).
 */
const slashParts = (phrase: string): Array<string> => {
  // "Remedial massage 30 / 45 / 60 min": a slash between numbers gives lengths, not names.
  const parts = phrase.split(/(?<!\d)\s+\/\s+|\s+\/\s+(?!\d)/).map((p) => p.trim()).filter((p) => p.length > 0)
  if (parts.length < 2) return [phrase]
  // "Clinical Pilates class / 10-class pass": a part opening with a number counts the other.
  const named = parts.filter((p) => !/^\d/.test(p))
  if (named.length > 0 && named.length < parts.length) return slashParts(named.join(" / "))
  const longer = parts.filter((p) => wordsOf(p).length > 1)
  if (longer.length === 2 && parts.length === 2) return [withSharedHead(longer[0]!, longer[1]!), longer[1]!]
  return longer.length > 0 ? longer : parts
}

/**
 * What a price row's words after a comma say when they price one thing several ways: for whom or
 * how many ("each way", "both ears", "one cat", "pro person"), which part of the day or the year
 * ("half day with engineer", "high season", "shoulder and winter", "Monday to Friday"), what comes
 * with it ("with written report"), or how much ("le kilo").
 */
const VARIANT_DETAIL =
  /^(?:each|every|any|both|one|two|three|four|first|second|per|pro|all|up|half|full|with|without|incl|including|le|la|les|el|high|low|peak|off-peak|shoulder|standard|sort|grade|size|class)\b|\b(?:seasons?|winter|summer|spring|autumn|weekends?|weekdays?|midweek|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|night|day|hour)\b/iu

/**
 * An offering's name without its details: `Birria tacos (3)` → `birria tacos`, `Cast iron teapot,
 * 600 ml` → `cast iron teapot`, `Ceremonial matcha, Uji` → `ceremonial matcha`; a list after a
 * comma stays (`chips, salsa & guacamole`).
 */
const offeringName = (phrase: string): string => {
  // "🚀 Open Jump", "Try scuba →": a button's or a card's decoration is no part of the name.
  const undecorated = phrase.replace(DECORATION, " ")
  // "Remedial massage 30 / 45 / 60 min": its lengths are details too.
  // "Cut Comb Honey 250 g", "Wax ribbon 110mm x 74m", "Freezer labels 2x1": a pack's size or
  // measure is which one of the thing, not its name.
  const squishedPlain = squish(undecorated.replace(/\([^)]*\)?/g, " ").replace(/\s+\d+(?:\s*\/\s*\d+)*\s*(?:min|mins|minutes|hr|hrs|hours?)\.?$/iu, "")
    .replace(MEASURE_AT_END, ""))
  // "AC service per indoor unit", "Split air conditioner installed": how it is priced or sold, not its name.
  const plain = squishedPlain.replace(/\s+per\s+\S.*$/iu, "").replace(/(\S\s+\S+)\s+(?:installed|fitted|supplied|delivered|included)$/iu, "$1")
  const [first, ...rest] = plain.split(/,\s/)
  const detail = rest.join(", ")
  // "Duvet, single or double", "Business shirt, laundered and pressed", "Blouse or silk top, dry
  // cleaned": a size or a choice between them, or what is done to it, is a detail of the line.
  const cut = rest.length > 0 && (/\d/.test(detail) || !/\s/.test(detail.trim()) || /^[\p{L}-]+ or [\p{L}-]+$/u.test(detail.trim()) ||
    /^(?:(?:dry|hand|steam)[\s-])?[\p{L}]+ed(?:\s+(?:and|&)\s+[\p{L}]+ed)?$/u.test(detail.trim()) || VARIANT_DETAIL.test(detail.trim()))
  // "Shirts laundered and pressed", "Two-piece suits dry cleaned": the thing, before what is done to it.
  const done = /^(.*\S)\s+(?:(?:dry|hand|steam)[\s-])?\p{L}{3,}ed(?:\s+(?:and|&)\s+\p{L}{3,}ed)$|^(.*\S)\s+(?:dry|hand|steam)[\s-]\p{L}{3,}ed$/u.exec(plain)
  // "The Garden Room" reads "the garden rooms" inside a sentence: the article is not the name's.
  // ("Optional 3D laser scanning": an add-on to another job, named by what it is.)
  const name = (cut ? first! : done !== null && rest.length === 0 ? (done[1] ?? done[2])! : plain).replace(/[\s\-–—:&,]+$/u, "").replace(/^(?:the|a|an|optional)\s+/iu, "")
  // "Rooibos face oil our best seller", "Area rug cleaning at our plant", "Nuestros mezcales": the
  // business speaking ("our", in any language) is no part of what it sells.
  return name.replace(/^(?:our|unsere[nrs]?|unser|nuestr[oa]s?|notre|nos|vores|våre|våra|onze|ons|(?:[oa]s?\s+)?noss[oa]s?|(?:(?:il|la|i|le)\s+)?nostr[oaie])\s+(?=\S)/iu, "")
    .replace(/(\S)(?:\s+(?:at|in|from|by|of|on))?\s+our\s.*$/iu, "$1")
}

/** A size or pack at the end of a catalogue name: "250 g", "1 kg", "500ml", "4\" x 3\"", "110mm x 74m", "2x1". */
const MEASURE_AT_END = /(?<=[\p{L}\d+%])\s+\d+(?:[.,]\d+)?\s?(?:g|kg|ml|cl|l|oz|lbs?|mm|cm|m|"|”|in)?(?:\s?x\s?\d+(?:[.,]\d+)?\s?(?:mm|cm|m|"|”|in)?)*(?<=\d\s?(?:g|kg|ml|cl|l|oz|lbs?|mm|cm|m|"|”|in)|\dx\d+|\d\s?x\s?\d+\s?(?:mm|cm|m|"|”|in)?)$/iu

/** Pictographs, arrows and other symbols a name never holds (emoji and their joiners and variation selectors too). */
const DECORATION = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u200D\uFE0F\u2190-\u21FF\u27F0-\u27FF\u2900-\u297F\u2B00-\u2BFF»«›‹•✓✔✗✘]+/gu

/** What a verb's phrase names a course by: "Learn to Boulder" is "a four-week beginner course". */
const COURSE_NOUN = /^(?:[\p{L}'-]+\s+){0,4}?(course|class|lessons?|programme|program|workshop|camp|session)s?\b/iu

/**
 * "Learn to boulder" is a verb's phrase; as a thing to buy it takes the noun its page's next
 * sentence calls it ("A four-week beginner course ..." → "learn to boulder course"): nobody asks
 * for "the best learn to boulder in Galway". Without such a sentence it stays as written.
 */
const asNounPhrase = (offering: string, pages: ReadonlyArray<CrawledPageFacts>): string => {
  if (!/^(?:learn|learning) to \S+(?:\s+\S+)?$/iu.test(offering)) return offering
  for (const page of pages) {
    const at = page.text.toLowerCase().indexOf(offering.toLowerCase())
    if (at < 0) continue
    const next = page.text.slice(at + offering.length).trim().replace(/^[.:–—-]\s*/u, "").replace(/^(?:a|an|our|the)\s+/iu, "")
    const noun = COURSE_NOUN.exec(next)
    if (noun !== null) return `${offering} ${noun[1]!.toLowerCase()}`
  }
  return offering
}

/**
 * What software is for, as its own pages say it ("Invoicing software for freelancers" → "invoicing
 * software"): schema.org's application categories are too broad ("business software") to be what
 * anyone searches for.
 */
const softwareKind = (texts: ReadonlyArray<string>, nameWords: ReadonlySet<string>): string | undefined => {
  const plain = (word: string | undefined) =>
    word !== undefined && word.length >= 3 && !STOP_WORDS.has(word) && !GENERIC_WORDS.has(word) && !nameWords.has(word)
  const found = texts.flatMap((text) =>
    [...text.matchAll(/(?:(?<![\p{L}-])(\p{L}[\p{L}-]*)\s+)?(?<![\p{L}-])(\p{L}[\p{L}-]*)\s+(software|app|tool|platform)\b/giu)].map((m) => ({
      before: m[1] === undefined ? undefined : fold(m[1]),
      modifier: fold(m[2]!),
      noun: fold(m[3]!)
    }))
  ).filter(({ modifier }) => plain(modifier))
  const ranked = byFrequency(found.map(({ modifier, noun }) => ({ key: `${modifier} ${noun}`, value: `${modifier} ${noun}`, weight: 1 })))
  const best = ranked[0]
  if (best === undefined) return undefined
  // "Farm management software": a second modifier that comes with the first most times is part of the kind.
  const withBest = found.filter(({ modifier, noun }) => `${modifier} ${noun}` === best)
  const longer = byFrequency(withBest.filter(({ before }) => plain(before)).map(({ before }) => ({ key: before!, value: before!, weight: 1 })))[0]
  const times = withBest.filter(({ before }) => before === longer).length
  return longer !== undefined && times * 2 > withBest.length ? `${longer} ${best}` : best
}

/** Whether every word of `phrase` is written somewhere on the pages (accents and case aside). */
const writesWords = (phrase: string, pages: ReadonlyArray<CrawledPageFacts>): boolean => {
  const written = new Set(pages.flatMap((page) => wordsOf([page.title ?? "", page.description ?? "", ...page.headings, page.text].join(" "))))
  return wordsOf(phrase).every((word) => written.has(word))
}

/**
 * An offering of a German site with its nouns written as the site writes them: German writes every
 * noun with a capital, which the offering's name lost ("saalmiete & private vorstellungen" →
 * "Saalmiete & private Vorstellungen"). A word takes its capital when the pages write it so more
 * often than not within a sentence (a sentence's or a heading's first word says nothing).
 * (The scorer and the validator read words without their case: only the prompt's reader sees it.)
 */
const withGermanNouns = (offering: string, pages: ReadonlyArray<CrawledPageFacts>): string => {
  const texts = pages.flatMap((page) => [...page.headings, page.text])
  const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1)
  return offering.replace(/\p{Ll}[\p{L}-]*/gu, (word, at: number) => {
    const pattern = new RegExp(`(?<=\\p{L}[,;]?\\s+)${escapeRegExp(word)}(?![\\p{L}])`, "giu")
    const uses = texts.flatMap((text) => [...text.matchAll(pattern)].map((m) => m[0]))
    const capitalised = uses.filter((use) => /^\p{Lu}/u.test(use)).length
    // With no word of evidence, the name's first word is its noun ("kinotag", "geschenkgutschein"),
    // and so is each part of a compound joined to a noun by a hyphen ("Rückenfit-Kurs").
    const noun = uses.length === 0 ? at === 0 : capitalised * 2 > uses.length
    return noun ? word.split("-").map((part) => (part.length > 2 ? capital(part) : part)).join("-") : word
  })
}

/** Words before a noun that make it a common noun, not a name: articles and "our", in the languages with templates of their own. */
const ARTICLE_BEFORE = /(?:^|[^\p{L}])(?:le|la|les|l'|l’|notre|nos|el|los|las|nuestr[oa]s?|il|lo|gli|i|nostr[oaie]|o|a|os|as|noss[oa]s?|der|die|das|den|dem|des|im|ins|zum|zur|vom|beim|unser[emns]?)\s*$/iu

/**
 * The kind a business's own name says it is, in its own language: the name's first word or two or
 * its last word, when its pages also write it as a common noun, after an article and in lower case
 * ("le camping", "nuestra escuela infantil", "die Gärtnerei"). (A name of one word is the brand's own.)
 */
const kindInOwnName = (businessName: string, pages: ReadonlyArray<CrawledPageFacts>, language: SiteLanguage): string | undefined => {
  const words = squish(businessName).split(" ")
  if (words.length < 2) return undefined
  const texts = pages.flatMap((page) => [...page.headings, page.text])
  const candidates = [words.slice(0, 2).join(" "), words[0]!, words.at(-1)!]
  // A kind is written in lower case, a brand's word with its capital; German writes both with one,
  // so there a kind is the one word of the name its pages write after an article, or none.
  const german = language === "de"
  const asCommonNoun = (kind: string) => {
    if (kind === businessName) return false
    const pattern = new RegExp(`(?<![\\p{L}])${escapeRegExp(german ? kind : kind.toLowerCase())}(?![\\p{L}])`, german ? "giu" : "gu")
    const uses = texts.flatMap((text) => [...text.matchAll(pattern)].filter((m) => ARTICLE_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))))
    return uses.length >= 2
  }
  const kinds = candidates.filter(asCommonNoun)
  if (german) return kinds.length === 1 ? kinds[0] : undefined
  return kinds[0]?.toLowerCase()
}

/** "In" before a town in the languages whose kinds the title rule below reads, as English "in". */
const LOCAL_IN: Partial<Record<SiteLanguage, RegExp>> = { nl: / in (?=\p{Lu})/u, da: / i (?=\p{Lu})/u, no: / i (?=\p{Lu})/u, sv: / i (?=\p{Lu})/u, pl: / we? (?=\p{Lu})/u }

/**
 * The kind a Dutch, Scandinavian or Polish home page's title states beside the name, "<Kind> in
 * <Place>" in its own words ("Drukkerij in Utrecht", "Personlig træner i Odense"): the site's word
 * for what it is, when no article before a word of its name says one.
 */
const kindInLocalTitle = (title: string | undefined, language: SiteLanguage, nameWords: ReadonlySet<string>, proper: ReadonlySet<string>): string | undefined => {
  const local = LOCAL_IN[language]
  return title === undefined || local === undefined ? undefined : kindInTitle(title.replace(local, " in "), nameWords, proper)
}

/** Distinct by stem too: `butter croissant` and `butter croissants` are one offering. */
const stemKey = (phrase: string) => wordsOf(phrase.replace(/&/g, " and ")).filter((w, i) => i > 0 || w !== "the").map(stem).join(" ")

/** Words that make a thing a service on it: "check engine light" and "check engine light diagnostics" are one offering. */
const SERVICE_SUFFIXES = ["diagnostics", "repair", "repairs", "service", "servicing", "installation", "replacement"]

/** One word that names a kind of service or a page, never an offering on its own. */
const BARE_WORDS = new Set(
  `treatment service repair installation replacement firm package plan option class session product item feature solution
  free solo starter basic pro plus premium enterprise business personal standard growth lite team`
    .split(/\s+/)
)

/** The kinds of service among the bare words: joined ("Service & repair") they still say nothing. */
const BARE_SERVICE_WORDS = new Set(["treatment", "service", "repair", "installation", "replacement", "maintenance", "servicing"].map(stem))

/**
 * Single words another offering already says more precisely ("wheels" beside "hand-built wheels",
 * "bread" beside "sourdough bread", "servicing" beside "bike servicing") and bare service words
 * ("treatment", "repair"): a prompt about "wheels" is about nothing in particular.
 */
const withoutBareWords = (phrases: ReadonlyArray<string>): Array<string> => {
  const longer = new Set(phrases.filter((p) => wordsOf(p).length > 1).flatMap((p) => wordsOf(p).map(stem)))
  return phrases.filter((p) => {
    const words = wordsOf(p)
    // "Service & repair": bare words joined are no more an offering than each alone.
    // ("Growth package" is a plan's name: a tier's word beside "package" is one.)
    if (words.length > 1) return !words.every((w) => w === "and" || BARE_SERVICE_WORDS.has(stem(w)))
    const word = stem(words[0]!)
    return !BARE_WORDS.has(word) && !longer.has(word)
  })
}

/** Nouns in -ed (after a consonant) that name a thing, not what was done: "a flower bed", "a sled". */
const isCommonNounInEd = (word: string): boolean => /^(?:\p{L}*(?:bed|shed|sled|seed|speed|feed|breed|need|weed|reed|steed|deed|head|bread|thread|spread))$/u.test(word)

/** A length of time alone: "half day", "full-day", "2 hours", "per hour". */
const DURATION =
  /^(?:(?:half|full|whole|one|two|three|four|five|six|seven|eight|\d+|per|an?|multi)[ -]?)?(?:day|days|hour|hours|hr|hrs|night|nights|week|weeks|minute|minutes|min|mins|month|months|morning|afternoon|evening)$/u

/** How long a thing is hired for, said as a price line: "3-day hire", "weekend rental", "per night hire". */
const HIRE_PERIOD =
  /^(?:(?:half|full|whole|one|two|three|four|five|six|seven|\d+|per|an?|multi)[ -]?)?(?:day|days|hour|hours|night|nights|week|weeks|month|months|weekend|weekly|daily|nightly|monthly)[ -](?:hire|rental|rent|lease|loan)$/u

/** Where a thing is sent, said as a sentence with its verb first: "ships across canada", "delivered nationwide". */
const SENT_TO =
  /^(?:ships|shipped|shipping|delivers|delivered|dispatches|dispatched|posts|posted) (?:across|to|within|throughout|anywhere|nationwide|worldwide|free|internationally|overseas|australia wide|uk wide|nz wide)\b/u

/** Verbs a price list opens a line with when it names a step done to a garment or a thing ("Take in waist"). */
const INSTRUCTION_VERBS = new Set(["take", "shorten", "lengthen", "let", "replace", "fix", "remove", "add", "change", "adjust", "taper", "resize", "swap"])

/**
 * Categories of a schema.org parent type, which names a family of businesses, not one kind. A day
 * spa is the type saunas, bathhouses and spas all take (schema.org has no sauna).
 */
// (A medical clinic's name and titles say which: "hearing clinic", "audiologist".)
const UMBRELLA_CATEGORIES = new Set(["entertainment venue", "food shop", "day spa", "medical clinic"])

/** Everyday categories from schema.org types; a type outside them is read by its words ("home and construction business"). */
const KNOWN_TYPE_CATEGORIES: ReadonlySet<string> = new Set(Object.values(SCHEMA_TYPE_WORDS))

/** Words before a kind of business that say how big or how good it is. */
const DESCRIBING_WORDS = new Set(["independent", "local", "family", "friendly", "small", "boutique", "award-winning", "leading", "premier", "trusted", "best"])

/** Heads of a kind of business that is a place or a firm (what a title's "<Kind> in <Place>" ends in). */
/** A category's last word that names the work done, not who does it. */
const WORK_HEAD = /^(?:\p{L}{3,}ing|\p{L}*graphy|\p{L}*therapy|pilates|yoga|massage|\p{L}*puncture|\p{L}*opathy|reflexology|podiatry|chiropractic|dentistry|physio|tuition|hire|rental|removals?|repairs?)$/u

const BUSINESS_HEADS = new Set(["studio", "gym", "salon", "shop", "store", "clinic", "company", "parlour", "parlor", "bar", "boutique", "centre", "center", "agency", "firm"])

/** A noun that names a business, an institution, a venue or who does the work ("studio", "academy", "park", "plumber"). */
const isBusinessNoun = (word: string): boolean => BUSINESS_HEADS.has(word) || INSTITUTION.test(word) || VENUE.test(word) || AGENT_HEAD.test(word)

/**
 * The first "<word> <place's noun>" of a title ("Whole Body Cryotherapy & Recovery Studio in
 * Scottsdale" → "recovery studio"), its word neither the name's nor a function word.
 */
const placeNounInTitle = (title: string | null | undefined, nameWords: ReadonlySet<string>): string | undefined => {
  const words = wordsOf(title ?? "")
  const at = words.findIndex((w, i) =>
    i > 0 && (BUSINESS_HEADS.has(w) || INSTITUTION.test(w) || VENUE.test(w)) && !nameWords.has(w) &&
    !nameWords.has(words[i - 1]!) && !STOP_WORDS.has(words[i - 1]!) && !GENERIC_WORDS.has(words[i - 1]!))
  return at < 0 ? undefined : `${words[at - 1]} ${words[at]}`
}

/**
 * Work, lessons or a carer by which a trade is named ("sewing machine repair", "tax preparation",
 * "candlepin bowling", "barista course", "handyman", "teddy bear hospital"); not goods ("custom
 * printed box", "bean-to-bar chocolate"), which are what is sold, not who sells them.
 */
const SERVICE_WORK = /^(?:\p{L}{3,}(?:ing|tion|sion)|repairs?|restoration|care|alterations?|upholstery|tuition|courses?|lessons?|classes|handyman|hospital)$/u

/**
 * "pest control" is what a business does: as a kind of business it is a "pest control company";
 * "trailer hire" is what it hires out, a "trailer hire company" (not "Which trailer hires ...").
 */
const mapKind = (kind: string | undefined): string | undefined => (kind === undefined ? undefined : asBusinessKind(kind))
const asBusinessKind = (kind: string): string =>
  /(?:ion|ing|ment|control|removal|\shire)$/u.test(kind) ? `${kind} company` : kind

/**
 * The kind a home page's title states beside the business's name, "<Kind> in|on <Place>"
 * ("Chalk | Bouldering Gym in Galway" → "bouldering gym"); "Termite & Pest Control" shares its
 * head ("pest control"), "Finnish Sauna & Cold Plunge" names its kind first ("Finnish sauna").
 * Sizes and praise ("Independent") are left out.
 */
export const kindInTitle = (title: string, nameWords: ReadonlySet<string>, proper: ReadonlySet<string> = new Set()): string | undefined => {
  for (const segment of title.split(/\s+[|–—]\s+|\s+-\s+/u)) {
    // The name's own segment ("Polished by Priya"); a kind the name ends in may be in both.
    if (wordsOf(segment).every((w) => nameWords.has(w))) continue
    // "Psicólogos en Palermo", "Pharmacie à Lyon", "Fotostudio in Köln": the same in other languages.
    // "Mobile farrier, Naas": the town after a comma, as "in" says it.
    const comma = /^([^,]+?),\s+(\p{Lu}[\p{L}'-]*)/u.exec(segment.trim())
    // "Wedding Car Hire Cheshire": a trade's head, then the county or town it serves with no "in".
    // ("Baby Equipment Hire Cairns & Port Douglas": two towns joined.)
    const placed = /^(.+?\s(?:[Hh]ire|[Rr]entals?|[Rr]epairs?|[Rr]emovals|[Cc]leaning|[Cc]leaners|[Tt]uition|[Cc]atering|[Ll]essons|[Cc]lasses|[Cc]oaching|[Cc]ourses))\s+\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?(?:\s*&\s*\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)?$/u.exec(segment.trim())
    // "Mortgage Broker Tauranga & Mount Maunganui", "Plumber Leeds": who does the work or what the
    // business is, then the towns it serves, with no "in".
    const agentPlacedMatch = /^(.+?\s\p{L}+)\s+\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?(?:\s*&\s*\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)?$/u.exec(segment.trim())
    const agentHead = agentPlacedMatch === null ? "" : fold(agentPlacedMatch[1]!.split(/\s+/u).at(-1)!)
    const agentPlaced = agentPlacedMatch !== null && (AGENT_HEAD.test(agentHead) || BUSINESS_HEADS.has(agentHead)) ? agentPlacedMatch : null
    // "Face Painter & Balloon Twister for Kids' Parties": who does the work, then for whom, no place.
    const forWhom = /^(.+?)\s+for\s+\p{L}/u.exec(segment.trim())
    const agent = forWhom !== null && AGENT_HEAD.test(fold(forWhom[1]!.split(/\s*(?:&|\band\b|\+)\s*/u)[0]!.trim().split(/\s+/u).at(-1) ?? "")) ? forWhom : null
    const match = /^(.+?)\s+(?:in|on|at|en|à|em|im)\s+(?:the\s+)?\p{Lu}/u.exec(segment.trim()) ??
      (comma !== null && proper.has(fold(comma[2]!)) ? comma : null) ?? placed ?? agent ?? agentPlaced
    if (match === null || /[,:]/u.test(match[1]!)) continue
    // "Coding classes for kids in Raleigh": whom it is for is no part of what it is.
    const conjuncts = match[1]!.replace(/\s+for\s+.*$/iu, "").split(/\s*(?:&|\band\b|\+)\s*/u).map((c) => c.trim()).filter((c) => c.length > 0)
    const first = conjuncts[0]
    const last = conjuncts.at(-1)
    if (first === undefined || last === undefined) continue
    const chosen = conjuncts.length > 1 && !first.includes(" ") && last.includes(" ") ? last : first
    const kept = chosen.split(/\s+/u).filter((w) => !DESCRIBING_WORDS.has(fold(w)))
    if (kept.length === 0 || kept.length > 3 || kept.some((w) => STOP_WORDS.has(fold(w)))) continue
    const kind = kept.map((w) => (/^\p{Lu}{2,}$/u.test(w) ? w : w.toLowerCase())).join(" ")
    return singularOf(kind)
  }
  return undefined
}


/**
 * "Okanagan wedding planner" in a title, "in the Okanagan" on the pages: a region before the kind
 * says where, as the prompt's town does; the kind is "wedding planner".
 */
const withoutRegion = (kind: string | undefined, pages: ReadonlyArray<CrawledPageFacts>): string | undefined => {
  const words = kind?.split(/\s+/u) ?? []
  if (kind === undefined || words.length < 3) return kind
  const region = new RegExp(String.raw`\b(?:in|across|around|throughout)\s+(?:the\s+)?${escapeRegExp(words[0]!)}\b`, "iu")
  return pages.some((page) => region.test(page.text)) ? words.slice(1).join(" ") : kind
}

/**
 * The kind of business a name ends in, when the site's page titles say it too ("Ridge Bowling
 * Alleys" with "Bowling alleys in Leeds" as a title → "bowling alley"): under a parent type, the
 * business's own words name its kind. The first word of the name is its own.
 */
const kindInName = (name: string, pages: ReadonlyArray<CrawledPageFacts>, proper: ReadonlySet<string>): string | undefined => {
  // "SkinSafe Skin Cancer Clinic Maroochydore": the town a name ends in is where, not part of the kind.
  const words = wordsOf(name)
  while (words.length > 1 && proper.has(words.at(-1)!)) words.pop()
  const titles = pages.map((page) => ` ${wordsOf(page.title ?? "").join(" ")} `)
  // The kind's first word must be the site's own word outside the name too ("Driving lessons in
  // Leeds | Roundabout Driving School"): "Traed" of "Tŷ Traed Podiatry", "Bell" of "Second Bell
  // Tutoring" are the name's, not a kind's.
  const own = ` ${words.join(" ")} `
  // "Sumi & Brush", "Tents & Tables": a name whose words are joined is a name; neither half is a kind.
  if (/\s(?:&|and|\+)\s/iu.test(name)) return undefined
  const outside = new Set(titles.flatMap((title) => title.split(own).join(" ").split(" ")).map(stem))
  for (let start = 1; start < words.length; start++) {
    const tail = words.slice(start).join(" ")
    // "Consultorio Palermo" in Palermo: the town, or a part of it the titles say one is in ("Psicólogos en Palermo"), not a kind.
    if (words.slice(start).every((w) => STOP_WORDS.has(w) || GENERIC_WORDS.has(w) || proper.has(w))) continue
    // "Musée Le Rouage": an article and a name are the name itself, not a kind.
    if (/^(?:the|le|la|les|el|los|las|il|lo|i|gli|der|die|das|de|het|o|a|os|as)$/u.test(words[start]!)) continue
    if (titles.some((title) => new RegExp(` (?:in|en|a|im|em|au) ${escapeRegExp(words.slice(start).join(" "))} `, "u").test(title))) continue
    if (!outside.has(stem(words[start]!))) continue
    // "Podiatry", "dentistry", "chiropractic": the practice, not the kind of business; the title's own word says that.
    if (/(?:try|logy|apy|ics|practic)$/u.test(tail)) continue
    if (titles.filter((title) => title.includes(` ${tail} `)).length >= 2) return singularOf(tail)
  }
  return undefined
}

/**
 * A school by what its home page's title says one learns there: "Learn Japanese Calligraphy
 * Online" → "japanese calligraphy school"; for a broad type ("educational organization") only.
 */
const schoolOf = (title: string | null | undefined): string | undefined => {
  const subject = /(?:^|[|–—-]\s*)learn\s+((?:\p{L}+\s+){0,2}?\p{L}+)(?=\s+(?:online|in|at|with|from)\b|\s*(?:[|–—,]|$))/iu.exec(title ?? "")?.[1]
  if (subject === undefined || wordsOf(subject).some((w) => STOP_WORDS.has(w) || GENERIC_WORDS.has(w))) return undefined
  return `${subject.toLowerCase()} school`
}

/**
 * The last word of a person's trade ("magician", "thatcher", "arborist", "sign maker", "blacksmith")
 * or of who performs ("string quartet", "wedding DJ"): who does the work is a kind of business.
 */
const AGENT_HEAD = /^(?:\p{L}{3,}(?:er|or|ist|ian|ier|eer|smith)|quartet|trio|duo|band|choir|ensemble|orchestra|dj|djs)$/u

/** The last word of what a business hires out ("costume hire"): a kind of business with "company". */
const HIRE_HEAD = /^(?:hire|rental|rentals)$/u

/**
 * A kind of one word ("builder", "school") with the words before it that say of what, where the
 * home page's title ("Wooden Boat Builders, Blue Hill") or the business's name ("Harbour Cookery
 * School") says them: "Which builders in Blue Hill ..." asks for any builder. A describing word
 * ("Independent"), a place, the name's own words or a number end the run; the name's word after
 * "&" is its own ("Saffron & Salt Catering").
 */
const widenedKind = (kind: string, title: string | null | undefined, businessName: string, nameWords: ReadonlySet<string>, proper: ReadonlySet<string>): string => {
  // ("Acupuncture", "catering": a practice or a mass noun is no kind of business to narrow.)
  if (!/^\p{Ll}+$/u.test(kind) || isMass(kind)) return kind
  const plain = (word: string | undefined) =>
    word !== undefined && /^\p{L}+$/u.test(word) && !STOP_WORDS.has(fold(word)) && !GENERIC_WORDS.has(fold(word)) &&
    !DESCRIBING_WORDS.has(fold(word)) && !nameWords.has(fold(word)) && !proper.has(fold(word))
  for (const segment of (title ?? "").split(/\s+[|–—·]\s+|\s+-\s+/u)) {
    if (wordsOf(segment).every((w) => nameWords.has(w))) continue
    const words = segment.split(/\s+/u)
    // The kind ends its phrase: "Wooden Boat Builders, Blue Hill", "Puppy School & Dog Training".
    const at = words.findIndex((w, i) => stem(fold(w.replace(/[,;:]$/u, ""))) === stem(kind) &&
      (i === words.length - 1 || /[,;:]$/u.test(w) || /^(?:in|on|at|near|for|and|&)$/iu.test(words[i + 1]!)))
    if (at < 1 || !plain(words[at - 1])) continue
    const before = plain(words[at - 2]) && at >= 2 ? [words[at - 2]!, words[at - 1]!] : [words[at - 1]!]
    return [...before.map((w) => w.toLowerCase()), kind].join(" ")
  }
  const words = businessName.split(/\s+/u)
  const before = words.at(-2) ?? ""
  return fold(words.at(-1) ?? "") === kind && /^\p{Lu}\p{Ll}{2,}$/u.test(before) && !STOP_WORDS.has(before.toLowerCase()) && words.length >= 3 &&
      !/^(?:&|and|und|et|y|e)$/iu.test(words.at(-3) ?? "")
    ? `${before.toLowerCase()} ${kind}`
    : kind
}

/** A practice's word and the word for who practises it: "hypnotherapy" → "hypnotherapist", "podiatry" → "podiatrist". */
const PRACTICE_AGENT: ReadonlyArray<readonly [RegExp, string]> = [
  [/therapy$/u, "therapist"], [/ology$/u, "ologist"], [/iatry$/u, "iatrist"], [/opathy$/u, "opath"], [/graphy$/u, "grapher"], [/puncture$/u, "puncturist"]
]

/**
 * Who practises what a title names ("Clinical Hypnotherapy in Calgary" → "clinical hypnotherapist"),
 * when the pages write that word: a customer looks for the practitioner, not for "a hypnotherapy".
 * The words before it stay when the pages write them with it.
 */
const practitionerOf = (practice: string, pages: ReadonlyArray<CrawledPageFacts>): string | undefined => {
  const words = practice.split(/\s+/u)
  const last = words.at(-1)!
  const rule = PRACTICE_AGENT.find(([ending]) => ending.test(last))
  if (rule === undefined) return undefined
  const agent = last.replace(rule[0], rule[1])
  const written = ` ${pages.map((page) => wordsOf([page.title ?? "", page.description ?? "", ...page.headings, page.text].join(" ")).join(" ")).join(" ")} `
  const withModifiers = [...words.slice(0, -1), agent].join(" ")
  return written.includes(` ${fold(withModifiers)} `) ? withModifiers : written.includes(` ${fold(agent)} `) ? agent : undefined
}

/** Nouns of a place that teaches, treats or makes, which a business's name ends in with what it is of. */
const INSTITUTION = /^(?:academy|school|studio|clinic|institute|conservatory|workshop|atelier)$/u

/** Nouns of a place people go to do something ("Trampoline Park", "Bowling Alley", "Climbing Centre"). */
const VENUE = /^(?:park|centre|center|arena|alley|hall|club|gym|zone|lounge|range|track|rink|pool)$/u

/**
 * The kind a business's name ends in, when it is an institution with an everyday word before it
 * ("Nashville Music Academy" → "music academy"); not a proper name ("Escuela Mirador Studio").
 */
const kindOfInstitution = (name: string, lowerCase: ReadonlySet<string> = new Set(), heads = INSTITUTION): string | undefined => {
  const words = wordsOf(name)
  if (words.length < 3 || !heads.test(words.at(-1)!)) return undefined
  const modifier = words.at(-2)!
  // ("Smooth Theory Laser Clinic": "laser" is a word its pages write in lower case, a thing's, not a name's.)
  return (isCommonWord(modifier) || lowerCase.has(modifier)) && !STOP_WORDS.has(modifier) ? `${modifier} ${words.at(-1)}` : undefined
}

/** The last word of a shop's or a salon's kind, whose home page's title may say what it sells. */
const SHOP_TYPE_HEAD = /^(?:store|shop|salon|restaurant|boutique)$/u

/** A kind that is itself a shop, by its last word: "guitar shop", "bonsai nursery", "bookshop". */
const SHOP_HEAD = /(?:shop|store|nursery|boutique|salon|parlou?r)$/u

/**
 * The shop a home page's title names beside a broader kind ("Guitar shop & repairs in Glasgow" at
 * a site typed MusicStore, "Bonsai nursery in Boskoop" at a GardenStore): schema.org's store types
 * are shelves a site is filed on, and a customer asks for the shop the title names. Goods the title
 * names ("Neapolitan pizza in Stoneybatter", "Lash extensions & brows in ...") make the broader kind
 * one of them ("neapolitan pizza restaurant"); who does the work, a venue, a firm or the name's own
 * words are no goods.
 */
const titledShop = (titled: string, kind: string, nameWords: ReadonlySet<string>): string | undefined => {
  const words = wordsOf(titled)
  const kindWords = wordsOf(kind)
  const head = words.at(-1)!
  if (words.every((w) => nameWords.has(w)) || words.every((w) => kindWords.includes(w))) return undefined
  // ("Small-batch ice cream" at an ice cream shop: the type names those goods already.)
  const typedGoods = kindWords.slice(0, -1).join(" ")
  if (typedGoods !== "" && ` ${words.join(" ")}`.endsWith(` ${typedGoods}`)) return undefined
  if (SHOP_HEAD.test(head)) return /^(?:center|centre)$/u.test(kindWords.at(-1)!) || SHOP_TYPE_HEAD.test(kindWords.at(-1)!) ? titled : undefined
  const goods = !AGENT_HEAD.test(head) && !HIRE_HEAD.test(head) && !VENUE.test(head) && !INSTITUTION.test(head) && !BUSINESS_HEADS.has(head)
  return goods && SHOP_TYPE_HEAD.test(kindWords.at(-1)!) ? `${titled} ${kindWords.at(-1)}` : undefined
}

/**
 * The town of an address line in a common postal format ("Ludlow, Shropshire SY8 9QT", "Hood
 * River, OR 97031", "03700 Dénia") on any page, else of the home page's title's tail ("Septic
 * Pumping Middlebury VT"): of the words run together, the ones the site writes elsewhere too.
 */
const postalTown = (pages: ReadonlyArray<CrawledPageFacts>): string | null => {
  const texts = pages.flatMap((page) => [...page.headings, page.text].map(withoutPostalLines))
  const elsewhere = [...pages.map((page) => page.title ?? ""), ...texts].join(" | ")
  const home = pages.find((page) => pageKind(page) === "home")?.title
  return pages.map((page) => townOfPostalLine(page.text, elsewhere)).find((t) => t !== null) ??
    (home == null ? null : townOfTitleTail(home, texts.join(" | ")))
}

/**
 * Facts for prompt generation from the crawled pages:
 * - category: the first schema.org business type with an everyday word (`Bakery` → "bakery"),
 *   a product's own `category`, an unknown business type split into words; otherwise the most
 *   frequent known category word in titles, headings and the description (weighted).
 * - place: for a product, its business's (`businessPlace`) when known; else `address.addressLocality`,
 *   then `areaServed`, then the most frequent "in <Capitalised>" ("based in", "located in" count
 *   triple), when seen twice or stated as "based in".
 * - offerings: what the site sells (see offering-facts.ts); for a product, the product itself.
 * - audience: "for <noun phrase>" where the phrase ends in a people or organisation noun.
 * - keywords: content words by weighted frequency (title ×3, description and headings ×2, text ×1),
 *   without stop words, web furniture, the entity's own name or words already in the offerings.
 * - features and open days: what a customer filters by, as the pages state it (visit-facts.ts).
 */
export const factsFromPages = (input: FactsInput): PromptFacts => {
  const pages = input.pages
  const nodes = jsonLdNodes(pages.flatMap((page) => page.jsonLd))
  const nameWords = new Set([...wordsOf(input.name), ...wordsOf(input.businessName)])

  // Place first: it decides which capitalised words are proper names in offerings.
  const jsonLdPlace = placeFromJsonLd(nodes)
  let place: string | null = (input.kind === "product" ? input.businessPlace : undefined) ?? jsonLdPlace ?? null
  if (place === null) {
    // Each sentence once: a footer line repeated on every page ("Registered in Ireland") says it once.
    const sentences = new Set(pages.flatMap((page) =>
      [page.title ?? "", page.description ?? "", ...page.headings, ...page.text.split(/(?<=[.!?])\s+/)]
    ))
    // "Free shipping in Portugal", "we post to the UK": where goods go, not where the business is.
    const mentions = [...sentences].filter((s) => !/\b(?:ship(?:s|ped|ping)?|deliver(?:s|y|ies)?|post(?:age)?|imports?)\b/i.test(s))
      .flatMap((s) => placeMentions(s, nameWords))
    // The town of an address the site states ("Address: 2218 SE Division Street, Portland, OR 97202") counts as "based in".
    const town = pages.map((page) => addressFromText(page.text)).map((a) => (a === null ? null : townOfAddress(a))).find((t) => t !== null)
    if (town !== undefined && town !== null) mentions.push({ place: town, weight: 3 })
    const ranked = byFrequency(mentions.map((m) => ({ key: phraseKey(m.place), value: m.place, weight: m.weight })))
    const best = ranked[0]
    if (best !== undefined) {
      const score = mentions.filter((m) => phraseKey(m.place) === phraseKey(best)).reduce((sum, m) => sum + m.weight, 0)
      if (score >= 2) place = best
    }
    // An address line's town when the site names no place otherwise: it may name a suburb ("West
    // End QLD 4101") where the site says the city ("in Brisbane").
    place ??= postalTown(pages)
  }
  const proper: ReadonlySet<string> = new Set(place === null ? [] : wordsOf(place))

  // The home page's title says what the site is, as its name does: it needs no second page.
  const headingSources = pages.flatMap((page, index) => [
    pageKind(page) === "home" ? { text: page.title ?? "", weight: 3 } : { text: page.title ?? "", weight: 3, page: index },
    { text: page.description ?? "", weight: 2, page: index },
    // ("Meet our therapists" introduces the people who work there, not what the business is.)
    ...page.headings.filter((h) => !isPeopleHeading(h)).map((h) => ({ text: h, weight: 2, page: index }))
  ])
  const textKinds = categoryFromText([{ text: input.name, weight: 3 }, ...headingSources])
  const selfDescribed = categoryFromSelfDescription(pages.map((page) => page.text), nameWords)
  // The home page's title, "<Kind> in <Place>".
  const homeTitle = pages.find((page) => pageKind(page) === "home")?.title
  const titledKind = withoutRegion(homeTitle === undefined || homeTitle === null ? undefined : kindInTitle(homeTitle, nameWords, proper), pages)
  // "Kids Birthday Magician in Columbus", "Costume hire in Adelaide": who does the work, or what is
  // hired out, as the title says it, names the kind better than a word on one page ("School shows").
  const agentTitled = titledKind !== undefined && AGENT_HEAD.test(wordsOf(titledKind).at(-1)!) ? titledKind
    : titledKind !== undefined && HIRE_HEAD.test(wordsOf(titledKind).at(-1)!) ? `${titledKind} company` : undefined
  // A word on one page only is the kind only when the business says nothing else of itself: the
  // work its home page's title names ("Office & contract cleaning in ...") says more than one
  // heading ("Builders cleans").
  const titledWork = titledKind !== undefined && /(?:ing|ion)$/u.test(titledKind) ? mapKind(titledKind) : undefined
  // With nothing else said, the work the title names ("Sewing Machine Repairs & Servicing in Leeds",
  // "Tennis Lessons Fremantle") is the kind, and says more than a word on one page ("school"); a
  // title's goods ("Custom printed boxes for D2C brands") are what is sold, not who sells them.
  const titledService = titledKind !== undefined && SERVICE_WORK.test(wordsOf(titledKind).at(-1)!) ? mapKind(titledKind) : undefined
  const headed = textKinds.supported ?? (selfDescribed === undefined && agentTitled === undefined && textKinds.stray !== undefined ? titledWork ?? titledService ?? textKinds.stray : undefined)
  // "Custom Closets & Garage Storage in Raleigh" over a "Garages" section: the title says the kind's
  // word describes what is built, and its own kind ("custom closet") is what the business makes.
  const goodsTitled = headed !== undefined && titledKind !== undefined && homeTitle != null && describesGoodsOnly(homeTitle, headed) &&
    !/(?:ing|ion)$/u.test(titledKind) ? `${titledKind} company` : undefined
  const fromText = goodsTitled ?? headed
  // "school" in the headings, "a small Spanish language school" in the business's own sentence:
  // its own words say which kind of the one-word category it is.
  const narrower = fromText !== undefined && selfDescribed !== undefined && !fromText.includes(" ") && selfDescribed.includes(" ") &&
    stem(wordsOf(selfDescribed).at(-1)!) === stem(fold(fromText))
  // "Nashville Music Academy" with "school" in its headings: the name's own kind is narrower.
  // "Liftoff Trampoline Park" with "school" only in its group-bookings page's headings: a kind read
  // from one page only gives way to the venue the name ends in.
  const lowerWords = new Set(pages.flatMap((page) => page.text.match(/(?<![\p{L}])\p{Ll}{3,}(?![\p{L}])/gu) ?? []))
  const named = input.kind === "business" && fromText !== undefined && !fromText.includes(" ")
    ? kindOfInstitution(input.name) ?? (textKinds.supported === undefined ? kindOfInstitution(input.name, lowerWords, VENUE) : undefined)
    : undefined
  const jsonLdType = categoryFromJsonLd(nodes, input.kind)
  // A travel agency by its type that says it leads its own guided walks or tours runs them.
  const homePage = pages.find((page) => pageKind(page) === "home")
  const typed = jsonLdType === "travel agency"
    ? operatorOfOwnTrips([homePage?.title ?? "", homePage?.description ?? "", ...nodes.map((node) => typeof node["description"] === "string" ? node["description"] : "")], homePage?.text) ?? jsonLdType
    : jsonLdType
  // The home page's title's kind: under a parent or unknown type it names the kind; with no type,
  // when it ends in a business's noun ("Nail Studio" over a "spa pedicure" heading).
  const titled = mapKind(titledKind)
  // (An operator read from its own words is the kind itself, not a type to narrow.)
  const broad = typed !== undefined && typed === jsonLdType && (UMBRELLA_CATEGORIES.has(typed) || !KNOWN_TYPE_CATEGORIES.has(typed))
  const titledBusiness = titledKind !== undefined && BUSINESS_HEADS.has(wordsOf(titledKind).at(-1)!) ? titledKind : undefined
  // schema.org's DryCleaningOrLaundry is both: a site that never says dry cleaning is a laundry
  // ("a commercial laundry", as its own sentence says).
  const laundry = typed === "dry cleaner" && !pages.some((page) => /\bdry[\s-]?clean/iu.test([page.title ?? "", ...page.headings, page.text].join(" ")))
  // "Educational organization", "home and construction business": schema.org's filing names say a
  // business is broad (its own words then name it) and are never its kind in a customer's question.
  const jargon = typed !== undefined && !KNOWN_TYPE_CATEGORIES.has(typed) && isJargonType(typed)
  const typedKind = laundry ? (selfDescribed !== undefined && /\blaundry$/u.test(selfDescribed) ? selfDescribed : "laundry") : jargon ? undefined : typed
  // "painter" on the pages, "Face Painter" in the home page's title: the title's is the narrower kind;
  // so is "After-School Club" over "school", a word of it.
  const titledNarrower = agentTitled !== undefined && fromText !== undefined && ` ${agentTitled}`.endsWith(` ${fromText}`) ? agentTitled
    : titledKind !== undefined && fromText !== undefined && titledKind !== fromText && new RegExp(String.raw`(?:^|[\s-])${escapeRegExp(fromText)}(?:$|[\s-])`, "u").test(titledKind) ? titled
    : undefined
  // ("Boutique" read from the headings is as broad as a type: "Wedding Dresses in Harrogate" says which.)
  const shelf = typedKind ?? (fromText !== undefined && SHOP_TYPE_HEAD.test(fromText) ? fromText : undefined)
  const shopTitled = shelf !== undefined && titledKind !== undefined ? titledShop(titledKind, shelf, nameWords) : undefined
  // "Polar Reset Cryo" under a broad type, "... Recovery Studio in Scottsdale" in its title: a name's
  // words that end in no business's noun give way to the title's kind that does.
  const nameKind = broad ? kindInName(input.businessName, pages, proper) : undefined
  const nameKindHeaded = nameKind !== undefined && isBusinessNoun(wordsOf(nameKind).at(-1)!)
  const titlePlace = nameKindHeaded ? undefined : titledBusiness ?? placeNounInTitle(homeTitle, nameWords)
  // "Private blood tests in Leeds" at a medical clinic: the title names what is done there, and the
  // type's own noun makes it a business ("private blood test clinic"), as a customer asks for one.
  const titledHead = titled === undefined ? undefined : wordsOf(titled).at(-1)
  // (Not "venue": "indoor soft play venue" is nobody's word.)
  const umbrellaHead = typed !== undefined && UMBRELLA_CATEGORIES.has(typed) && typed !== "entertainment venue" ? wordsOf(typed).at(-1) : undefined
  const titledUnder = titled !== undefined && titledHead !== undefined && umbrellaHead !== undefined && titledHead !== umbrellaHead && !isBusinessNoun(titledHead) && !HIRE_HEAD.test(titledHead) && !SERVICE_WORK.test(titledHead)
    ? `${titled} ${umbrellaHead}` : titled
  // "Nanny Agency in Bristol" under EmploymentAgency ("recruitment agency"), "Board game café": the
  // title's kind of the type's own noun, in plain words, is the business's word for itself ("24/7
  // plumber" and "German-style craft brewery" say how, not what).
  const titledOfType = typedKind !== undefined && titled !== undefined && titled !== typedKind && /^\p{L}+(?: \p{L}+){1,2}$/u.test(titled) &&
    wordsOf(titled).at(-1) === wordsOf(typedKind).at(-1) ? titled : undefined
  const found = (broad ? (titlePlace ?? mapKind(nameKind) ?? titledUnder ?? schoolOf(homeTitle)) : undefined) ??
    shopTitled ?? titledOfType ?? typedKind ?? titledBusiness ?? (narrower ? selfDescribed : named ?? titledNarrower ?? fromText) ?? selfDescribed ?? agentTitled ?? titledService
  // With nothing else said, a name ending in an institution ("Smooth Theory Laser Clinic") says it,
  // when its word before is one the pages write in lower case (a thing's word, not a name's).
  const foundKind = found ?? kindOfInstitution(input.businessName, lowerWords) ??
    (titledKind !== undefined && PRACTICE_WORD.test(titledKind) ? practitionerOf(titledKind, pages) : undefined)
  const stated = foundKind === undefined ? null : widenedKind(foundKind, homeTitle, input.businessName, nameWords, proper)
  const category = stated !== null && /\b(?:software|app|platform|saas|crm|erp)$/.test(stated)
    ? softwareKind(pages.flatMap((page) => [page.title ?? "", page.description ?? ""]), nameWords) ?? stated
    : stated

  const nameKey = phraseKey(input.name)
  const businessKey = phraseKey(input.businessName)
  // The site's own name marks headings that are a logo, not a headline; a product's name is its headline.
  const siteNames = new Set(input.kind === "product" ? [businessKey] : [nameKey, businessKey])
  const sources = input.kind === "product"
    ? productOfferings(input.name, input.url, pages, proper, siteNames)
    : businessOfferings(pages, proper, siteNames)
  const distinctStems = (phrases: ReadonlyArray<string>) => {
    const seen = new Set<string>()
    return phrases.filter((p) => {
      const key = stemKey(p)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    }).slice(0, MAX_OFFERINGS)
  }
  // "Kühlwerk heat pump package" at Kühlwerk Klimatechnik: the business's first word is its brand, not the thing's name.
  const ownFirst = input.kind === "business" ? wordsOf(input.businessName)[0] : undefined
  // ("Salt and pepper squid" at Salt Kitchen, "Tongue and groove flooring" at Tongue Timber: a word
  // joined to the next by "and" is half of the thing's own name, not the brand before it.)
  const withoutOwnFirstWord = (o: string) => {
    const words = o.split(/\s+/)
    const joined = words[1] !== undefined && /^(?:and|&|or|n|'n'|of|with)$/iu.test(words[1])
    return ownFirst !== undefined && words.length >= 3 && !joined && wordsOf(words[0]!)[0] === ownFirst && wordsOf(words[0]!).length === 1 ? words.slice(1).join(" ") : o
  }
  // Page text as words, to find what the site says has closed ("X has closed", "X closed for good").
  const closedTexts = input.kind === "product" ? [] : pages.flatMap((page) => [page.text, ...page.headings]).map((text) => ` ${wordsOf(text).join(" ")} `)
  // The category's words, once for every candidate offering ("same-day" and "courier" of "same-day courier").
  const categoryWords = new Set(wordsOf(category ?? ""))
  const usable = (o: string) => {
    const key = phraseKey(o)
    // A feature ("gluten-free", a menu section) is what offerings are filtered by, not one of them.
    // ("Private lesson", "private sessions" named as an item are what is booked: a lesson given to
    // one, on the price list beside the group lessons; "with private sessions" is the feature.)
    if (isFeature(key) && !BOOKED_PRIVATELY.test(key)) return false
    // "Filtrar", "Tu cesta", "Nederlands", "Termin vereinbaren", "Colours", "Three generations": the
    // site's controls, option labels and history, never a thing on offer (site-labels.ts).
    if (isSiteLabel(o)) return false
    const words = key.split(" ")
    // "Ourselves"; "Made" (in our workshop); "Für Schatten", "Pour les enfants": a pronoun, a
    // participle, whom or what another language's "for" says it is for ("Dla kandydatów"), not a thing on offer.
    if (/^(?:ourselves|yourselves|themselves|us|we|made|built|grown|handmade)$/u.test(key) || /^(?:fur|pour|para|voor|for|dla)$/u.test(words[0]!)) return false
    // "Dental services", "plumbing services": the trade, said as a page title, not something on offer.
    if (words.length <= 2 && /^(?:services|solutions|products)$/.test(words.at(-1)!)) return false
    // "Scaffold Field" at Scaffold: a model's name, whose word alone ("fields") names nothing (its page says what it is).
    if (input.kind === "business" && words.length === 2 && (words[0] === nameKey || words[0] === businessKey)) return false
    // "Broken spoke replaced", "Trued": what was done, said of the thing, not a name for it.
    if (/[^e]ed$/u.test(words.at(-1)!) && words.at(-1)!.length >= 5 && !isCommonNounInEd(words.at(-1)!)) return false
    // "Priced separately", "booked separately": how something is sold, said with an adverb, not a thing.
    if (words.length >= 2 && /(?:ately|ously|ively|ently|fully|edly)$/u.test(words.at(-1)!)) return false
    // "Case study", "Success stories": what customers got, told as a story, not a thing on offer.
    // ("Case study: Bayside Physio": one such story, by its customer's name.)
    if (/^(?:(?:a |our )?(?:case|customer|client|success) (?:study|studies|story|stories)(?: .+)?|testimonials?|reviews)$/.test(key)) return false
    // "Upcoming dates", "Classes & dates": when something runs, not what it is ("Medjool dates" are sold).
    if (/^(?:upcoming|next|future|forthcoming|available|course|class|workshop|tour|session|term) dates$/u.test(key) || /\s(?:&|and)\s+dates$/iu.test(o.trim())) return false
    // "Race results", "Instructor spotlight", "Season recap": the business's news, not a thing on offer.
    if (words.length >= 2 && /^(?:results|spotlight|recap|roundup)$/.test(words.at(-1)!)) return false
    // "Our vendors", "Stallholders", "Our growers": who sells or makes there, not what is sold.
    if (/^(?:our |the )?(?:vendors|stallholders|makers|producers|growers|farmers|suppliers|artisans|exhibitors|traders)$/.test(key)) return false
    // "Menus & prices", "Tienda / Shop": the page's name for its list, not a thing on it.
    if (/^(?:our )?(?:menus?|prices|price list|pricing|rates|shop|online shop|store|tienda|tienda online|negozio|laden|loja|boutique en ligne)$/.test(key)) return false
    // "We ship anywhere in Canada", "further afield", "up to 8 ft tall": where the business goes or
    // how big a thing is, read as what follows a verb, not a thing on offer.
    if (/^(?:(?:further|farther)\s+)?(?:anywhere|everywhere|somewhere|afield|abroad|overseas|nationwide|worldwide|nearby)$/u.test(key) ||
      /^(?:ft|feet|foot|in|inches|cm|mm|m|metres?|meters?)\s+(?:tall|high|wide|long|deep)$/u.test(key)) return false
    // "One show", "Two shows back-to-back": how many times it is booked, a price list's row, not a
    // thing on offer ("Four pints" may be a pack sold as such).
    if (/^(?:one|two)\s+\p{L}+(?:\s+back(?:\s+to\s+|-to-)back)?$/u.test(key)) return false
    // "Half day", "full day", "two hours": how long something lasts, not what it is.
    if (DURATION.test(key)) return false
    // "3-day hire", "Weekend rental", "Ships across Canada", "Delivered nationwide": a price line's
    // terms of sale (how long it is hired for, where it is sent), not a thing asked for by name.
    // (A hire business's "3-day hire" stands for its whole trade, which its labels may count.)
    if ((input.kind === "product" && HIRE_PERIOD.test(key)) || SENT_TO.test(key)) return false
    // "Take in waist", "Shorten jacket sleeves": a price list's step, said as an instruction.
    if (words.length >= 2 && INSTRUCTION_VERBS.has(words[0]!)) return false
    // "Free touch-up", "free lockers": an extra that comes with what is sold.
    if (words[0] === "free" && words.length >= 2) return false
    // "Site requirements", "Booking policy", "House rules": what the customer must know or do, not what is sold.
    if (/^(?:requirements?|guidelines|polic(?:y|ies)|rules|regulations)$/.test(words.at(-1)!)) return false
    // "Registration fee", "health fund rebates": what is charged or paid back, not what is sold.
    if (/^(?:fees?|deposits?|rebates?|surcharges?|charges?)$/.test(words.at(-1)!)) return false
    // "Bond", "Security bond": a hire's deposit, said as a price list's line ("bail bonds" are sold).
    if (/^(?:(?:security|damage|hire|rental|costume) )?bond$/u.test(key)) return false
    // "Emergency dentist" at a dentist: the business itself with a feature, not something it sells.
    const categoryHead = wordsOf(category ?? "").at(-1)
    // A product's own name is kept though it ends in its kind ("Diploma Frame" at a framer's "deep frame").
    // (So is the end of its name, its kind: "2-berth campervan" for the Wren 2-berth campervan.)
    const ownName = input.kind === "product" && ` ${stemKey(input.name)}`.endsWith(` ${stemKey(o)}`)
    // A category that names the work, not the business ("catering", "Pilates", "photography"), has
    // kinds that are offerings: "wedding catering", "mat Pilates".
    const workCategory = categoryHead !== undefined && (category ?? "").split(/\s+/).length <= 2 && WORK_HEAD.test(categoryHead)
    // ("Medical courier" at a same-day courier, "breakfast club" at an after-school club: a word of
    // its own before the head makes another kind of the same trade, which is on offer. A product's
    // page describes the product itself: "a solid oak frame" is the certificate frame.)
    const before = words.slice(0, -1)
    const sameKind = input.kind === "product" || isFeature(before.join(" ")) || before.every((w) => categoryWords.has(w) || DESCRIBING_WORDS.has(w) || proper.has(w))
    if (words.length >= 2 && categoryHead !== undefined && stem(words.at(-1)!) === stem(categoryHead) && !ownName && !workCategory && sameKind) return false
    // "The Night Tour has closed", "closed for good": what the site says is gone is not on offer.
    if (closedTexts.some((text) => new RegExp(` ${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} (?:has closed|closed (?:for good|permanently|down)|(?:has been|was) (?:retired|discontinued)) `).test(text))) return false
    // The business's own name and the category itself are not offerings; neither are long blurbs.
    // A product's own name is its first offering: its prompts are about it.
    return (input.kind === "product" || key !== nameKey) && key !== businessKey && key !== phraseKey(category ?? "") &&
      words.length <= 6 && o.length <= 60
  }
  // By prominence: the offerings' own pages and stated offers, then listings, the home page's
  // sections, the parts of an offering's page, the lines of an offering's own page, and last the
  // offers announced in prose.
  const candidates = [
    ...sources.headlines, ...sources.stated, ...sources.sections, ...sources.items, ...sources.home, ...sources.parts,
    ...sources.detailItems, ...sources.announced
  ]
    .flatMap(slashParts)
    // ("The clinic", "Our philosophy": a label read whole, before its article or "our" is dropped.)
    .filter((o) => !isSiteLabel(o))
    .map(offeringName)
    // ("Électro Meuse Dépannage" as a heading is the business's whole name, never an offering,
    // with or without its first word.)
    .filter((o) => input.kind !== "business" || phraseKey(o) !== businessKey)
    .map(withoutOwnFirstWord)
    .filter(usable)
  // One offering said twice: "coolant flush and cooling system repair" beside both its halves,
  // "check engine light" beside "check engine light diagnostics". The cap keeps room for others.
  const keys = new Set(candidates.map(stemKey))
  const categoryStems = new Set(wordsOf(category ?? "").map(stem))
  const redundant = (phrase: string) => {
    const halves = phrase.split(/\s+(?:and|&)\s+/)
    if (halves.length === 2 && halves.every((half) => wordsOf(half).length >= 2 && keys.has(stemKey(half)))) return true
    if (SERVICE_SUFFIXES.some((suffix) => keys.has(stemKey(`${phrase} ${suffix}`)))) return true
    // "Pixel 7 screen", "Galaxy S23 screen" beside "screen replacement": a price list's row per model
    // is that service priced for one model, not an offering of its own.
    const modelWords = phrase.split(/\s+/)
    if (modelWords.length >= 2 && modelWords.slice(0, -1).some((w) => /\d/u.test(w)) &&
      SERVICE_SUFFIXES.some((suffix) => keys.has(stemKey(`${modelWords.at(-1)} ${suffix}`)))) return true
    // "Colombia Huila decaf coffee" beside "Colombia Huila decaf" at a coffee roaster: the category's word adds nothing.
    const words = phrase.split(/\s+/)
    return words.length >= 3 && categoryStems.has(stem(fold(words.at(-1)!))) && keys.has(stemKey(words.slice(0, -1).join(" ")))
  }
  // "Testaments et mandats" on the home page, "Testaments et mandats / Wills and mandates" on its
  // own page: one offering, read by its English side when that side is read too.
  const otherSides = new Map(pages.flatMap((page) => page.headings).flatMap((heading) => {
    const english = englishSideOf(heading)
    if (english === heading) return []
    return heading.split(/\s+(?:·|\/|–|—)\s+/u).filter((side) => side.trim() !== english.trim()).map((side) => [phraseKey(side), stemKey(english)] as const)
  }))
  const sameInEnglish = (c: string) => keys.has(otherSides.get(phraseKey(c)) ?? "\u0000")
  const language: SiteLanguage = siteLanguage(pages.map((page) => page.text))
  const offerings = withAreaTreatment(distinctStems(withoutBareWords(candidates.filter((c) => !redundant(c) && !sameInEnglish(c) && !isPaymentOption(c)))).map((o) => asNounPhrase(o, pages))
    // (A product's own name written with its capitals names it, as a brand: its prompts keep it as they were.)
    .map((o) => (language === "de" && input.kind === "business" ? withGermanNouns(o, pages) : o)))

  // The town's words, taken off the front of an audience ("calgary contractors").
  const placeWords = new Set(wordsOf(place ?? "").map(fold))
  const audienceSources = pages.flatMap((page) => [page.title ?? "", page.description ?? "", ...page.headings, page.text])
  const audience = byFrequency(
    audienceSources.flatMap(audiencePhrases).map((phrase) => audienceWithoutPlace(phrase, placeWords))
      .map((phrase) => ({ key: phraseKey(phrase), value: phrase, weight: 1 }))
  ).slice(0, MAX_FACTS_PER_LIST)

  const covered = new Set(
    [
      ...nameWords,
      ...offerings.flatMap((o) => wordsOf(o)),
      ...wordsOf(category ?? ""),
      ...wordsOf(place ?? ""),
      // Audience words are who, not what: they stay out of the field's terms.
      ...audience.flatMap((a) => wordsOf(a))
    ].map(stem)
  )
  const weighted: Array<{ key: string; value: string; weight: number }> = []
  const addWords = (source: string, weight: number) => {
    for (const word of contentWords(source)) {
      if (word.length < 4 || covered.has(stem(word)) || /\d/.test(word)) continue
      // "baked", "opening", "welcomes": inflected everyday verbs say little about the field.
      if (/(?:ed|ing|es)$/.test(word) && isCommonWord(word) && !COMMON_WORDS.has(word)) continue
      if (KEYWORD_FILLER.has(word)) continue
      weighted.push({ key: word, value: word, weight })
    }
  }
  for (const page of pages) {
    addWords(page.title ?? "", 3)
    addWords(page.description ?? "", 2)
    for (const heading of page.headings) addWords(heading, 2)
    for (const product of page.products) {
      addWords(product.name, 2)
      addWords(product.description ?? "", 1)
    }
    addWords(page.text, 1)
  }
  const keywords = byFrequency(weighted).slice(0, MAX_FACTS_PER_LIST)

  // Features and days from every page but the blog's: a contact or FAQ page says them best.
  const texts = pages.filter((page) => pageKind(page) !== "business" || !/\/(?:blog|news|journal)\b/i.test(page.url ?? ""))
    .flatMap((page) => [page.title ?? "", page.description ?? "", ...page.headings, page.text])
  const features = featuresOf(texts, MAX_FACTS_PER_LIST)
  const openDays = openDaysOf(nodes, texts)
  const visitable = visitableOf(nodes, texts, category)
  const atCustomer = atCustomerOf(texts, category)

  return {
    name: squish(input.name),
    kind: input.kind,
    businessName: squish(input.businessName),
    url: input.url,
    offerings,
    category,
    place,
    audience,
    keywords,
    features,
    openDays,
    visitable,
    atCustomer,
    inEnglish: language === "en",
    language,
    ...(language === "en" ? {} : {
      siteCategory: kindInOwnName(input.businessName, pages, language) ?? (category !== null && writesWords(category, pages) ? category : null) ??
        kindInLocalTitle(homeTitle ?? undefined, language, nameWords, proper) ?? null
    })
  }
}
