/**
 * Writes the daily-run streams: the single writer of `dailyrun-*` (a run) and `daily-*` (an
 * entity's work of one day). Every event id derives from the stream and a key naming what the
 * event says, so a step re-run after a crash records nothing twice.
 */
import { Effect } from "effect"
import { type DailyRunEvent, dailyToStored } from "../domain/daily-run-events.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

export class DailyJournal extends Effect.Service<DailyJournal>()("DailyJournal", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore
    /** Records an event under a key naming it (the same key: the same event). */
    const record = Effect.fn("DailyJournal.record")(function*(streamId: string, key: string, event: DailyRunEvent) {
      return yield* store.append(streamId, "any", [
        { eventId: eventIdFor(`${streamId}:${key}`, 0), ...dailyToStored(event) }
      ]).pipe(Effect.orDie)
    })
    return { record }
  })
}) {}
