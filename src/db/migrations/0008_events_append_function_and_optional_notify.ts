/**
 * Two functions of the event store (`pg-event-store.ts`), so that appending writes without
 * notifying in its own transaction, and so that `append` is planned once per connection:
 *
 * `events_append(stream, expected, events, channel)`: `append` as one call. Claims the
 * stream's versions by compare-and-set on its `streams` row (`expected` NULL: at the stream's
 * end, whatever its version; 0: the stream must not exist; n: it must be at n), then inserts
 * `events` (an array, in order) at the claimed versions, in array order, so their log positions
 * follow it. No row when the claim fails (the stream is not at `expected`): nothing inserted,
 * no log position taken. Otherwise one row: the last event's position, its transaction and the
 * stream's new version. An event id already in the log fails the call on `events_event_id_key`
 * (the caller then looks the first recording up). With a `channel`, also announces the commit
 * there (`<last position>|<types>`, delivered at commit); NULL writes without notifying.
 *
 * `events_append_new_across(batch, channel)` as in 0007, except that a NULL `channel` writes
 * without notifying.
 *
 * The event store passes NULL outside a caller's transaction and notifies after the commit
 * instead (`announce` in `pg-event-store.ts`): a transaction that notifies holds a
 * database-wide lock through its commit's WAL flush, so notifying writers could not share a
 * flush. PL/pgSQL keeps each statement's plan per connection, as 0006 says.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.unsafe(`
CREATE OR REPLACE FUNCTION events_append(p_stream_id text, p_expected integer, p_events jsonb, p_channel text)
RETURNS TABLE (out_position bigint, out_transaction_id xid8, out_stream_version integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_count integer := jsonb_array_length(p_events);
  v_version integer;
  v_types text;
BEGIN
  IF p_expected IS NULL THEN
    INSERT INTO streams AS s (stream_id, version) VALUES (p_stream_id, v_count)
      ON CONFLICT (stream_id) DO UPDATE SET version = s.version + v_count
      RETURNING s.version INTO v_version;
  ELSIF p_expected = 0 THEN
    INSERT INTO streams (stream_id, version) VALUES (p_stream_id, v_count)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING version INTO v_version;
  ELSE
    UPDATE streams SET version = p_expected + v_count
      WHERE stream_id = p_stream_id AND version = p_expected
      RETURNING version INTO v_version;
  END IF;
  IF v_version IS NULL THEN
    RETURN;
  END IF;
  WITH inserted AS (
    INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
    SELECT p_stream_id, v_version - v_count + e.ordinality::int, (e.value->>'eventId')::uuid,
      e.value->>'type', (e.value->>'schemaVersion')::int, e.value->'data', e.value->'metadata'
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e
    ORDER BY e.ordinality
    RETURNING events.position, events.transaction_id, events.event_type
  )
  SELECT max(inserted.position), (array_agg(inserted.transaction_id))[1], string_agg(DISTINCT inserted.event_type, ',')
    INTO out_position, out_transaction_id, v_types
    FROM inserted;
  out_stream_version := v_version;
  IF p_channel IS NOT NULL THEN
    PERFORM pg_notify(p_channel, out_position::text || '|' || v_types);
  END IF;
  RETURN NEXT;
END
$fn$;`).pipe(Effect.zipRight(sql.unsafe(`
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
        FROM inserted WHERE p_channel IS NOT NULL HAVING count(*) > 0
      )
      SELECT COALESCE(i.position, f.position), COALESCE(i.transaction_id, f.transaction_id), i.position IS NOT NULL
      FROM input
        LEFT JOIN found f ON f.ord = input.ord
        LEFT JOIN inserted i ON i.event_id = (input.event->>'eventId')::uuid
        CROSS JOIN (SELECT count(*) FROM notified) AS notify
      ORDER BY input.ord;
END
$fn$;`))))
