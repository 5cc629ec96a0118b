import { SqlClient } from "@effect/sql"
import { Deferred, Effect, Either, Fiber, Layer, ManagedRuntime, Schedule, Stream } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  comparePositions,
  EventStore,
  type NewEvent,
  type ReadAllOptions,
  StartOfLog,
  WrongExpectedVersion
} from "../../src/eventstore/event-store.ts"
import * as PgEventStore from "../../src/eventstore/pg-event-store.ts"
import { layerFor, testDatabases } from "../support/databases.ts"

const event = (type = "Tested", data: unknown = { n: 1 }): NewEvent => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  data,
  metadata: { correlationId: "corr-1", causationId: "cause-1" }
})

for (const database of testDatabases) {
  describe(`event store (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<EventStore | SqlClient.SqlClient, unknown>
    let release = async () => {}
    const run = <A, E>(effect: Effect.Effect<A, E, EventStore | SqlClient.SqlClient>) => runtime.runPromise(effect)
    const stream = () => `test-${randomUUID()}`
    // On a server, a transaction open in any database of the cluster (other suites run in
    // parallel) holds the readable horizon back for a moment, so reads after a commit wait for it.
    const readVisible = (options: ReadAllOptions, count: number) =>
      Effect.flatMap(EventStore, (store) => store.readAll(options)).pipe(
        Effect.filterOrFail((events) => events.length >= count),
        Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 400 }),
        Effect.orElse(() => Effect.flatMap(EventStore, (store) => store.readAll(options)))
      )

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(PgEventStore.layer.pipe(Layer.provideMerge(layerFor(created.target))))
      await runtime.runPromise(Effect.void)
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

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
      const version = await run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ version: number }>`SELECT version FROM streams WHERE stream_id = ${id}`))
      expect(version).toEqual([{ version: 3 }])
    })

    if (database.name === "server") {
      it("appendNew answers an event another writer commits meanwhile as found, and writes the rest", async () => {
        const id = stream()
        const [x, y] = [event("X"), event("Y")]
        const outcome = await run(Effect.gen(function*() {
          const store = yield* EventStore
          const sql = yield* SqlClient.SqlClient
          const appended = yield* Deferred.make<void>()
          const commit = yield* Deferred.make<void>()
          const other = yield* Effect.fork(sql.withTransaction(
            store.appendNew(id, [x]).pipe(Effect.tap(() => Deferred.succeed(appended, undefined)), Effect.zipLeft(Deferred.await(commit)))
          ))
          yield* Deferred.await(appended)
          // This append waits on x's id until the other transaction ends, fails on it, and runs again.
          const racing = yield* Effect.fork(store.appendNew(id, [x, y]))
          yield* Effect.sleep("300 millis")
          const doneWhileOpen = (yield* Fiber.poll(racing))._tag === "Some"
          yield* Deferred.succeed(commit, undefined)
          const [written] = yield* Fiber.join(other)
          return { doneWhileOpen, written: written!, raced: yield* Fiber.join(racing), read: yield* store.readStream(id) }
        }))
        expect(outcome.doneWhileOpen).toBe(false)
        expect(outcome.raced[0]).toEqual({ written: false, position: outcome.written.position })
        expect(outcome.raced[1]!.written).toBe(true)
        expect(outcome.read.map((e) => [e.streamVersion, e.eventId])).toEqual([[1, x.eventId], [2, y.eventId]])
      })

      it("never lets a reader skip a transaction that commits after a later one", async () => {
        const before = await run(Effect.flatMap(EventStore, (store) => store.lastCommitted))
        const [early, late] = [event("EarlyStarted"), event("LateStarted")]
        const outcome = await run(Effect.gen(function*() {
          const store = yield* EventStore
          const sql = yield* SqlClient.SqlClient
          const appended = yield* Deferred.make<void>()
          const commit = yield* Deferred.make<void>()
          // A takes its position first but commits last.
          const slow = yield* Effect.fork(sql.withTransaction(
            store.append(stream(), 0, [early]).pipe(
              Effect.zipRight(Deferred.succeed(appended, undefined)),
              Effect.zipRight(Deferred.await(commit))
            )
          ))
          yield* Deferred.await(appended)
          const lateAppended = yield* store.append(stream(), 0, [late])
          const whileOpen = yield* store.readAll({ after: before, limit: 100 })
          const heads = { head: yield* store.head, lastCommitted: yield* store.lastCommitted }
          yield* Deferred.succeed(commit, undefined)
          yield* Fiber.join(slow)
          const afterCommit = yield* readVisible({ after: before, limit: 100 }, 2)
          return { whileOpen, heads, lateAppended, afterCommit }
        }))
        // The late transaction's event is held back while the earlier one is open...
        expect(outcome.whileOpen.map((e) => e.eventId)).toEqual([])
        // ...so the head stays behind it, while the last commit is already the late event.
        expect(outcome.heads.head.transactionId < outcome.lateAppended.lastPosition.transactionId).toBe(true)
        expect(outcome.heads.lastCommitted).toEqual(outcome.lateAppended.lastPosition)
        // ...and both are seen, in commit order, once it commits.
        expect(outcome.afterCommit.map((e) => e.eventId)).toEqual([early.eventId, late.eventId])
        expect(outcome.afterCommit[0]!.position < outcome.afterCommit[1]!.position).toBe(true)
      })
    } else {
      it("serializes transactions, so none can commit out of order", async () => {
        const before = await run(Effect.flatMap(EventStore, (store) => store.head))
        const [early, late] = [event("EarlyStarted"), event("LateStarted")]
        const outcome = await run(Effect.gen(function*() {
          const store = yield* EventStore
          const sql = yield* SqlClient.SqlClient
          const appended = yield* Deferred.make<void>()
          const commit = yield* Deferred.make<void>()
          const slow = yield* Effect.fork(sql.withTransaction(
            store.append(stream(), 0, [early]).pipe(
              Effect.zipRight(Deferred.succeed(appended, undefined)),
              Effect.zipRight(Deferred.await(commit))
            )
          ))
          yield* Deferred.await(appended)
          const second = yield* Effect.fork(store.append(stream(), 0, [late]))
          yield* Effect.sleep("300 millis")
          const secondDoneWhileOpen = (yield* Fiber.poll(second))._tag === "Some"
          yield* Deferred.succeed(commit, undefined)
          yield* Fiber.join(slow)
          yield* Fiber.join(second)
          return { secondDoneWhileOpen, afterCommit: yield* readVisible({ after: before, limit: 100 }, 2) }
        }))
        expect(outcome.secondDoneWhileOpen).toBe(false)
        expect(outcome.afterCommit.map((e) => e.eventId)).toEqual([early.eventId, late.eventId])
      })
    }
  })
}

for (const database of testDatabases) {
  describe(`event store pages (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<EventStore | SqlClient.SqlClient, unknown>
    let release = async () => {}
    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(PgEventStore.layer.pipe(Layer.provideMerge(layerFor(created.target))))
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("reports how far a filtered page scanned, so a reader can move past other types", async () => {
      const result = await runtime.runPromise(Effect.gen(function*() {
        const store = yield* EventStore
        const empty = yield* store.readPage({ after: StartOfLog, limit: 10 })
        const a = yield* store.append("s-1", 0, [event("Wanted", { i: 1 })])
        const b = yield* store.append("s-2", 0, [event("Unwanted"), event("Unwanted")])
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
}
