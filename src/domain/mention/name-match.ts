/**
 * Whether a raw match of a name in an answer is a mention of the entity (`judgeMatch`), with
 * the stricter rules for names made of ordinary words.
 */
import { isCommonWord } from "../common-words.ts"
import { type Doc, isSentenceInitial, type Line, lineAt, nextWord, previousWord, slice, type Span, spanIndexAt } from "./document.ts"
import { foldPlain } from "./fold.ts"
import { describedAsFirm, firmVerbAt, headVerdict, personPresented, productLineAt } from "./head-match.ts"
import { BRAND_NOUNS, BUSINESS_NOUNS, CORPORATE_SUFFIXES, FIRM_WORDS, GEO_NOUNS, GIVEN_NAMES, PLACE_SUFFIXES, GENERIC_BUSINESS_WORDS, LEGAL_FORMS, NAME_CONNECTORS, OPTION_CUES, REGIONS, SENTENCE_OPENERS, set, SINGULAR_IN_S, TEMPORAL_CUES, TRADE_KINDS, TRADE_WORDS } from "./lexicon.ts"
import { bareHost } from "../url.ts"
import type { CompiledTarget, Matcher } from "./target.ts"
import { isUpperLetter, isWordChar, stripPossessive, tokensOf } from "./words.ts"

type Verdict = "accept" | "reject"

/**
 * Whether a raw match of a name is a mention of it. Rules, in order:
 * 1. Whole word: no letter/digit on either side. A hyphen, apostrophe or dot joining another
 *    word makes a different name (`Crumb-Co`, `O'Crumb`, `crumb.io`), except the possessive
 *    `Crumb's`/`Crumb’s`, and except `Name.tld` when the target lists no domain or URL (then
 *    that host is how the brand is written, "Monday.com"; with domains, the domain rule decides).
 *    A capitalised name hyphenated to a descriptive suffix still names the brand as a reference
 *    point ("Slack-like chat", "Stripe-powered checkout"; see `DESCRIPTIVE_SUFFIXES`).
 * 2. Inside a URL or host in the text it is not a name mention (the domain rule decides).
 * 3. An adjacent capitalised word that is neither a common word nor a generic business word
 *    makes it part of a longer, different name: "Crumb Zeta", "Square Enix", "Zorba Crumb".
 *    "Crumb Bakery", "Acme Inc", "Crumb Cakes" still count: a business is routinely written
 *    with its trade noun, and we would rather keep those than lose them. The word before is
 *    ignored when it starts the sentence ("Visit Crumb", "Unsurprisingly Crumb…"), or when it
 *    is the entity's own site name, its maker ("Northbeam Pine Lamp" for a lamp listed at
 *    northbeam.example; see `makerBefore`).
 * 4. Ordinary-word names need context (see `ordinaryVerdict`).
 * 5. Other capitalised names written all in lower case count unless used as an ordinary word
 *    ("a worn thimble", "buckle up"; see `lowerCaseOrdinaryUse`).
 */
