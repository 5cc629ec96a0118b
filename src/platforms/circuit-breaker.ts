/**
 * A circuit breaker for one platform. Closed: calls go through and consecutive retryable
 * failures are counted. After `failureThreshold` of them it opens: calls fail at once with
 * `circuit_open` for `cooldown`, sparing a struggling vendor and the caller's time. Then the
 * next call is let through alone as a trial (half-open): success closes the circuit, a
 * retryable failure opens it for another cooldown. Time comes from `Clock` (`protect`) or the
 * caller's reading of it (`admit`, `settle`), so tests can drive it with `TestClock`.
 */
import { Cause, Clock, Duration, Effect, Exit, Option } from "effect"
import type { PlatformKey } from "../domain/platforms.ts"
import { EngineError } from "./answer-engine.ts"

export type CircuitState =
  | { readonly _tag: "Closed"; readonly consecutiveFailures: number }
  | { readonly _tag: "Open"; readonly until: number; readonly lastError: string }
  /** A trial call is in flight; everyone else fails fast until it ends. */
  | { readonly _tag: "HalfOpen" }

export interface CircuitBreakerOptions {
  /** Consecutive retryable failures that open the circuit. Default 5. */
  readonly failureThreshold?: number | undefined
  /** How long the circuit stays open before a trial call. Default 30 seconds. */
  readonly cooldown?: Duration.DurationInput | undefined
}

/** Whether a call was admitted in the closed state or as the half-open trial. */
export type Ticket = "closed" | "trial"

/** How an admitted call ended: it succeeded, failed with this error, or never finished (interrupted, or a defect). */
export type Settlement = "succeeded" | "unfinished" | EngineError

export interface CircuitBreaker {
  /** Runs `effect` if the circuit lets it through, and records how it ended. */
  readonly protect: <A, R>(effect: Effect.Effect<A, EngineError, R>) => Effect.Effect<A, EngineError, R>
  readonly state: Effect.Effect<CircuitState>
  /** The synchronous halves of `protect`: a ticket, or the error a refused call fails with. */
  readonly admit: (now: number) => Ticket | EngineError
  /** Records how a call admitted with `ticket` ended; exactly once per ticket. */
  readonly settle: (ticket: Ticket, settlement: Settlement, now: number) => void
}

type Verdict = { readonly _tag: "Reachable" } | { readonly _tag: "Unwell"; readonly message: string } | { readonly _tag: "Unknown" }

// Only retryable failures (timeouts, 429, 5xx, connection) say the vendor is unwell; a 4xx
// or an unreadable body came from a vendor that answered, so it counts as reachable. An
// interruption or a defect says nothing about the vendor.
const verdictOf = (settlement: Settlement): Verdict =>
  settlement === "succeeded"
    ? { _tag: "Reachable" }
    : settlement === "unfinished"
    ? { _tag: "Unknown" }
    : settlement.retryable
    ? { _tag: "Unwell", message: settlement.message }
    : { _tag: "Reachable" }

const settlementOf = (exit: Exit.Exit<unknown, EngineError>): Settlement =>
  Exit.isSuccess(exit) ? "succeeded" : Option.getOrElse(Cause.failureOption(exit.cause), (): Settlement => "unfinished")

export const makeCircuitBreaker = (platform: PlatformKey, options: CircuitBreakerOptions = {}): Effect.Effect<CircuitBreaker> =>
  Effect.sync(() => {
    const threshold = Math.max(1, options.failureThreshold ?? 5)
    const cooldownMs = Duration.toMillis(Duration.decode(options.cooldown ?? "30 seconds"))
    let state: CircuitState = { _tag: "Closed", consecutiveFailures: 0 }

    const admit = (now: number): Ticket | EngineError => {
      switch (state._tag) {
        case "Closed":
          return "closed"
        case "Open":
          if (now >= state.until) {
            state = { _tag: "HalfOpen" }
            return "trial"
          }
          return new EngineError({
            platform,
            reason: "circuit_open",
            retryable: false,
            message: `Circuit open for ${Math.ceil((state.until - now) / 1000)} s more; last failure: ${state.lastError}`
          })
        case "HalfOpen":
          return new EngineError({ platform, reason: "circuit_open", retryable: false, message: "Circuit half-open: a trial call is in flight" })
      }
    }

    const next = (ticket: Ticket, verdict: Verdict, now: number): CircuitState => {
      if (ticket === "trial") {
        switch (verdict._tag) {
          case "Reachable":
            return { _tag: "Closed", consecutiveFailures: 0 }
          case "Unwell":
            return { _tag: "Open", until: now + cooldownMs, lastError: verdict.message }
          case "Unknown":
            // The trial proved nothing: reopen with the cooldown over, so the next caller tries.
            return { _tag: "Open", until: now, lastError: "the trial call did not finish" }
        }
      }
      // A call admitted before the circuit opened does not move an open or half-open circuit.
      if (state._tag !== "Closed") return state
      switch (verdict._tag) {
        case "Reachable":
          return state.consecutiveFailures === 0 ? state : { _tag: "Closed", consecutiveFailures: 0 }
        case "Unknown":
          return state
        case "Unwell": {
          const consecutiveFailures = state.consecutiveFailures + 1
          return consecutiveFailures >= threshold
            ? { _tag: "Open", until: now + cooldownMs, lastError: verdict.message }
            : { _tag: "Closed", consecutiveFailures }
        }
      }
    }

    const settle = (ticket: Ticket, settlement: Settlement, now: number) => {
      state = next(ticket, verdictOf(settlement), now)
    }

    const protect = <A, R>(effect: Effect.Effect<A, EngineError, R>): Effect.Effect<A, EngineError, R> =>
      Effect.uninterruptibleMask((restore) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const ticket = admit(now)
          if (ticket instanceof EngineError) return Effect.fail(ticket)
          return restore(effect).pipe(
            Effect.onExit((exit) => Effect.flatMap(Clock.currentTimeMillis, (end) => Effect.sync(() => settle(ticket, settlementOf(exit), end))))
          )
        })
      )

    return { protect, state: Effect.sync(() => state), admit, settle }
  })
