/**
 * A semaphore that hands a freed permit straight to the longest waiter.
 *
 * Why not `Effect.makeSemaphore`: in effect 3.x a release wakes every waiter while a permit is
 * free, all but one find it taken again and wait anew, each time one level deeper in their own
 * stack. With hundreds of waiters (platform calls queued behind a concurrency cap, statements
 * behind the embedded database's lock) that is O(waiters) work per release and stacks that grow
 * for as long as a fiber waits, which dominated a large daily run's CPU and memory.
 * Here a release is O(1) and a waiter is woken once.
 *
 * Two faces over one queue: effects (`take`, `withPermit`) and callbacks (`acquire`,
 * `releaseUnsafe`), the latter for callers that run without a fiber per waiter (the platform
 * gateway) and want the next waiter started within the release itself.
 */
import { Effect } from "effect"

export interface FifoSemaphore {
  /** Waits for a permit, in arrival order. */
  readonly take: Effect.Effect<void>
  /** Gives a permit back (to the longest waiter, if any). */
  readonly release: Effect.Effect<void>
  /** Runs `self` holding a permit, released however it ends. */
  readonly withPermit: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /**
   * Calls `granted` once a permit is held: at once if one is free, else when it is handed on,
   * in arrival order, inside that `releaseUnsafe`. The answer withdraws a waiter not served yet,
   * and says whether it did (false: the permit was granted and must be released).
   */
  readonly acquire: (granted: () => void) => () => boolean
  /** Gives a permit back; the longest waiter's `granted` runs before this returns. */
  readonly releaseUnsafe: () => void
}

export const makeFifoSemaphore = (permits: number): Effect.Effect<FifoSemaphore> =>
  Effect.sync(() => {
    // Invariant: free > 0 only while nobody waits. A Set keeps insertion (arrival) order.
    let free = permits
    const waiters = new Set<() => void>()

    const releaseUnsafe = () => {
      for (const granted of waiters) {
        waiters.delete(granted)
        granted()
        return
      }
      free++
    }

    const acquire = (granted: () => void) => {
      if (free > 0) {
        free--
        granted()
        return () => false
      }
      waiters.add(granted)
      return () => waiters.delete(granted)
    }

    const take = Effect.async<void>((resume) => {
      const withdraw = acquire(() => resume(Effect.void))
      // Runs when the take ends interrupted: still waiting, leave the queue; already granted
      // (the interruption came before the fiber went on), pass the permit on.
      return Effect.sync(() => {
        if (!withdraw()) releaseUnsafe()
      })
    })

    const release = Effect.sync(releaseUnsafe)

    const withPermit = <A, E, R>(self: Effect.Effect<A, E, R>) =>
      Effect.uninterruptibleMask((restore) => Effect.zipRight(restore(take), Effect.ensuring(restore(self), release)))

    return { take, release, withPermit, acquire, releaseUnsafe }
  })
