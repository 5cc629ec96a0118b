/** Field schemas shared by the API groups: the ids decode to the domain's branded ids. */
import { Schema } from "effect"
import { BusinessId, ItemId } from "../domain/entity-ref.ts"

/** A business's slug (`business_id`, `org_slug`). */
export const BusinessSlug = BusinessId.annotations({ description: "The business's slug.", examples: [BusinessId.make("blue-door-bakery")] })

/** A product slug (`item_id`); null and absent both mean "the business itself". */
export const OptionalItemId = Schema.optional(Schema.NullOr(ItemId).annotations({
  description: "A product's slug; null or absent for the business itself.",
  examples: [ItemId.make("sourdough-loaf")]
}))

/** A product slug in a query (`?item_id=`); absent means the business itself. */
export const OptionalItemParam = Schema.optional(ItemId.annotations({
  description: "A product's slug; absent for the business itself.",
  examples: [ItemId.make("sourdough-loaf")]
}))

export const PromptText = Schema.String.pipe(Schema.trimmed({
  message: () => "expected a prompt without leading or trailing spaces"
}), Schema.minLength(1), Schema.maxLength(2000))
