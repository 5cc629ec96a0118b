/**
 * A semaphore that hands a freed permit straight to the longest waiter.
 *
 * Why not `Effect.makeSemaphore`: in effect 3.x a release wakes every waiter while a permit is
 * free, all but one find it taken again and wait anew, each time one level deeper in their own
 * stack. With hundreds of waiters (platform calls queued behind a concurrency cap, statements
 * behind the embedded database's lock) that is O(waiters) work per release and stacks that grow
 * for as long as a fiber waits: measured as most of the daily run's CPU and gigabytes of heap.
 * Here a release is O(1) and a waiter is woken once.
 */
import { Effect } from "effect"

export interface FifoSemaphore {
  /** Waits for a permit, in arrival order. */
  readonly take: Effect.Effect<void>
  /** Gives a permit back (to the longest waiter, if any). */
  readonly release: Effect.Effect<void>
  /** Runs `self` holding a permit, released however it ends. */
  readonly withPermit: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

export const makeFifoSemaphore = (permits: number): Effect.Effect<FifoSemaphore> =>
  Effect.sync(() => {
    // Invariant: free > 0 only while nobody waits. A Set keeps insertion (arrival) order.
    let free = permits
    const waiters = new Set<() => void>()

    const releaseUnsafe = () => {
      for (const wake of waiters) {
        waiters.delete(wake)
        wake()
        return
      }
      free++
    }

    const take = Effect.async<void>((resume) => {
      const wake = () => resume(Effect.void)
      if (free > 0) {
        free--
        wake()
      } else {
        waiters.add(wake)
      }
      // Runs when the take ends interrupted: still waiting, leave the queue; already granted
      // (the interruption came before the fiber went on), pass the permit on.
      return Effect.sync(() => {
        if (!waiters.delete(wake)) releaseUnsafe()
      })
    })

    const release = Effect.sync(releaseUnsafe)

    const withPermit = <A, E, R>(self: Effect.Effect<A, E, R>) =>
      Effect.uninterruptibleMask((restore) => Effect.zipRight(restore(take), Effect.ensuring(restore(self), release)))

    return { take, release, withPermit }
  })
