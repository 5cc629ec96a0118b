/**
 * Read model of visibility scores: every stored score (`score_log`), the per-prompt results of
 * the latest one (`score_results`), and per entity one row holding what
 * `GET /api/visibility-score` answers (`visibility_current`: value, trend, daily history),
 * so that read is a single-row lookup. Everything derives from ScoreStored events, and from
 * ScoreRevised, which replaces a service-computed score's figures in `score_log` (its value as
 * first stored kept beside) and marks its history entry revised.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { DirectQuery } from "../db/direct-query.ts"
import { fromRecorded } from "../domain/entity-events.ts"
import { utcDay } from "../domain/calendar-date.ts"
import { historyWindowStart, trendText, weekBefore } from "../domain/scoring.ts"
import type { Projection } from "./projection.ts"

export const scoresProjection: Projection = {
  name: "scores",
  version: 3,
  eventTypes: ["ScoreStored", "ScoreRevised"],
  tables: ["score_log", "score_results", "visibility_current"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS score_log (
          position bigint PRIMARY KEY,
          business_id text NOT NULL,
          item_id text NOT NULL,
          stored_at timestamptz NOT NULL,
          day text NOT NULL,
          overall_score integer NOT NULL,
          platform_scores jsonb NOT NULL,
          prompts_analyzed integer NOT NULL,
          total_true integer NOT NULL,
          unmeasured_checks integer NOT NULL,
          job_id text,
          stored_score integer NOT NULL,
          revised_at timestamptz
        )`,
      sql`CREATE INDEX IF NOT EXISTS score_log_entity_idx ON score_log (business_id, item_id, stored_at)`,
      sql`
        CREATE TABLE IF NOT EXISTS score_results (
          business_id text NOT NULL,
          item_id text NOT NULL,
          prompt text NOT NULL,
          flags jsonb NOT NULL,
          failed_platforms jsonb NOT NULL,
          stored_at timestamptz NOT NULL,
          PRIMARY KEY (business_id, item_id, prompt)
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS visibility_current (
          business_id text NOT NULL,
          item_id text NOT NULL,
          value integer NOT NULL,
          trend text NOT NULL,
          history jsonb NOT NULL,
          stored_at timestamptz NOT NULL,
          PRIMARY KEY (business_id, item_id)
        )`
    ], { discard: true })),
  apply: (recorded) =>
    Effect.gen(function*() {
      const event = fromRecorded(recorded)
      if (event._tag !== "ScoreStored" && event._tag !== "ScoreRevised") return
      const sql = yield* SqlClient.SqlClient
      const itemId = event.itemId ?? ""
      // The row the event's figures are for: a new one, or the revised score's (by its job).
      let position = recorded.position.toString()
      if (event._tag === "ScoreStored") {
        yield* sql`
          INSERT INTO score_log (position, business_id, item_id, stored_at, day, overall_score, platform_scores,
            prompts_analyzed, total_true, unmeasured_checks, job_id, stored_score)
          VALUES (${position}, ${event.businessId}, ${itemId}, ${event.storedAt}, ${utcDay(new Date(event.storedAt))},
            ${event.overallScore}, ${JSON.stringify(event.platformScores)}::jsonb, ${event.promptsAnalyzed}, ${event.totalTrue},
            ${event.unmeasuredChecks}, ${event.jobId}, ${event.overallScore})
          ON CONFLICT (position) DO NOTHING`
      } else {
        const revised = yield* sql<{ position: string }>`
          UPDATE score_log SET overall_score = ${event.overallScore}, platform_scores = ${JSON.stringify(event.platformScores)}::jsonb,
            prompts_analyzed = ${event.promptsAnalyzed}, total_true = ${event.totalTrue},
            unmeasured_checks = ${event.unmeasuredChecks}, revised_at = ${event.revisedAt}
          WHERE business_id = ${event.businessId} AND item_id = ${itemId} AND job_id = ${event.jobId}
          RETURNING position::text AS position`
        if (revised[0] === undefined) return
        position = revised[0].position
      }

      // The current score is the newest stored; an older event replayed late changes nothing here.
      const [latest] = yield* sql<{ position: string; stored_at: Date; overall_score: number }>`
        SELECT position, stored_at, overall_score FROM score_log
        WHERE business_id = ${event.businessId} AND item_id = ${itemId}
        ORDER BY stored_at DESC, position DESC LIMIT 1`
      if (latest === undefined) return
      if (latest.position === position) {
        yield* sql`DELETE FROM score_results WHERE business_id = ${event.businessId} AND item_id = ${itemId}`
        for (const result of event.results) {
          yield* sql`
            INSERT INTO score_results (business_id, item_id, prompt, flags, failed_platforms, stored_at)
            VALUES (${event.businessId}, ${itemId}, ${result.prompt}, ${JSON.stringify(result.flags)}::jsonb,
              ${JSON.stringify(result.failedPlatforms)}::jsonb, ${latest.stored_at.toISOString()})
            ON CONFLICT (business_id, item_id, prompt) DO UPDATE
              SET flags = excluded.flags, failed_platforms = excluded.failed_platforms, stored_at = excluded.stored_at`
        }
      }

      const [baseline] = yield* sql<{ overall_score: number }>`
        SELECT overall_score FROM score_log
        WHERE business_id = ${event.businessId} AND item_id = ${itemId} AND stored_at <= ${weekBefore(latest.stored_at).toISOString()}
        ORDER BY stored_at DESC, position DESC LIMIT 1`
      // One entry per UTC day: the last score stored that day, marked when it was revised.
      const history = yield* sql<{ day: string; overall_score: number; stored_score: number; revised_at: Date | null }>`
        SELECT DISTINCT ON (day) day, overall_score, stored_score, revised_at FROM score_log
        WHERE business_id = ${event.businessId} AND item_id = ${itemId}
          AND day >= ${historyWindowStart(utcDay(latest.stored_at))}
        ORDER BY day, stored_at DESC, position DESC`
      yield* sql`
        INSERT INTO visibility_current (business_id, item_id, value, trend, history, stored_at)
        VALUES (${event.businessId}, ${itemId}, ${latest.overall_score},
          ${trendText(latest.overall_score, baseline?.overall_score ?? null)},
          ${JSON.stringify(history.map(historyEntry))}::jsonb, ${latest.stored_at.toISOString()})
        ON CONFLICT (business_id, item_id) DO UPDATE
          SET value = excluded.value, trend = excluded.trend, history = excluded.history, stored_at = excluded.stored_at`
    })
}

/** A day's entry; a revised score's says so, with its value as first stored. */
export interface HistoryEntry {
  readonly day: string
  readonly value: number
  readonly revised?: true
  readonly stored_value?: number
}

