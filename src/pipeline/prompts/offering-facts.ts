/**
 * What a site sells, best evidence first: JSON-LD offers, products, services and menus; product
 * hints (structured data, price lists, product cards, links into a shop or menu); the headline of
 * each offering's own page; the section headings of a shop, menu or services page. Headings of
 * pages about the business (about, story, values, contact, FAQ, legal, blog) are never read, and
 * the home page's headings only when nothing better names three offerings. Pure.
 */
import { displayPhrase, isDescriptiveName } from "./english.ts"
import { jsonLdNodes, offeringsFromJsonLd } from "./jsonld-facts.ts"
import type { CrawledPageFacts } from "./prompt-facts.ts"
import { isDetailPage, type PageKind, pageKind, samePage } from "./site-pages.ts"
import { phraseKey } from "./prompt-text.ts"
import { headingOffering } from "./text-facts.ts"

/** Openings a headline carries that are not part of the offering's name (`Our croissants`). */
const HEADLINE_OPENING = /^(?:our|the|all|fresh|handmade|homemade|house|signature)\s+/i

/** The headline of a page: its first heading, else its title up to the site name. */
const headlineOf = (page: CrawledPageFacts): string => {
  const first = page.headings[0]
  if (first !== undefined && first.trim() !== "") return first
  return (page.title ?? "").split(/\s+[|–—-]\s+|\s*[|–—]\s*/)[0] ?? ""
}

const headlineOffering = (page: CrawledPageFacts, proper: ReadonlySet<string>, names: ReadonlySet<string>): string | undefined => {
  let headline = headlineOf({ ...page, headings: withoutNames(page.headings, names) }).trim()
  for (let i = 0; i < 2; i++) headline = headline.replace(HEADLINE_OPENING, "")
  return headingOffering(headline, proper)
}

/** Headings other than the site's own name (a logo or site title marked up as a heading). */
const withoutNames = (headings: ReadonlyArray<string>, names: ReadonlySet<string>) =>
  headings.filter((h) => !names.has(phraseKey(h)))

export interface OfferingSources {
  /** Headlines of offerings' own pages (`/croissants.html`: "Butter Croissants"). */
  readonly headlines: ReadonlyArray<string>
  /** JSON-LD offers, services and menu items. */
  readonly stated: ReadonlyArray<string>
  /** Section headings of listing pages (`/services`, `/menu`). */
  readonly sections: ReadonlyArray<string>
  /** Product hints: structured products, priced lines, product cards, links into a shop. */
  readonly items: ReadonlyArray<string>
  /** The home page's headings: used only when the others are few. */
  readonly home: ReadonlyArray<string>
}

/** Offering candidates of a business, by kind of evidence. */
export const businessOfferings = (
  pages: ReadonlyArray<CrawledPageFacts>,
  proper: ReadonlySet<string>,
  names: ReadonlySet<string>
): OfferingSources => {
  const kinds: ReadonlyArray<PageKind> = pages.map(pageKind)
  const readable = pages.filter((_, i) => kinds[i] !== "business")
  const headlines: Array<string> = []
  const sections: Array<string> = []
  const home: Array<string> = []
  const offeringsIn = (headings: ReadonlyArray<string>) =>
    headings.map((h) => headingOffering(h, proper)).filter((h): h is string => h !== undefined)
  pages.forEach((page, i) => {
    const kind = kinds[i]!
    if (page.url === undefined || page.url === null) {
      // A page without an address (a stored crawl of an older shape): its headings, as read before.
      if (kind !== "business") sections.push(...offeringsIn(page.headings))
      return
    }
    if (kind === "home") home.push(...offeringsIn(page.headings))
    if (kind !== "offering" && kind !== "other") return
    const headline = headlineOffering(page, proper, names)
    if (headline !== undefined) headlines.push(headline)
    // A listing page (`/services`, `/menu`, `/cakes`): its sections, after its own title, name what is on offer.
    if (!isDetailPage(page)) sections.push(...offeringsIn(withoutNames(page.headings, names).slice(1)))
  })
  return {
    headlines,
    stated: offeringsFromJsonLd(jsonLdNodes(readable.flatMap((page) => page.jsonLd))).map((o) => displayPhrase(o, proper)),
    sections,
    items: readable.flatMap((page) => page.products.map((p) => displayPhrase(p.name, proper))),
    home
  }
}

/**
 * Offering candidates of a product: the product itself as its own page names it (structured
 * data, product hints, headline), never the business's other products.
 */
export const productOfferings = (
  name: string,
  url: string,
  pages: ReadonlyArray<CrawledPageFacts>,
  proper: ReadonlySet<string>,
  names: ReadonlySet<string>
): OfferingSources => {
  const own = pages.filter((page) => samePage(page.url, url))
  const productNamed = pages.flatMap((page) => page.products.filter((p) => samePage(p.url, url)))
  // Its name is an offering when it describes the product ("Butter croissant"), not when it is a
  // model name ("Trail Runner 3", "iPhone"): prompts naming a model are navigational.
  const descriptive = isDescriptiveName(name)
  const items = [
    ...productNamed.map((p) => displayPhrase(p.name, proper)),
    ...own.flatMap((page) => page.products.map((p) => displayPhrase(p.name, proper)))
  ]
  const headlines = own.map((page) => headlineOffering(page, proper, names)).filter((h): h is string => h !== undefined)
  return { headlines: [...(descriptive ? [displayPhrase(name, proper)] : []), ...headlines], stated: [], sections: [], items, home: [] }
}
