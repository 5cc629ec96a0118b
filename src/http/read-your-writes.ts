/** A write answers only once the read models it feeds have passed its events. */
import { Effect } from "effect"
import type { GlobalPosition } from "../eventstore/event-store.ts"
import type { ProjectionName } from "../projections/catalog.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { Unavailable } from "./errors.ts"

export const awaitProjections = (position: GlobalPosition, projections: ReadonlyArray<ProjectionName>) =>
  Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(position, projections)).pipe(
    Effect.catchTag("ProjectionTimeout", () =>
      Effect.fail(new Unavailable({
        status: "error",
        code: "projection_lagging",
        message: "the change was recorded but is not readable yet; retry the read shortly"
      })))
  )
