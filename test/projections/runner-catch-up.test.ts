/**
 * The projection runner taking the log from its checkpoint, without a database: pages from the
 * stored position, a restart, two runners on one checkpoint, a page its read model refuses.
 * The SQL a read model writes, and a page and its checkpoint in one transaction, are shown by
 * `runner.int.test.ts` and the checkpoint store's contract suite.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, TestClock } from "effect"
import { SqlError } from "@effect/sql"
import { type GlobalPosition, StartOfLog } from "../../src/eventstore/event-store.ts"
import { makeCheckpoints, makeLog, pagesOf, startRunner, testProjection, until } from "./memory-runner.ts"

const counted = testProjection("counted", ["Counted"])

describe("projection runner catching up (in memory)", () => {
  it.scoped("applies the log in pages of the page size from the start, each chained from the last stored position", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const positions: Array<GlobalPosition> = []
      for (let i = 0; i < 8; i++) positions.push(yield* log.append(i === 3 ? "Other" : "Counted"))
      const checkpoints = yield* makeCheckpoints(log.store)
      const { runner } = yield* startRunner([counted], log.store, checkpoints, { pageSize: 3 })
      yield* runner.waitFor(positions[7]!)
      const pages = checkpoints.committed("counted")
      // Three events of its type a page; the Other event is in no page.
      expect(pages.map((page) => [page.events.length, page.from, page.to])).toEqual([
        [3, StartOfLog, positions[2]],
        [3, positions[2], positions[6]],
        [1, positions[6], positions[7]]
      ])
      expect(pages.flatMap((page) => page.events.map((event) => event.type))).toEqual(Array(7).fill("Counted"))
      expect(yield* checkpoints.store.read("counted")).toEqual(positions[7])
    }))

  it.scoped("resumes after a restart from the stored checkpoint, applying no event twice", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const checkpoints = yield* makeCheckpoints(log.store)
      const first = [yield* log.append("Counted"), yield* log.append("Counted")]
      // The first runner stops with its scope, as a process would.
      yield* Effect.scoped(Effect.flatMap(startRunner([counted], log.store, checkpoints), ({ runner }) => runner.waitFor(first[1]!)))
      const later = [yield* log.append("Counted"), yield* log.append("Counted"), yield* log.append("Counted")]
      const { runner, startedAt } = yield* startRunner([counted], log.store, checkpoints)
      yield* runner.waitFor(later[2]!)
      const ids = (yield* log.store.readAll({ after: StartOfLog, limit: 10 })).map((event) => event.eventId)
      expect(startedAt.get("counted")).toEqual(first[1])
      expect(pagesOf(checkpoints, "counted")).toEqual([ids.slice(0, 2), ids.slice(2)])
      expect(checkpoints.committed("counted")[1]!.from).toEqual(first[1])
    }))

  it.scoped("moves only its progress over other types' events: its checkpoint stays at its last own event", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const checkpoints = yield* makeCheckpoints(log.store)
      const { runner, board } = yield* startRunner([counted], log.store, checkpoints)
      const own = yield* log.append("Counted")
      yield* runner.waitFor(own)
      const others = [yield* log.append("Other"), yield* log.append("Other")]
      yield* runner.waitFor(others[1]!)
      expect(board.reachedOf("counted")).toEqual(others[1])
      expect(board.changedOf("counted")).toEqual(own)
      expect(yield* checkpoints.store.read("counted")).toEqual(own)
      expect(checkpoints.committed("counted").length).toBe(1)
    }))

  it.scoped("two runners on one checkpoint apply each event once: the one that loses the race re-reads from the winner's", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const events = [yield* log.append("Counted"), yield* log.append("Counted"), yield* log.append("Counted")]
      // The first page applied waits for the gate: the second runner starts, at the start of
      // the log, while the first holds its page.
      const gate = yield* Deferred.make<void>()
      let applies = 0
      const checkpoints = yield* makeCheckpoints(log.store, {
        apply: () => Effect.suspend(() => ++applies === 1 ? Deferred.await(gate) : Effect.void)
      })
      const a = yield* startRunner([counted], log.store, checkpoints)
      yield* until("the first runner is applying its page", () => applies === 1)
      const b = yield* startRunner([counted], log.store, checkpoints)
      expect(b.board.reachedOf("counted")).toEqual(StartOfLog)
      yield* Deferred.succeed(gate, undefined)
      yield* a.runner.waitFor(events[2]!)
      yield* b.runner.waitFor(events[2]!)
      expect(checkpoints.committed("counted").map((page) => [page.events.length, page.from, page.to])).toEqual([
        [3, StartOfLog, events[2]]
      ])
      // The loser applied the same page (its transaction rolled back), then stepped from the winner's checkpoint.
      expect(applies).toBe(2)
      expect((yield* b.runner.status)[0]!.lastError).toBeNull()
    }))

  it.scoped("a page its read model refuses moves no checkpoint; the retry after the back-off applies it once", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const events = [yield* log.append("Counted"), yield* log.append("Counted")]
      let refusing = true
      let applies = 0
      const checkpoints = yield* makeCheckpoints(log.store, {
        apply: () =>
          Effect.suspend(() => {
            applies++
            return refusing ? Effect.fail(new SqlError.SqlError({ cause: null, message: "the read model is down" })) : Effect.void
          })
      })
      const { runner } = yield* startRunner([counted], log.store, checkpoints)
      yield* until("the first page was refused", () => applies === 1)
      const failed = (yield* runner.status)[0]!
      expect(failed.lastError).toContain("the read model is down")
      expect(failed.pendingEvents).toBe(2)
      expect(yield* checkpoints.store.read("counted")).toEqual(StartOfLog)
      expect(checkpoints.committed("counted")).toEqual([])
      refusing = false
      // The first retry comes 200 ms later (jittered by up to a fifth): not before 160 ms.
      yield* TestClock.adjust("150 millis")
      expect(applies).toBe(1)
      yield* TestClock.adjust("100 millis")
      yield* runner.waitFor(events[1]!)
      expect(applies).toBe(2)
      expect(pagesOf(checkpoints, "counted").map((page) => page.length)).toEqual([2])
      const recovered = (yield* runner.status)[0]!
      expect([recovered.lastError, recovered.pendingEvents]).toEqual([null, 0])
    }))
})
