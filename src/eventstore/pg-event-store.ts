/**
 * The EventStore on PostgreSQL (server or embedded).
 *
 * Append, in one statement: move the stream's version by compare-and-set on its `streams`
 * row (a conflict ends here, before any log position is taken), insert the events. Concurrent
 * appenders of one stream queue on that row; the loser sees the new version and gets
 * WrongExpectedVersion. A repeated append (same event ids) is recognised after the failure and
 * answered with what was recorded the first time. Readers are notified after the commit, not
 * by the writing statement (see `announce`).
 */
import { SqlClient, SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Cause, Context, Effect, Exit, Layer, Option, PubSub, Queue, Runtime, Schedule, Stream, Take } from "effect"
import { DirectQuery } from "../db/direct-query.ts"
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

/** `retryTransient`'s pauses before each try, for the promise path: the first try at once. */
const TRANSIENT_PAUSES_MS = [0, 100, 200, 400]

/** A few quick tries (about 0.7 s in all): enough for a dropped connection or a serialization failure. */
const TRANSIENT_RETRY = Schedule.exponential("200 millis").pipe(Schedule.intersect(Schedule.recurs(2)))

const isTransientFailure = (failure: unknown) => failure instanceof SqlError.SqlError && isTransient(failure)

/**
 * Up to three more tries, 100, 200 and 400 ms apart, while the failure is transient. The
 * schedule is only built once a try has failed: every append comes here, and building it for
 * each (a retry driver, its state) measured as a third of the store's own CPU per append.
 */
const retryTransient = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.catchIf(effect, isTransientFailure, () =>
    Effect.zipRight(
      Effect.sleep("100 millis"),
      Effect.retry(effect, { schedule: TRANSIENT_RETRY, while: isTransientFailure })
    ))

/** A database failure of an append, typed by whether another try could succeed. */
const appendFailure = (streamId: string, error: SqlError.SqlError): AppendFailure => {
  const state = sqlStateOf(error)
  return isTransient(error)
    ? new StoreUnavailable({ streamId, reason: state === undefined ? "the database connection failed" : `SQLSTATE ${state}` })
    : new EventsRefused({ streamId, reason: state === undefined ? "the events could not be encoded" : `SQLSTATE ${state}` })
}

/**
 * A statement's failure as the SqlError @effect/sql would have answered: the driver's error as
 * its cause. A direct query through the SqlClient (the embedded database) rejects with the
 * SqlError inside a FiberFailure.
 */
const asSqlError = (error: unknown): SqlError.SqlError => {
  const failure = Runtime.isFiberFailure(error) ? Cause.squash(error[Runtime.FiberFailureCauseId]) : error
  return failure instanceof SqlError.SqlError ? failure : new SqlError.SqlError({ cause: failure, message: "Failed to execute statement" })
}

interface AppendedRow {
  readonly position: string
  readonly transaction_id: string
  readonly stream_version: number
}

