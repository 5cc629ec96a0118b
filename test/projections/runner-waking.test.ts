/**
 * When the projection runner reads the log, without a database: woken by a commit's
 * announcement (NOTIFY on PostgreSQL), or at the next poll when the announcement is lost (one
 * tick for every projection, which reads the log's head and wakes those behind it), and a
 * projection fed by bursts gathering one before it reads. The clock is the TestClock: nothing
 * here waits on real time, and no poll comes unless a test moves the clock.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, TestClock } from "effect"
import type { EventStoreShape } from "../../src/eventstore/event-store.ts"
import { makeCheckpoints, makeLog, pagesOf, settle, startRunner, testProjection, until, untilSleeping } from "./memory-runner.ts"

const counted = testProjection("counted", ["Counted"])
const other = testProjection("other", ["Other"])

/** `store` counting its reads of the head and of pages, per event type asked for. */
const counting = (store: EventStoreShape) => {
  const reads = { heads: 0, pages: new Map<string, number>() }
  const counted: EventStoreShape = {
    ...store,
    head: Effect.suspend(() => {
      reads.heads++
      return store.head
    }),
    readPage: (options) =>
      Effect.suspend(() => {
        const types = (options.types ?? []).join(",")
        reads.pages.set(types, (reads.pages.get(types) ?? 0) + 1)
        return store.readPage(options)
      })
  }
  return { store: counted, reads }
}

describe("projection runner waking (in memory)", () => {
  it.scoped("reads a commit as soon as it is announced, with no poll", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const checkpoints = yield* makeCheckpoints(log.store)
      yield* startRunner([counted], log.store, checkpoints)
      yield* untilSleeping(1)
      yield* log.append("Counted")
      yield* until("the announced event is applied", () => checkpoints.committed("counted").length === 1)
      expect(pagesOf(checkpoints, "counted").map((page) => page.length)).toEqual([1])
    }))

  it.scoped("is not woken by a commit of types it does not read", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const checkpoints = yield* makeCheckpoints(log.store)
      const { board } = yield* startRunner([counted], log.store, checkpoints)
      yield* untilSleeping(1)
      const other = yield* log.append("Other")
      yield* settle
      expect(board.reachedOf("counted")).toEqual({ transactionId: 0n, position: 0n })
      // The next poll passes it, writing nothing.
      yield* TestClock.adjust("1 hour")
      yield* until("the poll passes the other event", () => board.reachedOf("counted").position === other.position)
      expect(checkpoints.committed("counted")).toEqual([])
    }))

  it.scoped("finds a commit whose announcement was lost at the next poll, not before", () =>
    Effect.gen(function*() {
      const log = yield* makeLog({ silent: true })
      const checkpoints = yield* makeCheckpoints(log.store)
      yield* startRunner([counted], log.store, checkpoints, { pollInterval: "1 second" })
      yield* untilSleeping(1)
      yield* log.append("Counted")
      yield* TestClock.adjust("999 millis")
      yield* settle
      expect(checkpoints.committed("counted")).toEqual([])
      yield* TestClock.adjust("1 millis")
      yield* until("the polled event is applied", () => checkpoints.committed("counted").length === 1)
    }))

  it.scoped("polls with one read of the head per tick, and no page while nothing is committed", () =>
    Effect.gen(function*() {
      const log = yield* makeLog({ silent: true })
      const { reads, store } = counting(log.store)
      const checkpoints = yield* makeCheckpoints(store)
      yield* startRunner([counted, other], store, checkpoints, { pollInterval: "1 second" })
      yield* untilSleeping(1)
      const pagesAtStart = Object.fromEntries(reads.pages)
      expect(pagesAtStart).toEqual({ Counted: 1, Other: 1 })
      for (let tick = 1; tick <= 3; tick++) {
        yield* TestClock.adjust("1 second")
        yield* until(`poll ${tick}`, () => reads.heads === tick)
      }
      yield* settle
      expect(reads.heads).toBe(3)
      expect(Object.fromEntries(reads.pages)).toEqual(pagesAtStart)
    }))

  it.scoped("wakes every projection behind the head at the next poll, each to read once", () =>
    Effect.gen(function*() {
      const log = yield* makeLog({ silent: true })
      const { reads, store } = counting(log.store)
      const checkpoints = yield* makeCheckpoints(store)
      const { board } = yield* startRunner([counted, other], store, checkpoints, { pollInterval: "1 second" })
      yield* untilSleeping(1)
      const position = yield* log.append("Counted")
      yield* TestClock.adjust("1 second")
      yield* until("both projections pass the commit", () =>
        board.reachedOf("counted").position === position.position && board.reachedOf("other").position === position.position)
      yield* settle
      expect(checkpoints.committed("counted").length).toBe(1)
      expect(checkpoints.committed("other")).toEqual([])
      expect(Object.fromEntries(reads.pages)).toEqual({ Counted: 2, Other: 2 })
      // Caught up, the next tick wakes neither.
      yield* TestClock.adjust("1 second")
      yield* until("the next poll", () => reads.heads === 2)
      yield* settle
      expect(Object.fromEntries(reads.pages)).toEqual({ Counted: 2, Other: 2 })
    }))

  it.scoped("gathers a burst for its gathering time and reads it as one page", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const checkpoints = yield* makeCheckpoints(log.store)
      yield* startRunner([testProjection("visits", ["Visited"], 50)], log.store, checkpoints)
      yield* untilSleeping(1)
      yield* log.append("Visited")
      // Woken, it sleeps 50 ms beside its poll before it reads.
      yield* untilSleeping(2)
      yield* log.append("Visited")
      yield* log.append("Visited")
      yield* TestClock.adjust("49 millis")
      yield* settle
      expect(checkpoints.committed("visits")).toEqual([])
      yield* TestClock.adjust("1 millis")
      yield* until("the burst is applied", () => checkpoints.committed("visits").length === 1)
      expect(pagesOf(checkpoints, "visits").map((page) => page.length)).toEqual([3])
    }))

  it.scoped("cuts the gathering short for a caller of waitFor", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const checkpoints = yield* makeCheckpoints(log.store)
      const { runner } = yield* startRunner([testProjection("visits", ["Visited"], 50)], log.store, checkpoints)
      yield* untilSleeping(1)
      const visit = yield* log.append("Visited")
      yield* untilSleeping(2)
      // The clock does not move: only the waiter's hurry ends the gathering.
      const waiting = yield* Effect.fork(runner.waitFor(visit))
      yield* Fiber.join(waiting)
      expect(pagesOf(checkpoints, "visits").map((page) => page.length)).toEqual([1])
    }))
})
