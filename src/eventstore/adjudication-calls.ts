/**
 * How many calls the mention adjudicator made on a UTC day, read from the log: the
 * adjudications recorded in that day's `PlatformChecked` events (`adjudicated` and `failed`
 * ones: a call was made; `skipped` ones were not asked). The log is the record of the calls, so
 * the count survives a restart with no table of its own.
 *
 * The scan starts after the last event recorded before the day (found by walking the log's
 * primary key backwards), so it reads the day's events only, not the whole log.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export class AdjudicationCalls extends Effect.Service<AdjudicationCalls>()("AdjudicationCalls", {
  effect: Effect.map(SqlClient.SqlClient, (sql) => ({
    /** Adjudicator calls recorded with the checks of `day` (`YYYY-MM-DD`, UTC). */
    onDay: (day: string): Effect.Effect<number> => {
      const from = `${day}T00:00:00.000Z`
      return sql<{ calls: number }>`
        WITH before AS (
          SELECT coalesce((SELECT position FROM events WHERE recorded_at < ${from}::timestamptz ORDER BY position DESC LIMIT 1), 0) AS position
        )
        SELECT count(*)::int AS calls
        FROM events e CROSS JOIN before CROSS JOIN LATERAL jsonb_array_elements(e.data->'answers') AS a(answer)
        WHERE e.position > before.position
          AND e.event_type = 'PlatformChecked'
          AND substr(e.data->>'checkedAt', 1, 10) = ${day}
          AND a.answer->'adjudication'->>'status' IN ('adjudicated', 'failed')`.pipe(
        Effect.map((rows) => rows[0]?.calls ?? 0),
        Effect.orDie,
        Effect.withSpan("AdjudicationCalls.onDay")
      )
    }
  }))
}) {}
