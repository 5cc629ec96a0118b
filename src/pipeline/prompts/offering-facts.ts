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
import { phraseKey, squish, stem, wordsOf } from "./prompt-text.ts"
import { headingOfferings } from "./text-facts.ts"

/** Home-page teasers naming a feature or a day ("Gluten-free Fridays", "Dog-friendly patio"). */
const FEATURE_OR_DAY =
  /\b(?:gluten|vegan|vegetarian|dairy|halal|kosher|dog|pet|kid|family|friendly|wheelchair|parking|patio|terrace|delivery|shipping|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends?|reviews?|stars)\b/i

/** Openings a headline carries that are not part of the offering's name (`Our croissants`). */
const HEADLINE_OPENING = /^(?:our|the|all|fresh|handmade|homemade|house|signature)\s+/i

/** The title up to the site name: `Online Invoicing for Freelancers | Ledgerly` → `Online Invoicing for Freelancers`. */
const titleHead = (page: CrawledPageFacts): string => (page.title ?? "").split(/\s+[|–—-]\s+|\s*[|–—]\s*/)[0] ?? ""

const headlineOfferingsOf = (text: string, proper: ReadonlySet<string>): Array<string> => {
  let headline = text.trim()
  for (let i = 0; i < 2; i++) headline = headline.replace(HEADLINE_OPENING, "")
  return headingOfferings(headline, proper)
}

/**
 * The offering a page is about: its first heading, else (a slogan such as "Invoicing that does the
 * boring parts for you", or no heading) its title without the audience ("for Freelancers").
 */
