/**
 * A rate limit as a token bucket of `capacity` tokens refilled one every `intervalMs`, kept as
 * reservations (GCRA): a bucket's whole state is its theoretical arrival time, when it would be
 * full again if nobody else came. One implementation for both uses:
 *
 * - `makeTokenBucket`, a limit callers wait for: each caller books the next free slot and sleeps
 *   until it, so callers go in arrival order, a call costs O(1), and no waiter is ever woken to
 *   find nothing left (effect's `RateLimiter` wakes every waiter per token; see
 *   `fifo-semaphore.ts`). A caller interrupted while it sleeps gives up its slot unused: the
 *   limit errs on the slow side.
 * - `KeyedTokenBuckets`, a limit per key that refuses instead of waiting (the HTTP rate limits):
 *   a refused call books nothing and is told how long until a token.
 */
import { Duration, Effect } from "effect"

export interface BucketRule {
  readonly capacity: number
  readonly intervalMs: number
}

/**
 * A call at `now` on a bucket whose theoretical arrival time is `theoretical`: how long it waits
 * for its token (0: at once), and the bucket's theoretical arrival time once it has it.
 */
const book = (rule: BucketRule, theoretical: number, now: number): readonly [wait: number, next: number] => {
  const base = Math.max(theoretical, now)
  const at = Math.max(now, base - (rule.capacity - 1) * rule.intervalMs)
  return [at - now, base + rule.intervalMs]
}

export interface TokenBucket {
  /** Waits for a token; runs `self` once it has one. */
  readonly limit: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Books the next free slot as of `now` (ms): how long to wait for it, 0 to go at once. */
  readonly reserve: (now: number) => number
}

export const makeTokenBucket = (rule: BucketRule): Effect.Effect<TokenBucket> =>
  Effect.sync(() => {
    // A new bucket is full.
    let theoretical = 0

    const reserve = (now: number) => {
      const [wait, next] = book(rule, theoretical, now)
      theoretical = next
      return wait
    }

    const take = Effect.clockWith((clock) =>
      Effect.suspend(() => {
        const wait = reserve(clock.unsafeCurrentTimeMillis())
        return wait > 0 ? Effect.sleep(Duration.millis(wait)) : Effect.void
      })
    )

    return { limit: (self) => Effect.zipRight(take, self), reserve }
  })

/**
 * Buckets per key, in memory, that refuse rather than wait. The map is bounded: past `maxKeys`
 * the least recently seen key is dropped (it comes back with a full bucket, which is what an idle
 * key would have anyway).
 */
export class KeyedTokenBuckets {
  private readonly theoretical = new Map<string, number>()

  constructor(readonly rule: BucketRule, readonly maxKeys = 50_000) {}

  /** Takes a token of `key`'s bucket at `now` (ms) and answers 0, or answers the ms until one (nothing taken). */
  take(key: string, now: number): number {
    const found = this.theoretical.get(key) ?? 0
    const [wait, next] = book(this.rule, found, now)
    this.theoretical.delete(key)
    // Re-inserted last: the map's order is least recently seen first.
    this.theoretical.set(key, wait === 0 ? next : found)
    if (this.theoretical.size > this.maxKeys) {
      const oldest = this.theoretical.keys().next()
      if (oldest.done !== true) this.theoretical.delete(oldest.value)
    }
    return wait
  }

  get size() {
    return this.theoretical.size
  }
}
