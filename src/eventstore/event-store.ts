/**
 * The event store port: the log every fact of the service is appended to.
 */
import { Context, Data, Schema } from "effect"
import type { Effect, Exit, Stream } from "effect"
import { unstorableJson } from "../domain/text.ts"

/** Where an event sits in commit order: the writing transaction, then the log position. */
export interface GlobalPosition {
  readonly transactionId: bigint
  readonly position: bigint
}

export const StartOfLog: GlobalPosition = { transactionId: 0n, position: 0n }

export const comparePositions = (a: GlobalPosition, b: GlobalPosition): -1 | 0 | 1 =>
  a.transactionId !== b.transactionId
    ? (a.transactionId < b.transactionId ? -1 : 1)
    : a.position === b.position ? 0 : a.position < b.position ? -1 : 1

export const maxPosition = (a: GlobalPosition, b: GlobalPosition) => comparePositions(a, b) >= 0 ? a : b

export interface EventMetadata {
  readonly correlationId: string | null
  readonly causationId: string | null
}

export interface NewEvent {
  /** Identifies the event for idempotent appends: appending the same id again writes nothing. */
  readonly eventId: string
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
  readonly metadata?: Partial<EventMetadata> | undefined
}

export interface RecordedEvent extends GlobalPosition {
  readonly streamId: string
  readonly streamVersion: number
  readonly eventId: string
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
  readonly metadata: EventMetadata
  readonly recordedAt: Date
}

/** An event for `appendNew`: written unless the log already holds it, or holds what stands for it. */
export interface NewEventOnce extends NewEvent {
  /**
   * Another event that stands for this one: when the log holds `eventId` with `field` of its
   * data equal to `value`, this event is not written either.
   */
  readonly sameAs?: { readonly eventId: string; readonly field: string; readonly value: string } | undefined
}

/** An event for `appendNewAcross`: a `NewEventOnce` and the stream it belongs to. */
export interface NewEventOnceIn extends NewEventOnce {
  readonly streamId: string
}

/** What `appendNew` did with one event: wrote it, or found it (or what stands for it) in the log. */
export interface OnceOutcome {
  readonly written: boolean
  /** Where the event written, or the event found, sits in the log. */
  readonly position: GlobalPosition
}

/** `number`: the stream must be at exactly this version (0: the stream must not exist). */
export type ExpectedVersion = number | "any"

export interface AppendResult {
  readonly streamId: string
  /** The stream's version after the append. */
  readonly streamVersion: number
  /** Commit-order position of the last event appended (or found, for a repeated append). */
  readonly lastPosition: GlobalPosition
  /** False when every event id was already in the log: nothing was written. */
  readonly written: boolean
}

export class WrongExpectedVersion extends Schema.TaggedError<WrongExpectedVersion>()("WrongExpectedVersion", {
  streamId: Schema.String,
  expectedVersion: Schema.Union(Schema.Number, Schema.Literal("any")),
  actualVersion: Schema.Number
}) {
  override get message() {
    return `stream ${this.streamId} is at version ${this.actualVersion}, not ${this.expectedVersion}`
  }
}

/**
 * The database refuses these events for what they hold (text PostgreSQL cannot store, a value
 * JSON cannot encode, a data exception or integrity violation): appending them again fails the
 * same way, so it is never retried. `reason` is for logs, never for a response.
 */
export class EventsRefused extends Schema.TaggedError<EventsRefused>()("EventsRefused", {
  streamId: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `events of stream ${this.streamId} refused: ${this.reason}`
  }
}

/**
 * The refusal an append answers, before touching storage, for events PostgreSQL could not
 * store unchanged: it would fail on them (a NUL or an unpaired surrogate in jsonb or text), and
 * changing them would silently alter data the caller was told is valid. Every adapter refuses
 * the same events, so a test on the in-memory store sees what production would.
 */
export const unstorableEventsRefusal = (streamId: string, events: ReadonlyArray<NewEventOnce>): EventsRefused | undefined => {
  for (const event of events) {
    const reason = unstorableJson({ type: event.type, data: event.data, metadata: event.metadata, sameAs: event.sameAs }, "event")
    if (reason !== undefined) return new EventsRefused({ streamId, reason })
  }
  return undefined
}

/** How an append's failure names its streams: the one stream, or the first and how many more. */
export const streamsNamed = (events: ReadonlyArray<{ readonly streamId: string }>): string => {
  const streams = new Set(events.map((event) => event.streamId))
  const first = events[0]?.streamId ?? ""
  return streams.size <= 1 ? first : `${first} and ${streams.size - 1} other streams`
}

