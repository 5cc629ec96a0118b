/**
 * Deployments of an entity's generated site and its blog posts: versioned events of the
 * entity's stream. A deployment carries what the site is rendered from (facts and copy);
 * rendering is pure, so the same events always give the same files.
 */
import { Schema } from "effect"
import { BusinessId, ItemId } from "./entity-ref.ts"

const part = Schema.optionalWith(Schema.String, { exact: true })
const Address = Schema.Struct({ street: part, locality: part, region: part, postalCode: part, country: part })

/**
 * One line of opening hours as the site states it (`text`), with its schema.org reading when
 * one was possible: day names (`Monday`...) and 24-hour `HH:MM` times; `closed` days have none.
 */
export const OpeningHours = Schema.Struct({
  text: Schema.String,
  days: Schema.Array(Schema.String),
  opens: Schema.NullOr(Schema.String),
  closes: Schema.NullOr(Schema.String)
})
export type OpeningHours = typeof OpeningHours.Type

/** A question the site itself answers (its FAQ page or FAQPage JSON-LD), with the page it is on. */
export const OwnFaqEntry = Schema.Struct({ question: Schema.String, answer: Schema.String, url: Schema.String })
export type OwnFaqEntry = typeof OwnFaqEntry.Type

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
    currency: Schema.NullOr(Schema.String),
    /**
     * The price as its price list's row writes it, when the row says more than an amount ("from
     * $350", "$450 – $900", "$240/month"); the description then quotes the row. Added later.
     */
    writtenPrice: Schema.optionalWith(Schema.String, { exact: true })
  })),
  pages: Schema.Array(Schema.Struct({
    url: Schema.String,
    title: Schema.String,
    description: Schema.String,
    headings: Schema.Array(Schema.String),
    text: Schema.String
  })),
  // Added later: optional, so deployments stored before them still decode.
  hours: Schema.optionalWith(Schema.Array(OpeningHours), { exact: true }),
  ownFaq: Schema.optionalWith(Schema.Array(OwnFaqEntry), { exact: true }),
  /** The language the site is written in (site-language.ts), absent for English: the generated site's own words follow it. */
  language: Schema.optionalWith(Schema.Literal("de", "es", "fr", "it", "pt", "nl", "da", "no", "sv", "pl", "cs", "tr"), { exact: true })
})
export type SiteFacts = typeof SiteFacts.Type

/** The tokens a model's calls used, and USD when the vendor reported a cost (none is guessed). */
export const ModelUsage = Schema.Struct({
  model: Schema.String,
  promptTokens: Schema.Int,
  completionTokens: Schema.Int,
  /** USD as the vendor reported it; null when it reports none (no price is guessed). */
  usd: Schema.NullOr(Schema.Number)
})

/**
 * Who wrote a deployment's copy (recorded when `LLM_*` is set): `writer` is the model's name
 * when any piece of it is the model's, else `builtin`; whether the about text is the model's,
 * how many of the FAQ answers are; what its drafts claimed that no fact supports (those pieces
 * are the built-in copy's); the tokens used.
 */
export const SiteWriting = Schema.Struct({
  writer: Schema.String,
  about: Schema.Literal("model", "builtin"),
  modelAnswers: Schema.Int,
  answers: Schema.Int,
  factCheck: Schema.Struct({ passed: Schema.Boolean, failures: Schema.Array(Schema.String) }),
  usage: ModelUsage
})
export type SiteWriting = typeof SiteWriting.Type

export class SiteDeployed extends Schema.TaggedClass<SiteDeployed>()("SiteDeployed", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  version: Schema.Int,
  /** The UTC day of the deployment: one per entity per day. */
  day: Schema.String,
  facts: SiteFacts,
  faq: Schema.Array(Schema.Struct({ question: Schema.String, answer: Schema.String })),
  about: Schema.String,
  deployedAt: Schema.String,
  // Added later, optional so older deployments still decode.
  writing: Schema.optionalWith(SiteWriting, { exact: true })
}) {}

/**
 * Who wrote a post and what it cost: `writer` is `builtin` or the model's name; `factCheck` is
 * the validation of a model's text (absent for the built-in writer, whose text is the facts);
 * `similarity` the highest word-shingle similarity to the entity's recent posts.
 */
export const PostWriting = Schema.Struct({
  writer: Schema.String,
  similarity: Schema.Number,
  factCheck: Schema.optionalWith(Schema.Struct({
    /** Model drafts tried (1 or 2) and whether the last one passed. */
    attempts: Schema.Int,
    passed: Schema.Boolean,
    /** What the failed drafts claimed that no fact supports. */
    failures: Schema.Array(Schema.String)
  }), { exact: true }),
  usage: Schema.optionalWith(ModelUsage, { exact: true })
})
export type PostWriting = typeof PostWriting.Type

export class BlogPostPublished extends Schema.TaggedClass<BlogPostPublished>()("BlogPostPublished", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  date: Schema.String,
  slug: Schema.String,
  title: Schema.String,
  summary: Schema.String,
  bodyParagraphs: Schema.Array(Schema.String),
  topic: Schema.String,
  publishedAt: Schema.String,
  // Added later, optional so older posts still decode: how the post was written.
  /** The angle the post takes on its prompt (post-angles.ts). */
  angle: Schema.optionalWith(Schema.String, { exact: true }),
  writing: Schema.optionalWith(PostWriting, { exact: true })
}) {}

/** Posts per entity per UTC day. */
export const DAILY_POST_LIMIT = 15
