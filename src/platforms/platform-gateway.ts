/**
 * The one way the service asks the 8 platforms: for each platform key an answer engine (the
 * configured vendor endpoint, else the built-in local engine) behind the same protections.
 *
 * Per attempt, outermost first: the circuit breaker (fails fast while the platform is known to
 * be down), the rate limiter (a token per attempt), a concurrency permit, then the engine call
 * under the per-attempt timeout. Retries wrap that whole chain, so each retry waits for a new
 * token and permit instead of holding a permit through its backoff. Only retryable errors are
 * retried. `ask` never fails: a failure is an outcome with its error, which the caller stores
 * as a failed check, never as "not visible".
 */
import { Clock, Duration, Effect, Option, Ref, Schedule } from "effect"
import { makeFifoSemaphore } from "../concurrency/fifo-semaphore.ts"
import { makeTokenBucket } from "../concurrency/token-bucket.ts"
import { AppConfig } from "../config/app-config.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../domain/platforms.ts"
import { type Answer, type AnswerEngine, EngineError } from "./answer-engine.ts"
import { makeCircuitBreaker } from "./circuit-breaker.ts"
import { DocumentSource } from "./document-source.ts"
import { makeLocalAnswerEngine } from "./local-answer-engine.ts"
import { makeOpenAiCompatibleEngine } from "./openai-compatible-engine.ts"

export type CheckOutcome =
  | {
    readonly _tag: "Answered"
    readonly answer: Answer
    /** From the start of `ask` to its end: waits for tokens and permits, retries and backoff included. */
    readonly latencyMs: number
    /** Calls made to the engine (0 when the circuit was open before the first). */
    readonly attempts: number
  }
  | {
    readonly _tag: "Failed"
    readonly error: EngineError
    readonly latencyMs: number
    readonly attempts: number
  }

export type EngineKind = Answer["engine"]

/**
 * Jittered exponential backoff: 250 ms, 500 ms, 1 s, ... each scaled by a random 0.8–1.2 so
 * callers that failed together do not retry together, and capped at 10 s.
 */
const backoff = Schedule.exponential("250 millis", 2).pipe(
  Schedule.jittered,
  Schedule.modifyDelay((_, delay) => Duration.min(delay, Duration.seconds(10)))
)

/**
 * A token bucket holding one second's worth of calls (at least one) and refilled one token per
 * `60 000 / ratePerMinute` ms: bursts stay small, and any minute sees at most the rate plus
 * that one second's worth (the bucket starts full).
 */
const rateLimiterFor = (ratePerMinute: number) =>
  makeTokenBucket({ capacity: Math.max(1, Math.ceil(ratePerMinute / 60)), intervalMs: 60_000 / ratePerMinute })

export class PlatformGateway extends Effect.Service<PlatformGateway>()("PlatformGateway", {
  scoped: Effect.gen(function*() {
    const config = yield* AppConfig
    const documents = yield* DocumentSource

    const lanes = yield* Effect.forEach(PLATFORM_KEYS, (platform, index) =>
      Effect.gen(function*() {
        const endpoint = config.platforms[index] ?? Option.none()
        const limits = config.platformLimits[index]
        if (limits === undefined) return yield* Effect.dieMessage(`No limits configured for ${platform}`)
        const engine: AnswerEngine = Option.isSome(endpoint)
          ? makeOpenAiCompatibleEngine(platform, endpoint.value)
          : makeLocalAnswerEngine(platform, documents)
        const kind: EngineKind = Option.isSome(endpoint) ? "openai-compatible" : "local"
        return {
          platform,
          kind,
          engine,
          limits,
          permits: yield* makeFifoSemaphore(limits.concurrency),
          rateLimit: yield* rateLimiterFor(limits.ratePerMinute),
          breaker: yield* makeCircuitBreaker(platform)
        }
      }))
    const laneOf = Object.fromEntries(lanes.map((lane) => [lane.platform, lane])) as Record<PlatformKey, (typeof lanes)[number]>

    const ask = Effect.fn("PlatformGateway.ask")(function*(platform: PlatformKey, prompt: string) {
      const lane = laneOf[platform]
      yield* Effect.annotateCurrentSpan({ platform, engine: lane.kind })
      const started = yield* Clock.currentTimeMillis
      const attempts = yield* Ref.make(0)

      const call = Ref.update(attempts, (n) => n + 1).pipe(
        Effect.zipRight(lane.engine.answer({ platform, prompt })),
        Effect.timeoutFail({
          duration: Duration.millis(lane.limits.timeoutMs),
          onTimeout: () =>
            new EngineError({ platform, reason: "timeout", retryable: true, message: `No answer within ${lane.limits.timeoutMs} ms` })
        })
      )
      const attempt = lane.breaker.protect(lane.rateLimit.limit(lane.permits.withPermit(call)))

      const result = yield* attempt.pipe(
        Effect.retry({ schedule: backoff, times: lane.limits.maxRetries, while: (error) => error.retryable }),
        // A defect in an engine is a bug, but it must not take the other platforms down with it.
        Effect.catchAllDefect((defect) =>
          Effect.zipRight(
            Effect.logError("Answer engine defect", defect),
            Effect.fail(new EngineError({ platform, reason: "bad_response", retryable: false, message: "The answer engine failed unexpectedly" }))
          )
        ),
        Effect.either
      )
      const latencyMs = (yield* Clock.currentTimeMillis) - started
      const made = yield* Ref.get(attempts)
      const outcome: CheckOutcome = result._tag === "Right"
        ? { _tag: "Answered", answer: result.right, latencyMs, attempts: made }
        : { _tag: "Failed", error: result.left, latencyMs, attempts: made }
      yield* Effect.annotateCurrentSpan({ outcome: outcome._tag, attempts: made })
      return outcome
    })

    const askEach = Effect.fn("PlatformGateway.askAll")(function*(prompt: string, platforms: ReadonlyArray<PlatformKey>) {
      // Each ask settles on its own (it never fails), so one platform failing leaves the others'
      // answers intact; interrupting askAll interrupts every call still in flight.
      const outcomes = yield* Effect.forEach(
        [...new Set(platforms)],
        (platform) => Effect.map(ask(platform, prompt), (outcome) => [platform, outcome] as const),
        { concurrency: "unbounded" }
      )
      return Object.fromEntries(outcomes)
    })

    /** All 8 platforms in parallel, or the given ones; keyed by platform. */
    const askAll = <K extends PlatformKey = PlatformKey>(
      prompt: string,
      platforms?: ReadonlyArray<K>
    ): Effect.Effect<Record<K, CheckOutcome>> =>
      askEach(prompt, platforms ?? PLATFORM_KEYS) as Effect.Effect<Record<K, CheckOutcome>>

    const engineOf = (platform: PlatformKey): EngineKind => laneOf[platform].kind

    return { ask, askAll, engineOf }
  })
}) {}
