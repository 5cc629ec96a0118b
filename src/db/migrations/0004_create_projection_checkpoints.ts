/**
 * How far each projection has applied the log. Moved by compare-and-set in the same transaction
 * as the projection's writes, so a batch is applied exactly once even with several runners.
 * `version` is the projection's code version: a change rebuilds its read model from the log.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql`
    CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name text PRIMARY KEY,
      version integer NOT NULL,
      transaction_id xid8 NOT NULL,
      position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`)
