/**
 * What one blog post can say, drawn from an entity's facts for one prompt: the offering the
 * prompt is about, the site's own sentences on that subject (page text, descriptions, the site's
 * FAQ), and the practical facts (price, page, place, hours, contact). Nothing here is invented:
 * every phrase is a fact as crawled or a fixed connective around it.
 */
import { countPrices } from "../domain/money.ts"
import { escapeRegExp } from "../domain/regex.ts"
import type { SiteFacts } from "../domain/site-events.ts"
import { oneLine } from "./html.ts"
import { addressLine, pricePhrase, quotesRow } from "./llms-txt.ts"
import type { OfferingInput } from "./site-input.ts"
import { displayHost, externalUrl, inProse, sentencesOf } from "./text.ts"
import { writesEnglish } from "../domain/site-language.ts"

/**
 * The optional facts a deployment may carry (newer crawls; older deployments lack them): only
 * the parts posts read.
 */
interface ExtraFacts {
  readonly hours?: ReadonlyArray<{ readonly text: string }>
  readonly ownFaq?: ReadonlyArray<{ readonly question: string; readonly answer: string; readonly url: string }>
}

const STOP = new Set(
  `the and for with what which who where when why how are was were can could should would does did you your our they their
  this that these those there here from into about near nearby best good great top most more any some all one get find need
  want looking recommend options option choose list like use offer offers service services place places local today
  cheap affordable popular open worth really much many also just than then them its it's has have had will not`
    .split(/\s+/)
    .filter((w) => w !== "")
)

/** Lower-case words of a text, diacritics folded, a plural `s` dropped. */
export const words = (text: string): ReadonlyArray<string> =>
  oneLine(text)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "")
    .map((w) => (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w) ? w.slice(0, -1) : w))

/** The content words of a text (no stop words, 3 letters or more). */
export const contentWords = (text: string): ReadonlySet<string> => new Set(words(text).filter((w) => w.length >= 3 && !STOP.has(w)))

const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  let n = 0
  for (const w of a) if (b.has(w)) n++
  return n
}

export const present = (s: string | null | undefined): string | null => (s === null || s === undefined || oneLine(s) === "" ? null : oneLine(s))

export const nameOf = (f: SiteFacts): string => present(f.name) ?? present(f.businessName) ?? "This business"

/** Who sells what the site lists and where to find them: a product's maker, not the product. */
export const sellerOf = (f: SiteFacts): string => (f.kind === "product" ? present(f.businessName) ?? nameOf(f) : nameOf(f))

export const hostOf = (f: SiteFacts): string => displayHost(f.sourceUrl)

export const upperFirst = (s: string): string => (s === "" ? s : s[0]!.toUpperCase() + s.slice(1))

/** An offering's name inside a sentence: `Butter croissant` → `butter croissant`; `Acme Pro` stays. */
export const nounOf = (name: string): string => inProse(oneLine(name))

const english = new WeakMap<SiteFacts, boolean>()
const shownNames = new WeakMap<SiteFacts, Map<string, string>>()

/** Whether the crawled site writes in English; kept per facts, as every page's text is read. */
export const siteInEnglish = (f: SiteFacts): boolean => {
  let en = english.get(f)
  if (en === undefined) english.set(f, (en = writesEnglish(f.pages.map((p) => p.text))))
  return en
}

/**
 * An offering's name inside a sentence of a post on this site: lowered as `nounOf` lowers it on a
 * site written in English, kept as the site writes it on one in another language ("Kinotag",
 * "Normal": a German noun keeps its capital). Kept per facts and name: a month of posts asks again
 * for the same few names, and the answer reads every page.
 */
export const nounIn = (f: SiteFacts, name: string): string => {
  if (siteInEnglish(f)) return nounOf(name)
  let shown = shownNames.get(f)
  if (shown === undefined) shownNames.set(f, (shown = new Map()))
  let out = shown.get(name)
  if (out === undefined) shown.set(name, (out = asWrittenInSentences(f, name)))
  return out
}

