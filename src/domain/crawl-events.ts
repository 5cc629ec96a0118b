/**
 * What a crawl of an entity's website found, kept as an event of its own stream
 * (`crawl-<entity>`): the pages' text feeds prompt generation, the generated site and the
 * built-in answer engine. Page text is capped so an event stays small. A crawl that read no
 * usable page is kept as `SiteCrawlFailed`, never as a crawl of no page: what is built from the
 * stream reads the last crawl that read pages (`lastGoodCrawl`), and says when a newer one failed.
 */
import { Schema } from "effect"
import { BusinessId, type EntityRef, ItemId, streamIdOf } from "./entity-ref.ts"
import { storedCodec } from "./stored-event.ts"

export const MAX_PAGE_TEXT = 8_000

export const CrawledProduct = Schema.Struct({
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String),
  price: Schema.NullOr(Schema.String),
  currency: Schema.NullOr(Schema.String)
})

/** An item of a content list, with the heading before it (absent from crawls stored before lists were read). */
export const CrawledListItem = Schema.Struct({
  heading: Schema.NullOr(Schema.String),
  text: Schema.String
})

export const CrawledPageRecord = Schema.Struct({
  url: Schema.String,
  title: Schema.String,
  description: Schema.String,
  headings: Schema.Array(Schema.String),
  text: Schema.String,
  jsonLd: Schema.Array(Schema.Unknown),
  products: Schema.Array(CrawledProduct),
  listItems: Schema.optional(Schema.Array(CrawledListItem))
})
export type CrawledPageRecord = typeof CrawledPageRecord.Type

export class SiteCrawled extends Schema.TaggedClass<SiteCrawled>()("SiteCrawled", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  startUrl: Schema.String,
  siteName: Schema.NullOr(Schema.String),
  pages: Schema.Array(CrawledPageRecord),
  disallowed: Schema.Array(Schema.String),
  crawledAt: Schema.String
}) {}

/** A crawl that read no page it may use: why, in words the tenant may see, with a stable code. */
export class SiteCrawlFailed extends Schema.TaggedClass<SiteCrawlFailed>()("SiteCrawlFailed", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  startUrl: Schema.String,
  jobId: Schema.String,
  /** `crawl_<code>`, as the job's error says it. */
  code: Schema.String,
  message: Schema.String,
  failedAt: Schema.String
}) {}

export const CRAWL_EVENT_VERSION = 1
const codec = storedCodec(SiteCrawled, () => CRAWL_EVENT_VERSION)
export const crawlToStored = codec.toStored
export const crawlFromStored = codec.fromStored
const failedCodec = storedCodec(SiteCrawlFailed, () => CRAWL_EVENT_VERSION)
export const crawlFailedToStored = failedCodec.toStored
export const crawlFailedFromStored = failedCodec.fromStored

export interface CrawlHistory {
  /** The newest crawl that read pages: the facts everything is built from. */
  readonly lastGood: SiteCrawled | undefined
  /** A failure newer than `lastGood`, the newest one. */
  readonly failedSince: SiteCrawlFailed | undefined
}

/** Reads a crawl stream, oldest first. */
export const crawlHistory = (stored: ReadonlyArray<{ readonly type: string; readonly data: unknown }>): CrawlHistory => {
  let lastGood: SiteCrawled | undefined
  let failedSince: SiteCrawlFailed | undefined
  for (const event of stored) {
    if (event.type === "SiteCrawlFailed") {
      failedSince = crawlFailedFromStored(event)
    } else if (event.type === "SiteCrawled") {
      const crawl = crawlFromStored(event)
      // A crawl of no page (recorded before failures had their own event) is a failure too.
      if (crawl.pages.length > 0) {
        lastGood = crawl
        failedSince = undefined
      }
    }
  }
  return { lastGood, failedSince }
}

export const crawlStreamOf = (ref: EntityRef) => `crawl-${streamIdOf(ref).replace(/^(business|product)-/, "$1:")}`