export const judgeMatch = (doc: Doc, t: CompiledTarget, domainSeen: boolean, m: Matcher, fs: number, fe: number): Verdict => {
  const f = doc.folded.text
  const start = doc.folded.starts[fs]!
  const end = doc.folded.ends[fe - 1]!
  const before = f[fs - 1]
  const after = f[fe]
  const firstIsWord = isWordChar(f[fs])
  const lastIsWord = isWordChar(f[fe - 1])
  if (firstIsWord && isWordChar(before)) return "reject"
  if (firstIsWord && (before === "-" || before === "'" || before === ".") && isWordChar(f[fs - 2])) return "reject"

  let possessive = false
  let nameTld = false
  if (lastIsWord && isWordChar(after)) return "reject"
  if (lastIsWord && after === "-" && isWordChar(f[fe + 1]) && !(isUpperLetter(doc.text[start]) && descriptiveSuffixAt(f, fe + 1)))
    return "reject"
  if (lastIsWord && after === "'" && isWordChar(f[fe + 1])) {
    if (f[fe + 1] === "s" && !isWordChar(f[fe + 2])) possessive = true
    else return "reject"
  }
  const host = doc.hosts[spanIndexAt(doc.hosts, start)]
  if (host !== undefined) {
    // Inside a host only as `name.tld` (the brand written as its address, "Monday.com"), and
    // only when the target lists no web identity of its own: with one, the domain rule decides.
    const bare = bareHost(host.host)
    const dot = bare.indexOf(".")
    const isNameTld =
      dot !== -1 &&
      foldPlain(bare.slice(0, dot)) === m.compact &&
      /^[a-z]{2,24}(?:\.[a-z]{2})?$/.test(bare.slice(dot + 1)) &&
      (host.path === "/" || host.path === "")
    if (!isNameTld || t.domains.length > 0 || t.urls.length > 0) return "reject"
    nameTld = true
  } else if (lastIsWord && after === "." && isWordChar(f[fe + 1])) {
    return "reject"
  }
  // A handle or hashtag is the brand's own spelling: no other reading.
  if (m.handle) return host === undefined ? "accept" : "reject"
  // The site name spelled as words is a name only written as one: "Foxglove Stems", not "foxglove stems".
  if (m.site && !tokensOf(doc.text.slice(start, end)).every((tk) => isUpperLetter(tk.text[0]))) return "reject"

  // A product line after the name is the entity's own ("Kestrel Trail Jacket", "Haywood & Pike Field Chino").
  // "the Z400 from Zephyr Home": a product named before its maker, whose name may go on.
  const makerLast = m.kind === "alias" && MAKER_TAIL.test(f.slice(fs, fe))
  // "Crumb Nashville: an East Nashville bakery": the business's own town after its name is no longer name.
  const townAfter = t.townWords.size > 0 && t.townWords.has(foldPlain(slice(doc, nextWord(doc, end) ?? { start: end, end })))
  if (!nameTld && !possessive && lastIsWord && !makerLast && !townAfter && !productLineAt(doc, end)) {
    const next = nextWord(doc, end)
    if (next !== undefined && longerNameAfter(doc, next) && !ownWordsAfter(doc, t, end)) return "reject"
    // "Helix Bridge", "Orchard Street": a capitalised place noun after the name makes a place.
    if (next !== undefined && placeAfter(doc, t, next)) return "reject"
    // A short form ending in a trade word, followed by "for"/"of" and a capitalised word, is a
    // longer name: "Hollowbrook Center for the Arts" is not "Hollowbrook Sleep Center".
    // So is a head followed by such a trade word: "Hollowbrook Center for the Arts".
    // So is the full name ending in a trade word, followed by "for"/"of" and a capitalised word
    // (not initials, which say what for: "… Center for CPAP patients"): "X Hearing Center for Kids".
    if (!t.ownWords.has("of") && !t.ownWords.has("for") && (m.kind === "alias" ? longerOfAfter(doc, m, end) : fullLongerOfAfter(doc, m, end)))
      return "reject"
    // A short form followed by a capitalised word the entity's names do not have names another
    // business or thing: "Seaview Orthopedic Supply", "Lindqvist Law Group".
    if (next !== undefined && (m.kind === "alias" ? otherTradeAfter(doc, t, m, next) : otherKindAfter(doc, t, m, next))) return "reject"
    // The full name with a capitalised word its names lack, the two described as one thing, is
    // another name: "Willow Kids is a children's boutique", "Margin Money, a lending marketplace".
    if (next !== undefined && m.kind === "name" && describedLongerName(doc, t, next)) return "reject"
    // "**Sprig & Stem**", "dinner at Roost & Rye": the name joined by "&" to a capitalised word
    // its own names lack is another name.
    if (AMPERSAND_NAME.test(doc.text.slice(end, end + 8)) && (insideEmphasis(doc, start, end + 4) || otherAfterAmpersand(t, foldPlain(ampersandWord(doc, end)))))
      return "reject"
  }
  // "Dr. Anand's office", "Dr. Priya Anand": the owner of a practice named after her.
  // "Ellen Thornbury's firm", "Dale Whitaker's crew": an owner's first name and surname, and the
  // business as hers or his.
  // Since version 14, also an owner presented as the one to use (`personPresented`: "talk to Ana
  // Ruiz", "Ana Ruiz is the one I'd call", "Ana Ruiz did our kitchen").
  const given = m.strict ? GIVEN_NAME_BEFORE.exec(doc.text.slice(Math.max(0, start - 24), start)) : null
  const owner =
    m.strict &&
    (OWNER_TITLE_BEFORE.test(doc.text.slice(Math.max(0, start - 40), start)) ||
      (given !== null &&
        ((possessive && OWNED_AFTER.test(doc.text.slice(end + 2, end + 40))) || PROFESSION_AFTER.test(doc.text.slice(end, end + 160)) ||
          (!possessive && personPresented(doc, start - given[0].length, end)) ||
          (!m.town && ownerAsBusiness(doc, start - given[0].length, start, end, possessive)))))
  if (!nameTld && firstIsWord && !owner) {
    const prev = previousWord(doc, start)
    if (prev !== undefined && longerNameBefore(doc, prev) && !genericBefore(t, prev, doc) && makerBefore(doc, t, start) === undefined && !(m.strict && ownWord(t, slice(doc, prev)))) return "reject"
  }
  // A name that starts with the business's own town is written in its own capitals: "Denver
  // Supply", not "Denver supply stores" (the town's trade).
  // So is a short form ending in "Family": "the Greer family" is not "Greer Family Law".
  const familyForm = m.kind === "alias" && m.words[m.words.length - 1] === "family"
  if ((m.town || familyForm) && m.capitalised && m.words.length > 1 && !ownCapitals(doc, start, end)) return "reject"
  // "The Bexley" in Bexley written "the Bexley farmers market": the article is the noun's after
  // it, and the town names the town's market, not the business (its own trade nouns aside).
  if (m.town && m.words[0] === "the" && doc.text[start] === "t" && theTownBeforeNoun(doc, t, end)) return "reject"
  // Version 16. A name alone in a table cell under a column of places ("| Area |", "| Region |",
  // "| Town |") is the place.
  if (m.words.length <= 2 && !nameTld && cellStart(doc, start) && /^[ \t*_]*\|/.test(doc.text.slice(end, end + 8)) && placeColumn(doc, start)) return "reject"
  // "Marlow, Georgia", "Marlow, TX": a short form written with a region after a comma is the town.
  if (m.kind === "alias" && !possessive && regionAfter(doc, end)) return "reject"
  // Initials ("LDS") written otherwise ("Lds", "lds") are another word.
  if (m.strict && m.upper && /\p{Ll}/u.test(doc.text.slice(start, end))) return "reject"
  // Version 15. A head in a paragraph about names as surnames ("a common surname here: three
  // dentists named Okafor") is the surname, whoever bears it.
  if (m.strict && !nameTld && surnameTalk(doc, lineAt(doc, start))) return "reject"
  // Version 15. A head written with its own name's words, in another order or with some left out
  // ("Ostrava Inspections", "Inspections Ostrava" for "Ostrava Home Inspections"), or a word that
  // shares their stem ("Marlow Tailors" for "Marlow Tailoring"), is the business.
  if (m.strict && !m.town && (ownWordsAfter(doc, t, end) || ownWordBefore(doc, t, start))) return "accept"
  if (m.strict) return nameTld || owner || headVerdict(doc, start, end, possessive, m.town) ? "accept" : "reject"
  if (m.ordinary && !nameTld && !m.site) return ordinaryVerdict(doc, t, domainSeen, m, start, end, possessive)
  if (m.capitalised && !nameTld && !/\p{Lu}/u.test(doc.text.slice(start, end)) && lowerCaseOrdinaryUse(doc, start, end))
    return "reject"
  // A one-word name written in lower case, in an answer that writes other names with their
  // capitals ("gumbo with okra" beside "Home Chef"), is the word; in an answer all in lower case
  // ("honestly, crumb is good") it may be the business. A business noun after it keeps it ("okra kitchen").
  if (m.words.length === 1 && m.capitalised && !nameTld && !/\p{Lu}/u.test(doc.text.slice(start, end)) && writesCapitals(doc) &&
    (!businessNounAfter(doc, end) || NEAR_THE_READER.test(doc.text.slice(end, end + 48)) || DEGREE_BEFORE.test(doc.text.slice(Math.max(0, start - 12), start))))
    return "reject"
  // A one-word name opening a sentence or a table cell in a list of lower-case words is one of
  // them: "| Saffron, mint, fried onion |". So is one written in lower case anywhere in such a
  // list: "plants like yarrow, sage and lupins".
  if (m.words.length === 1 && !possessive) {
    const lower = !/\p{Lu}/u.test(doc.text.slice(start, end))
    if (LOWER_LIST_AFTER.test(doc.text.slice(end, end + 60)) && (lower || cellStart(doc, start) || isSentenceInitial(doc, start))) return "reject"
    const before = doc.text.slice(Math.max(0, start - 40), start)
    if (lower && (LOWER_LIST_BEFORE.test(before) || (LOWER_ITEM_BEFORE.test(before) && LOWER_ITEM_AFTER.test(doc.text.slice(end, end + 40))))) return "reject"
  }
  // Version 15. A one-word name followed by a noun of geography in lower case is a place ("the
  // Alderholt trail loop", "Alderholt station"), and so is one near another place ("near Alderholt
  // and Auburn").
  if (m.words.length === 1 && !possessive && (geoNounAfter(doc, end) || nearPlaces(doc, start, end))) return "reject"
  // Version 15. A one-word name opening a sentence or a cell, followed by an ordinary noun that is
  // no verb ("Fennel season runs to August", "Keel boats are stable", "| Tonic type |"), is the
  // word in a noun phrase: the capital is the sentence's.
  if (m.kind === "name" && m.words.length === 1 && m.capitalised && !possessive && /\p{Lu}/u.test(doc.text[start]!) && (isSentenceInitial(doc, start) || cellStart(doc, start)) &&
    nounAfter(doc, end) && !headVerdict(doc, start, end, possessive))
    return "reject"
  // A one-word name that the answer also uses as an ordinary word in lower case ("a brisk
  // follow-up"), opening a sentence with nothing that presents it as a business ("Brisk payment
  // terms help"), is the word too.
  if (m.kind === "name" && m.words.length === 1 && m.capitalised && /\p{Lu}/u.test(doc.text[start]!) && isSentenceInitial(doc, start) &&
    !headVerdict(doc, start, end, possessive) && usedAsWord(doc, m))
    return "reject"
  return "accept"
}