/** The database could not be reached, or kept failing transiently, through the append's retries. */
export class StoreUnavailable extends Schema.TaggedError<StoreUnavailable>()("StoreUnavailable", {
  streamId: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `events of stream ${this.streamId} not appended: ${this.reason}`
  }
}

/** Why an append wrote nothing, apart from a version conflict. */
export type AppendFailure = EventsRefused | StoreUnavailable

/** Some, but not all, of an append's event ids are already in the log: a programming error. */
export class EventIdReused extends Data.TaggedError("EventIdReused")<{ readonly eventIds: ReadonlyArray<string> }> {}

export interface ReadAllOptions {
  readonly after: GlobalPosition
  readonly limit: number
  /** Only these event types; all when omitted. */
  readonly types?: ReadonlyArray<string> | undefined
  /**
   * The reader needs only these top-level fields of each event's `data`, and no `metadata`: a
   * store may then return `data` holding just them (one the event lacks as null) and empty metadata,
   * so a reader of many large events (the visits' roll-up) is not sent, and does not decode,
   * what it never reads. A store may also return the whole event (the in-memory one does).
   */
  readonly dataFields?: ReadonlyArray<string> | undefined
}

export interface Page {
  readonly events: ReadonlyArray<RecordedEvent>
  readonly scannedTo: GlobalPosition
}

export interface EventStoreShape {
  /**
   * Appends at the expected version. Events holding what PostgreSQL cannot store unchanged (a
   * NUL, an unpaired surrogate) are refused before any SQL (EventsRefused), never altered;
   * transient database failures are retried a few times, then answered StoreUnavailable.
   */
  readonly append: (
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: ReadonlyArray<NewEvent>
  ) => Effect.Effect<AppendResult, WrongExpectedVersion | AppendFailure>
  /**
   * Appends, at the stream's end, each event the log does not hold yet (see `NewEventOnce`),
   * and answers one outcome per event, in order. For order-free streams (expected version
   * "any") whose events may arrive more than once: the look and the write are one statement.
   * The ids must be distinct.
   */
  readonly appendNew: (
    streamId: string,
    events: ReadonlyArray<NewEventOnce>
  ) => Effect.Effect<ReadonlyArray<OnceOutcome>, AppendFailure>
  /**
   * `appendNew` for the events of several streams at once, as one statement and one
   * transaction: each stream's new events go at its end in the order given, and one outcome
   * per event is answered, in order. All or nothing: an event the store refuses fails the
   * whole call (the caller splits the batch to find it). The ids must be distinct.
   */
  readonly appendNewAcross: (
    events: ReadonlyArray<NewEventOnceIn>
  ) => Effect.Effect<ReadonlyArray<OnceOutcome>, AppendFailure>
  /**
   * `appendNewAcross` outside any caller's transaction, as a promise of its exit (it never
   * rejects): the same statement, retries, outcomes and failures, and the same announcement,
   * without an Effect run per call. For a caller that is plain code already (the visit
   * batcher, one call per batch of visits, where the Effect machinery of a call was a cost of
   * its own at low rates). A store may leave it out; the caller then runs `appendNewAcross`.
   */
  readonly appendNewAcrossNow?: (
    events: ReadonlyArray<NewEventOnceIn>
  ) => Promise<Exit.Exit<ReadonlyArray<OnceOutcome>, AppendFailure>>
  readonly readStream: (streamId: string, fromVersion?: number) => Effect.Effect<ReadonlyArray<RecordedEvent>>
  /** The events with these ids, in commit order (those not in the log are left out). */
  readonly readByIds: (eventIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<RecordedEvent>>
  /**
   * Events in commit order after `after`. Only transactions that can no longer be preceded by a
   * still-running one are returned, so a reader never skips an event that commits late.
   */
  readonly readAll: (options: ReadAllOptions) => Effect.Effect<ReadonlyArray<RecordedEvent>>
  /**
   * readAll, plus how far the log was scanned: the last event returned when the page is full,
   * otherwise the newest readable position at the same snapshot. Lets a reader that filters by
   * type move past events it does not read.
   */
  readonly readPage: (options: ReadAllOptions) => Effect.Effect<Page>
  /** The commit-order position of the newest event that readAll can return now. */
  readonly head: Effect.Effect<GlobalPosition>
  /**
   * The position of the newest committed event, readable yet or not: waiting for projections
   * to pass it sees everything committed before the call (head can lag behind a transaction
   * still open anywhere on the server).
   */
  readonly lastCommitted: Effect.Effect<GlobalPosition>
  /** Emits the event types of each commit (from any process on the same database). */
  readonly changes: Stream.Stream<ReadonlyArray<string>>
}

export class EventStore extends Context.Tag("EventStore")<EventStore, EventStoreShape>() {}
