/**
 * One row per stream with its current version. An append moves the version with a
 * compare-and-set on this row before any event takes a log position, so a conflicting append
 * fails without consuming a position, and concurrent appenders of one stream queue on the row.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql`
    CREATE TABLE IF NOT EXISTS streams (
      stream_id text PRIMARY KEY,
      version integer NOT NULL CHECK (version > 0)
    )`)
