/**
 * Read model of AI-crawler visits: a daily roll-up, one row per entity, UTC day and platform
 * (`bot_visit_days`), so a 365-day read touches at most 365 × 8 rows per entity whatever the
 * traffic. Raw visits stay in the log only (`BotVisited`, streams `visits-*`).
 *
 * The counters are incremented, which a second application of one event would break; each row
 * therefore remembers the commit-order position of the last event it counted and only counts
 * events after it. The runner applies in commit order and moves its checkpoint in the same
 * transaction, so this guard is never needed in normal running: it makes `apply` idempotent.
 *
 * Its pages are read with only the five data fields it counts (`dataFields`): the events'
 * positions, types and order are read as for any projection, so the guard and the commit
 * order are unchanged.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { utcDay } from "../domain/calendar-date.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../domain/platforms.ts"
import { COUNTED_VISIT_FIELDS, countedVisitOf } from "../domain/visit-events.ts"
import type { RecordedEvent } from "../eventstore/event-store.ts"
import type { Projection } from "./projection.ts"

export const botVisitsProjection: Projection = {
  name: "bot_visits",
  version: 1,
  eventTypes: ["BotVisited"],
  tables: ["bot_visit_days"],
  // Crawlers come in bursts of hundreds of visits a second: count them a page at a time. Each
  // page costs a read and a transaction of four statements whatever its size, so under a
  // steady stream of visits the gathering sets that cost per visit; a stats read waiting for
  // the roll-up does not wait for it (the runner stops gathering for a waiter).
  gatherMs: 50,
  // All it reads of a visit (`countedVisitOf`): a page is read without the rest (the page's
  // URL and title, the user agent, the referrer...), which was most of its bytes and decoding.
  dataFields: COUNTED_VISIT_FIELDS,
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS bot_visit_days (
          business_id text NOT NULL,
          item_id text NOT NULL,
          day text NOT NULL,
          platform text NOT NULL,
          visits integer NOT NULL,
          verified_visits integer NOT NULL,
          last_transaction_id bigint NOT NULL,
          last_position bigint NOT NULL,
          PRIMARY KEY (business_id, item_id, day, platform)
        )`,
      // Business-wide reads (the business and all its products) go by day across items.
      sql`CREATE INDEX IF NOT EXISTS bot_visit_days_business_day_idx ON bot_visit_days (business_id, day)`
    ], { discard: true })),
  apply: (recorded) => Effect.flatMap(SqlClient.SqlClient, (sql) => countVisit(sql, recorded)),
  // One statement per page: the page's visits added up per row. A row that has already counted
  // some of a group's events (only when a page is applied twice) takes that group one by one,
  // as does a row another writer inserted meanwhile (none does: the runner is the one writer).
  applyPage: (events) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const groups = new Map<string, Group>()
      for (const recorded of events) {
        const event = countedVisitOf(recorded)
        const row = { businessId: event.businessId, itemId: event.itemId ?? "", day: utcDay(new Date(event.visitedAt)), platform: event.platform }
        const key = `${row.businessId}/${row.itemId}/${row.day}/${row.platform}`
        const group = groups.get(key) ?? { ...row, key, visits: 0, verified: 0, events: [] }
        group.visits++
        if (event.verified) group.verified++
        group.events.push(recorded)
        groups.set(key, group)
      }
      const batch = [...groups.values()].map((group) => {
        const first = group.events[0]!
        const last = group.events[group.events.length - 1]!
        return {
          key: group.key,
          business_id: group.businessId,
          item_id: group.itemId,
          day: group.day,
          platform: group.platform,
          visits: group.visits,
          verified: group.verified,
          first_transaction_id: first.transactionId.toString(),
          first_position: first.position.toString(),
          last_transaction_id: last.transactionId.toString(),
          last_position: last.position.toString()
        }
      })
      // The rows already there are updated by a join with the page's groups, the others
      // inserted: each group is found by hashing, where a lookup of the group from each row
      // (a subquery over the page) made a page's cost grow with the square of its groups, the
      // most when the roll-up is behind and its pages are full. `json`, not `jsonb`: the page
      // is read once, and parsing it as `jsonb` took most of the statement's time.
      const counted = yield* sql<{ key: string }>`
        WITH g AS (
          SELECT * FROM json_to_recordset(${JSON.stringify(batch)}::json) AS g(key text, business_id text, item_id text,
            day text, platform text, visits int, verified int, first_transaction_id bigint, first_position bigint,
            last_transaction_id bigint, last_position bigint)
        ),
        updated AS (
          UPDATE bot_visit_days AS d
          SET visits = d.visits + g.visits,
            verified_visits = d.verified_visits + g.verified,
            last_transaction_id = g.last_transaction_id,
            last_position = g.last_position
          FROM g
          WHERE (d.business_id, d.item_id, d.day, d.platform) = (g.business_id, g.item_id, g.day, g.platform)
            AND (d.last_transaction_id, d.last_position) < (g.first_transaction_id, g.first_position)
          RETURNING g.key
        ),
        inserted AS (
          INSERT INTO bot_visit_days (business_id, item_id, day, platform, visits, verified_visits, last_transaction_id, last_position)
          SELECT g.business_id, g.item_id, g.day, g.platform, g.visits, g.verified, g.last_transaction_id, g.last_position FROM g
          WHERE NOT EXISTS (
            SELECT 1 FROM bot_visit_days d
            WHERE (d.business_id, d.item_id, d.day, d.platform) = (g.business_id, g.item_id, g.day, g.platform))
          ON CONFLICT (business_id, item_id, day, platform) DO NOTHING
          RETURNING business_id, item_id, day, platform
        )
        SELECT key FROM updated
        UNION ALL
        SELECT g.key FROM inserted i JOIN g ON (g.business_id, g.item_id, g.day, g.platform) = (i.business_id, i.item_id, i.day, i.platform)`
      const done = new Set(counted.map((row) => row.key))
      for (const group of groups.values()) {
        if (!done.has(group.key)) for (const recorded of group.events) yield* countVisit(sql, recorded)
      }
    })
}

interface Group {
  readonly key: string
  readonly businessId: string
  readonly itemId: string
  readonly day: string
  readonly platform: string
  visits: number
  verified: number
  readonly events: Array<RecordedEvent>
}

/** Counts one visit, unless its row has counted it (or a later one) already. */
const countVisit = (sql: SqlClient.SqlClient, recorded: RecordedEvent) => {
  const event = countedVisitOf(recorded)
  return sql`
    INSERT INTO bot_visit_days (business_id, item_id, day, platform, visits, verified_visits, last_transaction_id, last_position)
    VALUES (${event.businessId}, ${event.itemId ?? ""}, ${utcDay(new Date(event.visitedAt))}, ${event.platform}, 1, ${event.verified ? 1 : 0},
      ${recorded.transactionId.toString()}, ${recorded.position.toString()})
    ON CONFLICT (business_id, item_id, day, platform) DO UPDATE
      SET visits = bot_visit_days.visits + 1,
        verified_visits = bot_visit_days.verified_visits + excluded.verified_visits,
        last_transaction_id = excluded.last_transaction_id,
        last_position = excluded.last_position
      WHERE (bot_visit_days.last_transaction_id, bot_visit_days.last_position)
        < (excluded.last_transaction_id, excluded.last_position)`
}

