/**
 * Deployments of an entity's generated site and its blog posts: versioned events of the
 * entity's stream. A deployment carries what the site is rendered from (facts and copy);
 * rendering is pure, so the same events always give the same files.
 */
import { Schema } from "effect"
import { BusinessId, ItemId } from "./entity-ref.ts"

const part = Schema.optionalWith(Schema.String, { exact: true })
const Address = Schema.Struct({ street: part, locality: part, region: part, postalCode: part, country: part })

export const SiteFacts = Schema.Struct({
  name: Schema.String,
  businessName: Schema.String,
  kind: Schema.Literal("business", "product"),
  sourceUrl: Schema.String,
  description: Schema.NullOr(Schema.String),
  category: Schema.NullOr(Schema.String),
  place: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Address),
  phone: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  offerings: Schema.Array(Schema.Struct({
    name: Schema.String,
    description: Schema.NullOr(Schema.String),
    url: Schema.NullOr(Schema.String),
    price: Schema.NullOr(Schema.String),
    currency: Schema.NullOr(Schema.String)
  })),
  pages: Schema.Array(Schema.Struct({
    url: Schema.String,
    title: Schema.String,
    description: Schema.String,
    headings: Schema.Array(Schema.String),
    text: Schema.String
  }))
})
export type SiteFacts = typeof SiteFacts.Type

export class SiteDeployed extends Schema.TaggedClass<SiteDeployed>()("SiteDeployed", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  version: Schema.Int,
  /** The UTC day of the deployment: one per entity per day. */
  day: Schema.String,
  facts: SiteFacts,
  faq: Schema.Array(Schema.Struct({ question: Schema.String, answer: Schema.String })),
  about: Schema.String,
  deployedAt: Schema.String
}) {}

export class BlogPostPublished extends Schema.TaggedClass<BlogPostPublished>()("BlogPostPublished", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  date: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  summary: Schema.String,
  bodyParagraphs: Schema.Array(Schema.String),
  topic: Schema.String,
  publishedAt: Schema.String
}) {}

/** Posts per entity per UTC day. */
export const DAILY_POST_LIMIT = 15
