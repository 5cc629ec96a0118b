/**
 * What every EventStore adapter must do, as one suite: `describeEventStoreContract` runs it on
 * an adapter (in memory, embedded PGlite, the PostgreSQL server). What only PostgreSQL can show
 * (a transaction that commits late, serialization) stays in `pg-event-store.int.test.ts`.
 */
import { Effect, Either, Fiber, type Layer, ManagedRuntime, Schedule, Stream } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  comparePositions,
  EventsRefused,
  EventStore,
  type NewEvent,
  type ReadAllOptions,
  StartOfLog,
  WrongExpectedVersion
} from "../../src/eventstore/event-store.ts"

/** A fresh, empty store to run the suite on, and how to drop it. */
export interface StoreUnderTest<R> {
  readonly layer: Layer.Layer<EventStore | R, unknown>
  readonly release: () => Promise<void>
}

export interface ContractOptions<R> {
  /** The stream's version as the adapter keeps it (default: what an empty append answers). */
  readonly storedVersion?: ((streamId: string) => Effect.Effect<number, unknown, EventStore | R>) | undefined
}

export const contractEvent = (type = "Tested", data: unknown = { n: 1 }): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { correlationId: "corr-1", causationId: "cause-1" }
})

const event = contractEvent

/** A runtime over a fresh store for one describe block, built before and disposed after it. */
export const storeRuntime = <R>(open: () => Promise<StoreUnderTest<R>>) => {
  let runtime: ManagedRuntime.ManagedRuntime<EventStore | R, unknown> | undefined
  let release = async () => {}
  beforeAll(async () => {
    const store = await open()
    release = store.release
    runtime = ManagedRuntime.make(store.layer)
    await runtime.runPromise(Effect.void)
  })
  afterAll(async () => {
    await runtime?.dispose()
    await release()
  })
  return <A, E>(effect: Effect.Effect<A, E, EventStore | R>) => runtime!.runPromise(effect)
}

/**
 * On a server, a transaction open in any database of the cluster (other suites run in
 * parallel) holds the readable horizon back for a moment, so reads after a commit wait for it.
 */
export const readVisible = (options: ReadAllOptions, count: number) =>
  Effect.flatMap(EventStore, (store) => store.readAll(options)).pipe(
    Effect.filterOrFail((events) => events.length >= count),
    Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 400 }),
    Effect.orElse(() => Effect.flatMap(EventStore, (store) => store.readAll(options)))
  )

