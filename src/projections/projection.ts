/**
 * A projection: one read model built from the log. It owns its tables, which it names without
 * a schema so that a rebuild can write them into a fresh schema through `search_path`.
 * `apply` must be idempotent and deterministic: it may use only the event, never the clock,
 * so a replay gives the same rows.
 */
import type { SqlClient, SqlError } from "@effect/sql"
import { Effect } from "effect"
import type { RecordedEvent } from "../eventstore/event-store.ts"

export interface Projection {
  readonly name: string
  /** Bumped when the tables or the handler change: the read model is then rebuilt from the log. */
  readonly version: number
  readonly eventTypes: ReadonlyArray<string>
  /** Its tables, in creation order; compared row by row by `replay --verify`. */
  readonly tables: ReadonlyArray<string>
  /** Creates the tables if missing, with unqualified names. */
  readonly setup: Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient>
  readonly apply: (event: RecordedEvent) => Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient>
  /**
   * Applies a page of events (in commit order) at once, leaving exactly the rows `apply` one by
   * one would: for read models fed many events a second, where a statement per event is most
   * of the cost. Optional.
   */
  /**
   * Once woken by a commit, wait this long before reading: for read models fed by bursts (visits),
   * so many small commits make one page. A caller of `waitFor` cuts it short.
   */
  readonly gatherMs?: number
  /**
   * The fields of its events' `data` it reads, when that is all it reads (no metadata): its
   * pages are then read with only them (`ReadAllOptions.dataFields`). Its `apply` and
   * `applyPage` must not read anything else of `data` or `metadata`. All when omitted.
   */
  readonly dataFields?: ReadonlyArray<string>
  readonly applyPage?: (events: ReadonlyArray<RecordedEvent>) => Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient>
}

/** Applies events to a projection: a page at once when it can, else one by one. */
export const applyEvents = (projection: Projection, events: ReadonlyArray<RecordedEvent>) =>
  projection.applyPage !== undefined
    ? projection.applyPage(events)
    : Effect.forEach(events, projection.apply, { discard: true })
