/**
 * Records platform checks: the single writer of the `checks-*` streams. Checks are many and
 * order-free, so they bypass the entity actor and append with any expected version; their
 * ids derive from the request, so a retried request records them once.
 */
import { Effect } from "effect"
import { checkFromStored, checksStreamOf, checkToStored, type PlatformChecked } from "../domain/check-events.ts"
import type { EntityRef } from "../domain/entity-ref.ts"
import { PLATFORM_KEYS } from "../domain/platforms.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

export class CheckRecorder extends Effect.Service<CheckRecorder>()("CheckRecorder", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore
    /**
     * Records the checks of a request; when the request was recorded before (a step re-run
     * after a crash), answers the checks recorded then, which a score must be built from.
     */
    const record = Effect.fn("CheckRecorder.record")(function*(
      ref: EntityRef,
      requestId: string,
      checks: ReadonlyArray<PlatformChecked>,
      correlationId: string | null = null
    ) {
      // Numbered by platform (its place in PLATFORM_KEYS), not by place in this list: a retry of a
      // few platforms finds its own checks, and a check of all 8 keeps the ids it always had.
      const eventIds = checks.map((check) => eventIdFor(`checks:${requestId}`, PLATFORM_KEYS.indexOf(check.platform)))
      const appended = yield* store.append(
        checksStreamOf(ref),
        "any",
        checks.map((check, index) => ({
          eventId: eventIds[index]!,
          ...checkToStored(check),
          metadata: { correlationId, causationId: requestId }
        }))
      ).pipe(Effect.orDie)
      if (appended.written) return { appended, checks }
      const recorded = yield* store.readByIds(eventIds)
      return { appended, checks: recorded.map(checkFromStored) }
    })
    return { record }
  })
}) {}