const historyEntry = (h: { day: string; overall_score: number; stored_score: number; revised_at: Date | null }): HistoryEntry =>
  h.revised_at === null
    ? { day: h.day, value: h.overall_score }
    : { day: h.day, value: h.overall_score, revised: true, stored_value: h.stored_score }

export interface CurrentVisibility {
  readonly value: number
  readonly trend: string
  readonly history: ReadonlyArray<HistoryEntry>
}

export interface VisibilityRead {
  readonly businessKnown: boolean
  readonly entityKnown: boolean
  readonly current: CurrentVisibility | undefined
}

/**
 * The read of `GET /api/visibility-score`, one statement on every path. An entity with a score
 * is known (a score is only ever stored for a known entity, and deleting a product keeps it
 * readable), so the row alone answers the common read; only when there is no row do the CASE
 * branches look the business and the product up (PostgreSQL evaluates a CASE branch only when
 * it is taken), to tell "no score yet" from an unknown business or product. Before, that path
 * took a second round trip and read at about half the rate of a bare single-row read.
 *
 * A named (prepared) statement on the server: each pooled connection parses it once and then
 * runs a cached plan, where an unnamed one is parsed, analysed and planned on every read. A
 * table that a rebuild drops and creates again only makes PostgreSQL plan it anew: the
 * statement's columns stay the same.
 */
const VISIBILITY_STATEMENT = "sightline_visibility_read_v1"
const VISIBILITY_QUERY = `SELECT v.value, v.trend, v.history,
    CASE WHEN v.business_id IS NULL THEN EXISTS (SELECT 1 FROM entities WHERE business_id = $1 AND item_id = '') ELSE true END AS business_known,
    CASE WHEN v.business_id IS NULL THEN EXISTS (SELECT 1 FROM entities WHERE business_id = $1 AND item_id = $2) ELSE true END AS entity_known
  FROM (SELECT) AS one LEFT JOIN visibility_current v ON v.business_id = $1 AND v.item_id = $2`

interface VisibilityRow {
  readonly value: number | null
  readonly trend: string | null
  readonly history: ReadonlyArray<HistoryEntry> | null
  readonly business_known: boolean
  readonly entity_known: boolean
}

/** Queries over the scores read model. */
export class Scores extends Effect.Service<Scores>()("Scores", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const direct = yield* DirectQuery
    const current = (businessId: string, itemId: string | null) =>
      sql<CurrentVisibility>`
        SELECT value, trend, history FROM visibility_current
        WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}`.pipe(
        Effect.map((rows) => rows[0]),
        Effect.orDie,
        Effect.withSpan("Scores.current")
      )
    /**
     * What `GET /api/visibility-score` reads, in one statement (`VISIBILITY_QUERY`). A direct
     * query: this is the fast lane's read (see `src/db/direct-query.ts`).
     */
    const visibilityNow = async (businessId: string, itemId: string | null): Promise<VisibilityRead> => {
      const [row] = await direct.query<VisibilityRow>(VISIBILITY_QUERY, [businessId, itemId ?? ""], VISIBILITY_STATEMENT)
      if (row === undefined) throw new Error("the visibility read returned no row")
      const current = row.value === null ? undefined : { value: row.value, trend: row.trend!, history: row.history! }
      return { businessKnown: row.business_known, entityKnown: row.entity_known, current }
    }

    return { current, visibilityNow }
  })
}) {}