/** A failed compare-and-set, carried out of the transaction so it rolls back. */
class VersionMoved {
  readonly _tag = "VersionMoved"
  constructor(readonly actualVersion: number) {}
}

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const pg = yield* PgClient.PgClient

  /**
   * Readers are woken by a NOTIFY sent after the writing transaction has committed, coalesced:
   * while one is being sent, the commits that follow gather into the next. Not by the writing
   * statement itself: on PostgreSQL a transaction that notifies takes a database-wide lock at
   * commit and holds it through its WAL flush, so every notifying writer committed one after
   * the other and concurrent appends lost group commit (measured at 8 writers: the append
   * statement with pg_notify 215-292/s, without it 606-782/s). A NOTIFY of its own writes no
   * WAL but its commit record, so it holds that lock without waiting for a flush. At most one
   * NOTIFY per ANNOUNCE_INTERVAL_MS: an isolated commit is announced at once, and under load a
   * NOTIFY (a round trip and a transaction) stands for several commits, at the cost of up to
   * that interval of a reader's latency.
   *
   * What readers are promised still holds: every commit is announced (its types, and a position
   * at or after its last event) after it is visible, to every process LISTENing on the
   * database. A process that dies between its commit and the NOTIFY leaves that commit
   * unannounced: readers also poll (the projection runner's poll interval), so it is read
   * late, never skipped. An append inside a caller's transaction still notifies in its
   * statement (delivered at that transaction's commit), since only then is it visible.
   *
   * Readers in this process (the projection runner) are also woken without the database
   * (`changes` merges that with the LISTEN), at the end of the event-loop turn of the commit
   * and at most every LOCAL_WAKE_INTERVAL_MS: so the NOTIFY, which only other processes need
   * first-hand, is sent at most every ANNOUNCE_INTERVAL_MS (50 ms), where at 5 ms it was a
   * transaction and a commit record for every one or two batches of visits at moderate rates.
   * Only commits announced here wake locally (after their statement returned, so visible); an
   * append in a caller's transaction wakes this process through the NOTIFY at its commit, as
   * every other process.
   */
  const local = yield* PubSub.unbounded<ReadonlyArray<string>>()
  const localTypes = new Set<string>()
  let localWake: ReturnType<typeof setImmediate> | ReturnType<typeof setTimeout> | undefined
  let localWokeAt = 0
  const wakeLocal = () => {
    localWake = undefined
    localWokeAt = Date.now()
    const types = [...localTypes]
    localTypes.clear()
    local.unsafeOffer(types)
  }
  const scheduleLocalWake = () => {
    if (localWake !== undefined) return
    const wait = localWokeAt + LOCAL_WAKE_INTERVAL_MS - Date.now()
    localWake = wait > 0 ? setTimeout(wakeLocal, wait) : setImmediate(wakeLocal)
  }
  const announced = { types: new Set<string>(), position: 0n, sending: false, lastSentAt: 0 }
  const sendAnnouncements: Effect.Effect<void> = Effect.suspend(() => {
    if (announced.types.size === 0) {
      announced.sending = false
      return Effect.void
    }
    const wait = announced.lastSentAt + ANNOUNCE_INTERVAL_MS - Date.now()
    if (wait > 0) return Effect.zipRight(Effect.sleep(wait), sendAnnouncements)
    const payloads = announcementPayloads(announced.position, announced.types)
    announced.types = new Set()
    announced.lastSentAt = Date.now()
    return Effect.forEach(payloads, (payload) => runStatement("SELECT pg_notify($1, $2)", () => [EVENTS_CHANNEL, payload], false), { discard: true }).pipe(
      // A failed NOTIFY only delays readers until their next poll.
      Effect.catchAllCause(() => Effect.void),
      Effect.zipRight(sendAnnouncements)
    )
  })
  // Outside any transaction of the caller's (its connection is not the sender's to use), and
  // not awaited: the append answers once its own statement has committed.
  const sendOutside: Effect.Effect<void> = Effect.mapInputContext(
    sendAnnouncements,
    (context: Context.Context<never>) => Context.omit(SqlClient.TransactionConnection)(context) as Context.Context<never>
  )
  const runFork = Runtime.runFork(yield* Effect.runtime<never>())
  /** Plain code: announces a commit; true when a sender must be started (the caller starts it). */
  const noteAnnouncement = (position: bigint, types: Iterable<string>): boolean => {
    for (const type of types) {
      announced.types.add(type)
      localTypes.add(type)
    }
    scheduleLocalWake()
    if (position > announced.position) announced.position = position
    if (announced.sending) return false
    announced.sending = true
    return true
  }
  const announce = (position: bigint, types: Iterable<string>): Effect.Effect<void> =>
    Effect.suspend(() => noteAnnouncement(position, types) ? Effect.asVoid(Effect.forkDaemon(sendOutside)) : Effect.void)
  const announceNow = (position: bigint, types: Iterable<string>) => {
    if (noteAnnouncement(position, types)) runFork(sendOutside)
  }
  const inTransaction = Effect.map(Effect.serviceOption(SqlClient.TransactionConnection), Option.isSome)

  /**
   * Runs one of the store's constant statements: inside a caller's transaction on its
   * connection (through @effect/sql), otherwise straight on the pool (`DirectQuery`): an
   * @effect/sql statement adds a span, a scope and fiber hops to the driver's own work, which
   * measured as much of the node CPU of an append as the driver itself. Either way a failure is
   * a SqlError whose cause is the driver's error (SQLSTATE, constraint), as the callers read it.
   * Not on the embedded database (`pglite-client.ts` names its config "pglite"): there the
   * direct query goes through the SqlClient anyway, and a failure comes back as a FiberFailure,
   * whose first stack trace with source maps took seconds.
   */
  const embedded = pg.config.database === "pglite"
  const direct = embedded ? undefined : Option.getOrUndefined(yield* Effect.serviceOption(DirectQuery))
  const runStatement = <Row extends object>(
    text: string,
    params: () => ReadonlyArray<unknown>,
    transactional: boolean,
    name?: string
  ): Effect.Effect<ReadonlyArray<Row>, SqlError.SqlError> =>
    Effect.flatMap(
      // Encoding the parameters can throw (a BigInt in `data`): refused like a driver's encoding failure.
      Effect.try({ try: params, catch: (cause) => new SqlError.SqlError({ cause, message: "Failed to encode the parameters" }) }),
      (values) =>
        transactional || direct === undefined
          ? sql.unsafe<Row>(text, values as Array<unknown>)
          : Effect.tryPromise({ try: () => direct.query<Row>(text, values, name), catch: asSqlError })
    )

  const currentVersion = (streamId: string) =>
    Effect.map(
      sql<{ version: number }>`SELECT version FROM streams WHERE stream_id = ${streamId}`,
      (rows) => rows[0]?.version ?? 0
    )

  /** An event as the append statements read it from their one JSON parameter. */
  const toInput = (event: NewEvent) => ({
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data ?? null,
    metadata: { correlationId: event.metadata?.correlationId ?? null, causationId: event.metadata?.causationId ?? null }
  })

  /**
   * One call of `events_append` (migration 0008), or for one event outside a caller's
   * transaction the same claim and insert as one named statement (`writeOne`): either way one
   * round trip, atomic without a transaction of its own, its plans kept per connection. Why
   * each guarantee holds (for both):
   * - expected version: the versions are claimed by compare-and-set on the stream's `streams`
   *   row before any insert (no claim, no row, no log position taken); concurrent appenders of
   *   one stream queue on that row, and the one behind sees the moved version and claims
   *   nothing. `(stream_id, stream_version)` unique backs it: no stream holds two events at one
   *   version, whatever writes.
   * - idempotency: `event_id` unique; a repeated id fails the call, which rolls its claim back,
   *   and the caller answers with the first recording (`findRecorded`).
   * - order: the events are inserted in the order given, so their positions follow it; readers
   *   follow commit order by `transaction_id` (see `readPage`).
   * - notification: `notify` (inside a caller's transaction only, see `announce`) announces in
   *   the statement, delivered at that transaction's commit; otherwise `announce` does after it.
   */
  const APPEND = `SELECT out_position AS position, out_transaction_id AS transaction_id, out_stream_version AS stream_version
    FROM events_append($1, $2, $3::jsonb, $4)`
  const writeEvents = (streamId: string, expected: ExpectedVersion, events: ReadonlyArray<NewEvent>, notify: boolean) =>
    embedded
      ? writeEventsInline(streamId, expected, events, notify)
      : !notify && events.length === 1
      ? writeOne(streamId, expected, events[0]!)
      : runStatement<AppendedRow>(
        APPEND,
        () => [streamId, expected === "any" ? null : expected, JSON.stringify(events.map(toInput)), notify ? EVENTS_CHANNEL : null],
        notify,
        "events_append"
      )

  /**
   * One event outside a caller's transaction: `events_append` for one event (the same claim,
   * then the insert at the claimed version) written out as one statement, the event's fields
   * its parameters, so PostgreSQL decodes no JSON array and runs no PL/pgSQL, and, named,
   * parses and plans it once per connection. (The function keeps its own plans, but an unnamed
   * call of it was parsed and planned on every append.) The call with several events, or in a
   * caller's transaction (where it notifies), stays the function's.
   */
  const writeOne = (streamId: string, expected: ExpectedVersion, event: NewEvent) => {
    const statement = expected === "any" ? APPEND_ONE_AT_END : expected === 0 ? APPEND_ONE_NEW : APPEND_ONE_AT
    return runStatement<AppendedRow>(statement.text, () => {
      const values = [streamId, event.eventId, event.type, event.schemaVersion, JSON.stringify(event.data ?? null), metadataJson(event)]
      if (statement === APPEND_ONE_AT) values.push(expected)
      return values
    }, false, statement.name)
  }

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

  /**
   * `events_append` as one plain statement, for the embedded database: the same claim, insert
   * and optional notification. PGlite has one connection and compiles a PL/pgSQL function on
   * its first call (measured at 0.2-0.5 s on a busy machine, paid by a process's first append),
   * where the server's pool pays it per connection and gains the kept plan on every call.
   */
  const writeEventsInline = (streamId: string, expected: ExpectedVersion, events: ReadonlyArray<NewEvent>, notify: boolean) => {
    const batch = { events: events.map(toInput) }
    return sql<AppendedRow>`
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
      SELECT last.position, last.transaction_id, last.stream_version${
      notify
        ? sql`, pg_notify(${EVENTS_CHANNEL}, last.position::text || '|' || (SELECT string_agg(DISTINCT event_type, ',') FROM inserted))`
        : sql``
    }
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
    const write = Effect.flatMap(inTransaction, (transactional) =>
      Effect.flatMap(retryTransient(writeEvents(streamId, expectedVersion, events, transactional)), ([last]) => {
        if (last === undefined) return Effect.flatMap(currentVersion(streamId), (actual) => Effect.fail(new VersionMoved(actual)))
        const result: AppendResult = {
          streamId,
          streamVersion: last.stream_version,
          lastPosition: { transactionId: BigInt(last.transaction_id), position: BigInt(last.position) },
          written: true
        }
        return transactional ? Effect.succeed(result) : Effect.as(announce(result.lastPosition.position, events.map((event) => event.type)), result)
      }))
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
  const APPEND_NEW_ACROSS = `SELECT out_position AS position, out_transaction_id AS transaction_id, out_written AS written
    FROM events_append_new_across($1::jsonb, $2::text)`
  // A NULL channel: the function does not notify (migration 0008); `announce` does, after the commit.
  const appendNewAcrossParams = (events: ReadonlyArray<NewEventOnceIn>, notify: boolean) => [
    JSON.stringify({ events: events.map((event) => ({ ...toInput(event), streamId: event.streamId, sameAs: event.sameAs ?? null })) }),
    notify ? EVENTS_CHANNEL : null
  ]
  const writeNew = (events: ReadonlyArray<NewEventOnceIn>, notify: boolean) =>
    runStatement<{ position: string; transaction_id: string; written: boolean }>(
      APPEND_NEW_ACROSS,
      () => appendNewAcrossParams(events, notify),
      notify
    )

  /**
   * Up to three more runs while another writer's commit takes one of the ids (each run's new
   * snapshot finds that event). Built only once a run has failed, as `retryTransient` is: the
   * retry's schedule driver, built for every append, was a cost of its own.
   */
  const idTaken = (failure: SqlError.SqlError) => isUniqueViolation(failure, "events_event_id_key")
  const retryIdTaken = <A>(effect: Effect.Effect<A, SqlError.SqlError>) =>
    Effect.catchIf(effect, idTaken, () => Effect.retry(effect, { times: 2, while: idTaken }))

  /** What an append across streams wrote: its last position and its events' types, to announce. */
  const writtenOf = (events: ReadonlyArray<NewEventOnceIn>, outcomes: ReadonlyArray<OnceOutcome>) => {
    let last = -1n
    const types = new Set<string>()
    outcomes.forEach((outcome, i) => {
      if (!outcome.written) return
      types.add(events[i]!.type)
      if (outcome.position.position > last) last = outcome.position.position
    })
    return { last, types }
  }

  const REPEATED_IDS = "appendNew: the event ids of one append must be distinct"
  /**
   * What an append across streams refuses before it runs, shared by both forms: ids repeated in
   * one append (a defect of the caller), or an event the database could not store.
   */
  const acrossRefusal = (events: ReadonlyArray<NewEventOnceIn>): "repeated ids" | AppendFailure | undefined => {
    if (new Set(events.map((event) => event.eventId)).size !== events.length) return "repeated ids"
    for (const event of events) {
      const refused = unstorableEventsRefusal(event.streamId, [event])
      if (refused !== undefined) return refused
    }
    return undefined
  }

  const appendNewAcross: EventStoreShape["appendNewAcross"] = (events) => {
    if (events.length === 0) return Effect.succeed([])
    const refusal = acrossRefusal(events)
    if (refusal === "repeated ids") return Effect.die(new Error(REPEATED_IDS))
    if (refusal !== undefined) return Effect.fail(refusal)
    const streams = streamsNamed(events)
    return Effect.flatMap(inTransaction, (transactional) =>
      writeNew(events, transactional).pipe(
        retryIdTaken,
        retryTransient,
        Effect.map((rows) =>
          rows.map((row): OnceOutcome => ({
            written: row.written,
            position: { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }
          }))
        ),
        Effect.tap((outcomes) => {
          if (transactional) return Effect.void
          const { last, types } = writtenOf(events, outcomes)
          return types.size === 0 ? Effect.void : announce(last, types)
        })
      )).pipe(
      Effect.mapError((failure) => appendFailure(streams, failure)),
      Effect.withSpan("EventStore.appendNew", { attributes: { streamId: streams, count: events.length }, captureStackTrace: false })
    )
  }

  /**
   * `appendNewAcross` as plain code on the pool (`appendNewAcrossNow` of the port), the same
   * steps: the same checks, statement (named here, so parsed and planned once per connection),
   * retries (an id taken: up to two more runs at once; a transient failure: three more tries,
   * 100, 200 and 400 ms apart, each with its own id-taken retries), outcomes, failures and
   * announcement. No span: the service builds none without a tracing endpoint. Only with a
   * pool of its own (the server): the embedded database's direct query is an Effect anyway.
   */
  const appendNewAcrossNow = direct === undefined ? undefined : async (
    events: ReadonlyArray<NewEventOnceIn>
  ): Promise<Exit.Exit<ReadonlyArray<OnceOutcome>, AppendFailure>> => {
    if (events.length === 0) return Exit.succeed([])
    const refusal = acrossRefusal(events)
    if (refusal === "repeated ids") return Exit.die(new Error(REPEATED_IDS))
    if (refusal !== undefined) return Exit.fail(refusal)
    const streams = streamsNamed(events)
    let params: ReadonlyArray<unknown>
    try {
      params = appendNewAcrossParams(events, false)
    } catch (cause) {
      return Exit.fail(appendFailure(streams, new SqlError.SqlError({ cause, message: "Failed to encode the parameters" })))
    }
    const run = () => direct.query<{ position: string; transaction_id: string; written: boolean }>(APPEND_NEW_ACROSS, params, "events_append_new_across")
    const runUntilFound = async () => {
      for (let taken = 0;; taken++) {
        try {
          return await run()
        } catch (error) {
          const failure = asSqlError(error)
          if (taken >= 2 || !idTaken(failure)) throw failure
        }
      }
    }
    let rows: ReadonlyArray<{ position: string; transaction_id: string; written: boolean }> | undefined
    for (let attempt = 0; rows === undefined; attempt++) {
      const pause = TRANSIENT_PAUSES_MS[attempt]!
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause))
      try {
        rows = await runUntilFound()
      } catch (error) {
        const failure = error as SqlError.SqlError
        if (attempt === TRANSIENT_PAUSES_MS.length - 1 || !isTransientFailure(failure)) return Exit.fail(appendFailure(streams, failure))
      }
    }
    const outcomes = rows.map((row): OnceOutcome => ({
      written: row.written,
      position: { transactionId: BigInt(row.transaction_id), position: BigInt(row.position) }
    }))
    const { last, types } = writtenOf(events, outcomes)
    if (types.size > 0) announceNow(last, types)
    return Exit.succeed(outcomes)
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
  //
  // With `dataFields`, `data` is built of those fields only (json, whose output is the text as
  // built) and `metadata` is empty: the rest of a large event is neither sent nor decoded. Built
  // in the outer query, over the page's rows only: inside the page, whose plan may sort every
  // row after the position before its limit (a bitmap scan, when the reader is far behind),
  // it was built for every one of them (250 ms for a page 24,000 events behind).

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
      SELECT head.*, ${
      options.dataFields === undefined
        ? sql`page.*`
        : sql`page.position, page.transaction_id, page.stream_id, page.stream_version, page.event_id, page.event_type, page.schema_version,
          json_build_object(${sql.join(", ", false)(options.dataFields.map((field) => sql`${field}::text, page.data->${field}::text`))}) AS data,
          '{}'::json AS metadata, page.recorded_at`
    } FROM head LEFT JOIN page ON true
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
  // With this process's own commits, at once (see `announce`).
  const notified = pg.listen(EVENTS_CHANNEL).pipe(
    Stream.map((payload) => payload.slice(payload.indexOf("|") + 1).split(",").filter((type) => type !== "")),
    // A dropped LISTEN connection is re-established; readers also poll, so nothing waits on it.
    Stream.retry(Schedule.spaced("1 second")),
    Stream.orDie
  )
  // Both sources feed one queue per reader through two long-lived fibers, not `Stream.merge`:
  // a merged stream races the two sides' fibers (two child fibers and a fork) for every wake it
  // passes on, dozens of races a second under steady writes. A defect of either side ends the
  // reader's stream with it, as the merge did.
  const changes: EventStoreShape["changes"] = Stream.unwrapScoped(Effect.gen(function*() {
    const wakes = yield* Queue.unbounded<Take.Take<ReadonlyArray<string>>>()
    const forward = (source: Stream.Stream<ReadonlyArray<string>>) =>
      source.pipe(
        Stream.runForEach((types) => Queue.offer(wakes, Take.of(types))),
        Effect.onExit((exit) => Exit.isFailure(exit) && !Cause.isInterruptedOnly(exit.cause) ? Queue.offer(wakes, Take.failCause(exit.cause)) : Effect.void),
        Effect.forkScoped
      )
    // Subscribed before the stream is handed out: no local wake is missed while the fibers start.
    const subscription = yield* PubSub.subscribe(local)
    yield* forward(Stream.fromQueue(subscription))
    yield* forward(notified)
    return Stream.flattenTake(Stream.fromQueue(wakes))
  }))

  return EventStore.of({
    append,
    appendNew,
    appendNewAcross,
    ...(appendNewAcrossNow === undefined ? {} : { appendNewAcrossNow }),
    readStream,
    readByIds,
    readAll,
    readPage,
    head,
    lastCommitted,
    changes
  })
})

/**
 * The notifications' payloads for a position and types: `<position>|<type>,<type>`, each under
 * PostgreSQL's 8000-byte limit (more types than fit are spread over several payloads).
 */
export const announcementPayloads = (position: bigint, types: Iterable<string>): ReadonlyArray<string> => {
  const payloads: Array<string> = []
  const head = `${position}|`
  let current = ""
  for (const type of types) {
    const next = current === "" ? type : `${current},${type}`
    if (Buffer.byteLength(head + next) < ANNOUNCEMENT_LIMIT_BYTES || current === "") current = next
    else {
      payloads.push(head + current)
      current = type
    }
  }
  if (current !== "") payloads.push(head + current)
  return payloads
}

/** `toInput`'s metadata as JSON; most events carry none, so that one is written once. */
const NO_METADATA_JSON = JSON.stringify({ correlationId: null, causationId: null })
const metadataJson = (event: NewEvent) => {
  const correlationId = event.metadata?.correlationId ?? null
  const causationId = event.metadata?.causationId ?? null
  return correlationId === null && causationId === null ? NO_METADATA_JSON : JSON.stringify({ correlationId, causationId })
}

/**
 * `events_append` (migration 0008) for one event, as named statements: the claim by expected
 * version ("any", 0, n), then the insert reading the claimed version; no claim, no insert, no row.
 */
const insertOneAtClaim = `INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  SELECT $1::text, claim.version, $2::uuid, $3::text, $4::int, $5::jsonb, $6::jsonb FROM claim
  RETURNING position, transaction_id, stream_version`
const APPEND_ONE_AT_END = {
  name: "events_append_one_at_end",
  text: `WITH claim AS (
    INSERT INTO streams AS s (stream_id, version) VALUES ($1::text, 1)
    ON CONFLICT (stream_id) DO UPDATE SET version = s.version + 1 RETURNING s.version
  ) ${insertOneAtClaim}`
}
const APPEND_ONE_NEW = {
  name: "events_append_one_new",
  text: `WITH claim AS (
    INSERT INTO streams (stream_id, version) VALUES ($1::text, 1) ON CONFLICT (stream_id) DO NOTHING RETURNING version
  ) ${insertOneAtClaim}`
}
const APPEND_ONE_AT = {
  name: "events_append_one_at",
  text: `WITH claim AS (
    UPDATE streams SET version = $7::int + 1 WHERE stream_id = $1::text AND version = $7::int RETURNING version
  ) ${insertOneAtClaim}`
}

/** The least time between two notifications sent by one store (see `announce`). */
const ANNOUNCE_INTERVAL_MS = 50

/**
 * The least time between two wakes of this process's readers by one store (see `announce`), as
 * for the NOTIFY: an isolated commit still wakes them at once. Each wake is a stream element the
 * runner handles, paid out of the webhook's CPU under a steady stream of visits, whose roll-up
 * gathers for 50 ms after a wake anyway; a reader that must see a write waits for it
 * (`waitFor`), which wakes the projections it names itself.
 */
const LOCAL_WAKE_INTERVAL_MS = 50

/** Below PostgreSQL's NOTIFY payload limit (8000 bytes). */
const ANNOUNCEMENT_LIMIT_BYTES = 7900

export const layer = Layer.effect(EventStore, make)
