/**
 * The EventStore on PostgreSQL, embedded and on the server: the port's contract suite, and
 * what only PostgreSQL can show (a transaction that commits late, serialization).
 */
import { SqlClient } from "@effect/sql"
import { Deferred, Effect, Fiber, Layer, Schedule, Stream } from "effect"
import { randomUUID } from "node:crypto"
import { describe, expect, it } from "vitest"
import { type AppendFailure, EventStore, type NewEventOnceIn, type OnceOutcome, type ReadAllOptions } from "../../src/eventstore/event-store.ts"
import * as PgEventStore from "../../src/eventstore/pg-event-store.ts"
import { layerFor, testDatabases } from "../support/databases.ts"
import { contractEvent as event, describeEventStoreContract, readVisible, storeRuntime, type StoreUnderTest } from "./event-store-contract.ts"

const openStore = (database: (typeof testDatabases)[number]) => async (): Promise<StoreUnderTest<SqlClient.SqlClient>> => {
  const created = await database.create()
  return { layer: PgEventStore.layer.pipe(Layer.provideMerge(layerFor(created.target))), release: created.release }
}

for (const database of testDatabases) {
  describeEventStoreContract(database.name, openStore(database), {
    storedVersion: (id) =>
      Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ version: number }>`SELECT version FROM streams WHERE stream_id = ${id}`).pipe(
        Effect.map((rows) => rows[0]?.version ?? 0)
      )
  })

  describe(`event store on PostgreSQL (${database.name})`, () => {
    const run = storeRuntime(openStore(database))
    const stream = () => `test-${randomUUID()}`

    it("announces appends made inside a caller's transaction at its commit, not before", async () => {
      const [a, b] = [event(`InTransactionA${randomUUID().slice(0, 8)}`), event(`InTransactionB${randomUUID().slice(0, 8)}`)]
      const outcome = await run(Effect.gen(function*() {
        const store = yield* EventStore
        const sql = yield* SqlClient.SqlClient
        const seen: Array<string> = []
        const listening = yield* Effect.fork(store.changes.pipe(
          Stream.tap((types) => Effect.sync(() => seen.push(...types.filter((type) => type === a.type || type === b.type)))),
          Stream.takeUntil(() => seen.length >= 2),
          Stream.runDrain
        ))
        yield* Effect.sleep("200 millis")
        const seenWhileOpen = yield* sql.withTransaction(Effect.gen(function*() {
          yield* store.append(stream(), 0, [a])
          yield* store.appendNewAcross([{ ...b, streamId: stream() }])
          // Long enough for an announcement sent outside the transaction to have arrived.
          yield* Effect.sleep("300 millis")
          return [...seen]
        }))
        yield* Fiber.join(listening).pipe(Effect.timeout("5 seconds"))
        return { seenWhileOpen, seen: [...seen].sort() }
      }))
      expect(outcome.seenWhileOpen).toEqual([])
      expect(outcome.seen).toEqual([a.type, b.type].sort())
    })

    it("reads a page with only the data fields asked for, and no metadata, where the reader says so", async () => {
      const type = `Narrow${randomUUID().slice(0, 8)}`
      const pages = await run(Effect.gen(function*() {
        const store = yield* EventStore
        const written = yield* store.append(stream(), 0, [
          event(type, { a: 1, b: { c: [2] }, long: "x".repeat(500) }),
          event(type, { b: null, long: "y" })
        ])
        const after = { transactionId: written.lastPosition.transactionId - 1n, position: 0n }
        // On a shared server another database's open transaction holds the readable head back
        // for a moment: read until both events are readable.
        const both = (options: ReadAllOptions) =>
          store.readPage(options).pipe(
            Effect.filterOrFail((page) => page.events.length === 2),
            Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 400 })
          )
        const full = yield* both({ after, limit: 10, types: [type] })
        const narrow = yield* both({ after, limit: 10, types: [type], dataFields: ["a", "b"] })
        return { full, narrow }
      }))
      expect(pages.full.events.map((e) => e.data)).toEqual([{ a: 1, b: { c: [2] }, long: "x".repeat(500) }, { b: null, long: "y" }])
      // A field the event lacks reads as null; the rest of the event is the same.
      expect(pages.narrow.events.map((e) => e.data)).toEqual([{ a: 1, b: { c: [2] } }, { a: null, b: null }])
      expect(pages.narrow.events.map((e) => e.metadata)).toEqual([{ correlationId: null, causationId: null }, { correlationId: null, causationId: null }])
      expect(pages.narrow.events.map(({ data: _data, metadata: _metadata, ...rest }) => rest))
        .toEqual(pages.full.events.map(({ data: _data, metadata: _metadata, ...rest }) => rest))
      expect(pages.narrow.scannedTo.transactionId >= pages.full.events[1]!.transactionId).toBe(true)
    })

    if (database.name === "server") {
      it("appendNewAcrossNow answers as appendNewAcross does: written, found by id or by what stands for it, refused; and announces", async () => {
        const type = `Twin${randomUUID().slice(0, 8)}`
        const outcome = await run(Effect.gen(function*() {
          const store = yield* EventStore
          const seen: Array<string> = []
          const listening = yield* Effect.fork(store.changes.pipe(
            Stream.tap((types) => Effect.sync(() => seen.push(...types.filter((t) => t === type)))),
            Stream.takeUntil(() => seen.length >= 1),
            Stream.runDrain
          ))
          yield* Effect.sleep("200 millis")
          // The same steps with each form, on streams of their own.
          const steps = (append: (events: ReadonlyArray<NewEventOnceIn>) => Effect.Effect<ReadonlyArray<OnceOutcome>, AppendFailure>) =>
            Effect.gen(function*() {
              const [s1, s2] = [stream(), stream()]
              const server = { ...event(type, { source: "server" }), streamId: s1 }
              const first = yield* append([server, { ...event(type), streamId: s2 }, { ...event(type), streamId: s1 }])
              const again = yield* append([
                server,
                { ...event(type, { source: "script" }), streamId: s1, sameAs: { eventId: server.eventId, field: "source", value: "server" } },
                { ...event(type), streamId: s2 }
              ])
              const refused = yield* Effect.flip(append([{ ...event(type), streamId: s2 }, { ...event(type, { name: "a\u0000b" }), streamId: s2 }]))
              const versions = [(yield* store.readStream(s1)).length, (yield* store.readStream(s2)).length]
              const reason = refused._tag === "EventsRefused" ? refused.reason : refused._tag
              return { first, again, refused: [refused._tag, refused.streamId === s2, reason], versions }
            })
          const viaEffect = yield* steps(store.appendNewAcross)
          const viaPromise = yield* steps((events) => Effect.flatten(Effect.promise(() => store.appendNewAcrossNow!(events))))
          yield* Fiber.join(listening).pipe(Effect.timeout("5 seconds"))
          return { viaEffect, viaPromise, seen }
        }))
        const shape = (run: typeof outcome.viaEffect) => ({
          first: run.first.map((o) => o.written),
          // Found: the position of the event written first (the server-side record for the script's post).
          again: run.again.map((o) => [o.written, o.position.position === run.first[0]!.position.position]),
          refused: run.refused,
          versions: run.versions
        })
        expect(shape(outcome.viaPromise)).toEqual(shape(outcome.viaEffect))
        expect(shape(outcome.viaEffect)).toEqual({
          first: [true, true, true],
          again: [[false, true], [false, true], [true, false]],
          refused: ["EventsRefused", true, "event.data.name: text with U+0000 or an unpaired surrogate"],
          versions: [2, 2]
        })
        expect(outcome.seen).toEqual([type])
      })

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
