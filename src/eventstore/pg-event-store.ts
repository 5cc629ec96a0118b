/**
 * The EventStore on PostgreSQL (server or embedded).
 *
 * Append, in one statement: move the stream's version by compare-and-set on its `streams`
 * row (a conflict ends here, before any log position is taken), insert the events, notify.
 * Concurrent appenders of one stream queue on that row; the loser sees the new version and
 * gets WrongExpectedVersion. A repeated append (same event ids) is recognised after the
 * failure and answered with what was recorded the first time.
 */
import { SqlClient, SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Option, Schedule, Stream } from "effect"
import {
  type AppendFailure,
  type AppendResult,
  EventIdReused,
  EventsRefused,
  EventStore,
  type EventStoreShape,
  StartOfLog,
  type ExpectedVersion,
  type GlobalPosition,
  maxPosition,
  type NewEvent,
  type NewEventOnceIn,
  streamsNamed,
  type OnceOutcome,
  type Page,
  type ReadAllOptions,
  type RecordedEvent,
  StoreUnavailable,
  unstorableEventsRefusal,
  WrongExpectedVersion
} from "./event-store.ts"

export const EVENTS_CHANNEL = "sightline_events"

interface EventRow {
  readonly position: string
  readonly transaction_id: string
  readonly stream_id: string
  readonly stream_version: number
  readonly event_id: string
  readonly event_type: string
  readonly schema_version: number
  readonly data: unknown
  readonly metadata: { readonly correlationId?: string | null; readonly causationId?: string | null }
  readonly recorded_at: Date
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  position: BigInt(row.position),
  transactionId: BigInt(row.transaction_id),
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  eventId: row.event_id,
  type: row.event_type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: { correlationId: row.metadata.correlationId ?? null, causationId: row.metadata.causationId ?? null },
  recordedAt: row.recorded_at
})

const isUniqueViolation = (error: SqlError.SqlError, constraint: string) => {
  const cause = error.cause as { code?: string; constraint?: string } | undefined
  return cause?.code === "23505" && cause.constraint === constraint
}

const sqlStateOf = (error: SqlError.SqlError): string | undefined => {
  const code = (error.cause as { code?: unknown } | undefined)?.code
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined
}

/**
 * SQLSTATE classes another try can get past: connection exception (08), transaction rollback
 * (40: serialization failure, deadlock), insufficient resources (53), operator intervention
 * (57), system error (58).
 */
const TRANSIENT_CLASSES = new Set(["08", "40", "53", "57", "58"])

/**
 * Whether the same statement may succeed if run again. A failure without a SQLSTATE is the
 * connection's (or the driver's); but a TypeError is the driver failing to encode a parameter,
 * which fails the same way every time. Any other SQLSTATE (22 data exception, 23 integrity
 * violation, ...) is about the statement or its data.
 */
const isTransient = (error: SqlError.SqlError) => {
  const state = sqlStateOf(error)
  return state === undefined ? !(error.cause instanceof TypeError) : TRANSIENT_CLASSES.has(state.slice(0, 2))
}

/** A few quick tries (about 0.7 s in all): enough for a dropped connection or a serialization failure. */
const TRANSIENT_RETRY = Schedule.exponential("100 millis").pipe(Schedule.intersect(Schedule.recurs(3)))

const retryTransient = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.retry(effect, {
    schedule: TRANSIENT_RETRY,
    while: (failure) => failure instanceof SqlError.SqlError && isTransient(failure)
  })

/** A database failure of an append, typed by whether another try could succeed. */
const appendFailure = (streamId: string, error: SqlError.SqlError): AppendFailure => {
  const state = sqlStateOf(error)
  return isTransient(error)
    ? new StoreUnavailable({ streamId, reason: state === undefined ? "the database connection failed" : `SQLSTATE ${state}` })
    : new EventsRefused({ streamId, reason: state === undefined ? "the events could not be encoded" : `SQLSTATE ${state}` })
}