// A heading's capital is the heading's ("Mandat de protection"): inside a sentence the name is
// written as the site writes it there ("le mandat de protection"); a German noun keeps its capital.
const asWrittenInSentences = (f: SiteFacts, name: string): string => {
  const shown = oneLine(name)
  const lowered = shown.charAt(0).toLowerCase() + shown.slice(1)
  if (lowered === shown) return shown
  const inSentence = new RegExp(String.raw`(?:\p{Ll}[,;:]?\s+|\p{L}['’])${escapeRegExp(lowered)}(?![\p{L}\p{N}])`, "u")
  return f.pages.some((p) => inSentence.test(p.text)) ? lowered : shown
}

/** `Bakery` → `bakery`; `IT consulting` stays. */
export const lowerFirst = (s: string): string => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s)

/** A prompt as a question: one line, capitalised, a `?` added when it has no end mark. */
export const questionOf = (prompt: string): string => {
  const q = upperFirst(oneLine(prompt))
  return q === "" || /[?.!]$/.test(q) ? q : `${q}?`
}

export const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`

/** A stable small hash (FNV-1a), so choices depend on the prompt, not on call order. */
export const hash = (s: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** A sentence of the site's own words, with where it was read. */
export interface SourceSentence {
  readonly text: string
  readonly url: string
  readonly pageTitle: string
}

const CLOCK_TIME = /\b\d{1,2}(?:[:.]\d{2}\s?(?:[ap]\.?m\.?)?|\s?[ap]\.?m\.?)(?![\p{L}\d])/giu

/**
 * A card's list of names with a full stop ("Plain, almond, and ham & gruyère."): three or more
 * parts between commas, none longer than three words, says nothing out of its card.
 */
const bareList = (s: string): boolean => {
  const parts = s.replace(/[.!]$/, "").split(/\s*,\s*/).map((p) => p.replace(/^(?:and|or|&)\s+/i, ""))
  return parts.length >= 3 && parts.every((p) => p.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length <= 3)
}

/**
 * Sentences a reader can use out of context: 6 to 40 words, starting with a capital or a digit,
 * no cookie or navigation boilerplate, each once.
 */
export const usable = (s: string): boolean => {
  // Words, not signs: "ham & gruyère" is two.
  const n = s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
  // A question states nothing (the site's FAQ reaches posts with its answers, through siteFaq), and
  // an answer that opens with its yes or no ("No, we teach Pilates only") needs its question.
  // Three prices or more are a price list run together, not a sentence; three clock times or more
  // an hours list ("Monday to Friday 8:30am–5pm Saturday 9am–12:30pm Sunday … closed Free parking …").
  return n >= 6 && n <= 40 && !bareList(s) && countPrices(s) < 3 && (s.match(CLOCK_TIME) ?? []).length < 3 && /^[\p{Lu}\p{N}“"]/u.test(s) && !/\?["”]?$/.test(s) &&
    !/^(?:yes|no|not really|not yet|sure|of course|absolutely)\b\s*[,.:;!–-]/i.test(s) && !/cookie|javascript|©|all rights reserved|subscribe|newsletter|privacy/i.test(s) &&
    // Navigation and housekeeping read as sentences but say nothing about the business; a
    // breadcrumb ("Home › Menu › Shio Ramen") runs into the sentence after it.
    !/\b(?:this page|canonical|learn more|read more|click|download)\b|(?:^|\s)\/[\w-]|[·•|›»]|\s>\s/i.test(s)
}

const JOBS_PAGE = /career|\bjobs?\b|vacanc|hiring|join-(?:our|the)-team|\bstellen|karriere|empleo|trabaja-con|emplois?\b|carri[eè]re/i

/** Every usable sentence of the site, in page order: descriptions first, then page text. */
export const siteSentences = (f: SiteFacts): ReadonlyArray<SourceSentence> => {
  const seen = new Set<string>()
  const out: Array<SourceSentence> = []
  // A sentence holding the street is the contact block run together ("Lakeside Family Dental 2210
  // Atwood Avenue, Suite 3 Madison, WI 53704 Tel."): a post gives the address from the facts.
  const street = (f.address?.street ?? "").trim().toLowerCase()
  const add = (text: string, url: string, pageTitle: string, headings: ReadonlyArray<string> = []) => {
    for (const whole of sentencesOf(text)) {
      // A heading run into its section's first sentence (`Teeth whitening In-office whitening ...`) is cut
      // off, and so are several in a row (a list of values, each a heading: `Honesty Comfort Each February …`).
      // A heading inside one (` Giving back Each February …`) starts its section's sentence: what comes
      // before it is the last section's list items, run together without a stop.
      let s = whole
      for (let cut = 0; cut < 8; cut++) {
        const at = headings
          .map((h) => ({ h, i: s.startsWith(`${h} `) ? 0 : s.includes(` ${h} `) ? s.indexOf(` ${h} `) + 1 : -1 }))
          .find(({ h, i }) => i >= 0 && /^[\p{Lu}\p{N}“"]/u.test(s.slice(i + h.length + 1)))
        if (at === undefined) break
        s = s.slice(at.i + at.h.length + 1)
      }
      const key = s.toLowerCase()
      if (!usable(s) || seen.has(key) || (street !== "" && key.includes(street))) continue
      seen.add(key)
      out.push({ text: s, url, pageTitle })
    }
  }
  for (const o of f.offerings) if (descriptionOf(o) !== null) add(descriptionOf(o)!, o.url ?? f.sourceUrl, o.name)
  // A job advert ("Full-time, company van, EPA 608 required.") says nothing to a customer.
  const pages = f.pages.filter((p) => !JOBS_PAGE.test(`${p.url} ${p.title}`))
  for (const p of pages) add(p.description, p.url, p.title)
  for (const p of pages) {
    // Page text opens with its headings run into the first sentence: they are cut off.
    const headings = [...p.headings, p.title].map(oneLine).filter((h) => h !== "").sort((a, b) => b.length - a.length)
    for (const para of p.text.split(/\n+/)) {
      let text = oneLine(para)
      for (const h of headings) if (text.startsWith(`${h} `)) text = text.slice(h.length + 1)
      add(text, p.url, p.title, headings)
    }
  }
  return out
}

const sentencesOfFacts = new WeakMap<SiteFacts, ReadonlyArray<SourceSentence>>()

/**
 * A sentence of the site that names an offering without being its description ("We also make a
 * rich tonkotsu, a vegan shoyu and tsukemen"): what the site says of an offering it lists with
 * nothing else. Null when no usable sentence names it.
 */
export const mentionOf = (f: SiteFacts, o: OfferingInput): SourceSentence | null => {
  let all = sentencesOfFacts.get(f)
  if (all === undefined) sentencesOfFacts.set(f, (all = siteSentences(f)))
  const name = oneLine(o.name)
  if (name.length < 3) return null
  const named = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "iu")
  const own = descriptionOf(o)
  return all.find((s) => named.test(s.text) && s.text !== own) ?? null
}

export interface FaqPair {
  readonly question: string
  readonly answer: string
  readonly url: string
}

/** The site's own FAQ, when the facts carry it. */
export const siteFaq = (f: SiteFacts): ReadonlyArray<FaqPair> =>
  ((f as SiteFacts & ExtraFacts).ownFaq ?? []).filter((q) => present(q.question) !== null && present(q.answer) !== null)

/** Opening hours as the site states them, when the facts carry them. */
export const hoursOf = (f: SiteFacts): ReadonlyArray<string> =>
  ((f as SiteFacts & ExtraFacts).hours ?? []).map((h) => oneLine(h.text)).filter((h) => h !== "")

/** What one post is about: the prompt and the facts that bear on it, most relevant first. */
export interface PostSubject {
  readonly prompt: string
  readonly facts: SiteFacts
  readonly name: string
  /** The offering the prompt names, if any. */
  readonly offering: OfferingInput | null
  /** The phrase the post is about: the offering, else the category, else the name. */
  readonly focus: string
  readonly place: string | null
  /** The site's sentences on the subject first (by shared words), then the rest in a stable order. */
  readonly sentences: ReadonlyArray<SourceSentence>
  /** How many of `sentences` share a word with the prompt (they come first). */
  readonly relevant: number
  readonly faq: ReadonlyArray<FaqPair>
  readonly hours: ReadonlyArray<string>
}

/**
 * The offerings a prompt names, best first: most shared content words, the entity's own name and
 * category not counting, and only those whose head word (the thing it is) the prompt has, even when the
 * entity's name has it too: at Fretwork Guitars a prompt about bass guitars names the bass
 * guitars, not the bass amps, and one about butter cookies names no butter croissant.
 */
export const offeringsNamed = (f: SiteFacts, prompt: string): ReadonlyArray<OfferingInput> => {
  // Nor does the category: at an ice cream shop, "ice cream shops open on Friday" names no flavour.
  const own = contentWords(`${f.name} ${f.businessName} ${f.category ?? ""}`)
  const all = contentWords(prompt)
  const asked = new Set([...all].filter((w) => !own.has(w)))
  return f.offerings
    .map((o, i) => {
      const name = contentWords(o.name)
      // A prompt saying the whole name ("olive oil soap") is about that offering before any whose
      // name shares some of its words ("… Extra Virgin Olive Oil"); then the name counts double:
      // a prompt about croissants is about the croissant, not about what mentions one.
      const whole = name.size > 0 && [...name].every((w) => all.has(w)) ? 1 : 0
      const score = overlap(asked, name) * 2 + overlap(asked, contentWords(o.description ?? ""))
      const head = headOf(o.name)
      // A name whose head is the kind of work ("repair", "class") is named only with another of its
      // words: "emergency repairs" is not the "commercial refrigeration repair".
      const enough = !WORK_HEADS.has(head) || name.size === 1 || overlap(asked, name) >= 2
      return { o, i, whole, score, named: present(o.name) !== null && overlap(asked, name) > 0 && all.has(head) && enough }
    })
    .filter((x) => x.named)
    .sort((a, b) => b.whole - a.whole || b.score - a.score || a.i - b.i)
    .map((x) => x.o)
}

/** Heads that say what kind of work a name is, not which (words as `words` gives them). */
const WORK_HEADS = new Set(
  `repair fitting installation install cleaning maintenance removal replacement hire rental consultation
  class lesson session course treatment care plan package work job`.split(/\s+/).filter((w) => w !== "")
)

/**
 * The word a name is about: its last content word before what qualifies it ("Garden Suite with
 * Private Open-Air Bath" is a suite, "Olive oil, 500 ml" an oil, "Tour (3 hours)" a tour,
 * "Rehearsal dinner in the orchard" a dinner).
 */
const headOf = (name: string): string => {
  const core = name.split(/\s+(?:with|for|including|incl\.?|from|featuring|in|at|on|by)\s+|\s+[–—-]\s+|[,(]/i)[0] ?? name
  return [...contentWords(core)].pop() ?? [...contentWords(name)].pop() ?? ""
}

/** The offering a prompt names best; null when it names none. */
export const matchOffering = (f: SiteFacts, prompt: string): OfferingInput | null => offeringsNamed(f, prompt)[0] ?? null

/** `sentences`: the site's sentences when already read (a plan reads them once for all its drafts). */
export const subjectOf = (f: SiteFacts, prompt: string, sentences: ReadonlyArray<SourceSentence> = siteSentences(f)): PostSubject => {
  const offering = matchOffering(f, prompt)
  const category = present(f.category)
  // A product's category is its maker's: a post on a product's site is about the product.
  const focus = offering !== null ? nounIn(f, offering.name) : category !== null && f.kind !== "product" ? lowerFirst(category) : nameOf(f)
  const topic = contentWords(`${prompt} ${offering?.name ?? ""}`)
  const seed = hash(prompt)
  const all = sentences
  const scored = all.map((s, i) => ({ s, score: overlap(topic, contentWords(s.text)), order: (i * 7919 + seed) % Math.max(all.length, 1) }))
  scored.sort((a, b) => b.score - a.score || a.order - b.order)
  const faqScored = siteFaq(f).map((q, i) => ({ q, score: overlap(topic, contentWords(`${q.question} ${q.answer}`)), i }))
  faqScored.sort((a, b) => b.score - a.score || a.i - b.i)
  return {
    prompt: oneLine(prompt),
    facts: f,
    name: nameOf(f),
    offering,
    focus,
    place: present(f.place),
    sentences: scored.map((x) => x.s),
    relevant: scored.filter((x) => x.score > 0).length,
    faq: faqScored.map((x) => x.q),
    hours: hoursOf(f)
  }
}

// ---------------------------------------------------------------------------------------------
// Facts in words

export const priceOf = (o: OfferingInput | null): string | null => (o === null ? null : pricePhrase(o))

/** What the offering is, in its site's words; none for a price row, whose words `priceOf` already gives. */
export const descriptionOf = (o: OfferingInput | null): string | null => (o === null || quotesRow(o) ? null : present(o.description))

/** An offering's page on the source site, absolute; null when the crawl found none. */
export const pageOf = (f: SiteFacts, o: OfferingInput | null): string | null => (o === null ? null : externalUrl(o.url, f.sourceUrl))

export const addressOf = (f: SiteFacts): string | null => addressLine(f)

// An address that is no place to buy ("The kitchen is not a shop; find the truck", "no walk-ins"),
// or one visited by appointment ("Visits by appointment"): not "in person at", nor "plan the trip".
const NO_SHOP = /\b(?:is|are|['’]re|['’]s)\s+not\s+a\s+(?:shop|store|storefront|showroom)\b|\bno walk-ins\b|\bnot open to the public\b/i
const BY_APPOINTMENT = /\b(?:visits?|visit us|studio|office|showroom)\b[^.]{0,30}\bby appointment\b/i

/** How a customer may come to the address the site gives, as the site says it. */
export const visiting = (f: SiteFacts): "walk-in" | "by appointment" | "not a shop" => {
  const own = (f as ExtraFacts).ownFaq ?? []
  const text = [f.description ?? "", ...f.pages.map((p) => p.text), ...own.map((q) => q.answer)].join(" ")
  return NO_SHOP.test(text) ? "not a shop" : BY_APPOINTMENT.test(text) ? "by appointment" : "walk-in"
}

/** `by phone at …, by email at … or in person at …`; null when the site gives no contact. */
export const contactWays = (f: SiteFacts): string | null => {
  const ways: Array<string> = []
  const phone = present(f.phone)
  const email = present(f.email)
  const address = addressOf(f)
  const come = visiting(f)
  if (phone !== null) ways.push(`by phone at ${phone}`)
  if (email !== null) ways.push(`by email at ${email}`)
  if (address !== null && come !== "not a shop") ways.push(`in person at ${address}${come === "by appointment" ? ", by appointment" : ""}`)
  if (ways.length === 0) return null
  return ways.length === 1 ? ways[0]! : `${ways.slice(0, -1).join(", ")} or ${ways[ways.length - 1]}`
}

/** `a bakery in Lyon, France`, `a business`. */
export const descriptor = (f: SiteFacts): string => {
  const category = present(f.category)
  const place = present(f.place)
  if (f.kind === "product") {
    // A product's category is its maker's ("tea shop"): "a product of Mistral Tea Co., a tea shop".
    const by = present(f.businessName)
    return by === null || by === nameOf(f) ? "a product" : `a product of ${by}${category === null ? "" : `, ${withArticle(lowerFirst(category))}`}`
  }
  const at = place === null ? "" : ` in ${place}`
  // A category in the site's own language takes no English article ("a réparation d'électroménager"):
  // it stands beside English words.
  if (category !== null && !siteInEnglish(f)) return `a business${at} (${category})`
  return `${withArticle(category === null ? "business" : lowerFirst(category))}${at}`
}

/** Takes `n` items of a list starting at `offset`, wrapping, each once. */
export const rotate = <A>(items: ReadonlyArray<A>, offset: number, n: number): ReadonlyArray<A> => {
  if (items.length === 0) return []
  const start = ((offset % items.length) + items.length) % items.length
  return Array.from({ length: Math.min(n, items.length) }, (_, i) => items[(start + i) % items.length]!)
}
