/**
 * A tracked entity: a business (identified by its organization slug) or one of its products.
 * Each entity owns one event stream, named `category-id` (message-db style).
 */
import { Schema } from "effect"

const slug = Schema.String.pipe(Schema.pattern(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/))

export const BusinessId = slug.pipe(Schema.brand("BusinessId"))
export type BusinessId = typeof BusinessId.Type

export const ItemId = slug.pipe(Schema.brand("ItemId"))
export type ItemId = typeof ItemId.Type

export const EntityRef = Schema.Struct({
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId)
})
export type EntityRef = typeof EntityRef.Type

export const businessRef = (businessId: BusinessId): EntityRef => ({ businessId, itemId: null })

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