export interface BotVisitCounts {
  /** The start (00:00 UTC) of the first counted day. */
  readonly periodStart: Date
  readonly periodEnd: Date
  readonly byPlatform: Readonly<Record<PlatformKey, number>>
  readonly total: number
  readonly uniquePlatforms: number
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Queries over the bot-visits read model. */
export class BotVisits extends Effect.Service<BotVisits>()("BotVisits", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /**
     * Visits of a business and all its products (`itemId` null) or of one product, over the
     * last `days` UTC days, today included. The roll-up is by UTC day, so the window starts at a
     * day's 00:00 UTC and the reported start says so: `days` 7 on a Tuesday noon counts from the
     * previous Wednesday 00:00 to now.
     */
    const stats = (businessId: string, itemId: string | null, days: number, now: Date) => {
      const today = Date.parse(`${utcDay(now)}T00:00:00Z`)
      const periodStart = new Date(today - (days - 1) * DAY_MS)
      return sql<{ platform: string; visits: number }>`
        SELECT platform, sum(visits)::int AS visits FROM bot_visit_days
        WHERE business_id = ${businessId}
          ${itemId === null ? sql`` : sql`AND item_id = ${itemId}`}
          AND day >= ${utcDay(periodStart)} AND day <= ${utcDay(now)}
        GROUP BY platform`.pipe(
        Effect.map((rows): BotVisitCounts => {
          const byPlatform = Object.fromEntries(PLATFORM_KEYS.map((key) => [key, 0])) as Record<PlatformKey, number>
          for (const row of rows) {
            if ((PLATFORM_KEYS as ReadonlyArray<string>).includes(row.platform)) byPlatform[row.platform as PlatformKey] = Number(row.visits)
          }
          const counts = Object.values(byPlatform)
          return {
            periodStart,
            periodEnd: now,
            byPlatform,
            total: counts.reduce((sum, n) => sum + n, 0),
            uniquePlatforms: counts.filter((n) => n > 0).length
          }
        }),
        Effect.orDie,
        Effect.withSpan("BotVisits.stats")
      )
    }

    return { stats }
  })
}) {}
