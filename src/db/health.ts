/** Whether the database answers, within a bound. */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export const databaseAnswers = Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT 1 AS ok`).pipe(
  Effect.timeout("2 seconds"),
  Effect.as(true),
  Effect.catchAllCause(() => Effect.succeed(false))
)
