/**
 * `events_append_new(stream, batch, channel)`: the event store's `appendNew` (see
 * `pg-event-store.ts`) as a function, so PostgreSQL plans its statement once per connection
 * (PL/pgSQL keeps the plan) instead of on every call. The visit recorder calls it for every
 * batch; planning the statement costs more than running it.
 *
 * For each event of `batch.events` (ordered): found when the log holds its `eventId`, or holds
 * `sameAs.eventId` with `data->>sameAs.field = sameAs.value`; the rest get the stream's next
 * versions, are inserted and announced on `channel` (`<last position>|<types>`). One row per
 * event, in order: where it, or the event found for it, sits, and whether it was written.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.unsafe(`
CREATE OR REPLACE FUNCTION events_append_new(p_stream_id text, p_batch jsonb, p_channel text)
RETURNS TABLE (out_position bigint, out_transaction_id xid8, out_written boolean)
LANGUAGE plpgsql AS $fn$
BEGIN
  RETURN QUERY
      WITH input AS (
        SELECT e.value AS event, e.ordinality::int AS ord
        FROM jsonb_array_elements(p_batch->'events') WITH ORDINALITY AS e
      ),
      found AS (
        SELECT input.ord, k.position, k.transaction_id
        FROM input CROSS JOIN LATERAL (
          (SELECT ev.position, ev.transaction_id FROM events ev WHERE ev.event_id = (input.event->>'eventId')::uuid)
          UNION ALL
          (SELECT ev.position, ev.transaction_id FROM events ev
            WHERE ev.event_id = (input.event->'sameAs'->>'eventId')::uuid
              AND ev.data->>(input.event->'sameAs'->>'field') = input.event->'sameAs'->>'value')
          LIMIT 1
        ) k
      ),
      fresh AS (
        SELECT input.event, (row_number() OVER (ORDER BY input.ord))::int AS n
        FROM input WHERE NOT EXISTS (SELECT 1 FROM found WHERE found.ord = input.ord)
      ),
      claim AS (
        INSERT INTO streams AS s (stream_id, version) SELECT p_stream_id, count(*)::int FROM fresh HAVING count(*) > 0
        ON CONFLICT (stream_id) DO UPDATE SET version = s.version + excluded.version RETURNING s.version
      ),
      inserted AS (
        INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
        SELECT p_stream_id, claim.version - (SELECT count(*) FROM fresh)::int + fresh.n, (fresh.event->>'eventId')::uuid,
          fresh.event->>'type', (fresh.event->>'schemaVersion')::int, fresh.event->'data', fresh.event->'metadata'
        FROM claim CROSS JOIN fresh
        ORDER BY fresh.n
        RETURNING events.position, events.transaction_id, events.event_id, events.event_type
      ),
      notified AS (
        SELECT pg_notify(p_channel, max(inserted.position)::text || '|' || string_agg(DISTINCT inserted.event_type, ','))
        FROM inserted HAVING count(*) > 0
      )
      SELECT COALESCE(i.position, f.position), COALESCE(i.transaction_id, f.transaction_id), i.position IS NOT NULL
      FROM input
        LEFT JOIN found f ON f.ord = input.ord
        LEFT JOIN inserted i ON i.event_id = (input.event->>'eventId')::uuid
        CROSS JOIN (SELECT count(*) FROM notified) AS notify
      ORDER BY input.ord;
END
$fn$;`))
