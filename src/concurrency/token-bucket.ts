/**
 * A rate limit as a token bucket of `capacity` tokens refilled one every `intervalMs`, kept as
 * reservations (GCRA): each caller books the next free slot and sleeps until it, so callers go
 * in arrival order, a call costs O(1), and no waiter is ever woken to find nothing left (effect's
 * `RateLimiter` wakes every waiter per token; see `fifo-semaphore.ts`). A caller interrupted while
 * it sleeps gives up its slot unused: the limit errs on the slow side.
 */
import { Duration, Effect } from "effect"

export interface TokenBucket {
  /** Waits for a token; runs `self` once it has one. */
  readonly limit: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Books the next free slot as of `now` (ms): how long to wait for it, 0 to go at once. */
  readonly reserve: (now: number) => number
}

export const makeTokenBucket = (options: { readonly capacity: number; readonly intervalMs: number }): Effect.Effect<TokenBucket> =>
  Effect.sync(() => {
    const burstMs = (options.capacity - 1) * options.intervalMs
    // The theoretical arrival time: when the bucket would be full again if nobody else came.
    let theoretical = 0

    const reserve = (now: number) => {
      const base = Math.max(theoretical, now)
      const at = Math.max(now, base - burstMs)
      theoretical = base + options.intervalMs
      return at - now
    }

    const take = Effect.clockWith((clock) =>
      Effect.suspend(() => {
        const wait = reserve(clock.unsafeCurrentTimeMillis())
        return wait > 0 ? Effect.sleep(Duration.millis(wait)) : Effect.void
      })
    )

    return { limit: (self) => Effect.zipRight(take, self), reserve }
  })
