/**
 * The EventStore in memory, for tests of the logic above the store (deciders, stream writers,
 * projections) that need no database. It keeps the port's promises: compare-and-set on the
 * expected version, idempotent appends by event id, one commit order, the same typed refusals.
 *
 * Each append is one transaction that commits at once, so `head` and `lastCommitted` are the
 * same here: what only PostgreSQL shows (a transaction that commits late, serialization) is
 * tested on PostgreSQL.
 */
import { Clock, Effect, Layer, PubSub, Stream } from "effect"
import {
  type AppendResult,
  comparePositions,
  EventIdReused,
  EventsRefused,
  EventStore,
  type EventStoreShape,
  type ExpectedVersion,
  type GlobalPosition,
  maxPosition,
  type NewEvent,
  type OnceOutcome,
  type Page,
  type RecordedEvent,
  StartOfLog,
  unstorableEventsRefusal,
  WrongExpectedVersion
} from "./event-store.ts"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the log would hand back: the value as JSON stores it (jsonb keeps no undefined, no Date). */
const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null))

/** `data->>field` as PostgreSQL reads it: a string as is, any other value as its JSON text. */
const fieldText = (data: unknown, field: string): string | undefined => {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined
  const value = (data as Record<string, unknown>)[field]
  return value === undefined || value === null ? undefined : typeof value === "string" ? value : JSON.stringify(value)
}

const positionOf = (event: RecordedEvent): GlobalPosition => ({ transactionId: event.transactionId, position: event.position })

/** The log's refusal of an event id it cannot hold (the PostgreSQL column is a uuid). */
const malformedIdRefusal = (streamId: string, events: ReadonlyArray<NewEvent>): EventsRefused | undefined =>
  events.some((event) => !UUID.test(event.eventId))
    ? new EventsRefused({ streamId, reason: "an event id is not a UUID" })
    : undefined

