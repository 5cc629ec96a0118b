/**
 * The entity a read model's row names. Read models key an entity by `business_id` and
 * `item_id`, `''` for the business itself (a primary key holds no null); both were slugs
 * decoded at the API when their events were recorded, so they read back as the branded ids.
 */
import { type BusinessId, type EntityRef, type ItemId, refOf } from "../domain/entity-ref.ts"

export const refOfRow = (row: { readonly business_id: string; readonly item_id: string }): EntityRef =>
  refOf(row.business_id as BusinessId, row.item_id === "" ? null : row.item_id as ItemId)