export const describeEventStoreContract = <R>(
  name: string,
  open: () => Promise<StoreUnderTest<R>>,
  options: ContractOptions<R> = {}
) => {
  const storedVersion = options.storedVersion ??
    ((streamId: string) => Effect.flatMap(EventStore, (store) => store.append(streamId, "any", [])).pipe(Effect.map((result) => result.streamVersion)))

  describe(`event store (${name})`, () => {
    const run = storeRuntime(open)
    const stream = () => `test-${randomUUID()}`

    it("appends, reads the stream back with its metadata, and numbers versions from 1", async () => {
      const id = stream()
      const [a, b] = [event("First", { n: 1 }), event("Second", { n: 2 })]
      const result = await run(Effect.flatMap(EventStore, (store) => store.append(id, 0, [a, b])))
      expect(result.streamVersion).toBe(2)
      expect(result.written).toBe(true)
      const read = await run(Effect.flatMap(EventStore, (store) => store.readStream(id)))
      expect(read.map((e) => [e.streamVersion, e.type, e.eventId, e.data])).toEqual([
        [1, "First", a.eventId, { n: 1 }],
        [2, "Second", b.eventId, { n: 2 }]
      ])
      expect(read[0]!.metadata).toEqual({ correlationId: "corr-1", causationId: "cause-1" })
      expect(read[0]!.schemaVersion).toBe(1)
      expect(read[0]!.recordedAt).toBeInstanceOf(Date)
      expect(read[1]!.position).toBe(read[0]!.position + 1n)
      expect(result.lastPosition.position).toBe(read[1]!.position)
      const fromVersion = await run(Effect.flatMap(EventStore, (store) => store.readStream(id, 1)))
      expect(fromVersion.map((e) => e.type)).toEqual(["Second"])
    })

    it("rejects a wrong expected version with a typed error, writes nothing and takes no position", async () => {
      const id = stream()
      const first = await run(Effect.flatMap(EventStore, (store) => store.append(id, 0, [event()])))
      const conflict = await run(Effect.either(Effect.flatMap(EventStore, (store) => store.append(id, 0, [event(), event()]))))
      expect(Either.isLeft(conflict)).toBe(true)
      const error = Either.getLeft(conflict).pipe((o) => o._tag === "Some" ? o.value : undefined)
      expect(error).toBeInstanceOf(WrongExpectedVersion)
      expect(error).toMatchObject({ streamId: id, expectedVersion: 0, actualVersion: 1 })
      const stale = await run(Effect.either(Effect.flatMap(EventStore, (store) => store.append(id, 5, [event()]))))
      expect(Either.isLeft(stale)).toBe(true)
      expect((await run(Effect.flatMap(EventStore, (store) => store.readStream(id)))).length).toBe(1)
      // the next successful append takes the very next position: the conflicts consumed none
      const next = await run(Effect.flatMap(EventStore, (store) => store.append(stream(), 0, [event()])))
      expect(next.lastPosition.position).toBe(first.lastPosition.position + 1n)
    })

    it("is idempotent by event id: a repeated append writes nothing and answers the first result", async () => {
      const id = stream()
      const events = [event(), event()]
      const first = await run(Effect.flatMap(EventStore, (store) => store.append(id, 0, events)))
      const again = await run(Effect.flatMap(EventStore, (store) => store.append(id, 0, events)))
      const anyVersion = await run(Effect.flatMap(EventStore, (store) => store.append(id, "any", events)))
      expect(again).toEqual({ ...first, written: false })
      expect(anyVersion).toEqual({ ...first, written: false })
      expect((await run(Effect.flatMap(EventStore, (store) => store.readStream(id)))).length).toBe(2)
    })

    it("appends one event at a time at each form of expected version, keeps its metadata, and answers each repeat with the first result", async () => {
      const id = stream()
      const append = (expected: 0 | 1 | "any", one: NewEvent) => run(Effect.flatMap(EventStore, (store) => store.append(id, expected, [one])))
      const a = event("One", { n: 1 })
      const b = { ...event("Two", { list: [1, "two"] }), metadata: { correlationId: "corr-b" } }
      const c = { ...event("Three", { text: "é 😀" }), schemaVersion: 3, metadata: undefined }
      const results = [await append(0, a), await append(1, b), await append("any", c)]
      expect(results.map((r) => [r.streamVersion, r.written])).toEqual([[1, true], [2, true], [3, true]])
      // A repeat finds its stream moved on (at 0 and at 1) or its id taken (at the end): the first result, not written.
      const repeats = [await append(0, a), await append(1, b), await append("any", c)]
      expect(repeats).toEqual(results.map((r) => ({ ...r, written: false })))
      const read = await run(Effect.flatMap(EventStore, (store) => store.readStream(id)))
      expect(read.map((e) => [e.streamVersion, e.eventId, e.type, e.schemaVersion, e.data, e.metadata])).toEqual([
        [1, a.eventId, "One", 1, { n: 1 }, { correlationId: "corr-1", causationId: "cause-1" }],
        [2, b.eventId, "Two", 1, { list: [1, "two"] }, { correlationId: "corr-b", causationId: null }],
        [3, c.eventId, "Three", 3, { text: "é 😀" }, { correlationId: null, causationId: null }]
      ])
      expect(read.map((e) => ({ transactionId: e.transactionId, position: e.position }))).toEqual(results.map((r) => r.lastPosition))
      expect(await run(storedVersion(id))).toBe(3)
    })

    it("gives exactly one winner among concurrent appends to one stream", async () => {
      const id = stream()
      await run(Effect.flatMap(EventStore, (store) => store.append(id, 0, [event()])))
      const results = await run(Effect.flatMap(EventStore, (store) =>
        Effect.all(Array.from({ length: 8 }, () => Effect.either(store.append(id, 1, [event()]))), { concurrency: "unbounded" })
      ))
      expect(results.filter(Either.isRight).length).toBe(1)
      expect(results.filter(Either.isLeft).every((r) => r.left instanceof WrongExpectedVersion)).toBe(true)
      const read = await run(Effect.flatMap(EventStore, (store) => store.readStream(id)))
      expect(read.map((e) => e.streamVersion)).toEqual([1, 2])
    })

    it("appends with expected version 'any' to a new and an existing stream", async () => {
      const id = stream()
      expect((await run(Effect.flatMap(EventStore, (store) => store.append(id, "any", [event()])))).streamVersion).toBe(1)
      expect((await run(Effect.flatMap(EventStore, (store) => store.append(id, "any", [event(), event()])))).streamVersion).toBe(3)
    })

    it("reads all events in commit order, filters by type, and reports the head", async () => {
      const marker = `Marker${randomUUID().slice(0, 8)}`
      // Not `head`: on a shared server another database's open transaction holds it back, and
      // the earlier tests' events would then count as after it.
      const before = await run(Effect.flatMap(EventStore, (store) => store.lastCommitted))
      await run(Effect.flatMap(EventStore, (store) => store.append(stream(), 0, [event(marker, { i: 0 }), event("Other")])))
      const last = await run(Effect.flatMap(EventStore, (store) => store.append(stream(), 0, [event(marker, { i: 1 })])))
      const all = await run(readVisible({ after: before, limit: 100 }, 3))
      expect(all.map((e) => e.type)).toEqual([marker, "Other", marker])
      const filtered = await run(Effect.flatMap(EventStore, (store) => store.readAll({ after: StartOfLog, limit: 1000, types: [marker] })))
      expect(filtered.map((e) => e.data)).toEqual([{ i: 0 }, { i: 1 }])
      const limited = await run(Effect.flatMap(EventStore, (store) => store.readAll({ after: before, limit: 2 })))
      expect(limited.length).toBe(2)
      // The head reaches the last event once no transaction anywhere on the server is older.
      const head = await run(Effect.flatMap(EventStore, (store) => store.head).pipe(
        Effect.filterOrFail((position) => comparePositions(position, last.lastPosition) >= 0),
        Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 400 }),
        Effect.orElse(() => Effect.flatMap(EventStore, (store) => store.head))
      ))
      expect(head).toEqual(last.lastPosition)
    })

    it("notifies readers when events are committed", async () => {
      const received = await run(Effect.gen(function*() {
        const store = yield* EventStore
        const waiter = yield* Effect.fork(Stream.runHead(store.changes))
        yield* Effect.sleep("200 millis")
        yield* store.append(stream(), 0, [event()])
        return yield* Fiber.join(waiter).pipe(Effect.timeout("5 seconds"))
      }))
      expect(received._tag).toBe("Some")
    })

    it("announces the types of every commit, by append and by appendNewAcross, whatever their concurrency", async () => {
      // Types of its own, so notifications of other tests' commits cannot satisfy it.
      const typeOf = (n: number) => `Announced${n}x${randomUUID().slice(0, 8)}`
      const types = Array.from({ length: 12 }, (_, n) => typeOf(n))
      const seen = await run(Effect.gen(function*() {
        const store = yield* EventStore
        const missing = new Set(types)
        const waiter = yield* Effect.fork(store.changes.pipe(
          Stream.tap((announced) => Effect.sync(() => announced.forEach((type) => missing.delete(type)))),
          Stream.takeUntil(() => missing.size === 0),
          Stream.runDrain
        ))
        yield* Effect.sleep("200 millis")
        // Eight appends at once (their announcements may be gathered), then four in one appendNewAcross.
        yield* Effect.forEach(types.slice(0, 8), (type) => store.append(stream(), 0, [event(type)]), { concurrency: 8 })
        yield* store.appendNewAcross(types.slice(8).map((type) => ({ ...event(type), streamId: stream() })))
        yield* Fiber.join(waiter).pipe(Effect.timeout("5 seconds"))
        return [...missing]
      }))
      expect(seen).toEqual([])
    })

    it("appendNew writes the events the log lacks and answers where the others are", async () => {
      const id = stream()
      const other = stream()
      const [a, b, c, d] = [event("A"), event("B"), event("C"), event("D")]
      const [server, script] = [event("Seen", { source: "server" }), event("Seen", { source: "script" })]
      const outcome = await run(Effect.gen(function*() {
        const store = yield* EventStore
        const first = yield* store.appendNew(id, [a])
        const earlier = yield* store.append(other, "any", [server, script])
        const found = yield* store.readByIds([a.eventId, server.eventId])
        const second = yield* store.appendNew(id, [
          a,
          b,
          { ...c, sameAs: { eventId: server.eventId, field: "source", value: "server" } },
          { ...d, sameAs: { eventId: script.eventId, field: "source", value: "server" } }
        ])
        const again = yield* store.appendNew(id, [a, b])
        const duplicateIds = yield* Effect.exit(store.appendNew(id, [event(), { ...b }, b]))
        return { first, earlier, found, second, again, duplicateIds, read: yield* store.readStream(id) }
      }))
      const [foundA, foundServer] = outcome.found
      expect(outcome.first).toEqual([{ written: true, position: { transactionId: foundA!.transactionId, position: foundA!.position } }])
      const positionOf = (eventId: string) => {
        const recorded = outcome.read.find((e) => e.eventId === eventId)!
        return { transactionId: recorded.transactionId, position: recorded.position }
      }
      // a is in the log; c stands for the server event; d's stand-in is no server event.
      expect(outcome.second).toEqual([
        { written: false, position: positionOf(a.eventId) },
        { written: true, position: positionOf(b.eventId) },
        { written: false, position: { transactionId: foundServer!.transactionId, position: foundServer!.position } },
        { written: true, position: positionOf(d.eventId) }
      ])
      expect(outcome.again).toEqual([{ written: false, position: positionOf(a.eventId) }, { written: false, position: positionOf(b.eventId) }])
      expect(outcome.read.map((e) => [e.streamVersion, e.eventId])).toEqual([[1, a.eventId], [2, b.eventId], [3, d.eventId]])
      expect(outcome.duplicateIds._tag).toBe("Failure")
      expect(await run(storedVersion(id))).toBe(3)
    })

    it("appendNewAcross appends to several streams in one transaction: each stream's new events in order", async () => {
      const [x, y, z] = [stream(), stream(), stream()]
      const [x1, x2, x3, y1, z1, known] = [event("A"), event("A"), event("A"), event("B"), event("C"), event("K")]
      const bad = { ...event("Bad", { name: "a\u0000" }), streamId: z }
      const outcome = await run(Effect.gen(function*() {
        const store = yield* EventStore
        yield* store.append(y, "any", [known])
        const across = yield* store.appendNewAcross([
          { ...x1, streamId: x },
          { ...y1, streamId: y },
          { ...x2, streamId: x },
          { ...known, streamId: y },
          { ...z1, streamId: z },
          { ...x3, streamId: x }
        ])
        const refused = yield* Effect.flip(store.appendNewAcross([{ ...event(), streamId: x }, bad]))
        return { across, refused, xs: yield* store.readStream(x), ys: yield* store.readStream(y), zs: yield* store.readStream(z) }
      }))
      const versions = (events: ReadonlyArray<{ streamVersion: number; eventId: string }>) => events.map((e) => [e.streamVersion, e.eventId])
      expect(versions(outcome.xs)).toEqual([[1, x1.eventId], [2, x2.eventId], [3, x3.eventId]])
      expect(versions(outcome.ys)).toEqual([[1, known.eventId], [2, y1.eventId]])
      expect(versions(outcome.zs)).toEqual([[1, z1.eventId]])
      const all = [...outcome.xs, ...outcome.ys, ...outcome.zs]
      const positionOf = (eventId: string) => {
        const recorded = all.find((e) => e.eventId === eventId)!
        return { transactionId: recorded.transactionId, position: recorded.position }
      }
      expect(outcome.across).toEqual([
        { written: true, position: positionOf(x1.eventId) },
        { written: true, position: positionOf(y1.eventId) },
        { written: true, position: positionOf(x2.eventId) },
        { written: false, position: positionOf(known.eventId) },
        { written: true, position: positionOf(z1.eventId) },
        { written: true, position: positionOf(x3.eventId) }
      ])
      // One transaction, positions in the order given.
      const written = [x1, y1, x2, z1, x3].map((e) => positionOf(e.eventId))
      expect(new Set(written.map((p) => p.transactionId)).size).toBe(1)
      expect(written.map((p) => p.position)).toEqual(written.map((p) => p.position).sort((a, b) => a < b ? -1 : a > b ? 1 : 0))
      // A refused event fails the whole call and nothing of it is written.
      expect(outcome.refused).toEqual(new EventsRefused({ streamId: z, reason: "event.data.name: text with U+0000 or an unpaired surrogate" }))
      expect(outcome.xs).toHaveLength(3)
      expect(await run(storedVersion(x))).toBe(3)
    })
  })

  describe(`event store pages (${name})`, () => {
    const run = storeRuntime(open)

    it("reports how far a filtered page scanned, so a reader can move past other types", async () => {
      const result = await run(Effect.gen(function*() {
        const store = yield* EventStore
        const empty = yield* store.readPage({ after: StartOfLog, limit: 10 })
        const a = yield* store.append("s-1", 0, [event("Wanted", { i: 1 })])
        const b = yield* store.append("s-2", 0, [event("Unwanted"), event("Unwanted")])
        // On a shared server another database's open transaction holds the head back for a moment.
        yield* store.head.pipe(
          Effect.filterOrFail((position) => comparePositions(position, b.lastPosition) >= 0),
          Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 400 }),
          Effect.ignore
        )
        const filtered = yield* store.readPage({ after: StartOfLog, limit: 10, types: ["Wanted"] })
        const full = yield* store.readPage({ after: StartOfLog, limit: 2 })
        return { empty, a, b, filtered, full }
      }))
      expect(result.empty).toEqual({ events: [], scannedTo: StartOfLog })
      expect(result.filtered.events.map((e) => e.data)).toEqual([{ i: 1 }])
      expect(result.filtered.scannedTo).toEqual(result.b.lastPosition)
      expect(result.full.events.length).toBe(2)
      expect(result.full.scannedTo).toEqual({ transactionId: result.full.events[1]!.transactionId, position: result.full.events[1]!.position })
    })
  })

  describe(`event store: refused appends (${name})`, () => {
    const run = storeRuntime(open)
    const stream = () => `test-${randomUUID()}`
    const withData = (data: unknown): NewEvent => ({ eventId: randomUUID(), type: "Tested", schemaVersion: 1, data })

    it("refuses an event with a NUL or a lone surrogate, writes nothing, and the stream stays usable", async () => {
      const id = stream()
      for (const bad of [{ name: "a\u0000b" }, { name: "\ud800" }, { ["k\u0000"]: 1 }, { n: 1n }]) {
        const refused = await run(Effect.flip(Effect.flatMap(EventStore, (store) => store.append(id, 0, [withData({ ok: 1 }), withData(bad)]))))
        expect(refused).toBeInstanceOf(EventsRefused)
        expect(refused._tag).toBe("EventsRefused")
      }
      const refusedNew = await run(Effect.flip(Effect.flatMap(EventStore, (store) => store.appendNew(id, [withData({ name: "x\udc00" })]))))
      expect(refusedNew).toEqual(new EventsRefused({ streamId: id, reason: "event.data.name: text with U+0000 or an unpaired surrogate" }))
      const written = await run(Effect.flatMap(EventStore, (store) => store.append(id, 0, [withData({ name: "ok 😀" })])))
      expect(written.streamVersion).toBe(1)
      const read = await run(Effect.flatMap(EventStore, (store) => store.readStream(id)))
      expect(read.map((e) => e.data)).toEqual([{ name: "ok 😀" }])
    })
  })
}
