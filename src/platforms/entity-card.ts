/**
 * What the built-in answer engine reads from a business's crawled pages once, when they are
 * stored: the places it operates in and what it is and offers. An assistant names a business
 * for a question about what it offers, where it operates; these are the two things it checks.
 * Pure and bounded: the JSON-LD walk stops at a depth and a node count, lists are capped.
 */
import { placesInText } from "./place-phrases.ts"
import { clip, tokenize } from "./retrieval.ts"

export interface CardPage {
  readonly title: string
  readonly description: string
  readonly headings: ReadonlyArray<string>
  readonly text: string
  readonly jsonLd: ReadonlyArray<unknown>
  readonly products: ReadonlyArray<{ readonly name: string }>
}

export interface EntityCard {
  readonly places: ReadonlyArray<string>
  readonly about: string
}

export const MAX_PLACES = 12
export const MAX_ABOUT = 4_000
const MAX_DEPTH = 8
const MAX_NODES = 500

/** schema.org types that name something on offer: their `name` says what is sold. */
const OFFER_TYPES = /^(?:Product|Service|Offer|MenuItem|Menu|MenuSection|Course|Event|ProductModel|IndividualProduct)$/

const stringsOf = (value: unknown): ReadonlyArray<string> => {
  if (typeof value === "string") return [value]
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === "string" ? [item] : []))
  return []
}

/** A named thing's name: `"Lyon"` or `{ "name": "Lyon" }`. */
const namesOf = (value: unknown): ReadonlyArray<string> => {
  const items = Array.isArray(value) ? value : [value]
  return items.flatMap((item) =>
    typeof item === "string" ? [item] : item !== null && typeof item === "object" ? stringsOf((item as Record<string, unknown>)["name"]) : []
  )
}

/** `LegalService` → "Legal Service": a schema.org type as words. */
const typeWords = (type: string): string => type.replace(/([a-z])([A-Z])/g, "$1 $2")

/** Places and offer words of JSON-LD, every object visited once, within the bounds. */
const readJsonLd = (roots: ReadonlyArray<unknown>): { places: Array<string>; about: Array<string> } => {
  const places: Array<string> = []
  const about: Array<string> = []
  let visited = 0
  const visit = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== "object" || depth > MAX_DEPTH || visited >= MAX_NODES) return
    visited += 1
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1)
      return
    }
    const node = value as Record<string, unknown>
    places.push(...stringsOf(node["addressLocality"]), ...stringsOf(node["addressRegion"]), ...namesOf(node["areaServed"]))
    const types = stringsOf(node["@type"])
    about.push(...types.map(typeWords), ...stringsOf(node["servesCuisine"]), ...stringsOf(node["category"]), ...stringsOf(node["knowsAbout"]))
    if (types.some((type) => OFFER_TYPES.test(type))) about.push(...stringsOf(node["name"]))
    for (const child of Object.values(node)) visit(child, depth + 1)
  }
  for (const root of roots) visit(root, 0)
  return { places, about }
}

/** Distinct by their tokens, in first-seen order, at most `limit`. */
const distinctPhrases = (phrases: ReadonlyArray<string>, limit: number): Array<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const raw of phrases) {
    const phrase = clip(raw.replace(/\s+/g, " ").trim(), 80)
    const key = tokenize(phrase).join(" ")
    if (key === "" || seen.has(key)) continue
    seen.add(key)
    out.push(phrase)
    if (out.length >= limit) break
  }
  return out
}

/**
 * The card of an entity from its crawled pages. Places: schema.org address locality and region
 * and `areaServed` first, then the places its titles, descriptions, headings and text name.
 * About: schema.org types, cuisines, categories and offer names, product names, then titles,
 * descriptions and headings, capped at `MAX_ABOUT` characters.
 */
export const cardFromPages = (pages: ReadonlyArray<CardPage>): EntityCard => {
  const jsonLd = readJsonLd(pages.flatMap((page) => page.jsonLd))
  const textPlaces = pages.flatMap((page) => [page.title, page.description, ...page.headings, page.text].flatMap(placesInText))
  const about = distinctPhrases(
    [
      ...jsonLd.about,
      ...pages.flatMap((page) => page.products.map((product) => product.name)),
      ...pages.flatMap((page) => [page.title, page.description, ...page.headings])
    ],
    400
  ).join("\n")
  return { places: distinctPhrases([...jsonLd.places, ...textPlaces], MAX_PLACES), about: clip(about, MAX_ABOUT) }
}
