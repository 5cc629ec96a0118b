/**
 * The projection runner on the in-memory event and checkpoint stores, for the runner's tests
 * (`runner-*.test.ts`): under `it.scoped` the clock is the TestClock, so a poll or a retry
 * happens only when a test moves the clock, and nothing waits on real time. The poll interval is
 * an hour unless a test says otherwise: a test that does not move the clock sees no poll.
 */
import { Chunk, Duration, Effect, Stream, TestClock } from "effect"
import { randomUUID } from "node:crypto"
import { EventStore, type EventStoreShape, type GlobalPosition } from "../../src/eventstore/event-store.ts"
import * as MemoryEventStore from "../../src/eventstore/memory-event-store.ts"
import { CheckpointStore } from "../../src/projections/checkpoint-store.ts"
import * as MemoryCheckpointStore from "../../src/projections/memory-checkpoint-store.ts"
import { ProjectionProgress } from "../../src/projections/progress.ts"
import type { Projection } from "../../src/projections/projection.ts"
import * as Runner from "../../src/projections/runner.ts"

/** A projection of the given name reading `eventTypes`; the memory store keeps its pages. */
export const testProjection = (name: string, eventTypes: ReadonlyArray<string>, gatherMs?: number): Projection => ({
  name,
  version: 1,
  eventTypes,
  tables: [],
  setup: Effect.void,
  apply: () => Effect.void,
  ...(gatherMs === undefined ? {} : { gatherMs })
})

/** A log in memory, optionally one whose commits are never announced (a dropped LISTEN). */
export const makeLog = (options: { readonly silent?: boolean } = {}) =>
  Effect.gen(function*() {
    const memory = yield* MemoryEventStore.make
    const store: EventStoreShape = options.silent === true ? { ...memory, changes: Stream.never } : memory
    /** Appends one event of `type`, in a transaction of its own; answers its position. */
    const append = (type: string) =>
      Effect.map(
        store.append(`stream-${randomUUID()}`, 0, [{ eventId: randomUUID(), type, schemaVersion: 1, data: {} }]),
        (result): GlobalPosition => result.lastPosition
      )
    return { store, append }
  })

/** Checkpoints in memory over `log` (`apply` runs with each page: a test makes it fail or wait). */
export const makeCheckpoints = (log: EventStoreShape, options: MemoryCheckpointStore.MemoryCheckpointOptions = {}) =>
  MemoryCheckpointStore.make(options).pipe(Effect.provideService(EventStore, log))

/** A runner over `projections` in the current scope, with a progress board of its own. */
export const startRunner = (
  projections: ReadonlyArray<Projection>,
  log: EventStoreShape,
  checkpoints: MemoryCheckpointStore.MemoryCheckpointStore,
  options: { readonly pollInterval?: Duration.DurationInput; readonly pageSize?: number } = {}
) =>
  Effect.gen(function*() {
    const board = yield* Effect.provide(ProjectionProgress, ProjectionProgress.Default)
    const runner = yield* Runner.make(projections).pipe(
      Effect.provideService(EventStore, log),
      Effect.provideService(CheckpointStore, checkpoints.store),
      Effect.provideService(ProjectionProgress, board),
      Effect.provideService(Runner.ProjectionPollInterval, Duration.decode(options.pollInterval ?? Duration.hours(1))),
      Effect.provideService(Runner.ProjectionPageSize, options.pageSize ?? 500)
    )
    /** Where each projection started from, before the runner took a step. */
    const startedAt = new Map(projections.map((projection) => [projection.name, board.reachedOf(projection.name)]))
    // The runner's fibers start: its subscription to the log's announcements among them, which
    // nothing outside it can see, before a test commits.
    yield* settle
    return { runner, board, startedAt }
  })

const TURNS = 1_000

/** Lets the runner's fibers run until `condition` holds; fails, naming it, if it never does. */
export const until = (what: string, condition: () => boolean) =>
  Effect.gen(function*() {
    for (let turn = 0; turn < TURNS; turn++) {
      if (condition()) return
      yield* Effect.yieldNow()
    }
    return yield* Effect.dieMessage(`never came true: ${what}`)
  })

/** Lets the runner's fibers run for as long as `until` would wait, whatever happens. */
export const settle = Effect.repeatN(Effect.yieldNow(), TURNS)

/** Until `count` fibers sleep on the TestClock (an idle worker waits for its poll tick). */
export const untilSleeping = (count: number) =>
  Effect.gen(function*() {
    for (let turn = 0; turn < TURNS; turn++) {
      if (Chunk.size(yield* TestClock.sleeps()) >= count) return
      yield* Effect.yieldNow()
    }
    return yield* Effect.dieMessage(`never ${count} fibers asleep on the clock`)
  })

/** The ids of the events of each page committed to `projection`. */
export const pagesOf = (checkpoints: MemoryCheckpointStore.MemoryCheckpointStore, projection: string) =>
  checkpoints.committed(projection).map((page) => page.events.map((event) => event.eventId))
