/** Field schemas shared by the API groups. */
import { Schema } from "effect"

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/

/** A slug's shape, for a check before (instead of) a full decode on a hot path. */
export const isSlug = (value: string) => SLUG.test(value)

/** An organization slug (`business_id`, `org_slug`). */
export const Slug = Schema.String.pipe(Schema.pattern(SLUG, {
  message: () => "expected a slug: lower-case letters, digits and dashes, 1 to 64 characters",
  description: "a slug: lower-case letters, digits and dashes, 1 to 64 characters"
}))

/** A product slug (`item_id`); null and absent both mean "the business itself". */
export const OptionalItemId = Schema.optional(Schema.NullOr(Slug).annotations({
  description: "A product's slug; null or absent for the business itself.",
  examples: ["sourdough-loaf"]
}))

export const PromptText = Schema.String.pipe(Schema.trimmed({
  message: () => "expected a prompt without leading or trailing spaces"
}), Schema.minLength(1), Schema.maxLength(2000))
