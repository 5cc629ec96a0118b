/**
 * One step of a projection's worker, apart from where the read model and its checkpoint live:
 * read the next page after the projection's progress; when the page holds events of its types,
 * apply them and move the stored checkpoint (compare-and-set, one transaction); when it holds
 * none, move only the progress, which needs no write; say whether another page may follow. The
 * runner takes steps on its CheckpointStore (checkpoint-store.ts): PostgreSQL for the service,
 * memory in tests.
 */
import { Effect } from "effect"
import { type GlobalPosition, maxPosition, type Page } from "../eventstore/event-store.ts"
import { CheckpointMoved } from "./checkpoint-store.ts"
import type { Projection } from "./projection.ts"

/** Where a projection's checkpoint is kept, and how its read model takes a page. */
export interface Checkpoints<E, R> {
  /** The stored position: the start of the log when there is none. */
  readonly read: (projection: string) => Effect.Effect<GlobalPosition, E, R>
  /**
   * Applies `events` and moves the checkpoint from `from` to `to`, as one: nothing of either
   * when it fails, CheckpointMoved when the checkpoint is no longer at `from` (another runner).
   */
  readonly commit: (
    projection: Projection,
    events: Page["events"],
    from: GlobalPosition,
    to: GlobalPosition
  ) => Effect.Effect<void, CheckpointMoved | E, R>
}

/** A worker's place: what its read model reflects (`progress`) and its stored checkpoint, which may lag behind over pages with no event of its types. */
export interface Cursor {
  readonly progress: GlobalPosition
  readonly stored: GlobalPosition
}

export interface StepOutcome {
  readonly cursor: Cursor
  /** A full page was read, or another runner moved the checkpoint: step again at once. */
  readonly more: boolean
  /** The checkpoint was moved by another runner; the cursor continues from its position. */
  readonly moved: boolean
}

/** One step from `cursor`: a failure other than CheckpointMoved leaves the cursor where it was (the caller retries). */
export const step = <EP, RP, E, R>(options: {
  readonly projection: Projection
  readonly readPage: (after: GlobalPosition) => Effect.Effect<Page, EP, RP>
  readonly checkpoints: Checkpoints<E, R>
  readonly pageSize: number
  readonly cursor: Cursor
}): Effect.Effect<StepOutcome, EP | E, RP | R> => {
  const { checkpoints, cursor, projection } = options
  return Effect.gen(function*() {
    const page = yield* options.readPage(cursor.progress)
    let stored = cursor.stored
    if (page.events.length > 0) {
      yield* checkpoints.commit(projection, page.events, stored, page.scannedTo)
      stored = page.scannedTo
    }
    const outcome: StepOutcome = {
      cursor: { progress: maxPosition(cursor.progress, page.scannedTo), stored },
      more: page.events.length === options.pageSize,
      moved: false
    }
    return outcome
  }).pipe(
    Effect.catchIf(
      (error): error is CheckpointMoved => error instanceof CheckpointMoved,
      // Another runner applied these events: continue from where it got.
      () => Effect.map(checkpoints.read(projection.name), (at): StepOutcome => ({ cursor: { progress: at, stored: at }, more: true, moved: true }))
    )
  )
}
