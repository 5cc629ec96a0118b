/**
 * What the site generator renders from: the facts about one entity (a business or a product),
 * the copy written for it (by the model when `LLM_*` is set, by the built-in writers otherwise (about-copy.ts, faq-copy.ts, post-writer.ts)), its
 * blog posts, and the addresses it lives at. Crawled fields are hostile: every renderer escapes
 * them. Dates arrive here as data; the generator reads no clock.
 */
import type { SiteFacts } from "../domain/site-events.ts"

/**
 * One offering: its `url` is its page on the source site when the crawl found one, and its
 * `price` is as the source site states it, never invented.
 */
export type OfferingInput = SiteFacts["offerings"][number]

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

/**
 * The facts the copy is composed from and the site is built from are a
 * deployment's stored `SiteFacts` (domain/site-events.ts), declared once; their `sourceUrl` is
 * the real website (the home page's canonical link).
 */
export interface SiteInput extends SiteFacts {
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
