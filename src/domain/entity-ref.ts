/**
 * A tracked entity: a business (identified by its organization slug) or one of its products.
 * Each entity owns one event stream, named `category-id` (message-db style).
 */
import { Schema } from "effect"
import { isSlug, Slug } from "./slug.ts"

/** A business's slug (its organization's); decoding one (an HTTP path, a payload) checks the shape. */
export const BusinessId = Slug.pipe(Schema.brand("BusinessId"))
export type BusinessId = typeof BusinessId.Type

/** A product's slug, unique within its business. */
export const ItemId = Slug.pipe(Schema.brand("ItemId"))
export type ItemId = typeof ItemId.Type

/**
 * Whether text is a business's (a product's) id, for a hot path that checks instead of
 * decoding: the ids are slugs branded, so the slug check is all their schemas check.
 */
export const isBusinessId = (text: string): text is BusinessId => isSlug(text)
export const isItemId = (text: string): text is ItemId => isSlug(text)

export const EntityRef = Schema.Struct({
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId)
})
export type EntityRef = typeof EntityRef.Type

/** The business itself, or (with an item id) one of its products; null and absent both mean the business. */
export const refOf = (businessId: BusinessId, itemId?: ItemId | null): EntityRef => ({ businessId, itemId: itemId ?? null })

/** `business-acme` or `product-acme:widget`; slugs hold no `:`, so the name parses back. */
export const streamIdOf = (ref: EntityRef): string =>
  ref.itemId === null ? `business-${ref.businessId}` : `product-${ref.businessId}:${ref.itemId}`

export const refOfStreamId = (streamId: string): EntityRef | undefined => {
  const business = /^business-([a-z0-9-]+)$/.exec(streamId)
  if (business) return { businessId: business[1] as BusinessId, itemId: null }
  const product = /^product-([a-z0-9-]+):([a-z0-9-]+)$/.exec(streamId)
  if (product) return { businessId: product[1] as BusinessId, itemId: product[2] as ItemId }
  return undefined
}
