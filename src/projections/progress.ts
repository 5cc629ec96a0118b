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
    return {
      /** The projection's position now; the start of the log before the runner has read it. */
      reachedOf: (projection: string): GlobalPosition => reached.get(projection) ?? StartOfLog,
      record: (projection: string, position: GlobalPosition): void => {
        reached.set(projection, position)
      }
    }
  }
}) {}
