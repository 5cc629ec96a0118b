/**
 * The time the service stamps on what it records (scores, checks, posts). A service of its
 * own, so tests can move the calendar without touching the runtime's clock, which timers and
 * the cluster depend on.
 */
import { Clock, Effect, Layer, Ref } from "effect"

export class WallClock extends Effect.Service<WallClock>()("WallClock", {
  succeed: { now: Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis)) }
}) {}

/** A clock that runs from the real time shifted by an offset that tests can change. */
export const shiftedWallClock = Effect.gen(function*() {
  const offset = yield* Ref.make(0)
  const clock = WallClock.make({
    now: Effect.zipWith(Clock.currentTimeMillis, Ref.get(offset), (millis, shift) => new Date(millis + shift))
  })
  return {
    layer: Layer.succeed(WallClock, clock),
    /** Makes `now` return this instant (and run on from it). */
    setNow: (instant: Date) => Effect.flatMap(Clock.currentTimeMillis, (millis) => Ref.set(offset, instant.getTime() - millis))
  }
})