/**
 * Version 15. A person named in full with the firm's distinctive word as surname, presented as a
 * business would be ("1. Mara Quist — careful and fair", "Mara Quist's workshop", "**Mara
 * Quist**", "Mara Quist vs. Harbor Luthiers"): the owner of the firm named after her. Not
 * someone else's staff ("Mara Quist at Harbor Luthiers").
 */
const ownerAsBusiness = (doc: Doc, personStart: number, start: number, end: number, possessive: boolean): boolean =>
  personalName(foldPlain(doc.text.slice(personStart, start).trim())) && !STAFF_AFTER_OWNER.test(doc.text.slice(end, end + 40)) &&
  (headVerdict(doc, personStart, end, possessive) || headVerdict(doc, start, end, possessive))
/** A word that can be a given name: a known one, or one that is no ordinary, trade or place word ("Blue Arc", "Mount Rainier" are not). */
const personalName = (w: string): boolean =>
  GIVEN_NAMES.has(w) || (w.length >= 3 && !NAME_CONNECTORS.has(w) && !isCommonWord(w) && !TRADE_WORDS.has(w) && !GENERIC_BUSINESS_WORDS.has(w) && !BUSINESS_NOUNS.has(w) && !GEO_NOUNS.has(w) && !PLACE_SUFFIXES.has(w))