export const make = Effect.gen(function*() {
  const log: Array<RecordedEvent> = []
  const byId = new Map<string, RecordedEvent>()
  const versions = new Map<string, number>()
  let lastTransaction = 0n
  let lastPosition = 0n
  const commits = yield* PubSub.unbounded<ReadonlyArray<string>>()

  const versionOf = (streamId: string) => versions.get(streamId) ?? 0

  /** Writes the events at their streams' next versions, as one transaction; answers them. */
  const commitAcross = (events: ReadonlyArray<NewEvent & { readonly streamId: string }>, recordedAt: Date): ReadonlyArray<RecordedEvent> => {
    const transactionId = ++lastTransaction
    const written = events.map((event): RecordedEvent => {
      const streamVersion = versionOf(event.streamId) + 1
      versions.set(event.streamId, streamVersion)
      return {
        transactionId,
        position: ++lastPosition,
        streamId: event.streamId,
        streamVersion,
        eventId: event.eventId.toLowerCase(),
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: asStored(event.data),
        metadata: { correlationId: event.metadata?.correlationId ?? null, causationId: event.metadata?.causationId ?? null },
        recordedAt
      }
    })
    for (const event of written) {
      log.push(event)
      byId.set(event.eventId, event)
    }
    return written
  }

  const commit = (streamId: string, events: ReadonlyArray<NewEvent>, recordedAt: Date) =>
    commitAcross(events.map((event) => ({ ...event, streamId })), recordedAt)

  const announce = (events: ReadonlyArray<RecordedEvent>) =>
    events.length === 0 ? Effect.void : PubSub.publish(commits, [...new Set(events.map((event) => event.type))])

  /** The first recording of a repeated append, when every one of its ids is in the log. */
  const findRecorded = (streamId: string, events: ReadonlyArray<NewEvent>): Effect.Effect<AppendResult | undefined> => {
    const found = events.flatMap((event) => byId.get(event.eventId.toLowerCase()) ?? [])
      .sort((a, b) => a.position < b.position ? -1 : 1)
    if (found.length === 0) return Effect.succeed(undefined)
    if (found.length !== events.length || found.some((event) => event.streamId !== streamId)) {
      return Effect.die(new EventIdReused({ eventIds: found.map((event) => event.eventId) }))
    }
    return Effect.succeed({
      streamId,
      streamVersion: Math.max(...found.map((event) => event.streamVersion)),
      lastPosition: positionOf(found[found.length - 1]!),
      written: false
    })
  }

  const versionMatches = (streamId: string, expected: ExpectedVersion) => expected === "any" || versionOf(streamId) === expected

  const append: EventStoreShape["append"] = (streamId, expectedVersion, events) => {
    if (events.length === 0) {
      return Effect.sync((): AppendResult => ({ streamId, streamVersion: versionOf(streamId), lastPosition: StartOfLog, written: false }))
    }
    const refused = unstorableEventsRefusal(streamId, events) ?? malformedIdRefusal(streamId, events)
    if (refused !== undefined) return Effect.fail(refused)
    return Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const anyKnown = events.some((event) => byId.has(event.eventId.toLowerCase()))
      if (!anyKnown && versionMatches(streamId, expectedVersion)) {
        const written = commit(streamId, events, new Date(now))
        yield* announce(written)
        const last = written[written.length - 1]!
        return { streamId, streamVersion: last.streamVersion, lastPosition: positionOf(last), written: true }
      }
      const recorded = yield* findRecorded(streamId, events)
      if (recorded !== undefined) return recorded
      return yield* Effect.fail(new WrongExpectedVersion({ streamId, expectedVersion, actualVersion: versionOf(streamId) }))
    })
  }

  const appendNewAcross: EventStoreShape["appendNewAcross"] = (events) => {
    if (events.length === 0) return Effect.succeed([])
    if (new Set(events.map((event) => event.eventId)).size !== events.length) {
      return Effect.die(new Error("appendNew: the event ids of one append must be distinct"))
    }
    for (const event of events) {
      const refused = unstorableEventsRefusal(event.streamId, [event]) ?? malformedIdRefusal(event.streamId, [event])
      if (refused !== undefined) return Effect.fail(refused)
    }
    return Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      // Looked up before any is written, as the one statement does: an event never stands for
      // another of the same batch.
      const found = events.map((event) => {
        const own = byId.get(event.eventId.toLowerCase())
        if (own !== undefined) return own
        if (event.sameAs === undefined) return undefined
        const standIn = byId.get(event.sameAs.eventId.toLowerCase())
        return standIn !== undefined && fieldText(standIn.data, event.sameAs.field) === event.sameAs.value ? standIn : undefined
      })
      const written = commitAcross(events.filter((_, i) => found[i] === undefined), new Date(now))
      yield* announce(written)
      let next = 0
      return events.map((_, i): OnceOutcome => {
        const known = found[i]
        return known !== undefined
          ? { written: false, position: positionOf(known) }
          : { written: true, position: positionOf(written[next++]!) }
      })
    })
  }

  const appendNew: EventStoreShape["appendNew"] = (streamId, events) =>
    appendNewAcross(events.map((event) => ({ ...event, streamId })))

  const readStream: EventStoreShape["readStream"] = (streamId, fromVersion = 0) =>
    Effect.sync(() => log.filter((event) => event.streamId === streamId && event.streamVersion > fromVersion))

  const readByIds: EventStoreShape["readByIds"] = (eventIds) =>
    Effect.sync(() => {
      const wanted = new Set(eventIds.map((id) => id.toLowerCase()))
      return log.filter((event) => wanted.has(event.eventId))
    })

  const newest = (): GlobalPosition => {
    const last = log[log.length - 1]
    return last === undefined ? StartOfLog : positionOf(last)
  }

  const readPage: EventStoreShape["readPage"] = (options) =>
    Effect.sync((): Page => {
      const types = options.types === undefined ? undefined : new Set(options.types)
      const events: Array<RecordedEvent> = []
      for (const event of log) {
        if (events.length >= options.limit) break
        if (comparePositions(positionOf(event), options.after) <= 0) continue
        if (types !== undefined && !types.has(event.type)) continue
        events.push(event)
      }
      const last = events[events.length - 1]
      const scannedTo = events.length === options.limit && last !== undefined ? positionOf(last) : maxPosition(newest(), options.after)
      return { events, scannedTo }
    })

  const readAll: EventStoreShape["readAll"] = (options) => Effect.map(readPage(options), (page) => page.events)

  const head: EventStoreShape["head"] = Effect.sync(newest)

  const changes: EventStoreShape["changes"] = Stream.fromPubSub(commits)

  return EventStore.of({ append, appendNew, appendNewAcross, readStream, readByIds, readAll, readPage, head, lastCommitted: head, changes })
})

/** A fresh, empty log each time the layer is built. */
export const layer = Layer.effect(EventStore, make)
