/**
 * Read-your-writes without a database: `waitFor` returns once the projections named have
 * applied a position (their read model shows it), and `status` says what each has pending.
 */
import { SqlError } from "@effect/sql"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, TestClock } from "effect"
import { StartOfLog } from "../../src/eventstore/event-store.ts"
import { makeCheckpoints, makeLog, settle, startRunner, testProjection, until } from "./memory-runner.ts"

// Named as projections of the catalogue: `waitFor` takes catalogue names.
const entities = testProjection("entities", ["Created"])
const scores = testProjection("scores", ["Scored"])

describe("projection runner waitFor and status (in memory)", () => {
  it.scoped("returns once the page holding the position is committed, not while it is being applied", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const gate = yield* Deferred.make<void>()
      let applying = false
      const checkpoints = yield* makeCheckpoints(log.store, {
        apply: () => Effect.zipRight(Effect.sync(() => applying = true), Deferred.await(gate))
      })
      const { runner } = yield* startRunner([entities], log.store, checkpoints)
      const created = yield* log.append("Created")
      const waiting = yield* Effect.fork(runner.waitFor(created))
      yield* until("the page is being applied", () => applying)
      yield* settle
      expect(waiting.unsafePoll()).toBeNull()
      yield* Deferred.succeed(gate, undefined)
      yield* Fiber.join(waiting)
      expect(yield* checkpoints.store.read("entities")).toEqual(created)
    }))

  it.scoped("waits only for the projections named, and skips a name the runner does not run", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      const gate = yield* Deferred.make<void>()
      // The scores read model holds its pages until the gate opens.
      const checkpoints = yield* makeCheckpoints(log.store, {
        apply: (projection) => projection.name === "scores" ? Deferred.await(gate) : Effect.void
      })
      const { runner } = yield* startRunner([entities, scores], log.store, checkpoints)
      yield* log.append("Created")
      const scored = yield* log.append("Scored")
      yield* runner.waitFor(scored, ["entities", "jobs"])
      expect(yield* checkpoints.store.read("scores")).toEqual(StartOfLog)
      const all = yield* Effect.fork(runner.waitFor(scored))
      yield* settle
      expect(all.unsafePoll()).toBeNull()
      yield* Deferred.succeed(gate, undefined)
      yield* Fiber.join(all)
      expect(yield* checkpoints.store.read("scores")).toEqual(scored)
    }))

  it.scoped("reports a stuck projection's pending events, the age of the oldest and its error; none once it applies them", () =>
    Effect.gen(function*() {
      const log = yield* makeLog()
      let refusing = true
      const checkpoints = yield* makeCheckpoints(log.store, {
        apply: () => refusing ? Effect.fail(new SqlError.SqlError({ cause: null, message: "entities table is locked" })) : Effect.void
      })
      const { runner } = yield* startRunner([entities], log.store, checkpoints)
      yield* log.append("Created")
      yield* log.append("Scored")
      const last = yield* log.append("Created")
      yield* TestClock.adjust("5 seconds")
      const [stuck] = yield* runner.status.pipe(Effect.repeat({ until: ([status]) => status!.lastError !== null, times: 1_000 }))
      if (stuck === undefined) return expect.unreachable("no status")
      expect([stuck.name, stuck.version, stuck.position, stuck.pendingEvents, stuck.lagMs]).toEqual([
        "entities", 1, { transactionId: "0", position: "0" }, 2, 5_000
      ])
      expect(stuck.lastError).toContain("entities table is locked")
      refusing = false
      yield* TestClock.adjust("30 seconds")
      yield* runner.waitFor(last)
      const caughtUp = (yield* runner.status)[0]!
      expect([caughtUp.position, caughtUp.pendingEvents, caughtUp.lagMs, caughtUp.lastError]).toEqual([
        { transactionId: last.transactionId.toString(), position: last.position.toString() }, 0, 0, null
      ])
    }))
})
