/**
 * `events_append_new_across(batch, channel)`: `events_append_new` (0006) for the events of
 * several streams in one statement. Each event of `batch.events` (ordered) names its stream
 * (`streamId`). The visit recorder appends a whole batch with it: visits are kept in one
 * stream per business and UTC day, so with visits spread over many businesses a statement per
 * stream was about a statement per visit.
 *
 * For each event: found when the log holds its `eventId`, or holds `sameAs.eventId` with
 * `data->>sameAs.field = sameAs.value` (the same two index probes as 0006); the rest get their
 * stream's next versions in batch order, are inserted in batch order and announced on
 * `channel` (`<last position>|<types>`). The streams' rows are claimed in `stream_id` order,
 * so two batches sharing streams queue on them in the same order and never deadlock there.
 * One row per event, in order: where it, or the event found for it, sits, and whether it was
 * written. A function for the reason 0006 is: PL/pgSQL keeps the plan per connection.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.unsafe(`
CREATE OR REPLACE FUNCTION events_append_new_across(p_batch jsonb, p_channel text)
RETURNS TABLE (out_position bigint, out_transaction_id xid8, out_written boolean)
LANGUAGE plpgsql AS $fn$
BEGIN
  RETURN QUERY
      WITH input AS (
        SELECT e.value AS event, e.value->>'streamId' AS stream_id, e.ordinality::int AS ord
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
        SELECT input.event, input.stream_id, input.ord,
          (row_number() OVER (PARTITION BY input.stream_id ORDER BY input.ord))::int AS n,
          (count(*) OVER (PARTITION BY input.stream_id))::int AS total
        FROM input WHERE NOT EXISTS (SELECT 1 FROM found WHERE found.ord = input.ord)
      ),
      claim AS (
        INSERT INTO streams AS s (stream_id, version)
        SELECT fresh.stream_id, count(*)::int FROM fresh GROUP BY fresh.stream_id ORDER BY fresh.stream_id
        ON CONFLICT (stream_id) DO UPDATE SET version = s.version + excluded.version
        RETURNING s.stream_id, s.version
      ),
      inserted AS (
        INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
        SELECT fresh.stream_id, claim.version - fresh.total + fresh.n, (fresh.event->>'eventId')::uuid,
          fresh.event->>'type', (fresh.event->>'schemaVersion')::int, fresh.event->'data', fresh.event->'metadata'
        FROM fresh JOIN claim ON claim.stream_id = fresh.stream_id
        ORDER BY fresh.ord
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
