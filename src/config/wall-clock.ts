/**
 * The time the service stamps on what it records (scores, checks, posts). A service of its
 * own, so tests can move the calendar without touching the runtime's clock, which timers and
 * the cluster depend on.
 */
import { Effect, Layer } from "effect"

const clockAt = (millis: () => number) => ({
  now: Effect.sync(() => new Date(millis())),
  /** The same instant outside an Effect: for per-request code that runs no fiber (the fast lane). */
  unsafeNow: () => new Date(millis())
})

export class WallClock extends Effect.Service<WallClock>()("WallClock", {
  succeed: clockAt(Date.now)
}) {}

/** A clock that runs from the real time shifted by an offset that tests can change. */
export const shiftedWallClock = Effect.sync(() => {
  let offset = 0
  const clock = WallClock.make(clockAt(() => Date.now() + offset))
  return {
    layer: Layer.succeed(WallClock, clock),
    /** Makes `now` return this instant (and run on from it). */
    setNow: (instant: Date) => Effect.sync(() => {
      offset = instant.getTime() - Date.now()
    })
  }
})
