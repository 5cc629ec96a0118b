/**
 * The event log. `(stream_id, stream_version)` unique: a stream never holds two events at one
 * version. `event_id` unique: an event is recorded once, whatever retries deliver it.
 * `transaction_id` is the writer's transaction, so readers can follow commit order.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql`
    CREATE TABLE IF NOT EXISTS events (
      position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      stream_version integer NOT NULL CHECK (stream_version > 0),
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      schema_version integer NOT NULL CHECK (schema_version > 0),
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version),
      CONSTRAINT events_event_id_key UNIQUE (event_id)
    )`)
