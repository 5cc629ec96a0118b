/**
 * At start-up, starts again the durable work a crash left open: onboarding jobs and daily runs
 * that are queued or running. The cluster resumes the workflows it had accepted by itself; this
 * covers a crash between the work being queued and its workflow being accepted. Starting a
 * workflow is idempotent by its key, so work running anyway is not started twice.
 */
import { Effect, Layer } from "effect"

export const resumerLayer = <A, E, R>(
  /** What is resumed, plural, for the log: "jobs", "daily runs". */
  what: string,
  /** The open work, oldest first, from its read model. */
  open: Effect.Effect<ReadonlyArray<A>, E, R>
) =>
<ES, RS>(start: (item: A) => Effect.Effect<unknown, ES, RS>) =>
  Layer.scopedDiscard(Effect.gen(function*() {
    const resume = Effect.gen(function*() {
      const items = yield* open
      for (const item of items) yield* start(item)
      if (items.length > 0) yield* Effect.logInfo(`resumed ${items.length} open ${what}`)
    }).pipe(Effect.catchAllCause((cause) => Effect.logWarning(`could not resume open ${what}`, cause)))
    yield* Effect.forkScoped(Effect.delay(resume, "1 second"))
  }))
