/**
 * A circuit breaker for one platform. Closed: calls go through and consecutive retryable
 * failures are counted. After `failureThreshold` of them it opens: calls fail at once with
 * `circuit_open` for `cooldown`, sparing a struggling vendor and the caller's time. Then the
 * next call is let through alone as a trial (half-open): success closes the circuit, a
 * retryable failure opens it for another cooldown. Time comes from `Clock`, so tests can drive
 * it with `TestClock`.
 */
import { Cause, Clock, Duration, Effect, Exit, Option, Ref } from "effect"
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

export interface CircuitBreaker {
  /** Runs `effect` if the circuit lets it through, and records how it ended. */
  readonly protect: <A, R>(effect: Effect.Effect<A, EngineError, R>) => Effect.Effect<A, EngineError, R>
  readonly state: Effect.Effect<CircuitState>
}

/** Whether a call was admitted in the closed state or as the half-open trial. */
type Ticket = "closed" | "trial"

type Verdict = { readonly _tag: "Reachable" } | { readonly _tag: "Unwell"; readonly message: string } | { readonly _tag: "Unknown" }

export const makeCircuitBreaker = (platform: PlatformKey, options: CircuitBreakerOptions = {}): Effect.Effect<CircuitBreaker> =>
  Effect.gen(function*() {
    const threshold = Math.max(1, options.failureThreshold ?? 5)
    const cooldownMs = Duration.toMillis(Duration.decode(options.cooldown ?? "30 seconds"))
    const state = yield* Ref.make<CircuitState>({ _tag: "Closed", consecutiveFailures: 0 })

    const admit = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Ref.modify(state, (current): readonly [Ticket | EngineError, CircuitState] => {
        switch (current._tag) {
          case "Closed":
            return ["closed", current]
          case "Open":
            return now >= current.until
              ? ["trial", { _tag: "HalfOpen" }]
              : [
                new EngineError({
                  platform,
                  reason: "circuit_open",
                  retryable: false,
                  message: `Circuit open for ${Math.ceil((current.until - now) / 1000)} s more; last failure: ${current.lastError}`
                }),
                current
              ]
          case "HalfOpen":
            return [
              new EngineError({ platform, reason: "circuit_open", retryable: false, message: "Circuit half-open: a trial call is in flight" }),
              current
            ]
        }
      })).pipe(Effect.flatMap((ticket) => (ticket instanceof EngineError ? Effect.fail(ticket) : Effect.succeed(ticket))))

    // Only retryable failures (timeouts, 429, 5xx, connection) say the vendor is unwell; a 4xx
    // or an unreadable body came from a vendor that answered, so it counts as reachable. An
    // interruption or a defect says nothing about the vendor.
    const verdictOf = (exit: Exit.Exit<unknown, EngineError>): Verdict => {
      if (Exit.isSuccess(exit)) return { _tag: "Reachable" }
      return Option.match(Cause.failureOption(exit.cause), {
        onNone: (): Verdict => ({ _tag: "Unknown" }),
        onSome: (error): Verdict => (error.retryable ? { _tag: "Unwell", message: error.message } : { _tag: "Reachable" })
      })
    }

    const record = (ticket: Ticket, exit: Exit.Exit<unknown, EngineError>) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Ref.update(state, (current): CircuitState => {
          const verdict = verdictOf(exit)
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
          if (current._tag !== "Closed") return current
          switch (verdict._tag) {
            case "Reachable":
              return { _tag: "Closed", consecutiveFailures: 0 }
            case "Unknown":
              return current
            case "Unwell": {
              const consecutiveFailures = current.consecutiveFailures + 1
              return consecutiveFailures >= threshold
                ? { _tag: "Open", until: now + cooldownMs, lastError: verdict.message }
                : { _tag: "Closed", consecutiveFailures }
            }
          }
        }))

    const protect = <A, R>(effect: Effect.Effect<A, EngineError, R>): Effect.Effect<A, EngineError, R> =>
      Effect.uninterruptibleMask((restore) =>
        Effect.flatMap(admit, (ticket) => restore(effect).pipe(Effect.onExit((exit) => record(ticket, exit))))
      )

    return { protect, state: Ref.get(state) }
  })
