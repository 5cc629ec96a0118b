/**
 * The site's copy composed without a model (when `LLM_*` is unset): blog posts and their topics,
 * and the question words shared with the FAQ (faq-copy.ts; the about text is about-copy.ts). Everything is assembled from the entity's facts only — names,
 * category, place, offerings as crawled, the crawled pages' own titles and descriptions — so it
 * never states a price, a claim or a number the source did not. Deterministic: the same facts
 * (and date) give the same text.
 */
import type { SiteFacts } from "../domain/site-events.ts"
import { slugify } from "../domain/slug.ts"
import { oneLine } from "./html.ts"
import type { BlogPostInput, OfferingInput } from "./site-input.ts"
import { addressLine, priceText } from "./llms-txt.ts"
import { displayHost, firstSentence, listSentence, sentence, truncate } from "./text.ts"

// ---------------------------------------------------------------------------------------------
// Facts in words

const present = (s: string | null | undefined): string | null => (s === null || s === undefined || oneLine(s) === "" ? null : oneLine(s))

const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`

// `Bakery` → `bakery`, `A guide` → `a guide`; `IT consulting` and `iPhone` stay as they are.
const lowerFirst = (s: string): string => (/^(?:[A-Z][a-z]|A\s)/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s)

const upperFirst = (s: string): string => (s === "" ? s : s[0]!.toUpperCase() + s.slice(1))

const nameOf = (f: SiteFacts): string => present(f.name) ?? present(f.businessName) ?? "This business"

const hostOf = (f: SiteFacts): string => displayHost(f.sourceUrl)

/** `a bakery in Lyon`, `a coffee grinder made by Acme`, `a business`. */
const descriptor = (f: SiteFacts): string => {
  const category = present(f.category)
  if (f.kind === "product") {
    const by = present(f.businessName)
    return `${withArticle(category === null ? "product" : lowerFirst(category))}${by === null ? "" : ` made by ${by}`}`
  }
  const place = present(f.place)
  return `${withArticle(category === null ? "business" : lowerFirst(category))}${place === null ? "" : ` in ${place}`}`
}

/**
 * `Acme Bakery is a bakery in Lyon: a family bakery in the Croix-Rousse…`: what it is, then the
 * first sentence of its own description (on its own when that already names it).
 */
const identity = (f: SiteFacts, full = false): string => {
  const name = nameOf(f)
  const raw = present(f.description)
  const description = raw === null ? null : full ? sentence(raw) : sentence(firstSentence(raw, 240))
  const first = `${name} is ${descriptor(f)}`
  if (description === null) return `${first}.`
  if (description.toLowerCase().startsWith(name.toLowerCase())) return description
  if (/^(a|an|the)\s/i.test(description)) return `${first}: ${description[0]!.toLowerCase()}${description.slice(1)}`
  return `${first}. ${description}`
}

const offeringNames = (f: SiteFacts, max: number): ReadonlyArray<string> =>
  f.offerings.map((o) => present(o.name)).filter((n): n is string => n !== null).slice(0, max)

const offeringsSentence = (f: SiteFacts): string | null => {
  const names = offeringNames(f, 5)
  if (names.length === 0) return null
  const more = f.offerings.length > names.length ? `, among ${f.offerings.length} listed in all` : ""
  return `${nameOf(f)} offers ${listSentence(names)}${more}.`
}

const offeringSentence = (f: SiteFacts, o: OfferingInput): string => {
  const name = oneLine(o.name)
  const description = present(o.description)
  const price = priceText(o.price, o.currency)
  const parts = [description === null ? `${name} is offered by ${nameOf(f)}.` : `${name}: ${sentence(firstSentence(description, 240))}`]
  if (price !== null) parts.push(`The listed price is ${price}.`)
  return parts.join(" ")
}

const contactSentence = (f: SiteFacts): string => {
  const ways: Array<string> = []
  const phone = present(f.phone)
  const email = present(f.email)
  if (phone !== null) ways.push(`by phone at ${phone}`)
  if (email !== null) ways.push(`by email at ${email}`)
  const line = addressLine(f)
  if (line !== null) ways.push(`in person at ${line}`)
  const site = `More details are on ${hostOf(f)}.`
  if (ways.length === 0) return site
  const either = ways.length === 1 ? ways[0]! : `${ways.slice(0, -1).join(", ")}${ways.length > 2 ? "," : ""} or ${ways[ways.length - 1]}`
  return `${nameOf(f)} can be reached ${either}. ${site}`
}

// ---------------------------------------------------------------------------------------------
// Relevance: which facts a prompt is about

const STOP_WORDS = new Set(
  `the and for with what which who whom where when why how are was were can could should would does did
  you your yours our ours they their them this that these those there here from into onto about near nearby
  best good great top most more less any some all one ones get find need want looking look recommend
  recommended recommendation recommendations suggest options option choose choice list way ways like use using
  offer offers offering provide provides company companies business businesses service services place places
  around area local today year cheap affordable popular famous reliable trusted quality review reviews rated`
    .split(/\s+/)
    .filter((w) => w !== "")
)

/** Lower-case content words, a plural `s` dropped, so `Croissants` meets `croissant`. */
export const keywords = (text: string): ReadonlySet<string> =>
  new Set(
    oneLine(text)
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3 && !STOP_WORDS.has(w))
      .map((w) => (w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w))
  )

/** The words of a question that can select a fact: the entity's own name selects nothing. */
const subjectWords = (f: SiteFacts, text: string): ReadonlySet<string> => {
  const own = keywords(`${f.name} ${f.businessName}`)
  return new Set([...keywords(text)].filter((w) => !own.has(w)))
}

const overlap = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  let n = 0
  for (const w of a) if (b.has(w)) n++
  return n
}

/** The best match by overlap, ties to the earliest; null when nothing shares a word. */
const bestMatch = <A>(items: ReadonlyArray<A>, words: ReadonlySet<string>, text: (a: A) => string): A | null => {
  let best: A | null = null
  let score = 0
  for (const item of items) {
    const s = overlap(words, keywords(text(item)))
    if (s > score) {
      best = item
      score = s
    }
  }
  return best
}

// ---------------------------------------------------------------------------------------------
// FAQ

/** A prompt as an FAQ question: one line, capitalised, a `?` added when it has no end mark. */
export const promptQuestion = (prompt: string): string => {
  const q = upperFirst(oneLine(prompt))
  return q === "" || /[?.!]$/.test(q) ? q : `${q}?`
}

// composeFaq and composeAbout: faq-copy.ts and about-copy.ts.

// ---------------------------------------------------------------------------------------------
// Blog

/**
 * At least 15 distinct topics (distinct by slug) for the entity's posts: general ones that fit
 * any entity, plus one per offering. Deterministic in the facts.
 */
export const blogTopics = (facts: SiteFacts): ReadonlyArray<string> => {
  const name = nameOf(facts)
  const category = present(facts.category)
  const place = present(facts.place)
  const kindWord = facts.kind === "product" ? "product" : "provider"
  const noun = category === null ? kindWord : lowerFirst(category)
  const offeringsWord = facts.kind === "product" ? "products" : "offerings"
  const candidates: Array<string> = [
    `What makes ${name} different`,
    `${name} at a glance`,
    place === null ? `How to choose ${withArticle(noun)}` : `How to choose ${withArticle(noun)} in ${place}`,
    `Frequently asked questions about ${name}`,
    ...(facts.offerings.length > 0 ? [`A guide to the ${offeringsWord} of ${name}`] : []),
    ...offeringNames(facts, 8).map((o) => `${o}: what to know`),
    place === null ? `Where to find ${name}` : `${name} in ${place}`,
    `How to contact ${name}`,
    `Questions to ask before choosing ${withArticle(noun)}`,
    `Getting started with ${name}`,
    `What customers should know about ${name}`,
    `Everything on ${hostOf(facts)}, summarised`,
    `A checklist for comparing ${noun} options`,
    `The story of ${name}`,
    facts.kind === "product" ? `Tips for first-time users of ${name}` : `Tips for first-time customers of ${name}`,
    `What to ask an AI assistant about ${withArticle(noun)}`,
    `How ${name} compares: weighing your options`,
    facts.kind === "product" ? `How ${name} works` : `How working with ${name} works`,
    `Understanding ${noun} choices`,
    `Key facts about ${name}`
  ]
  const seen = new Set<string>()
  return candidates.filter((t) => {
    const slug = slugify(t)
    if (seen.has(slug)) return false
    seen.add(slug)
    return true
  })
}

const dayNumber = (date: string): number => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  return m === null ? 0 : Math.floor(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000)
}

/**
 * The topics of one day's posts, rotating through `blogTopics` by date: `count` consecutive
 * topics (distinct as long as `count` does not exceed the list) starting where the previous day
 * left off. The n-th post of a day takes the n-th of these.
 */
export const dailyTopics = (facts: SiteFacts, date: string, count = 15): ReadonlyArray<string> => {
  const topics = blogTopics(facts)
  const start = (dayNumber(date) * count) % topics.length
  return Array.from({ length: Math.min(count, topics.length) }, (_, i) => topics[(start + i) % topics.length]!)
}

// A stable small hash, so a post picks "its" crawled page by topic rather than always the first.
const hash = (s: string): number => {
  let h = 0
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0
  return h
}

/** A blog post on `topic` for `date` (`YYYY-MM-DD`): 3 to 5 paragraphs, all from the facts. */
export const composePost = (facts: SiteFacts, topic: string, date: string): BlogPostInput => {
  const name = nameOf(facts)
  const title = upperFirst(oneLine(topic))
  const words = subjectWords(facts, title)
  const focus =
    facts.offerings.find((o) => present(o.name) !== null && title.toLowerCase().includes(oneLine(o.name).toLowerCase())) ??
    bestMatch(facts.offerings, words, (o) => o.name)
  const paras: Array<string> = []
  // A title that opens with a name keeps its capital.
  const ownNames = [name, oneLine(facts.businessName), ...offeringNames(facts, facts.offerings.length)].filter((n) => n !== "")
  const subject = ownNames.some((n) => title.startsWith(n)) ? title : lowerFirst(title)
  paras.push(`This article gathers what ${name} publishes on ${hostOf(facts)} about one subject: ${subject.replace(/[.!?]$/, "")}.`)
  paras.push(identity(facts))
  if (focus !== null) {
    const others = offeringNames(facts, 6).filter((n) => n !== oneLine(focus.name)).slice(0, 4)
    paras.push(`${offeringSentence(facts, focus)}${others.length === 0 ? "" : ` ${name} also offers ${listSentence(others)}.`}`)
  } else {
    const offerings = offeringsSentence(facts)
    if (offerings !== null) paras.push(offerings)
  }
  const pages = facts.pages.filter((p) => present(p.description) !== null)
  const page = bestMatch(pages, words, (p) => `${p.title} ${p.description} ${p.headings.join(" ")}`) ?? pages[hash(title) % Math.max(pages.length, 1)]
  if (page !== undefined) {
    const pageTitle = present(page.title)
    paras.push(
      `${pageTitle === null ? `One page of ${hostOf(facts)}` : `The page “${truncate(pageTitle, 80)}” on ${hostOf(facts)}`} puts it this way: “${truncate(firstSentence(page.description, 240), 240)}”`
    )
  }
  paras.push(`${contactSentence(facts)} Answers to common questions are in the FAQ on this site.`)
  const body = paras.slice(0, 5)
  return {
    date,
    slug: slugify(title),
    title,
    summary: `${title}: the essentials, drawn from what ${name} publishes about itself.`,
    bodyParagraphs: body,
    topic: oneLine(topic)
  }
}
