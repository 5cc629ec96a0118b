import { it } from "@effect/vitest"
import { Clock, Effect, Fiber, TestClock } from "effect"
import { describe, expect } from "vitest"
import { makeTokenBucket } from "../../src/concurrency/token-bucket.ts"

/** Starts `count` limited calls at once and answers the clock time at which each one ran. */
const startTimes = (bucket: { limit: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R> }, count: number) =>
  Effect.forEach(Array.from({ length: count }), () => Effect.fork(bucket.limit(Clock.currentTimeMillis)))

describe("makeTokenBucket", () => {
  it.effect("lets a burst of its capacity through at once, then one call per interval, in arrival order", () =>
    Effect.gen(function*() {
      const bucket = yield* makeTokenBucket({ capacity: 2, intervalMs: 500 })
      const fibers = yield* startTimes(bucket, 5)
      yield* TestClock.adjust("5 seconds")
      expect(yield* Effect.forEach(fibers, Fiber.join)).toEqual([0, 0, 500, 1000, 1500])
    }))

  it.effect("refills while idle, never beyond its capacity", () =>
    Effect.gen(function*() {
      const bucket = yield* makeTokenBucket({ capacity: 3, intervalMs: 100 })
      yield* TestClock.adjust("10 seconds")
      const fibers = yield* startTimes(bucket, 5)
      yield* TestClock.adjust("1 second")
      expect(yield* Effect.forEach(fibers, Fiber.join)).toEqual([10_000, 10_000, 10_000, 10_100, 10_200])
    }))

  it.effect("keeps the rate over any window when calls keep coming", () =>
    Effect.gen(function*() {
      const bucket = yield* makeTokenBucket({ capacity: 1, intervalMs: 60_000 / 600 })
      const fibers = yield* startTimes(bucket, 600)
      yield* TestClock.adjust("2 minutes")
      const times = yield* Effect.forEach(fibers, Fiber.join)
      expect(times.filter((t) => t < 60_000).length).toBe(600)
      expect(times.at(-1)).toBe(59_900)
    }))

  it.effect("reserve books slots as the effects do: the wait for each caller in arrival order", () =>
    Effect.gen(function*() {
      const bucket = yield* makeTokenBucket({ capacity: 2, intervalMs: 500 })
      expect([0, 0, 0, 0, 0].map(() => bucket.reserve(1_000))).toEqual([0, 0, 500, 1000, 1500])
      // Later arrivals wait for the slots still booked ahead of them, never beyond the refill.
      expect(bucket.reserve(2_000)).toBe(1_000)
      expect(bucket.reserve(10_000)).toBe(0)
      expect(bucket.reserve(10_000)).toBe(0)
      expect(bucket.reserve(10_000)).toBe(500)
    }))
})
