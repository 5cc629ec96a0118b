/**
 * Read model of tracked entities: businesses and their products, for listings, ownership,
 * addresses and the names their owners declared. A product row keeps its history after deletion
 * (`deleted_at` set).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { batchedLookup } from "../db/batched-lookup.ts"
import { DirectQuery } from "../db/direct-query.ts"
import { fromStored } from "../domain/entity-events.ts"
import { siteLabelOf } from "../domain/site-address.ts"
import type { DeclaredFacts, DeclaredNames } from "../domain/entity-names.ts"
import { comparePositions, type GlobalPosition } from "../eventstore/event-store.ts"
import type { Projection } from "./projection.ts"
import { ProjectionProgress } from "./progress.ts"
import { refOfRow } from "./row-ref.ts"

export const entitiesProjection: Projection = {
  name: "entities",
  version: 3,
  eventTypes: ["BusinessCreated", "ProductRegistered", "ProductDeleted", "NamesDeclared"],
  tables: ["entities"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
    sql`
      CREATE TABLE IF NOT EXISTS entities (
        business_id text NOT NULL,
        item_id text NOT NULL DEFAULT '',
        record_id bigint NOT NULL,
        business_uuid uuid,
        name text,
        source_url text,
        tracking_type text NOT NULL,
        identity_org_id text,
        identity_user_id text,
        ranking_score integer,
        site_label text NOT NULL,
        created_at timestamptz NOT NULL,
        deleted_at timestamptz,
        aliases jsonb NOT NULL DEFAULT '[]',
        not_aliases jsonb NOT NULL DEFAULT '[]',
        PRIMARY KEY (business_id, item_id)
      )`,
    sql`CREATE INDEX IF NOT EXISTS entities_site_label_idx ON entities (site_label) WHERE item_id = ''`
    ], { discard: true })),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const event = fromStored(recorded)
      switch (event._tag) {
        case "BusinessCreated":
          yield* sql`
            INSERT INTO entities (business_id, item_id, record_id, business_uuid, name, source_url, tracking_type,
              identity_org_id, identity_user_id, ranking_score, site_label, created_at)
            VALUES (${event.businessId}, '', ${recorded.position.toString()}, ${event.businessUuid}, ${event.businessName},
              ${event.businessUrl}, ${event.trackingType}, ${event.identityOrgId}, ${event.identityUserId},
              ${event.rankingScore}, ${siteLabelOf(event.businessId, event.businessUrl)}, ${event.createdAt})
            ON CONFLICT (business_id, item_id) DO NOTHING`
          return
        case "ProductRegistered":
          yield* sql`
            INSERT INTO entities (business_id, item_id, record_id, name, source_url, tracking_type, site_label, created_at)
            VALUES (${event.businessId}, ${event.itemId}, ${recorded.position.toString()}, ${event.name}, ${event.url},
              'product', '', ${event.registeredAt})
            ON CONFLICT (business_id, item_id) DO UPDATE
              SET name = excluded.name, source_url = excluded.source_url, deleted_at = NULL`
          return
        case "ProductDeleted":
          yield* sql`
            UPDATE entities SET deleted_at = ${event.deletedAt}
            WHERE business_id = ${event.businessId} AND item_id = ${event.itemId}`
          return
        case "NamesDeclared":
          yield* sql`
            UPDATE entities
            SET aliases = ${JSON.stringify(event.aliases)}::jsonb, not_aliases = ${JSON.stringify(event.notAliases)}::jsonb
            WHERE business_id = ${event.businessId} AND item_id = ${event.itemId ?? ""}`
          return
      }
    })
}

export interface EntityRow {
  readonly business_id: string
  readonly item_id: string
  readonly record_id: string
  readonly business_uuid: string | null
  readonly name: string | null
  readonly source_url: string | null
  readonly tracking_type: string
  readonly identity_org_id: string | null
  readonly identity_user_id: string | null
  readonly ranking_score: number | null
  readonly site_label: string
  readonly created_at: Date
  /** Declared names (`NamesDeclared`): JSON arrays of strings. */
  readonly aliases: ReadonlyArray<string>
  readonly not_aliases: ReadonlyArray<string>
  /** The business's URL, for products too (their site address derives from it). */
  readonly business_url: string | null
}

export const declaredNamesOf = (row: EntityRow): DeclaredNames => ({ aliases: row.aliases, notAliases: row.not_aliases })

/** The facts mention detection needs about an entity, with the names its owner declared. */
export const mentionFactsOf = (row: EntityRow): DeclaredFacts => ({
  itemId: row.item_id === "" ? null : row.item_id,
  name: row.name,
  url: row.source_url,
  declared: declaredNamesOf(row)
})

export interface EntityFilter {
  readonly businessId?: string | undefined
  readonly type?: "business" | "product" | undefined
}

/** What a visit's entity is: recordable, or the 404 to answer. */
export type VisitTarget = "active" | "business_not_found" | "product_not_found"

const MAX_REMEMBERED = 100_000

const VISIT_TARGETS_QUERY = `
  SELECT k.business_id, k.item_id,
    EXISTS (SELECT 1 FROM entities b WHERE b.business_id = k.business_id AND b.item_id = '') AS business_known,
    EXISTS (SELECT 1 FROM entities e
      WHERE e.business_id = k.business_id AND e.item_id = k.item_id AND e.deleted_at IS NULL) AS active
  FROM jsonb_to_recordset($1::jsonb) AS k(business_id text, item_id text)`

