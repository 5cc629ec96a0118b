/**
 * What the site generator renders from: the facts about one entity (a business or a product),
 * the copy written for it (by the model when `LLM_*` is set, by offline-copy.ts otherwise), its
 * blog posts, and the addresses it lives at. Crawled fields are hostile: every renderer escapes
 * them. Dates arrive here as data; the generator reads no clock.
 */

export interface PostalAddressInput {
  readonly street?: string
  readonly locality?: string
  readonly region?: string
  readonly postalCode?: string
  readonly country?: string
}

export interface OfferingInput {
  readonly name: string
  readonly description: string | null
  /** The offering's page on the source site, when the crawl found one. */
  readonly url: string | null
  /** As stated by the source site; never invented. */
  readonly price: string | null
  readonly currency: string | null
}

/** One crawled page of the source site. Every field is untrusted text. */
export interface CrawledPageInput {
  readonly url: string
  readonly title: string
  readonly description: string
  readonly headings: ReadonlyArray<string>
  readonly text: string
}

export interface FaqEntryInput {
  readonly question: string
  readonly answer: string
}

export interface BlogPostInput {
  /** `YYYY-MM-DD`; posts with any other shape are not rendered. */
  readonly date: string
  readonly slug: string
  readonly title: string
  readonly summary: string
  readonly bodyParagraphs: ReadonlyArray<string>
  readonly topic: string
}

/** The facts copy is composed from (offline-copy.ts) and the site is built from. */
export interface EntityFacts {
  readonly name: string
  readonly businessName: string
  readonly kind: "business" | "product"
  /** The real website (canonical link of the home page). */
  readonly sourceUrl: string
  readonly description: string | null
  readonly category: string | null
  readonly place: string | null
  readonly address: PostalAddressInput | null
  readonly phone: string | null
  readonly email: string | null
  readonly offerings: ReadonlyArray<OfferingInput>
  readonly pages: ReadonlyArray<CrawledPageInput>
}

export interface SiteInput extends EntityFacts {
  readonly businessId: string
  readonly itemId: string | null
  /** The deployment URL, e.g. `http://acme-com.sites.localhost:8080`, without a trailing slash. */
  readonly siteUrl: string
  /** Answers to the entity's prompts. */
  readonly faq: ReadonlyArray<FaqEntryInput>
  /** Paragraphs separated by blank lines. */
  readonly about: string
  readonly posts: ReadonlyArray<BlogPostInput>
  /** `{base_url}/api/ai-recommendation-store` */
  readonly trackingEndpoint: string
  /** ISO timestamp of this rendering: sitemap `lastmod`, feed `updated` when there is no post. */
  readonly generatedAt: string
}

/** One generated file: its path on the site (always starting with `/`) maps to this. */
export interface SiteFile {
  readonly contentType: string
  readonly body: string
}
