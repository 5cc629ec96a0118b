/**
 * How far each projection has got, as the runner knows it now (its read model holds every
 * event before that position). The runner records each move here and read models ask here,
 * so a read model needs the board, not the runner (which imports every projection).
 */
import { Effect } from "effect"
import { type GlobalPosition, StartOfLog } from "../eventstore/event-store.ts"

export class ProjectionProgress extends Effect.Service<ProjectionProgress>()("ProjectionProgress", {
  sync: () => {
    const reached = new Map<string, GlobalPosition>()
    const changed = new Map<string, GlobalPosition>()
    return {
      /** The projection's position now; the start of the log before the runner has read it. */
      reachedOf: (projection: string): GlobalPosition => reached.get(projection) ?? StartOfLog,
      /**
       * Where the projection last applied events (its stored checkpoint): its read model has
       * not changed since, however far `reachedOf` has moved over other events. A cache of the
       * read model stays valid while this stands still (the visit webhook's entity lookup: the
       * log moves with every visit, the entities rarely).
       */
      changedOf: (projection: string): GlobalPosition => changed.get(projection) ?? StartOfLog,
      record: (projection: string, position: GlobalPosition, appliedAt: GlobalPosition = position): void => {
        reached.set(projection, position)
        changed.set(projection, appliedAt)
      }
    }
  }
}) {}