/** Queries over the entities read model. */
export class Entities extends Effect.Service<Entities>()("Entities", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const direct = yield* DirectQuery
    const progress = yield* ProjectionProgress

    /** Active entities (deleted products excluded), businesses before their products. */
    const list = (filter: EntityFilter) =>
      sql<EntityRow>`
        SELECT e.*, b.source_url AS business_url
        FROM entities e LEFT JOIN entities b ON b.business_id = e.business_id AND b.item_id = ''
        WHERE e.deleted_at IS NULL
          ${filter.businessId === undefined ? sql`` : sql`AND e.business_id = ${filter.businessId}`}
          ${filter.type === undefined ? sql`` : filter.type === "business" ? sql`AND e.item_id = ''` : sql`AND e.item_id <> ''`}
        ORDER BY e.business_id, e.item_id`.pipe(Effect.orDie, Effect.withSpan("Entities.list"))

    const findBusiness = (businessId: string) =>
      Effect.map(list({ businessId, type: "business" }), (rows) => rows[0])

    /** One entity, deleted products included (their history stays readable). */
    const find = (businessId: string, itemId: string | null) =>
      sql<EntityRow & { deleted_at: Date | null }>`
        SELECT e.*, b.source_url AS business_url
        FROM entities e LEFT JOIN entities b ON b.business_id = e.business_id AND b.item_id = ''
        WHERE e.business_id = ${businessId} AND e.item_id = ${itemId ?? ""}`.pipe(
        Effect.map((rows) => rows[0]),
        Effect.orDie,
        Effect.withSpan("Entities.find")
      )

    /**
     * The earliest entity holding no site host yet whose address was this host before hosts were
     * registered: a business whose label it is, or a product at `<business label>-<item>`. Such an
     * entity keeps its address: it is claimed on its first visit, and no other entity takes it.
     */
    const unregisteredWanting = (host: string) => {
      const splits: Array<{ label: string; item: string }> = []
      for (let cut = host.indexOf("-"); cut > 0; cut = host.indexOf("-", cut + 1)) {
        splits.push({ label: host.slice(0, cut), item: host.slice(cut + 1) })
      }
      return sql<{ business_id: string; item_id: string }>`
        SELECT business_id, item_id FROM (
          SELECT e.business_id, e.item_id, e.record_id FROM entities e
          WHERE e.item_id = '' AND e.site_label = ${host}
            AND NOT EXISTS (SELECT 1 FROM site_hosts h WHERE h.business_id = e.business_id AND h.item_id = '')
          UNION ALL
          SELECT p.business_id, p.item_id, p.record_id
          FROM jsonb_to_recordset(${JSON.stringify(splits)}::jsonb) AS k(label text, item text)
          JOIN entities b ON b.item_id = '' AND b.site_label = k.label
          JOIN entities p ON p.business_id = b.business_id AND p.item_id = k.item
          WHERE NOT EXISTS (SELECT 1 FROM site_hosts h WHERE h.business_id = p.business_id AND h.item_id = p.item_id)
        ) wanting
        ORDER BY record_id LIMIT 1`.pipe(
        Effect.map(([row]) => row && refOfRow(row)),
        Effect.orDie
      )
    }

    /**
     * Whether a visit may name this entity: its business exists and, for a product, the
     * product is active. The visit webhook's lookup, thousands a second: an entity found
     * active is remembered until this read model next applies events (entities change rarely;
     * its progress over other events, every visit among them, changes nothing here), and
     * lookups are batched (a crawler loading a site posts many visits at once) direct queries
     * (see `src/db/direct-query.ts`). What is not active is asked again each time, so a new
     * business is found as soon as the read model has it.
     */
    const lookUpVisitTarget = batchedLookup<{ readonly businessId: string; readonly itemId: string | null }, VisitTarget>({
      keyOf: ({ businessId, itemId }) => `${businessId}/${itemId ?? ""}`,
      load: async (keys) => {
        const wanted = keys.map(({ businessId, itemId }) => ({ business_id: businessId, item_id: itemId ?? "" }))
        const rows = await direct.query<{ business_id: string; item_id: string; business_known: boolean; active: boolean }>(
          VISIT_TARGETS_QUERY,
          [JSON.stringify(wanted)]
        )
        return new Map(rows.map((row): [string, VisitTarget] => [
          `${row.business_id}/${row.item_id}`,
          !row.business_known ? "business_not_found" : row.active ? "active" : "product_not_found"
        ]))
      }
    })

    let activeAt: GlobalPosition = progress.changedOf(entitiesProjection.name)
    const active = new Set<string>()
    const visitTargetNow = async (key: { readonly businessId: string; readonly itemId: string | null }): Promise<VisitTarget> => {
      const reached = progress.changedOf(entitiesProjection.name)
      if (comparePositions(reached, activeAt) !== 0 || active.size >= MAX_REMEMBERED) {
        active.clear()
        activeAt = reached
      }
      const id = `${key.businessId}/${key.itemId ?? ""}`
      if (active.has(id)) return "active"
      const target = (await lookUpVisitTarget(key)) ?? "business_not_found"
      // Only what was read while the model stood still: a lookup racing a change is not kept.
      if (target === "active" && comparePositions(progress.changedOf(entitiesProjection.name), reached) === 0) active.add(id)
      return target
    }

    return { list, findBusiness, find, unregisteredWanting, visitTargetNow }
  }),
  dependencies: [ProjectionProgress.Default]
}) {}
