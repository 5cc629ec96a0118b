/**
 * The CheckpointStore in memory, for tests of the projection runner that need no database. It
 * keeps the port's promises (test/projections/checkpoint-store-contract.ts): a page and its
 * checkpoint move as one, by compare-and-set, and a version change empties the read model.
 *
 * Its read model of a projection is the pages committed to it, in order: a projection's own
 * `apply` writes SQL and is never run here. A test gives `apply` to make a page fail (or to
 * keep a read model of its own); the backlog is counted on the EventStore of its context.
 */
import type { SqlError } from "@effect/sql"
import { Effect, Layer } from "effect"
import { comparePositions, EventStore, type GlobalPosition, type RecordedEvent, StartOfLog } from "../eventstore/event-store.ts"
import { type Backlog, CheckpointMoved, CheckpointStore, type CheckpointStoreShape } from "./checkpoint-store.ts"
import type { Projection } from "./projection.ts"

export interface CommittedPage {
  readonly events: ReadonlyArray<RecordedEvent>
  readonly from: GlobalPosition
  readonly to: GlobalPosition
}

export interface MemoryCheckpointOptions {
  /** Runs with each page before its checkpoint moves (also a page that then loses the race): a failure commits nothing. */
  readonly apply?: ((projection: Projection, events: ReadonlyArray<RecordedEvent>) => Effect.Effect<void, SqlError.SqlError>) | undefined
}

export interface MemoryCheckpointStore {
  readonly store: CheckpointStoreShape
  /** The pages committed to the projection since its read model was last emptied, in order. */
  readonly committed: (projection: string) => ReadonlyArray<CommittedPage>
  /** The stored version of the projection; undefined before it is first readied. */
  readonly versionOf: (projection: string) => number | undefined
}

export const make = (options: MemoryCheckpointOptions = {}) =>
  Effect.gen(function*() {
    const log = yield* EventStore
    const checkpoints = new Map<string, { version: number; position: GlobalPosition }>()
    const pages = new Map<string, Array<CommittedPage>>()
    // One commit at a time, as the checkpoint row's lock makes them on PostgreSQL. The page is
    // applied before the compare-and-set, as the SQL transaction does it: a commit that waited
    // finds the checkpoint moved, and nothing of it is kept.
    const lock = yield* Effect.makeSemaphore(1)

    const read: CheckpointStoreShape["read"] = (name) => Effect.sync(() => checkpoints.get(name)?.position ?? StartOfLog)

    const commit: CheckpointStoreShape["commit"] = (projection, events, from, to) =>
      lock.withPermits(1)(Effect.gen(function*() {
        if (options.apply !== undefined) yield* options.apply(projection, events)
        const stored = checkpoints.get(projection.name)
        if (comparePositions(stored?.position ?? StartOfLog, from) !== 0) {
          return yield* Effect.fail(new CheckpointMoved({ projection: projection.name }))
        }
        checkpoints.set(projection.name, { version: stored?.version ?? projection.version, position: to })
        pages.set(projection.name, [...(pages.get(projection.name) ?? []), { events, from, to }])
      }))

    const ensure: CheckpointStoreShape["ensure"] = (projection) =>
      Effect.sync(() => {
        const stored = checkpoints.get(projection.name)
        if (stored !== undefined && stored.version === projection.version) return
        checkpoints.set(projection.name, { version: projection.version, position: StartOfLog })
        pages.delete(projection.name)
      })

    const backlog: CheckpointStoreShape["backlog"] = (queries, limit) =>
      Effect.forEach(queries, (query) =>
        Effect.map(
          log.readPage({ after: query.after, limit, types: query.types }),
          (page): Backlog => ({ name: query.name, pending: page.events.length, oldest: page.events[0]?.recordedAt ?? null })
        ))

    const memory: MemoryCheckpointStore = {
      store: CheckpointStore.of({ read, commit, ensure, backlog }),
      committed: (name) => pages.get(name) ?? [],
      versionOf: (name) => checkpoints.get(name)?.version
    }
    return memory
  })

/** Fresh, empty checkpoints each time the layer is built, on the EventStore of its context. */
export const layer = (options: MemoryCheckpointOptions = {}) =>
  Layer.effect(CheckpointStore, Effect.map(make(options), (memory) => memory.store))
