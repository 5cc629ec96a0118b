/**
 * How far each projection has got, as the runner knows it now (its read model holds every
 * event before that position). Its own tag, so read models can ask without importing the
 * runner, which imports them all; the runner's module provides it (`ProjectionProgressLive`).
 */
import { Context } from "effect"
import type { GlobalPosition } from "../eventstore/event-store.ts"

export class ProjectionProgress extends Context.Tag("ProjectionProgress")<ProjectionProgress, {
  readonly reachedOf: (projection: string) => GlobalPosition
}>() {}
