/** Read model of pre-signup ranking scores by normalized URL. */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { rankingFromStored } from "../domain/ranking-events.ts"
import type { Projection } from "./projection.ts"

export const rankingScoresProjection: Projection = {
  name: "ranking_scores",
  version: 1,
  eventTypes: ["RankingScoreAssigned"],
  tables: ["ranking_scores"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`
      CREATE TABLE IF NOT EXISTS ranking_scores (
        normalized_url text PRIMARY KEY,
        score integer NOT NULL,
        assigned_at timestamptz NOT NULL
      )`),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const event = rankingFromStored(recorded)
      // The first assignment stands: a score once given never changes.
      yield* sql`
        INSERT INTO ranking_scores (normalized_url, score, assigned_at)
        VALUES (${event.normalizedUrl}, ${event.score}, ${event.assignedAt})
        ON CONFLICT (normalized_url) DO NOTHING`
    })
}

export class RankingScores extends Effect.Service<RankingScores>()("RankingScores", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const find = (normalizedUrl: string) =>
      sql<{ score: number }>`SELECT score FROM ranking_scores WHERE normalized_url = ${normalizedUrl}`.pipe(
        Effect.map((rows) => rows[0]?.score),
        Effect.orDie
      )
    return { find }
  })
}) {}
