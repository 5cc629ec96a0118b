import { it } from "@effect/vitest"
import { Clock, Effect, Fiber, TestClock } from "effect"
import { describe, expect } from "vitest"
import { KeyedTokenBuckets, makeTokenBucket } from "../../src/concurrency/token-bucket.ts"

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

/**
 * The per-key limit as it was written before it shared the GCRA arithmetic: a token count per
 * key, refilled continuously up to the capacity. The keyed buckets must answer as it does.
 */
const tokenCountLimit = (perMinute: number) => {
  const perMs = perMinute / 60_000
  const buckets = new Map<string, { tokens: number; at: number }>()
  return (key: string, now: number): number | "allowed" => {
    const bucket = buckets.get(key) ?? { tokens: perMinute, at: now }
    bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, now - bucket.at) * perMs)
    bucket.at = now
    buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return "allowed"
    }
    return Math.ceil((1 - bucket.tokens) / perMs / 1000)
  }
}

describe("KeyedTokenBuckets", () => {
  const perMinute = (n: number) => new KeyedTokenBuckets({ capacity: n, intervalMs: 60_000 / n })

  it("lets a key's burst through, then refuses with the wait for its next token, booking nothing", () => {
    const buckets = perMinute(2)
    expect([buckets.take("a", 0), buckets.take("a", 0), buckets.take("a", 0), buckets.take("a", 10_000)]).toEqual([0, 0, 30_000, 20_000])
    expect(buckets.take("b", 10_000)).toBe(0)
    expect(buckets.take("a", 30_000)).toBe(0)
    expect(buckets.take("a", 30_000)).toBe(30_000)
  })

  it("forgets the least recently seen key past its bound; a forgotten key comes back full", () => {
    const buckets = new KeyedTokenBuckets({ capacity: 1, intervalMs: 60_000 }, 2)
    expect([buckets.take("a", 0), buckets.take("b", 0), buckets.take("a", 1)]).toEqual([0, 0, 59_999])
    expect(buckets.take("c", 2)).toBe(0)
    expect(buckets.size).toBe(2)
    // b went: it is full again. That drops a, seen before c.
    expect(buckets.take("b", 3)).toBe(0)
    expect(buckets.take("c", 4)).toBe(59_998)
    expect(buckets.take("a", 5)).toBe(0)
  })

  it("answers as the token-count limit it replaced: the same refusals and the same Retry-After seconds", () => {
    let seed = 7
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647
    for (const limit of [1, 2, 7, 60, 600]) {
      const buckets = perMinute(limit)
      const reference = tokenCountLimit(limit)
      let now = 1_700_000_000_000
      for (let i = 0; i < 5_000; i++) {
        now += Math.floor(random() * random() * 4 * 60_000 / limit)
        const key = `k${Math.floor(random() * 3)}`
        const wait = buckets.take(key, now)
        expect(wait === 0 ? "allowed" : Math.ceil(wait / 1000)).toEqual(reference(key, now))
      }
    }
  })
})
