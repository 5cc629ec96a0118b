/**
 * The service's scheduler lets the event loop turn while fibers are busy. The stand-in for a
 * busy run is a fiber awaiting settled promises in a loop, as a run over the embedded database
 * does (its queries settle as microtasks); the stand-in for the event loop's other work (an HTTP
 * request, a timer) is a `setImmediate` callback queued before the run starts.
 */
import { Effect, Scheduler } from "effect"
import { describe, expect, it } from "vitest"
import { makeFairScheduler } from "../../src/concurrency/fair-scheduler.ts"

const STEPS = 1_000

/** Runs `total` steps (each `work()`, then a settled promise) and says after how many steps a callback queued on the event loop at the start ran. */
const stepsBeforeTheLoopTurned = async (scheduler: Scheduler.Scheduler | undefined, work: () => void = () => {}, total = STEPS) => {
  let steps = 0
  let seenAt: number | undefined
  setImmediate(() => {
    seenAt = steps
  })
  const run = Effect.gen(function*() {
    for (let i = 0; i < total; i++) {
      work()
      yield* Effect.promise(() => Promise.resolve())
      steps++
    }
  })
  await Effect.runPromise(scheduler === undefined ? run : Effect.withScheduler(run, scheduler))
  await new Promise<void>((resolve) => setImmediate(resolve))
  return { steps, seenAt }
}

const busyFor = (ms: number) => () => {
  const until = performance.now() + ms
  while (performance.now() < until) { /* a synchronous step that takes `ms` */ }
}

describe("makeFairScheduler", () => {
  it("with Effect's default scheduler, a chain of settled promises keeps the event loop from turning until it ends (why this scheduler exists)", async () => {
    expect(await stepsBeforeTheLoopTurned(undefined)).toEqual({ steps: STEPS, seenAt: STEPS })
  })

  it("with no budget, lets the event loop turn between the steps of the same chain", async () => {
    const { steps, seenAt } = await stepsBeforeTheLoopTurned(makeFairScheduler(0))
    expect(steps).toBe(STEPS)
    expect(seenAt).toBeLessThanOrEqual(1)
  })

  it("with a 10 ms budget, lets the event loop turn once the steps of one turn have taken 10 ms", async () => {
    // Each step takes at least 3 ms, so the fourth step ends past the budget; a loaded machine
    // only makes the steps longer, and the turn come sooner.
    const { steps, seenAt } = await stepsBeforeTheLoopTurned(makeFairScheduler(10), busyFor(3), 20)
    expect(steps).toBe(20)
    expect(seenAt).toBeLessThanOrEqual(4)
  })

  it("runs every task it is given, in the order given", async () => {
    const scheduler = makeFairScheduler(10)
    const ran: Array<string> = []
    await new Promise<void>((resolve) => {
      scheduler.scheduleTask(() => ran.push("a"), 0, undefined as never)
      scheduler.scheduleTask(() => ran.push("b"), 0, undefined as never)
      scheduler.scheduleTask(() => {
        ran.push("c")
        resolve()
      }, 0, undefined as never)
    })
    expect(ran).toEqual(["a", "b", "c"])
  })
})
