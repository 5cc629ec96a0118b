/**
 * The checkpoint store port: what the projection runner asks of the place its read models and
 * their checkpoints live. `sqlCheckpointStore` (checkpoints.ts) is the service's, on PostgreSQL;
 * `memory-checkpoint-store.ts` keeps them in memory, so the runner's logic is tested without a
 * database. Both pass `test/projections/checkpoint-store-contract.ts`.
 *
 * Failures are SqlErrors because a projection's `apply` fails with one: a read model is SQL.
 */
import type { SqlError } from "@effect/sql"
import { Context, Data, type Effect } from "effect"
import type { GlobalPosition } from "../eventstore/event-store.ts"
import type { Checkpoints } from "./paging.ts"
import type { Projection } from "./projection.ts"

/** The checkpoint was not where a commit expected it: another runner moved it. */
export class CheckpointMoved extends Data.TaggedError("CheckpointMoved")<{ readonly projection: string }> {}

/** One projection's backlog to count: events of `types` committed after `after`. */
export interface BacklogQuery {
  readonly name: string
  readonly after: GlobalPosition
  readonly types: ReadonlyArray<string>
}

export interface Backlog {
  readonly name: string
  /** Events of its types after its position, counted up to the limit asked. */
  readonly pending: number
  /** When the first of them was recorded; null when there is none. */
  readonly oldest: Date | null
}

export interface CheckpointStoreShape extends Checkpoints<SqlError.SqlError, never> {
  /**
   * Readies a projection: its read model and its checkpoint (at the start of the log) when
   * missing. When the stored version is not the projection's, the read model is emptied and
   * the checkpoint moved back to the start of the log, so the runner rebuilds it from the log.
   */
  readonly ensure: (projection: Projection) => Effect.Effect<void, SqlError.SqlError>
  /**
   * Each projection's backlog, in one answer (the health check asks for it often). Asked here
   * rather than of the event store because on PostgreSQL it is one statement beside the
   * checkpoints. A projection with none may be left out.
   */
  readonly backlog: (queries: ReadonlyArray<BacklogQuery>, limit: number) => Effect.Effect<ReadonlyArray<Backlog>, SqlError.SqlError>
}

export class CheckpointStore extends Context.Tag("CheckpointStore")<CheckpointStore, CheckpointStoreShape>() {}
