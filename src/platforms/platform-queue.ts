/**
 * One platform's queue: its answer engine behind the protections every call passes, and one ask
 * run through them.
 *
 * Per attempt, outermost first: the circuit breaker (fails fast while the platform is known to
 * be down), the rate limiter (a token per attempt), a concurrency permit, then the engine call
 * under the per-attempt timeout. Retries wrap that whole chain, so each retry waits for a new
 * token and permit instead of holding a permit through its backoff. Only retryable errors are
 * retried, after a jittered exponential backoff. An ask never fails: a failure is an outcome
 * with its error, which the caller stores as a failed check, never as "not visible".
 *
 * Why an ask is a small state machine on callbacks and not a pipeline of effects: as effects
 * (breaker, token, permit, a timeout that races two fibers, retry, a span per call) the
 * protections cost more CPU than the HTTP call they protect, mostly in forking and joining
 * fibers; with a few hundred calls landing at once that delayed the next calls on every
 * platform. Here a call costs a timer and an AbortController, and a released permit starts the
 * next waiter's call at once. The gateway wraps asks in one `Effect.async`, whose interruption
 * cancels them: an interrupted caller still aborts its calls in flight.
 */
import { Effect } from "effect"
import { makeFifoSemaphore, type FifoSemaphore } from "../concurrency/fifo-semaphore.ts"
import { makeTokenBucket, type TokenBucket } from "../concurrency/token-bucket.ts"
import type { PlatformLimits } from "../config/app-config.ts"
import type { PlatformKey } from "../domain/platforms.ts"
import { type Answer, type AnswerEngine, EngineError } from "./answer-engine.ts"
import { type CircuitBreaker, makeCircuitBreaker, type Settlement } from "./circuit-breaker.ts"

export type EngineKind = Answer["engine"]

export type CheckOutcome =
  | {
    readonly _tag: "Answered"
    readonly answer: Answer
    /** From the start of the ask to its end: waits for tokens and permits, retries and backoff included. */
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

export interface PlatformQueue {
  readonly platform: PlatformKey
  readonly kind: EngineKind
  readonly engine: AnswerEngine
  readonly limits: PlatformLimits
  readonly permits: FifoSemaphore
  /** None for the built-in engine: it runs in this process, and a vendor's limit protects a vendor. */
  readonly rateLimit: TokenBucket | null
  readonly breaker: CircuitBreaker
}

/**
 * A token bucket holding one second's worth of calls (at least one) and refilled one token per
 * `60 000 / ratePerMinute` ms: bursts stay small, and any minute sees at most the rate plus
 * that one second's worth (the bucket starts full).
 */
const rateLimiterFor = (ratePerMinute: number) =>
  makeTokenBucket({ capacity: Math.max(1, Math.ceil(ratePerMinute / 60)), intervalMs: 60_000 / ratePerMinute })

export const makePlatformQueue = (platform: PlatformKey, kind: EngineKind, engine: AnswerEngine, limits: PlatformLimits): Effect.Effect<PlatformQueue> =>
  Effect.all({
    permits: makeFifoSemaphore(limits.concurrency),
    rateLimit: kind === "local" ? Effect.succeed(null) : rateLimiterFor(limits.ratePerMinute),
    breaker: makeCircuitBreaker(platform)
  }).pipe(Effect.map((protections) => ({ platform, kind, engine, limits, ...protections })))

/** 250 ms, 500 ms, 1 s, ... each scaled by a random 0.8–1.2 (callers that failed together do not retry together), at most 10 s. */
const backoffMs = (retry: number) => Math.min(250 * 2 ** retry * (0.8 + 0.4 * Math.random()), 10_000)

/** How an ask ended: its outcome, and the defect behind it when the engine broke its contract. */
export type AskDone = (outcome: CheckOutcome, defect: { readonly cause: unknown } | undefined) => void

/**
 * Starts one ask of `prompt` on `queue`; `done` is called once, unless the ask is cancelled first
 * with the function returned (which aborts a call in flight and gives back what it holds).
 * `now` reads the caller's clock (the breaker's cooldowns and the latency are measured on it).
 */
export const startAsk = (queue: PlatformQueue, prompt: string, now: () => number, done: AskDone): (() => void) => {
  const { platform, limits } = queue
  const started = now()
  let attempts = 0
  let retries = 0
  let over = false
  // Undoes the step in progress: a timer, a place in the permit queue, or a call in flight.
  let cancelStep: () => void = () => {}

  const end = (result: Answer | EngineError, defect?: { readonly cause: unknown }) => {
    over = true
    const latencyMs = now() - started
    done(
      result instanceof EngineError
        ? { _tag: "Failed", error: result, latencyMs, attempts }
        : { _tag: "Answered", answer: result, latencyMs, attempts },
      defect
    )
  }

  const attempt = () => {
    const ticket = queue.breaker.admit(now())
    if (ticket instanceof EngineError) return end(ticket)
    let settled = false
    const settle = (settlement: Settlement) => {
      if (settled) return
      settled = true
      queue.breaker.settle(ticket, settlement, now())
    }

    const afterCall = (result: Answer | EngineError, defect: { readonly cause: unknown } | undefined) => {
      settle(defect !== undefined ? "unfinished" : result instanceof EngineError ? result : "succeeded")
      if (result instanceof EngineError && defect === undefined && result.retryable && retries < limits.maxRetries) {
        const timer = setTimeout(attempt, backoffMs(retries))
        retries++
        cancelStep = () => clearTimeout(timer)
        return
      }
      end(result, defect)
    }

    const call = () => {
      attempts++
      const controller = new AbortController()
      let returned = false
      const finish = (result: Answer | EngineError, defect?: { readonly cause: unknown }) => {
        if (returned) return
        returned = true
        clearTimeout(timer)
        // Hands the permit to the next waiter, whose call starts before this one's answer is read on.
        queue.permits.releaseUnsafe()
        afterCall(result, defect)
      }
      const timer = setTimeout(() => {
        controller.abort()
        finish(new EngineError({ platform, reason: "timeout", retryable: true, message: `No answer within ${limits.timeoutMs} ms` }))
      }, limits.timeoutMs)
      cancelStep = () => {
        if (returned) return
        returned = true
        clearTimeout(timer)
        controller.abort()
        queue.permits.releaseUnsafe()
        settle("unfinished")
      }
      let answer: Promise<Answer>
      try {
        answer = queue.engine.answer({ platform, prompt }, controller.signal)
      } catch (cause) {
        answer = Promise.reject(cause)
      }
      answer.then(
        (answered) => finish(answered),
        (error: unknown) =>
          error instanceof EngineError
            ? finish(error)
            // A defect in an engine is a bug, but it must not take the other platforms down with it.
            : finish(new EngineError({ platform, reason: "bad_response", retryable: false, message: "The answer engine failed unexpectedly" }), { cause: error })
      )
    }

    const waitForPermit = () => {
      let granted = false
      const withdraw = queue.permits.acquire(() => {
        granted = true
        call()
      })
      if (!granted) {
        cancelStep = () => {
          withdraw()
          settle("unfinished")
        }
      }
    }

    const wait = queue.rateLimit?.reserve(now()) ?? 0
    if (wait > 0) {
      const timer = setTimeout(waitForPermit, wait)
      cancelStep = () => {
        clearTimeout(timer)
        settle("unfinished")
      }
    } else {
      waitForPermit()
    }
  }

  attempt()
  return () => {
    if (over) return
    over = true
    cancelStep()
  }
}
