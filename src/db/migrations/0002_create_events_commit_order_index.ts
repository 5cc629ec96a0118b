/** Projections read the log in commit order: (transaction id, position). */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql`CREATE INDEX IF NOT EXISTS events_commit_order_idx ON events (transaction_id, position)`)
