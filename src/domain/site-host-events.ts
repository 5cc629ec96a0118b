/**
 * The registry of site hosts: one stream per host name under the sites domain
 * (`sitehost-<host>`), whose single event says which entity holds it. A claim is appended at
 * version 0, so of two entities wanting one host exactly one gets it, and a host once held never
 * moves: `<label>` for a business, `<label>-<item>` for a product (its dashed address).
 */
import { Schema } from "effect"
import { storedCodec } from "./stored-event.ts"

export class SiteHostClaimed extends Schema.TaggedClass<SiteHostClaimed>()("SiteHostClaimed", {
  host: Schema.String,
  businessId: Schema.String,
  /** Null for the business's own host. */
  itemId: Schema.NullOr(Schema.String),
  at: Schema.String
}) {}

const codec = storedCodec(SiteHostClaimed, () => 1)
export const siteHostToStored = codec.toStored
export const siteHostFromStored = codec.fromStored

export const siteHostStreamOf = (host: string) => `sitehost-${host}`
