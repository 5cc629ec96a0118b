/**
 * Read model of the site host registry: which entity each host name under the sites domain
 * names. A host has one row for good (its claim never moves); should an entity ever hold two
 * names, the earliest claimed is its address.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { EntityRef } from "../domain/entity-ref.ts"
import { siteHostFromStored } from "../domain/site-host-events.ts"
import type { Projection } from "./projection.ts"
import { refOfRow } from "./row-ref.ts"

export const siteHostsProjection: Projection = {
  name: "site_hosts",
  version: 1,
  eventTypes: ["SiteHostClaimed"],
  tables: ["site_hosts"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS site_hosts (
          host text PRIMARY KEY,
          business_id text NOT NULL,
          item_id text NOT NULL,
          position bigint NOT NULL
        )`,
      sql`CREATE INDEX IF NOT EXISTS site_hosts_entity_idx ON site_hosts (business_id, item_id, position)`
    ], { discard: true })),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const event = siteHostFromStored(recorded)
      yield* sql`
        INSERT INTO site_hosts (host, business_id, item_id, position)
        VALUES (${event.host}, ${event.businessId}, ${event.itemId ?? ""}, ${recorded.position.toString()})
        ON CONFLICT (host) DO NOTHING`
    })
}

/** The entity holding a host name. */
export type HostHolder = EntityRef

export class SiteHosts extends Effect.Service<SiteHosts>()("SiteHosts", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The entity holding a host name, if any. */
    const holderOf = (host: string) =>
      sql<{ business_id: string; item_id: string }>`SELECT business_id, item_id FROM site_hosts WHERE host = ${host}`.pipe(
        Effect.map(([row]): HostHolder | undefined => row && refOfRow(row)),
        Effect.orDie
      )

    /** The host name of each entity of these businesses that holds one: `business_id/item_id` → host. */
    const hostsOf = (businessIds: ReadonlyArray<string>) =>
      businessIds.length === 0
        ? Effect.succeed(new Map<string, string>())
        : sql<{ host: string; business_id: string; item_id: string }>`
            SELECT host, business_id, item_id FROM site_hosts WHERE ${sql.in("business_id", businessIds)}
            ORDER BY position DESC`.pipe(
            // Earliest last, so it is the one the map keeps.
            Effect.map((rows) => new Map(rows.map((row) => [`${row.business_id}/${row.item_id}`, row.host]))),
            Effect.orDie
          )

    return { holderOf, hostsOf }
  })
}) {}