const headlineOfferings = (page: CrawledPageFacts, proper: ReadonlySet<string>, names: ReadonlySet<string>): Array<string> => {
  const first = withoutNames(page.headings, names)[0]
  const fromHeading = first === undefined ? [] : headlineOfferingsOf(first, proper)
  if (fromHeading.length > 0) return fromHeading
  const title = titleHead(page)
  if (names.has(phraseKey(title))) return []
  return headlineOfferingsOf(title.replace(/\s+for\s+[\p{L}' -]+$/u, ""), proper)
}

/**
 * Lists that name what is on offer: under a heading such as "Plumbing services", "Practice areas",
 * "Classes" or "Packages", or anywhere on a listing page (a pricing page's plans list features).
 */
const OFFERING_HEADING =
  /\b(?:services?|practice areas?|what we do|what we offer|treatments?|classes|courses|packages|menu|specialt(?:y|ies)|specialit(?:y|ies)|expertise|offerings?|solutions|features|repairs)\b/i

/** Lists of the towns a business serves, not of what it sells ("Service areas", "Neighbourhoods we serve"). */
const AREA_HEADING = /\b(?<!practice )(?:areas?|we serve|serving|locations?|cities|towns|neighbou?rhoods|suburbs|counties|regions)\b/i

/** A list item's name: before its price, its details in brackets, or its description after a dash or colon. */
const listItemName = (text: string): string =>
  squish(text.replace(/\([^)]*\)?/g, " ")).split(/\s[–—-]\s|:\s|\s[$€£]|[$€£]\d/u)[0]!.replace(/[\s.,;]+$/u, "")

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
  /**
   * What an offering's own page breaks it into (`/divorce`: "Divorce mediation"; `/invoicing`:
   * "Recurring invoices"), and the items of lists that name offerings ("Plumbing services": "Leak detection").
   */
  readonly parts: ReadonlyArray<string>
  /** Product hints of listing pages (a menu, a price list, a shop) and the home page. */
  readonly items: ReadonlyArray<string>
  /** Product hints of an offering's own page (the fillings of its breakfast tacos): read last. */
  readonly detailItems: ReadonlyArray<string>
  /** The home page's section headings ("Secondhand bikes", "VAT reports"): read last. */
  readonly home: ReadonlyArray<string>
  /** Offers announced in a line of prose ("Christmas Market breaks: 3 nights for the price of 2"). */
  readonly announced: ReadonlyArray<string>
}

/**
 * A page's product hints, each by the name a customer knows it by: a menu line glossed in brackets
 * with the word its section is named for (`Pescado (fish taco)` under "Tacos") is a fish taco.
 */
const itemsOf = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> => {
  return page.products.map((p) => {
    const name = squish(p.name)
    // The sections' words, not the item's own line ("Olive & rosemary (Saturdays only) – $11").
    const headingStems = new Set(page.headings.filter((h) => !h.includes(name)).flatMap((h) => wordsOf(h).map(stem)))
    const at = page.text.indexOf(`${name} (`)
    if (at >= 0) {
      const gloss = /^\(([\p{L}' -]{3,40})\)/u.exec(page.text.slice(at + name.length + 1))?.[1]
      const words = gloss === undefined ? [] : wordsOf(gloss)
      if (words.length >= 1 && words.length <= 3 && words.some((w) => headingStems.has(stem(w)))) return displayPhrase(gloss!, proper)
    }
    return displayPhrase(name, proper)
  })
}

/**
 * The lines of an offering's own page that are kinds of it ("Almond croissant" on the croissants
 * page). Lines that do not name it are its fillings, sizes or extras ("Bean & cheese" on the
 * breakfast tacos page, "Sink, tub or shower drain" on the drain cleaning page): without the
 * page around them they name nothing a customer asks for.
 */
const kindsOf = (page: CrawledPageFacts, items: ReadonlyArray<string>, proper: ReadonlySet<string>, names: ReadonlySet<string>) => {
  const heads = new Set(headlineOfferings(page, proper, names).map((h) => stem(wordsOf(h.split(",")[0]!).at(-1) ?? "")))
  if (heads.size === 0) return items
  return items.filter((item) => wordsOf(item).some((w) => heads.has(stem(w))))
}

/** A deal in the words after the colon: a price, "3 nights for the price of 2", "20% off". */
const DEAL = /[$€£]\s?\d|\d\s?(?:€|%)|\bfor the price of\b|\b\d+\s+(?:nights?|sessions?|classes|visits?)\b/iu
/** Leads that introduce a fee, a contact or a register line, not something on offer. */
const NOT_A_DEAL =
  /\b(?:fees?|charges?|e-?mail|phone|tel|support|register|vat|address|hours|filter|offers?|specials?|discounts?|sales?|deals?|promo|coupons?|deposit|minimum|total|subtotal|tax|tips?|payment)\b/iu

/**
 * Offers a page announces in a line of its own prose, "<name>: <deal>", after its section heading
 * (the home page's "News: Christmas Market breaks: 3 nights for the price of 2 from 20 November").
 */
const announcedOffers = (page: CrawledPageFacts, proper: ReadonlySet<string>): Array<string> => {
  // A line opens a sentence or a section (the text runs on from the heading before it).
  const openings = [
    ...page.text.split(/(?<=[.!?])\s+/),
    ...page.headings.flatMap((h) => {
      const at = h.length > 0 ? page.text.indexOf(`${h} `) : -1
      return at < 0 ? [] : [page.text.slice(at + h.length + 1, at + h.length + 200)]
    })
  ]
  return openings.flatMap((opening) => {
    const match = /^(\p{Lu}[\p{L}'-]*(?:\s+[\p{L}'-]+){0,3}):\s+([^.!?]{3,120})/u.exec(opening.trim())
    if (match === null || !DEAL.test(match[2]!) || NOT_A_DEAL.test(match[1]!)) return []
    return headingOfferings(match[1]!, proper)
  })
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
  const parts: Array<string> = []
  const home: Array<string> = []
  const offeringsIn = (headings: ReadonlyArray<string>) => headings.flatMap((h) => headingOfferings(h, proper))
  pages.forEach((page, i) => {
    const kind = kinds[i]!
    if (page.url === undefined || page.url === null) {
      // A page without an address (a stored crawl of an older shape): its headings, as read before.
      if (kind !== "business") sections.push(...offeringsIn(page.headings))
      return
    }
    if (kind === "business") return
    const listing = kind !== "home" && !isDetailPage(page)
    for (const item of page.listItems ?? []) {
      const heading = item.heading ?? ""
      // "How to prepare", "What to bring": steps and tips, not offerings; "Areas we serve": towns.
      if (/^\s*(?:how|what|why|when|where|who|which|tips)\b/i.test(heading) || AREA_HEADING.test(heading)) continue
      if (listing || OFFERING_HEADING.test(heading)) parts.push(...headingOfferings(listItemName(item.text), proper))
    }
    if (kind === "home") {
      // After the hero's slogan, each section of the home page introduces something: a service
      // listed nowhere else ("Secondhand bikes", "VAT reports"), or a teaser naming a feature or a
      // day ("Dog-friendly patio", "Gluten-free Fridays"), which is not an offering.
      home.push(...offeringsIn(withoutNames(page.headings, names).slice(1).filter((h) => !FEATURE_OR_DAY.test(h))))
      return
    }
    headlines.push(...headlineOfferings(page, proper, names))
    const below = withoutNames(page.headings, names).slice(1)
    // A listing page (`/services`, `/menu`, `/cakes`): its sections, after its own title, name what is on offer.
    if (!isDetailPage(page)) sections.push(...offeringsIn(below))
    // An offering's own page: its sections of two words or more are its kinds ("Divorce mediation",
    // "Recurring invoices"); a single word ("Repair", "Cost") is a facet of the headline.
    else parts.push(...offeringsIn(below).filter((o) => wordsOf(o).length >= 2))
  })
  return {
    headlines,
    stated: offeringsFromJsonLd(jsonLdNodes(readable.flatMap((page) => page.jsonLd))).map((o) => displayPhrase(o, proper)),
    sections,
    items: readable.filter((page) => !isDetailPage(page)).flatMap((page) => itemsOf(page, proper)),
    detailItems: readable.filter((page) => isDetailPage(page)).flatMap((page) => kindsOf(page, itemsOf(page, proper), proper, names)),
    parts,
    home,
    announced: readable.flatMap((page) => announcedOffers(page, proper))
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
  const headlines = own.flatMap((page) => headlineOfferings(page, proper, names))
  return {
    headlines: [...(descriptive ? [displayPhrase(name, proper)] : []), ...headlines],
    stated: [],
    sections: [],
    items,
    detailItems: [],
    parts: [],
    home: [],
    announced: []
  }
}
