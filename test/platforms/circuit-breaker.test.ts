import { it } from "@effect/vitest"
import { Effect, Either, Fiber, TestClock } from "effect"
import { describe, expect } from "vitest"
import { EngineError } from "../../src/platforms/answer-engine.ts"
import { makeCircuitBreaker } from "../../src/platforms/circuit-breaker.ts"

const unwell = Effect.fail(new EngineError({ platform: "ai_platform_1", reason: "server_error", retryable: true, message: "500 down" }))
const refused = Effect.fail(new EngineError({ platform: "ai_platform_1", reason: "client_error", retryable: false, message: "400 bad" }))

const reasonOf = <A>(result: Either.Either<A, EngineError>) => (Either.isLeft(result) ? result.left.reason : "ok")

describe("makeCircuitBreaker", () => {
  it.effect("opens after 5 consecutive retryable failures and then fails fast", () =>
    Effect.gen(function*() {
      const breaker = yield* makeCircuitBreaker("ai_platform_1")
      let calls = 0
      const counted = <A, E>(effect: Effect.Effect<A, E>) => Effect.suspend(() => (calls += 1, effect))
      for (let i = 0; i < 5; i++) expect(reasonOf(yield* Effect.either(breaker.protect(counted(unwell))))).toBe("server_error")
      expect((yield* breaker.state)._tag).toBe("Open")

      const blocked = yield* Effect.either(breaker.protect(counted(Effect.succeed("answer"))))
      expect(reasonOf(blocked)).toBe("circuit_open")
      if (Either.isLeft(blocked)) {
        expect(blocked.left.retryable).toBe(false)
        expect(blocked.left.message).toContain("500 down")
      }
      expect(calls).toBe(5)
    }))

  it.effect("a success or a non-retryable error resets the count", () =>
    Effect.gen(function*() {
      const breaker = yield* makeCircuitBreaker("ai_platform_1", { failureThreshold: 3 })
      yield* Effect.either(breaker.protect(unwell))
      yield* Effect.either(breaker.protect(unwell))
      yield* Effect.either(breaker.protect(refused))
      yield* Effect.either(breaker.protect(unwell))
      yield* Effect.either(breaker.protect(unwell))
      expect(yield* breaker.state).toEqual({ _tag: "Closed", consecutiveFailures: 2 })
      yield* breaker.protect(Effect.succeed(1))
      expect(yield* breaker.state).toEqual({ _tag: "Closed", consecutiveFailures: 0 })
    }))

  it.effect("lets one trial through after the cooldown: success closes it", () =>
    Effect.gen(function*() {
      const breaker = yield* makeCircuitBreaker("ai_platform_1", { failureThreshold: 2, cooldown: "30 seconds" })
      yield* Effect.either(breaker.protect(unwell))
      yield* Effect.either(breaker.protect(unwell))
      yield* TestClock.adjust("29 seconds")
      expect(reasonOf(yield* Effect.either(breaker.protect(Effect.succeed(1))))).toBe("circuit_open")
      yield* TestClock.adjust("1 second")

      // The trial takes 5 s; meanwhile everyone else still fails fast.
      const trial = yield* Effect.fork(breaker.protect(Effect.as(Effect.sleep("5 seconds"), "trial answer")))
      yield* Effect.yieldNow()
      expect((yield* breaker.state)._tag).toBe("HalfOpen")
      expect(reasonOf(yield* Effect.either(breaker.protect(Effect.succeed(1))))).toBe("circuit_open")
      yield* TestClock.adjust("5 seconds")
      expect(yield* Fiber.join(trial)).toBe("trial answer")
      expect(yield* breaker.state).toEqual({ _tag: "Closed", consecutiveFailures: 0 })
      expect(yield* breaker.protect(Effect.succeed(2))).toBe(2)
    }))

  it.effect("a failed trial opens it for another cooldown", () =>
    Effect.gen(function*() {
      const breaker = yield* makeCircuitBreaker("ai_platform_1", { failureThreshold: 1, cooldown: "10 seconds" })
      yield* Effect.either(breaker.protect(unwell))
      yield* TestClock.adjust("10 seconds")
      expect(reasonOf(yield* Effect.either(breaker.protect(unwell)))).toBe("server_error")
      const state = yield* breaker.state
      expect(state._tag).toBe("Open")
      yield* TestClock.adjust("9 seconds")
      expect(reasonOf(yield* Effect.either(breaker.protect(Effect.succeed(1))))).toBe("circuit_open")
      yield* TestClock.adjust("1 second")
      expect(yield* breaker.protect(Effect.succeed(1))).toBe(1)
    }))

  it.effect("an interrupted trial lets the next caller try at once", () =>
    Effect.gen(function*() {
      const breaker = yield* makeCircuitBreaker("ai_platform_1", { failureThreshold: 1, cooldown: "10 seconds" })
      yield* Effect.either(breaker.protect(unwell))
      yield* TestClock.adjust("10 seconds")
      const trial = yield* Effect.fork(breaker.protect(Effect.never))
      yield* Effect.yieldNow()
      yield* Fiber.interrupt(trial)
      expect(yield* breaker.protect(Effect.succeed("next"))).toBe("next")
    }))

  it.effect("admit and settle keep the same state as protect", () =>
    Effect.gen(function*() {
      const breaker = yield* makeCircuitBreaker("ai_platform_1", { failureThreshold: 2, cooldown: "10 seconds" })
      const down = new EngineError({ platform: "ai_platform_1", reason: "timeout", retryable: true, message: "No answer within 100 ms" })
      for (let i = 0; i < 2; i++) {
        const ticket = breaker.admit(1_000)
        expect(ticket).toBe("closed")
        breaker.settle("closed", down, 1_000)
      }
      expect(yield* breaker.state).toEqual({ _tag: "Open", until: 11_000, lastError: "No answer within 100 ms" })
      const refusedNow = breaker.admit(5_000)
      expect(refusedNow).toMatchObject({ reason: "circuit_open", retryable: false, message: "Circuit open for 6 s more; last failure: No answer within 100 ms" })
      expect(breaker.admit(11_000)).toBe("trial")
      expect(breaker.admit(11_001)).toMatchObject({ reason: "circuit_open", message: "Circuit half-open: a trial call is in flight" })
      // A trial that never finished reopens the circuit with its cooldown over.
      breaker.settle("trial", "unfinished", 12_000)
      expect(yield* breaker.state).toEqual({ _tag: "Open", until: 12_000, lastError: "the trial call did not finish" })
      expect(breaker.admit(12_000)).toBe("trial")
      breaker.settle("trial", "succeeded", 12_500)
      expect(yield* breaker.state).toEqual({ _tag: "Closed", consecutiveFailures: 0 })
    }))
})
