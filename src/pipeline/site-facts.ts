/**
 * The facts an entity's site and posts are written from: its record (name, source URL) and
 * what its latest crawl found (pages, offerings, contact details). Pure: the same record and
 * crawl give the same facts.
 */
import type { SiteCrawled } from "../domain/crawl-events.ts"
import type { SiteFacts } from "../domain/site-events.ts"
import { cleanAndCut, truncateCodePoints } from "../domain/text.ts"
import { factsFromPages } from "./prompts/prompt-facts.ts"

const MAX_SITE_PAGES = 12
const MAX_SITE_PAGE_TEXT = 1_500


interface JsonLdNode {
  readonly "@type"?: unknown
  readonly address?: unknown
  readonly telephone?: unknown
  readonly email?: unknown
}

const text = (value: unknown) => {
  const clean = typeof value === "string" ? cleanAndCut(value.trim(), 200) : ""
  return clean === "" ? undefined : clean
}

/** Address, phone and e-mail from the first JSON-LD node that has them. */
const contactOf = (crawl: SiteCrawled | undefined) => {
  for (const page of crawl?.pages ?? []) {
    for (const node of page.jsonLd as ReadonlyArray<JsonLdNode>) {
      if (typeof node !== "object" || node === null) continue
      const address = typeof node.address === "object" && node.address !== null ? node.address as Record<string, unknown> : undefined
      const phone = text(node.telephone)
      if (address === undefined && phone === undefined) continue
      const parts = {
        street: text(address?.streetAddress),
        locality: text(address?.addressLocality),
        region: text(address?.addressRegion),
        postalCode: text(address?.postalCode),
        country: text(address?.addressCountry)
      }
      return {
        address: address === undefined ? null : Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)),
        phone: phone ?? null,
        email: text(node.email) ?? null
      }
    }
  }
  return { address: null, phone: null, email: null }
}

export interface SiteFactsInput {
  readonly name: string
  readonly businessName: string
  readonly kind: "business" | "product"
  readonly sourceUrl: string
  readonly crawl: SiteCrawled | undefined
}

/** The site facts of an entity from its record and latest crawl. */
export const siteFactsFrom = ({ name, businessName, kind, sourceUrl, crawl }: SiteFactsInput): SiteFacts => {
  const pages = crawl?.pages ?? []
  const extracted = factsFromPages({ name, kind, businessName, url: sourceUrl, pages })
  const contact = contactOf(crawl)
  const products = pages.flatMap((page) => page.products)
  return {
    name,
    businessName,
    kind,
    sourceUrl,
    description: pages[0]?.description || null,
    category: extracted.category,
    place: extracted.place,
    address: contact.address,
    phone: contact.phone,
    email: contact.email,
    offerings: products.length > 0
      ? products.slice(0, 12).map((p) => ({ name: p.name, description: p.description, url: p.url, price: p.price, currency: p.currency }))
      : extracted.offerings.slice(0, 8).map((offering) => ({ name: offering, description: null, url: null, price: null, currency: null })),
    pages: pages.slice(0, MAX_SITE_PAGES).map((page) => ({
      url: page.url,
      title: page.title,
      description: page.description,
      headings: page.headings.slice(0, 12),
      text: truncateCodePoints(page.text, MAX_SITE_PAGE_TEXT)
    }))
  }
}
