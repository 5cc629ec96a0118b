/**
 * What prompt generation knows about an entity, and its extraction from crawled pages. The
 * extraction is pure and deterministic (ties are broken by first appearance, then
 * alphabetically), so the same crawl gives the same facts and, through the built-in generator,
 * the same prompts: a prompt set that changes between runs would make scores incomparable.
 */
import { Schema } from "effect"
import { COMMON_WORDS, isCommonWord } from "../../domain/common-words.ts"
import { displayPhrase } from "./english.ts"
import { categoryFromJsonLd, jsonLdNodes, offeringsFromJsonLd, placeFromJsonLd } from "./jsonld-facts.ts"
import { contentWords, phraseKey, squish, stem, wordsOf } from "./prompt-text.ts"
import { audiencePhrases, byFrequency, categoryFromText, headingOffering, KEYWORD_FILLER, placeMentions } from "./text-facts.ts"

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
  keywords: Schema.Array(Schema.String)
})
export type PromptFacts = typeof PromptFacts.Type

export interface CrawledPageFacts {
  readonly title: string | null
  readonly description: string | null
  readonly headings: ReadonlyArray<string>
  readonly text: string
  readonly jsonLd: ReadonlyArray<unknown>
  readonly products: ReadonlyArray<{ readonly name: string; readonly description?: string | null | undefined }>
}

export interface FactsInput {
  readonly name: string
  readonly kind: "business" | "product"
  readonly businessName: string
  readonly url: string
  readonly pages: ReadonlyArray<CrawledPageFacts>
}

/** Longest list kept per field. */
export const MAX_FACTS_PER_LIST = 12

/** Distinct phrases by first appearance, keyed by their folded form, at most `limit`. */
const distinct = (phrases: ReadonlyArray<string>, limit: number, exclude: ReadonlySet<string> = new Set()): Array<string> => {
  const seen = new Set<string>(exclude)
  const out: Array<string> = []
  for (const phrase of phrases) {
    const key = phraseKey(phrase)
    if (key === "" || seen.has(key)) continue
    seen.add(key)
    out.push(phrase)
    if (out.length >= limit) break
  }
  return out
}

/**
 * Facts for prompt generation from the crawled pages:
 * - category: the first schema.org business type with an everyday word (`Bakery` → "bakery"),
 *   a product's own `category`, an unknown business type split into words; otherwise the most
 *   frequent known category word in titles, headings and the description (weighted).
 * - place: `address.addressLocality`, then `areaServed`, then the most frequent "in <Capitalised>"
 *   ("based in", "located in" count triple), when seen twice or stated as "based in".
 * - offerings: JSON-LD offers and catalogs, product names, then short plain headings.
 * - audience: "for <noun phrase>" where the phrase ends in a people or organisation noun.
 * - keywords: content words by weighted frequency (title ×3, description and headings ×2, text ×1),
 *   without stop words, web furniture, the entity's own name or words already in the offerings.
 */
export const factsFromPages = (input: FactsInput): PromptFacts => {
  const pages = input.pages
  const nodes = jsonLdNodes(pages.flatMap((page) => page.jsonLd))
  const nameWords = new Set([...wordsOf(input.name), ...wordsOf(input.businessName)])

  // Place first: it decides which capitalised words are proper names in offerings.
  const jsonLdPlace = placeFromJsonLd(nodes)
  let place: string | null = jsonLdPlace ?? null
  if (place === null) {
    const mentions = pages.flatMap((page) =>
      [page.title ?? "", page.description ?? "", ...page.headings, page.text].flatMap((s) => placeMentions(s, nameWords))
    )
    const ranked = byFrequency(mentions.map((m) => ({ key: phraseKey(m.place), value: m.place, weight: m.weight })))
    const best = ranked[0]
    if (best !== undefined) {
      const score = mentions.filter((m) => phraseKey(m.place) === phraseKey(best)).reduce((sum, m) => sum + m.weight, 0)
      if (score >= 2) place = best
    }
  }
  const proper: ReadonlySet<string> = new Set(place === null ? [] : wordsOf(place))

  const headingSources = pages.flatMap((page) => [
    { text: page.title ?? "", weight: 3 },
    { text: page.description ?? "", weight: 2 },
    ...page.headings.map((h) => ({ text: h, weight: 2 }))
  ])
  const category = categoryFromJsonLd(nodes, input.kind) ?? categoryFromText([{ text: input.name, weight: 3 }, ...headingSources]) ?? null

  const nameKey = phraseKey(input.name)
  const businessKey = phraseKey(input.businessName)
  const offeringCandidates = [
    ...offeringsFromJsonLd(nodes).map((o) => displayPhrase(o, proper)),
    ...pages.flatMap((page) => page.products.map((p) => displayPhrase(p.name, proper))),
    ...pages.flatMap((page) => page.headings.map((h) => headingOffering(h, proper)).filter((h): h is string => h !== undefined))
  ].filter((o) => {
    const key = phraseKey(o)
    const words = key.split(" ")
    // The entity's own name and the category itself are not offerings; neither are long blurbs.
    return key !== nameKey && key !== businessKey && key !== phraseKey(category ?? "") && words.length <= 6 && o.length <= 60
  })
  const offerings = distinct(offeringCandidates, MAX_FACTS_PER_LIST)

  const audienceSources = pages.flatMap((page) => [page.title ?? "", page.description ?? "", ...page.headings, page.text])
  const audience = byFrequency(
    audienceSources.flatMap(audiencePhrases).map((phrase) => ({ key: phraseKey(phrase), value: phrase, weight: 1 }))
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

  return {
    name: squish(input.name),
    kind: input.kind,
    businessName: squish(input.businessName),
    url: input.url,
    offerings,
    category,
    place,
    audience,
    keywords
  }
}
