/** Finding the entity a request names, or the 404 of docs/decisions.md. */
import { Effect } from "effect"
import { Entities, type EntityRow } from "../projections/entities.ts"
import { notFound } from "./errors.ts"

export interface Lookup {
  readonly businessId: string
  readonly itemId: string | null
  /** A deleted product's history stays readable; writes and checks need it active. */
  readonly allowDeleted: boolean
}

export const findEntity = ({ allowDeleted, businessId, itemId }: Lookup) =>
  Effect.gen(function*() {
    const entities = yield* Entities
    const business = yield* entities.find(businessId, null)
    if (business === undefined) return yield* Effect.fail(notFound("business_not_found", `business ${businessId} not found`))
    if (itemId === null) return business
    const product = yield* entities.find(businessId, itemId)
    if (product === undefined || (!allowDeleted && product.deleted_at !== null)) {
      return yield* Effect.fail(notFound("product_not_found", `product ${itemId} not found`))
    }
    return product satisfies EntityRow
  })