/** A failed compare-and-set, carried out of the transaction so it rolls back. */
class VersionMoved {
  readonly _tag = "VersionMoved"
  constructor(readonly actualVersion: number) {}
}

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const pg = yield* PgClient.PgClient

  const currentVersion = (streamId: string) =>
    Effect.map(
      sql<{ version: number }>`SELECT version FROM streams WHERE stream_id = ${streamId}`,
      (rows) => rows[0]?.version ?? 0
    )

  /** Moves the stream version by `count` if it is at `expected`; no row when it is not. */
  const claimVersions = (streamId: string, expected: ExpectedVersion, count: number) =>
    expected === "any"
      ? sql`INSERT INTO streams (stream_id, version) VALUES (${streamId}, ${count})
          ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + ${count} RETURNING version`
      : expected === 0
      ? sql`INSERT INTO streams (stream_id, version) VALUES (${streamId}, ${count})
          ON CONFLICT (stream_id) DO NOTHING RETURNING version`
      : sql`UPDATE streams SET version = ${expected + count}
          WHERE stream_id = ${streamId} AND version = ${expected} RETURNING version`

  /** An event as the append statements read it from their one JSON parameter. */
  const toInput = (event: NewEvent) => ({
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data ?? null,
    metadata: { correlationId: event.metadata?.correlationId ?? null, causationId: event.metadata?.causationId ?? null }
  })

  /**
   * One statement, so one round trip and atomic without a transaction of its own: claim the
   * versions, insert the events only if the claim took (no claim, no row, no position taken),
   * and notify readers with the last position (delivered at commit).
   */
  const writeEvents = (streamId: string, expected: ExpectedVersion, events: ReadonlyArray<NewEvent>) => {
    const batch = { events: events.map(toInput) }
    return sql<{ position: string; transaction_id: string; stream_version: number }>`
      WITH input AS (
        SELECT e.value AS event, e.ordinality::int AS ord
        FROM jsonb_array_elements((${pg.json(batch)}::jsonb)->'events') WITH ORDINALITY AS e
      ),
      claim AS (${claimVersions(streamId, expected, events.length)}),
      inserted AS (
        INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
        SELECT ${streamId}, claim.version - ${events.length} + input.ord, (input.event->>'eventId')::uuid,
          input.event->>'type', (input.event->>'schemaVersion')::int, input.event->'data', input.event->'metadata'
        FROM claim CROSS JOIN input
        ORDER BY input.ord
        RETURNING position, transaction_id, stream_version, event_type
      ),
      last AS (SELECT * FROM inserted ORDER BY position DESC LIMIT 1)
      SELECT last.position, last.transaction_id, last.stream_version,
        pg_notify(${EVENTS_CHANNEL}, last.position::text || '|' || (SELECT string_agg(DISTINCT event_type, ',') FROM inserted))
      FROM last`
  }

  /** The first recording of a repeated append, if every one of its event ids is in the log. */
  const findRecorded = (streamId: string, events: ReadonlyArray<NewEvent>) =>
    Effect.gen(function*() {
      const ids = events.map((event) => event.eventId)
      const rows = yield* sql<{ event_id: string; stream_id: string; stream_version: number; position: string; transaction_id: string }>`
        SELECT event_id, stream_id, stream_version, position, transaction_id FROM events WHERE event_id = ANY(${ids}::uuid[])
        ORDER BY transaction_id, position`
      if (rows.length === 0) return Option.none<AppendResult>()
      if (rows.length !== ids.length || rows.some((row) => row.stream_id !== streamId)) {
        return yield* Effect.die(new EventIdReused({ eventIds: rows.map((row) => row.event_id) }))
      }
      const last = rows[rows.length - 1]!
      return Option.some<AppendResult>({
        streamId,
        streamVersion: Math.max(...rows.map((row) => row.stream_version)),
        lastPosition: { transactionId: BigInt(last.transaction_id), position: BigInt(last.position) },
        written: false
      })
    })

  const append: EventStoreShape["append"] = (streamId, expectedVersion, events) => {
    if (events.length === 0) {
      return Effect.map(currentVersion(streamId), (version): AppendResult => ({
        streamId,
        streamVersion: version,
        lastPosition: StartOfLog,
        written: false
      })).pipe(Effect.orDie)
    }
    const refused = unstorableEventsRefusal(streamId, events)
    if (refused !== undefined) return Effect.fail(refused)
    const write = Effect.gen(function*() {
      const [last] = yield* retryTransient(writeEvents(streamId, expectedVersion, events))
      if (last === undefined) return yield* Effect.fail(new VersionMoved(yield* currentVersion(streamId)))
      return {
        streamId,
        streamVersion: last.stream_version,
        lastPosition: { transactionId: BigInt(last.transaction_id), position: BigInt(last.position) },
        written: true
      } satisfies AppendResult
    })
    return write.pipe(
      Effect.catchAll((failure): Effect.Effect<AppendResult, WrongExpectedVersion | AppendFailure> => {
        const repeated = failure instanceof VersionMoved ||
          (failure._tag === "SqlError" && isUniqueViolation(failure, "events_event_id_key"))
        if (!repeated) return Effect.fail(appendFailure(streamId, failure as SqlError.SqlError))
        return findRecorded(streamId, events).pipe(
          Effect.orDie,
          Effect.flatMap(Option.match({
            onSome: Effect.succeed,
            onNone: () =>
              Effect.fail(
                new WrongExpectedVersion({
                  streamId,
                  expectedVersion,
                  actualVersion: failure instanceof VersionMoved ? failure.actualVersion : -1
                })
              )
          }))
        )
      }),
      // Every write comes here: the span takes no stack trace (a new Error per call).
      Effect.withSpan("EventStore.append", { attributes: { streamId, count: events.length }, captureStackTrace: false })
    )
  }

  /**
   * One statement (`events_append_new_across`, a function so its plan is kept: see its
   * migration): look up each event (its own id first, then what stands for it), claim versions
   * for the rest in each of their streams, insert them, notify. Another writer inserting one of
   * the ids meanwhile makes the insert fail on the unique id once that writer commits; the
   * statement then runs again, and its new snapshot finds the event.
   */
  const writeNew = (events: ReadonlyArray<NewEventOnceIn>) => {
    const batch = { events: events.map((event) => ({ ...toInput(event), streamId: event.streamId, sameAs: event.sameAs ?? null })) }
    return sql<{ position: string; transaction_id: string; written: boolean }>`
      SELECT out_position AS position, out_transaction_id AS transaction_id, out_written AS written
      FROM events_append_new_across(${pg.json(batch)}::jsonb, ${EVENTS_CHANNEL})`
  }

  const appendNewAcross: EventStoreShape["appendNewAcross"] = (events) => {
    if (events.length === 0) return Effect.succeed([])
    if (new Set(events.map((event) => event.eventId)).size !== events.length) {
      return Effect.die(new Error("appendNew: the event ids of one append must be distinct"))
    }
    for (const event of events) {
      const refused = unstorableEventsRefusal(event.streamId, [event])
      if (refused !== undefined) return Effect.fail(refused)
    }
    const streams = streamsNamed(events)
    return writeNew(events).pipe(
      Effect.retry({
        times: 3,
        while: (failure) => failure._tag === "SqlError" && isUniqueViolation(failure, "events_event_id_key")
      }),
      retryTransient,
      Effect.map((rows) =>
        rows.map((row): OnceOutcome => ({
          written: row.written,
          position: { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }
        }))
      ),
      Effect.mapError((failure) => appendFailure(streams, failure)),
      Effect.withSpan("EventStore.appendNew", { attributes: { streamId: streams, count: events.length }, captureStackTrace: false })
    )
  }

  const appendNew: EventStoreShape["appendNew"] = (streamId, events) =>
    appendNewAcross(events.map((event) => ({ ...event, streamId })))

  const readStream: EventStoreShape["readStream"] = (streamId, fromVersion = 0) =>
    sql<EventRow>`
      SELECT * FROM events WHERE stream_id = ${streamId} AND stream_version > ${fromVersion}
      ORDER BY stream_version`.pipe(
      Effect.map((rows) => rows.map(toRecorded)),
      Effect.orDie,
      Effect.withSpan("EventStore.readStream", { attributes: { streamId }, captureStackTrace: false })
    )

  const readByIds: EventStoreShape["readByIds"] = (eventIds) =>
    eventIds.length === 0
      ? Effect.succeed([])
      // One array parameter: an IN list costs a parameter (and a plan) per id.
      : sql<EventRow>`SELECT * FROM events WHERE event_id = ANY(${eventIds}::uuid[]) ORDER BY transaction_id, position`.pipe(
        Effect.map((rows) => rows.map(toRecorded)),
        Effect.orDie,
        Effect.withSpan("EventStore.readByIds", { captureStackTrace: false })
      )

  // `transaction_id < xmin of the current snapshot`: every transaction that could still commit
  // an event before these in commit order has ended, so nothing is ever skipped. One statement,
  // so the page and the head come from one snapshot.
  const readPage: EventStoreShape["readPage"] = (options: ReadAllOptions) =>
    sql<EventRow & { head_transaction_id: string | null; head_position: string | null }>`
      WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
      head AS (
        SELECT e.transaction_id AS head_transaction_id, e.position AS head_position
        FROM events e, horizon WHERE e.transaction_id < horizon.xmin
        ORDER BY e.transaction_id DESC, e.position DESC LIMIT 1
      ),
      page AS (
        SELECT e.* FROM events e, horizon
        WHERE (e.transaction_id, e.position) > (${options.after.transactionId.toString()}::xid8, ${options.after.position.toString()}::bigint)
          AND e.transaction_id < horizon.xmin
          ${options.types === undefined ? sql`` : sql`AND ${sql.in("e.event_type", options.types)}`}
        ORDER BY e.transaction_id, e.position
        LIMIT ${options.limit}
      )
      SELECT head.*, page.* FROM head LEFT JOIN page ON true
      ORDER BY page.transaction_id, page.position`.pipe(
      Effect.map((rows): Page => {
        const events = rows.filter((row) => row.position !== null).map(toRecorded)
        const head = rows[0]?.head_position == null
          ? StartOfLog
          : { transactionId: BigInt(rows[0].head_transaction_id!), position: BigInt(rows[0].head_position) }
        const last = events[events.length - 1]
        const scannedTo = events.length === options.limit && last !== undefined ? last : maxPosition(head, options.after)
        return { events, scannedTo: { transactionId: scannedTo.transactionId, position: scannedTo.position } }
      }),
      Effect.orDie,
      Effect.withSpan("EventStore.readPage", { captureStackTrace: false })
    )

  const readAll: EventStoreShape["readAll"] = (options) => Effect.map(readPage(options), (page) => page.events)

  const newest = (rows: ReadonlyArray<{ position: string; transaction_id: string }>): GlobalPosition =>
    rows[0] === undefined
      ? StartOfLog
      : { transactionId: BigInt(rows[0].transaction_id), position: BigInt(rows[0].position) }

  const head: EventStoreShape["head"] = sql<{ position: string; transaction_id: string }>`
    SELECT position, transaction_id FROM events
    WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY transaction_id DESC, position DESC LIMIT 1`.pipe(Effect.map(newest), Effect.orDie)

  const lastCommitted: EventStoreShape["lastCommitted"] = sql<{ position: string; transaction_id: string }>`
    SELECT position, transaction_id FROM events
    ORDER BY transaction_id DESC, position DESC LIMIT 1`.pipe(Effect.map(newest), Effect.orDie)

  // The payload is `<last position>|<type>,<type>`: readers wake only for types they read.
  const changes: EventStoreShape["changes"] = pg.listen(EVENTS_CHANNEL).pipe(
    Stream.map((payload) => payload.slice(payload.indexOf("|") + 1).split(",").filter((type) => type !== "")),
    // A dropped LISTEN connection is re-established; readers also poll, so nothing waits on it.
    Stream.retry(Schedule.spaced("1 second")),
    Stream.orDie
  )

  return EventStore.of({ append, appendNew, appendNewAcross, readStream, readByIds, readAll, readPage, head, lastCommitted, changes })
})

export const layer = Layer.effect(EventStore, make)
