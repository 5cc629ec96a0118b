/**
 * What a crawl of an entity's website found, kept as an event of its own stream
 * (`crawl-<entity>`): the pages' text feeds prompt generation, the generated site and the
 * built-in answer engine. Page text is capped so an event stays small.
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

export const CrawledPageRecord = Schema.Struct({
  url: Schema.String,
  title: Schema.String,
  description: Schema.String,
  headings: Schema.Array(Schema.String),
  text: Schema.String,
  jsonLd: Schema.Array(Schema.Unknown),
  products: Schema.Array(CrawledProduct)
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

export const CRAWL_EVENT_VERSION = 1
const codec = storedCodec(SiteCrawled, () => CRAWL_EVENT_VERSION)
export const crawlToStored = codec.toStored
export const crawlFromStored = codec.fromStored

export const crawlStreamOf = (ref: EntityRef) => `crawl-${streamIdOf(ref).replace(/^(business|product)-/, "$1:")}`