// Someone else's staff ("Mara Quist at Harbor Luthiers", "…, their office lead"), or a longer name ("Mara Quist Kitchen").
const STAFF_AFTER_OWNER = /^(?:['’]s)?[ \t]*(?:,[ \t]+(?:their|its)\b|[ \t]+(?:at|from|of|with)[ \t]+\p{Lu}|[ \t]+\p{Lu})/u

/**
 * One of the entity's own words, or one sharing its stem (five letters or more: "tailors" for
 * "tailoring"), not a legal form or a connector.
 */
const ownWord = (t: CompiledTarget, raw: string): boolean => {
  if (!isUpperLetter(raw[0])) return false
  const w = foldPlain(stripPossessive(raw))
  if (LEGAL_FORMS.has(w) || NAME_CONNECTORS.has(w) || w.length < 3) return false
  if (t.ownWords.has(w)) return true
  if (w.length < 5) return false
  for (const o of t.ownWords) if (o.length >= 5 && sameStem(w, o)) return true
  return false
}
/** Two words that differ only by an inflection or a suffix of trade ("tailors", "tailoring"; not "cyclesport", "cycles"). */
const sameStem = (a: string, b: string): boolean => {
  let k = 0
  while (k < a.length && k < b.length && a[k] === b[k]) k++
  // "Pantrys" is no plural of "pantry": another word, as version 14 reads a name's plural.
  if (/y$/.test(a.slice(0, k)) && (a.slice(k) === "s" || b.slice(k) === "s")) return false
  return k >= 5 && STEM_SUFFIX.test(a.slice(k)) && STEM_SUFFIX.test(b.slice(k))
}
const STEM_SUFFIX = /^(?:|e|s|es|er|ers|or|ors|ing|ings|ist|ists|ry|ery|y|ies|al|als|ation|ations)$/
/** The capitalised words right after `end`, up to a word that is not capitalised, are all the entity's own (one at least). */
const ownWordsAfter = (doc: Doc, t: CompiledTarget, end: number): boolean => {
  let next = nextWord(doc, end)
  let seen = 0
  while (next !== undefined && next.start - end <= 2 && isUpperLetter(doc.text[next.start]) && seen < 4) {
    if (!ownWord(t, slice(doc, next))) return false
    seen++
    end = next.end
    next = nextWord(doc, end)
  }
  // Not when a longer name goes on: "Ostrava Home Inspections & Storage", "… Center for Kids".
  return seen > 0 && !LONGER_RUN_AFTER.test(doc.text.slice(end, end + 16))
}
const LONGER_RUN_AFTER = /^[ \t]+(?:&|\+|and|e|et|y|und|for|of|de)[ \t]+(?:the[ \t]+)?\p{Lu}/u
const ownWordBefore = (doc: Doc, t: CompiledTarget, start: number): boolean => {
  const prev = previousWord(doc, start)
  return prev !== undefined && start - prev.end <= 2 && ownWord(t, slice(doc, prev))
}

/**
 * Whether the word right after `end` is an ordinary lower-case noun and not a verb whose subject
 * the name is: not ending in "-s" or "-ed" (a plural noun ending in "-s" only before a plural
 * verb: "Keel boats are"), nor an auxiliary, an irregular past or an adverb; nor a brand, trade or
 * business noun ("Canopy app").
 */
const nounAfter = (doc: Doc, end: number): boolean => {
  const next = nextWord(doc, end)
  if (next === undefined || next.start !== end + 1 || doc.text[end] !== " ") return false
  const raw = slice(doc, next)
  if (!/^\p{Ll}+$/u.test(raw)) return false
  const w = foldPlain(raw)
  if (!isCommonWord(w) || NOT_NOUNS.has(w) || /ly$/.test(w) || BRAND_NOUNS.has(w) || GENERIC_BUSINESS_WORDS.has(w) || TRADE_WORDS.has(w) || BUSINESS_NOUNS.has(w)) return false
  if (/ed$/.test(w)) return false
  // The phrase is a subject only when a verb follows it ("season runs", "boats are", "size is"),
  // or it fills a table cell ("| Tonic type |").
  if (/^[ \t]*\|/.test(doc.text.slice(next.end, next.end + 4))) return true
  const then = nextWord(doc, next.end)
  if (then === undefined || then.start > next.end + 1) return false
  const v = foldPlain(slice(doc, then))
  if (/[^s]s$/.test(w)) return PLURAL_VERBS.has(v)
  return AUXILIARIES.has(v) || (/^\p{Ll}+[^su]s$/u.test(slice(doc, then)) && !PRODUCT_AFTER_GEO.test(` ${v}`))
}
const AUXILIARIES = set(`is was has does can will would should may might must`)
const NOT_NOUNS = set(`
  is are was were be been has have had do does did can could will would should may might must shall
  made got took gave went came kept sent built cut put ran sold held brought bought found told left felt let set won paid
  meant sat stood began grew knew saw wrote rode drove fixed also just still now then only really always never often
  and or but nor so for of to in on at by with from as than that which who what where when how if
  a an the this these those my your our their its his her
`)
const PLURAL_VERBS = set(`are were have do need make cost last come run sell`)

const geoNounAfter = (doc: Doc, end: number): boolean => {
  const next = nextWord(doc, end)
  return next !== undefined && next.start === end + 1 && /^\p{Ll}/u.test(doc.text[next.start]!) && GEO_NOUNS.has(foldPlain(slice(doc, next))) && !GEO_VERBS.has(foldPlain(slice(doc, next))) && !PRODUCT_AFTER_GEO.test(doc.text.slice(next.end, next.end + 16))
}
// Nouns of geography that are as often verbs after a subject: "X falls down", "X springs to mind".
const GEO_VERBS = set(`falls springs spring pass point crossing landing bluff bluffs field fields park square way tower heights`)
// "trail shoes", "mountain bike": a geographic word as a product's kind.
const PRODUCT_AFTER_GEO = /^[ \t]+(?:shoes?|runners?|bikes?|jackets?|packs?|pants|boots?|tents?|app|edition|collection|line|series|model|range)\b/u
const nearPlaces = (doc: Doc, start: number, end: number): boolean =>
  NEAR_BEFORE.test(doc.text.slice(Math.max(0, start - 8), start)) && AND_PLACE_AFTER.test(doc.text.slice(end, end + 12))
const NEAR_BEFORE = /(?<![\p{L}\p{N}])(?:near|around|outside)[ \t]+$/iu
const AND_PLACE_AFTER = /^[ \t]+and[ \t]+\p{Lu}\p{Ll}/u

/** Whether a line speaks of surnames (read once per line). */
const surnameTalk = (doc: Doc, line: Line): boolean => {
  let lines = surnameLines.get(doc)
  if (lines === undefined) surnameLines.set(doc, (lines = new Map()))
  let found = lines.get(line.start)
  if (found === undefined) lines.set(line.start, (found = SURNAME_TALK.test(doc.text.slice(line.start, line.end))))
  return found
}
const surnameLines = new WeakMap<Doc, Map<number, boolean>>()
const SURNAME_TALK = /(?<![\p{L}])(?:surnames?|last[ \t]+names?|family[ \t]+names?)(?![\p{L}])/iu

/** A lower-case noun after the town that is not one of the entity's own words nor a business's: "the Bexley farmers market". */
const theTownBeforeNoun = (doc: Doc, t: CompiledTarget, end: number): boolean => {
  const next = nextWord(doc, end)
  if (next === undefined || next.start > end + 1 || isUpperLetter(doc.text[next.start])) return false
  const w = foldPlain(slice(doc, next))
  return /^\p{L}+$/u.test(w) && !t.ownWords.has(w) && !GENERIC_BUSINESS_WORDS.has(w) && !TRADE_WORDS.has(w) && !BRAND_NOUNS.has(w) && !BUSINESS_NOUNS.has(w)
}

// Two-word regions ("New York", "North Carolina", "British Columbia") by their first word.
const REGION_AFTER = /^,[ \t]+(?:(?:New|North|South|West|Rhode|British|Nova|Prince)[ \t]+\p{Lu}\p{Ll}+|\p{Lu}\p{Ll}+|\p{Lu}{2})(?![\p{L}\p{N}])/u
const regionAfter = (doc: Doc, end: number): boolean => {
  const x = REGION_AFTER.exec(doc.text.slice(end, end + 24))
  if (x === null) return false
  const region = x[0].slice(1).trim()
  // A postal code only in capitals: "Marlow, TX", not "Marlow, Oh and…".
  return /\s/.test(region) || ((region.length > 2 || /^\p{Lu}{2}$/u.test(region)) && REGIONS.has(foldPlain(region)))
}

/** Whether the answer writes a capitalised word inside a sentence, as names are written (read once per answer). */
const writesCapitals = (doc: Doc): boolean => {
  let found = capitals.get(doc)
  if (found === undefined) capitals.set(doc, (found = MID_SENTENCE_CAPITAL.test(doc.text) || SENTENCES_CAPITALISED.test(doc.text) || OPENS_CAPITALISED.test(doc.text)))
  return found
}
// Version 16. A degree word before a lower-case name makes it an adjective, whatever noun follows ("a more agile tool").
const DEGREE_BEFORE = /(?<![\p{L}])(?:more|less|most|least|very|so|too|quite|really|rather|fairly|pretty)[ \t]+$/u
const MID_SENTENCE_CAPITAL = /[\p{Ll},;:][ \t]+\p{Lu}\p{Ll}/u
// Version 16. An answer that opens with a capital and opens a later sentence with one writes
// capitals too, though it names nothing else: a name in lower case in it is the word ("you can
// ramble through town").
const SENTENCES_CAPITALISED = /^[ \t*_#>-]*\p{Lu}[^]*?[\p{Ll}\p{N})][.!?][ \t]+\p{Lu}/u
// Version 18. So does an answer of one sentence, or a table, that opens with a capital ("Beans
// stored in burlap go stale", "| Part | Purpose |"): an answer written all in lower case opens in
// lower case too ("honestly, crumb is good").
const OPENS_CAPITALISED = /^[ \t*_#>|-]*\p{Lu}\p{Ll}/u
const capitals = new WeakMap<Doc, boolean>()

// "the cobble shop near you", "a pantry store in your area": a shop of that kind wherever the
// reader is, the word in lower case its kind, not a business's name.
const NEAR_THE_READER = /^[ \t]+[\p{L}-]+[ \t]+(?:near[ \t]+(?:you|your|where[ \t]+you)|nearby|closest[ \t]+to[ \t]+you|in[ \t]+your[ \t]+(?:area|town|city|neighbou?rhood))\b/iu

const businessNounAfter = (doc: Doc, end: number): boolean => {
  const next = nextWord(doc, end)
  if (next === undefined) return false
  const nw = foldPlain(slice(doc, next))
  return BRAND_NOUNS.has(nw) || GENERIC_BUSINESS_WORDS.has(nw) || TRADE_WORDS.has(nw)
}

/** Whether the answer uses a one-word name in lower case as an ordinary word somewhere (read once per answer and name). */
const usedAsWord = (doc: Doc, m: Matcher): boolean => {
  let seen = wordUses.get(doc)
  if (seen === undefined) wordUses.set(doc, (seen = new Map()))
  let used = seen.get(m)
  if (used === undefined) {
    used = false
    for (const hit of doc.folded.text.matchAll(m.regex)) {
      const fs = hit.index
      const fe = fs + hit[0].length
      if (isWordChar(doc.folded.text[fs - 1]) || isWordChar(doc.folded.text[fe])) continue
      const start = doc.folded.starts[fs]!
      const end = doc.folded.ends[fe - 1]!
      if (!/\p{Lu}/u.test(doc.text.slice(start, end)) && lowerCaseOrdinaryUse(doc, start, end)) {
        used = true
        break
      }
    }
    seen.set(m, used)
  }
  return used
}
const wordUses = new WeakMap<Doc, Map<Matcher, boolean>>()

/** Every word of the match after the first is capitalised, connectors aside. */
const ownCapitals = (doc: Doc, start: number, end: number): boolean =>
  tokensOf(doc.text.slice(start, end)).every((tk, k) => k === 0 || isUpperLetter(tk.text[0]) || NAME_CONNECTORS.has(tk.text.toLowerCase()) || !/\p{L}/u.test(tk.text[0]!))

// Two lower-case items before it ("poppies, cornflowers, yarrow"), or one before and a comma after
// its phrase ("shelving, yarrow wreaths, plants"); not "honestly, yarrow is good".
const LOWER_ITEM_BEFORE = /(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}'’-]*,[ \t]+$/u
const LOWER_ITEM_AFTER = /^(?:[ \t]+\p{Ll}[\p{Ll}'’-]*){0,2},/u
const LOWER_LIST_BEFORE = /(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}'’-]*,[ \t]+\p{Ll}[\p{Ll}'’-]*(?:,[ \t]+(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or)[ \t]+)$/u
// Not an aside: "Trellis, for example, sends reminders", "Crumb, however, is…".
const LOWER_LIST_AFTER = /^,[ \t]+(?!(?:for[ \t]+(?:example|instance)|in[ \t]+particular|in[ \t]+fact|of[ \t]+course|by[ \t]+contrast|however|though|too|say|notably|meanwhile|likewise|similarly|incidentally)[ \t]*,)\p{Ll}[\p{Ll}'’-]*(?:[ \t]+\p{Ll}[\p{Ll}'’-]*)?(?:,|[ \t]+(?:and|or)[ \t]+\p{Ll})/u

/** Whether `pos` opens a table cell. */
const PLACE_HEADERS = set(`area areas region regions town towns city cities neighborhood neighbourhood neighborhoods neighbourhoods district districts county counties state states suburb suburbs`)

/**
 * Whether the table cell at `pos` is in a column whose header names places. The header is the
 * first row of the table, looked for at most 40 lines up, so the work per match is bounded.
 */
const placeColumn = (doc: Doc, pos: number): boolean => {
  const line = lineAt(doc, pos)
  if (line.kind !== "row") return false
  const column = (doc.text.slice(line.start, pos).match(/\|/g) ?? []).length
  let first = line.start
  for (let k = 0; k < 40 && first > 0; k++) {
    const prev = lineAt(doc, first - 1)
    if (prev.kind !== "row") break
    first = prev.start
  }
  if (first === line.start) return false
  const header = lineAt(doc, first)
  const cell = doc.text.slice(header.start, header.end).split("|")[column]
  return cell !== undefined && PLACE_HEADERS.has(foldPlain(cell).replace(/[^\p{L}]/gu, ""))
}

const cellStart = (doc: Doc, pos: number): boolean => {
  let j = pos - 1
  while (j >= 0 && (doc.text[j] === " " || doc.text[j] === "\t" || doc.text[j] === "*" || doc.text[j] === "_")) j--
  return doc.text[j] === "|"
}

/** Words that open a noun phrase: "a thimble", "the old buckle", "your thimble". */
const DETERMINERS = set(`a an the this that these those no any some every each your my our their his her its another`)
/** Particles that make a phrasal verb of the word before: "buckle up", "zip up", "buckle down". */
const VERB_PARTICLES = set(`up down out off away`)
/** Words that cannot modify a noun, so the walk back to a determiner stops at them. */
const NOT_MODIFIERS = set(`
  called named like as such including include includes vs versus than try use using choose
  consider recommend visit at to from in on of with for by and or but is are was were be been
  being call check see near about into onto via than then also
`)

/**
 * A capitalised name written all in lower case ("crumb", "thimble", "pine walk") is read as the
 * brand ("honestly, crumb is good") unless it is used as an ordinary word: the head of a noun
 * phrase opened by a determiner, with at most two modifiers between ("a worn, leather thimble",
 * "a tiny thimble", "the morning pine walk club") or after a preposition ("with potted
 * juniper"), or a verb with its particle ("buckle up
 * before driving"). A brand or trade noun right after it ("the crumb app", "the crumb bakery")
 * keeps it.
 */
const lowerCaseOrdinaryUse = (doc: Doc, start: number, end: number): boolean => {
  const next = nextWord(doc, end)
  if (next !== undefined) {
    const nw = foldPlain(slice(doc, next))
    if (BRAND_NOUNS.has(nw) || GENERIC_BUSINESS_WORDS.has(nw)) return false
    if (VERB_PARTICLES.has(nw)) return true
  }
  let pos = start
  for (let k = 0; k < 3; k++) {
    // Spaces, and between modifiers one comma: "an open, glossy crumb".
    let j = pos
    while (j > 0 && (doc.text[j - 1] === " " || doc.text[j - 1] === "\t")) j--
    if (k > 0 && doc.text[j - 1] === ",") j--
    if (j === pos) return false
    const wordEnd = j
    // A hyphenated modifier is one word: "camping-style lantern".
    while (j > 0 && (isWordChar(doc.text[j - 1]) || (doc.text[j - 1] === "-" && isWordChar(doc.text[j - 2])))) j--
    if (j === wordEnd) return false
    const w = foldPlain(doc.text.slice(j, wordEnd))
    if (DETERMINERS.has(w)) return true
    // A predicate after a copula, ending its clause: "if business is brisk, pick…".
    if (k === 0 && COPULAS.has(w) && /^[ \t]*(?:[,.;:!?)]|$|(?:and|but|or|so)\b)/.test(doc.text.slice(end, end + 8))) return true
    // A verb after a modal, or after "to" with its object: "everyone can roost", "to tally
    // outstanding invoices" (not "switched to thimble last year").
    if (k === 0 && (MODALS.has(w) || (w === "to" && objectAfter(doc, end)))) return true
    // After a negated auxiliary, or "to" after a word that takes an infinitive, it is a verb:
    // "I can't fathom paying that", "hard to fathom at first".
    if (k === 0 && (NEGATED_AUXILIARY.test(doc.text.slice(Math.max(0, j - 8), wordEnd)) || (w === "to" && infinitiveBefore(doc, j)))) return true
    // A lower-case modifier right before it, after a preposition or verb, makes it a noun
    // phrase without a determiner too ("with potted juniper", "keep a battery lantern"); so
    // does one opening the sentence ("Camping-style lantern light…").
    if (NOT_MODIFIERS.has(w)) return k > 0
    if (isUpperLetter(doc.text[j])) return isSentenceInitial(doc, j) && !/ly$/.test(w) && !SENTENCE_OPENERS.has(w) && differentOpener(w)
    pos = j
  }
  return false
}

const COPULAS = set(`is are was were be been being seems seemed looks looked feels felt`)
const NEGATED_AUXILIARY = /(?<![\p{L}])(?:(?:ca|could|wo|would|should|must|do|does|did)n['’]t|cannot)$/iu
/** Words after which "to" opens an infinitive: "hard to", "easy to", "want to". */
const INFINITIVE_TAKERS = set(`hard easy difficult impossible tough tricky simple able unable want wants wanted need needs needed try tries tried trying how`)
const infinitiveBefore = (doc: Doc, toStart: number): boolean => {
  const prev = previousWord(doc, toStart)
  return prev !== undefined && INFINITIVE_TAKERS.has(foldPlain(slice(doc, prev)))
}
const MODALS = set(`can could will would should shall may might must`)

/** A lower-case word after `end` that can be a verb's object: not a preposition, conjunction or time word. */
const objectAfter = (doc: Doc, end: number): boolean => {
  const next = nextWord(doc, end)
  if (next === undefined || isUpperLetter(doc.text[next.start])) return false
  const w = foldPlain(slice(doc, next))
  return !NOT_MODIFIERS.has(w) && !TEMPORAL_CUES.has(w) && !/^(?:because|since|when|if|so|now|today|yesterday|instead|too|as|all)$/.test(w)
}

/**
 * Suffixes that, hyphenated to a name, describe something by the brand rather than form a new
 * name: "Notion-like wikis", "Slack-like chat", "Stripe-powered checkout".
 */
const DESCRIPTIVE_SUFFIXES = set(`
  style like esque ish inspired based powered compatible friendly integrated native certified
  approved backed owned branded made built designed hosted supported run led operated taught
  sponsored curated
`)

const descriptiveSuffixAt = (folded: string, at: number): boolean => {
  let e = at
  while (e < folded.length && e - at < 16 && isWordChar(folded[e])) e++
  if (isWordChar(folded[e]) || (folded[e] === "-" && isWordChar(folded[e + 1]))) return false
  return DESCRIPTIVE_SUFFIXES.has(folded.slice(at, e))
}

/**
 * The capitalised word right before a name that is the entity's own site name, its maker:
 * "Northbeam Pine Floor Lamp" for a lamp sold on northbeam.example. It is not a different,
 * longer name, and the name read with it is still the entity's.
 */
const makerBefore = (doc: Doc, t: CompiledTarget, start: number): Span | undefined => {
  if (t.makers.size === 0) return undefined
  const prev = previousWord(doc, start)
  if (prev === undefined || !isUpperLetter(doc.text[prev.start])) return undefined
  return t.makers.has(foldPlain(stripPossessive(slice(doc, prev)))) ? prev : undefined
}

/**
 * A capitalised word after the name that continues it into a longer name: one that is not a
 * common, generic or trade word ("Crumb Zeta"), or any capitalised word followed by another
 * ("Kin Kitchen Noodle Bar", "Bolt Electrical Supply"). A trade word alone ends it ("Brisk
 * Invoicing, a…").
 */
const OWNER_TITLE_BEFORE = /(?<![\p{L}\p{N}])(?:Dr\.?|Doctor)[ \t]+(?:\p{Lu}[\p{L}'’-]{1,20}[ \t]+)?$/u

// Since version 15 also the "and" of a firm's name in other languages: "Pereira Contabilidade e Auditoria", "Roux et Fils".
const AMPERSAND_NAME = /^[ \t]+(?:&|e|et|und|y|en)[ \t]+\p{Lu}/u
const LONGER_OF_AFTER = /^(?:[ \t]+(\p{Lu}[\p{L}'’-]*))?[ \t]+(?:for|of)[ \t]+(?:the[ \t]+)?\p{Lu}/u
const longerOfAfter = (doc: Doc, m: Matcher, end: number): boolean => {
  const x = LONGER_OF_AFTER.exec(doc.text.slice(end, end + 48))
  if (x === null) return false
  const w = x[1] === undefined ? m.words[m.words.length - 1]! : foldPlain(x[1])
  return TRADE_WORDS.has(w) || GENERIC_BUSINESS_WORDS.has(w)
}
const FULL_LONGER_OF_AFTER = /^[ \t]+(?:for|of)[ \t]+(?:the[ \t]+)?\p{Lu}\p{Ll}/u
const fullLongerOfAfter = (doc: Doc, m: Matcher, end: number): boolean =>
  TRADE_WORDS.has(m.words[m.words.length - 1]!) && FULL_LONGER_OF_AFTER.test(doc.text.slice(end, end + 24))
const placeAfter = (doc: Doc, t: CompiledTarget, next: Span): boolean => {
  if (!isUpperLetter(doc.text[next.start])) return false
  const w = foldPlain(slice(doc, next))
  return (GEO_NOUNS.has(w) || PLACE_SUFFIXES.has(w)) && !t.ownWords.has(w)
}

/** A word after "&" that makes another name: not the entity's own, nor a legal form ("& Co."). */
const otherAfterAmpersand = (t: CompiledTarget, w: string): boolean => !t.ownWords.has(w) && !LEGAL_FORMS.has(w) && w !== "sons"

/** The word after "&" at `end` (`AMPERSAND_NAME` holds there). */
const ampersandWord = (doc: Doc, end: number): string => {
  const amp = /^[ \t]+(?:&|\p{L}+)/u.exec(doc.text.slice(end, end + 8))
  const next = nextWord(doc, end + (amp?.[0].length ?? 0))
  return next === undefined ? "" : slice(doc, next)
}
const MAKER_TAIL = /\s(?:from|by)\s+[\p{L}\p{N}'’-]+$/u

/** "Astrid Halvorsen, an immigration attorney", "… Halvorsen. She's a Minneapolis attorney". */
const PROFESSION_AFTER = new RegExp(
  String.raw`^(?:[ \t]*,[ \t]*|[^.!?\n]{0,60}?[.!?;:—][ \t]*(?:she's|he's|she\s+is|he\s+is)[ \t]+)(?:a|an|the)[ \t]+(?:[\w'’-]+[ \t]+){0,4}?(?:attorney|lawyer|dentist|doctor|physician|pediatrician|orthodontist|therapist|counselor|counsellor|psychologist|accountant|bookkeeper|architect|engineer|designer|realtor|stylist|trainer|chiropractor|veterinarian|optometrist|photographer|contractor|electrician|plumber|roofer|planner|advisor|consultant|tutor|coach|audiologist|hygienist|surgeon|nurse|midwife|pharmacist|agent|broker|notary|mechanic|groomer|baker|chef|tailor|carpenter|mason|locksmith|painter|florist|barber|jeweller|jeweler|translator)s?\b`,
  "iu",
)

/**
 * A generic word of a business's kind right before the name is part of it: "Hotel Wexley" for
 * "The Wexley", "Salon Margaux"; not one of another kind than the entity's own.
 */
const genericBefore = (t: CompiledTarget, prev: Span, doc: Doc): boolean => {
  const w = foldPlain(slice(doc, prev))
  return GENERIC_BUSINESS_WORDS.has(w) && !CORPORATE_SUFFIXES.has(w) && !LEGAL_FORMS.has(w) && !otherKind(t, w) && !otherLeadingWord(t, w)
}

/**
 * A business named by a generic word and its distinctive word ("Studio Odile") is not another
 * generic word with it: "Café Odile" is a different business.
 */
const otherLeadingWord = (t: CompiledTarget, w: string): boolean => t.leadingWords.size > 0 && !t.ownWords.has(w)

const OWNED_AFTER = /^[ \t]+(?:[\p{Ll}-]+[ \t]+)?(?:firm|crew|practice|team|studio|shop|workshop|office|company|business|clinic|outfit|agency|atelier|salon|kitchen|surgery)\b/u
const GIVEN_NAME_BEFORE = /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}{1,15}[ \t]+$/u

/**
 * Whether [start, end) lies inside one bold or linked phrase: a binary search over the phrases
 * sorted by start, each with the furthest end reached so far (built once per answer), so that
 * thousands of matches against thousands of phrases stay linear.
 */
const insideEmphasis = (doc: Doc, start: number, end: number): boolean => {
  let reach = emphasisReach.get(doc)
  if (reach === undefined) {
    const sorted = [...doc.emphasis].sort((a, b) => a.start - b.start)
    let furthest = -1
    reach = sorted.map((e) => ({ start: e.start, end: (furthest = Math.max(furthest, e.end)) }))
    emphasisReach.set(doc, reach)
  }
  let lo = 0
  let hi = reach.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (reach[mid]!.start <= start) (found = mid), (lo = mid + 1)
    else hi = mid - 1
  }
  return found !== -1 && reach[found]!.end >= end
}
const emphasisReach = new WeakMap<Doc, ReadonlyArray<Span>>()

const otherTradeAfter = (doc: Doc, t: CompiledTarget, m: Matcher, next: Span): boolean => {
  if (!isUpperLetter(doc.text[next.start])) return false
  const w = foldPlain(stripPossessive(slice(doc, next)))
  // Any capitalised word: "Pacific Crest Trail" is not "Pacific Crest Orthodontics" either.
  // A generic word of a business's kind ("Wexley Hotel") is still the entity; a firm's word
  // ("Group", "Holdings") makes another firm. Since version 15 a word sharing the stem of one of
  // the entity's own is the entity's after a head ("Marlow Tailors" for "Marlow Tailoring").
  if (t.ownWords.has(w) || LEGAL_FORMS.has(w) || (m.strict && ownWord(t, slice(doc, next)))) return false
  // A short form that dropped the entity's own trade word, followed by another trade word, is
  // another business: "Sorrel & Thyme Bistro" is not "Sorrel & Thyme Catering".
  // A word of the entity's own kind is still the entity ("Casa Alta Hotel" for "Casa Alta Inn").
  if (t.ownTrade && !m.words.some((x) => TRADE_WORDS.has(x))) {
    const kind = TRADE_KINDS.get(w)
    if (kind !== undefined ? !t.ownKinds.has(kind) : TRADE_WORDS.has(w) && !GENERIC_BUSINESS_WORDS.has(w)) return true
  }
  if (!GENERIC_BUSINESS_WORDS.has(w) || CORPORATE_SUFFIXES.has(w)) return true
  return otherKind(t, w)
}

/** A trade of another kind than the entity's own: "Quinta Verde Cantina" for an inn. */
const otherKind = (t: CompiledTarget, w: string): boolean => {
  const kind = TRADE_KINDS.get(w)
  return kind !== undefined && t.ownKinds.size > 0 && !t.ownKinds.has(kind)
}

/**
 * The full name followed by a capitalised trade word of another kind ("Harbor Grill Inn" for a
 * restaurant), or, when the name ends in a trade word of its own, by another trade word that is
 * no generic word of a business ("Hartwell Plumbing Supply" for a plumber).
 */
const otherKindAfter = (doc: Doc, t: CompiledTarget, m: Matcher, next: Span): boolean => {
  if (!isUpperLetter(doc.text[next.start])) return false
  const w = foldPlain(stripPossessive(slice(doc, next)))
  if (t.ownWords.has(w) || LEGAL_FORMS.has(w)) return false
  if (otherKind(t, w) || FIRM_WORDS.has(w)) return true
  return TRADE_WORDS.has(m.words[m.words.length - 1]!) && TRADE_WORDS.has(w) && !GENERIC_BUSINESS_WORDS.has(w)
}

const DESCRIBED_AS_ONE = /^(?:[ \t]+(?:in|at|on)[ \t]+(?:the[ \t]+)?\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,2})?(?:[ \t]*,[ \t]*|[ \t]+(?:is|was)[ \t]+)(?:a|an)[ \t]/u
const describedLongerName = (doc: Doc, t: CompiledTarget, next: Span): boolean => {
  if (!isUpperLetter(doc.text[next.start])) return false
  const w = foldPlain(slice(doc, next))
  if (t.ownWords.has(w) || LEGAL_FORMS.has(w) || GENERIC_BUSINESS_WORDS.has(w) || TRADE_WORDS.has(w) || BRAND_NOUNS.has(w)) return false
  return DESCRIBED_AS_ONE.test(doc.text.slice(next.end, next.end + 80))
}

const longerNameAfter = (doc: Doc, next: Span): boolean => {
  if (!isUpperLetter(doc.text[next.start])) return false
  // "Lindqvist Immigration Law PC": a legal form ends the name.
  if (LEGAL_FORMS.has(foldPlain(slice(doc, next)))) return false
  const then = nextWord(doc, next.end)
  if (then !== undefined && isUpperLetter(doc.text[then.start])) return true
  // "Wexley Grill & Tap"
  if (AMPERSAND_NAME.test(doc.text.slice(next.end, next.end + 8))) return true
  return differentName(doc, next) && !TRADE_WORDS.has(foldPlain(stripPossessive(slice(doc, next))))
}

/**
 * A capitalised word before the name that makes it part of a longer name ("Sweet Crumb Cafe",
 * "Upper Ledge Climbing"): any capitalised word inside a sentence, and at its start one that is
 * not a word routinely opening a sentence ("Try", "Visit", "Unsurprisingly"). A possessive
 * before it ("Nashville's Crumb") does not, nor "The".
 */
const longerNameBefore = (doc: Doc, prev: Span): boolean => {
  const raw = slice(doc, prev)
  // "Try The Wexley on Dauphine": an article written with the venue's name is no longer name.
  if (/['’]s$/i.test(raw) || !isUpperLetter(raw[0]) || raw === "The") return false
  if (!isSentenceInitial(doc, prev.start)) return true
  const w = foldPlain(raw)
  return !SENTENCE_OPENERS.has(w) && !NOT_MODIFIERS.has(w) && !/ly$/.test(w) && differentOpener(w)
}

/**
 * Sentence-initial words that are not part of a name: pronouns, possessives ("Our M7 from…") and
 * common adverbs; since version 14 also a negation or a verb of trying that opens a verdict ("Not
 * X: they lost our order", "Never X again", "Tried X for a season").
 */
const differentOpener = (w: string): boolean => !/^(?:then|so|yes|no|overall|personally|honestly|also|ultimately|otherwise|finally|lastly|first|second|third|next|plus|maybe|perhaps|definitely|still|however|instead|here|there|i|we|you|avoid|skip|pick|hire|go|start|stay|our|my|your|their|his|her|not|never|tried|forget|except)$/.test(w)

const differentName = (doc: Doc, word: Span): boolean => {
  const raw = slice(doc, word)
  if (!isUpperLetter(raw[0])) return false
  const w = foldPlain(stripPossessive(raw))
  return !isCommonWord(w) && !GENERIC_BUSINESS_WORDS.has(w) && !TRADE_WORDS.has(w)
}

/**
 * Ordinary-word names ("Monday", "Notion", "Square", "Target", "Apple", "Best Buy"):
 * - written lower-case it is the ordinary word and never counts ("monday", "apple pie");
 * - written capitalised it counts with a cue: bold or linked exactly; the lead of a list item
 *   or heading exactly ("1. **Monday** — …", "- Notion: …") unless what follows reads like
 *   opening hours ("- Monday: 9am–5pm", "**Monday:** closed"); a brand noun right after
 *   ("Notion app", "Monday's pricing", "the Square platform"); a corporate suffix ("Target
 *   Corporation"); an option cue right before ("tools like Monday", "try Notion"); an
 *   enumeration with another, non-ordinary capitalised name ("Asana, Trello and Monday"); or
 *   the target's domain or URL matched anywhere in the answer or its citations;
 * - a table row's first cell is a lead like a list item's ("| Monday | dashboards | $9 |");
 * - at the start of a sentence, a plural noun after the name is no brand cue: the name may be an
 *   imperative verb with its object ("Target users who churned with a win-back email");
 * - without a cue, a capitalised mid-sentence mention counts for words that are lower-case in
 *   their ordinary sense (a capital letter inside a sentence marks a proper noun: "shop at
 *   Target"), unless it starts the sentence or item, sits in a heading, or stands next to
 *   another capitalised word (title case: "Target Market", "Big Apple"); a name of several
 *   words written in its own title case also counts at the start of a sentence ("Golden Maple
 *   Realty handles…": only the first capital is the sentence's), unless a capitalised word or a
 *   colon follows (a title or a label);
 * - the entity's maker's name right before it is read as part of it ("**Northbeam Pine Lamp**");
 * - calendar and other always-capitalised words (weekdays, months, "Amazon") never count
 *   without a cue, and not at all after a temporal word ("on Monday", "by Monday", "open
 *   Monday"); the domain cue applies to them only mid-sentence.
 */
const ordinaryVerdict = (
  doc: Doc,
  t: CompiledTarget,
  domainSeen: boolean,
  m: Matcher,
  nameStart: number,
  end: number,
  possessive: boolean,
): Verdict => {
  if (!isUpperLetter(doc.text[nameStart])) return "reject"
  // Read together with its maker's name: "**Northbeam Pine Floor Lamp**".
  const start = makerBefore(doc, t, nameStart)?.start ?? nameStart
  const line = lineAt(doc, start)
  const initial = isSentenceInitial(doc, start)
  const prev = previousWord(doc, start)
  const prevWord = prev === undefined ? "" : foldPlain(slice(doc, prev))
  if (m.calendar && TEMPORAL_CUES.has(prevWord)) return "reject"

  const afterName = possessive ? end + 2 : end
  const rest = doc.text.slice(afterName, line.end)
  const scheduleTail = /^[\s*_:|—–-]*(?:\d|closed\b|open\b|noon\b|midnight\b|by appointment)/i.test(rest)

  const exactEmphasis = (doc.emphasisEnds.get(start) ?? []).some((e) => e === end || e === afterName)
  const exactLead = line.lead !== undefined && line.lead.start === start && (line.lead.end === end || line.lead.end === afterName)
  if ((exactEmphasis || exactLead) && !scheduleTail) return "accept"

  const next = nextWord(doc, afterName)
  if (next !== undefined) {
    const nw = foldPlain(slice(doc, next))
    // At the start of a sentence the name may be an imperative verb and a plural noun its object
    // ("Target users who…", "Square corners…"), so only a singular brand noun or a
    // possessive is a cue there ("Notion app…", "Square's customers…").
    const verbObject = initial && !possessive && /s$/.test(nw) && !SINGULAR_IN_S.has(nw)
    if ((BRAND_NOUNS.has(nw) || TRADE_WORDS.has(nw)) && !verbObject) return "accept"
    if (CORPORATE_SUFFIXES.has(nw) && isUpperLetter(doc.text[next.start])) return "accept"
  }
  const before = foldPlain(doc.text.slice(Math.max(line.start, start - 24), start))
    .replace(/[^\p{L}\p{N}.\s]/gu, " ")
    .trim()
    .replace(/\.$/, "")
  if (OPTION_CUES.some((c) => before === c || before.endsWith(` ${c}`))) return "accept"
  if (inEnumeration(doc, start, afterName, line)) return "accept"
  if (!m.calendar && describedAsFirm(doc, afterName)) return "accept"
  // Version 17. The subject of a verb of trade ("Velvet sells percale") is the firm.
  if (!m.calendar && !possessive && firmVerbAt(doc, end)) return "accept"
  if (domainSeen && !(m.calendar && initial)) return "accept"

  if (m.calendar) return "reject"
  const nextCap = next !== undefined && isUpperLetter(doc.text[next.start])
  if (line.kind === "heading") return "reject"
  // A name of several words written in its own title case starts a sentence as a proper noun:
  // only the first capital is the sentence's ("Golden Maple Realty handles rentals…"); not
  // when more capitalised words follow (a title) or a colon (a label).
  if (initial && titleCased(doc, nameStart, end) && !nextCap && !/^[\s*_]*:/.test(rest)) return "accept"
  if (initial) return "reject"
  // A capitalised word before it makes a title-case phrase ("Times Square", "Big Apple"), also at
  // the start of a sentence, unless it is a word that routinely opens one ("At Target", "Try Notion").
  const prevCap =
    prev !== undefined && isUpperLetter(doc.text[prev.start]) && !(isSentenceInitial(doc, prev.start) && SENTENCE_OPENERS.has(prevWord))
  if (prevCap || nextCap) return "reject"
  return "accept"
}

/** At least two words, each capitalised except connectors: "Golden Maple Realty", "Bank of Maple". */
const titleCased = (doc: Doc, start: number, end: number): boolean => {
  const toks = tokensOf(doc.text.slice(start, end)).map((tk) => tk.text)
  const caps = toks.filter((tk) => isUpperLetter(tk[0])).length
  return caps >= 2 && toks.every((tk) => isUpperLetter(tk[0]) || NAME_CONNECTORS.has(tk.toLowerCase()))
}

const ENUM_AFTER = /^(?:,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&|vs\.?|versus)[ \t]+)([\p{L}\p{N}]+)/u
const ENUM_BEFORE = /([\p{L}\p{N}]+)(?:['’]s)?(?:,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&|vs\.?|versus)[ \t]+)$/u

const brandLikeWord = (w: string | undefined): boolean =>
  w !== undefined && isUpperLetter(w[0]) && !isCommonWord(foldPlain(w))

const inEnumeration = (doc: Doc, start: number, end: number, line: Line): boolean => {
  const after = ENUM_AFTER.exec(doc.text.slice(end, Math.min(line.end, end + 40)))
  if (after !== null && brandLikeWord(after[1])) return true
  const before = ENUM_BEFORE.exec(doc.text.slice(Math.max(line.start, start - 40), start))
  return before !== null && brandLikeWord(before[1])
}
