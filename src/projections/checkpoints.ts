/**
 * Projection checkpoints on PostgreSQL: the commit-order position up to which a projection's
 * read model reflects the log, moved by compare-and-set inside the transaction that writes the
 * model. `sqlCheckpointStore` is the service's adapter of the CheckpointStore port.
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { type GlobalPosition, type RecordedEvent, StartOfLog } from "../eventstore/event-store.ts"
import { type BacklogQuery, CheckpointMoved, CheckpointStore } from "./checkpoint-store.ts"
import { applyEvents, type Projection } from "./projection.ts"

export { CheckpointMoved }

interface CheckpointRow {
  readonly version: number
  readonly transaction_id: string
  readonly position: string
}

const toPosition = (row: CheckpointRow): GlobalPosition => ({
  transactionId: BigInt(row.transaction_id),
  position: BigInt(row.position)
})

export const readCheckpoint = (name: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<CheckpointRow>`SELECT version, transaction_id, position FROM projection_checkpoints WHERE name = ${name}`,
      (rows) => rows[0] === undefined ? StartOfLog : toPosition(rows[0])
    ))

/** Moves the checkpoint from `from` to `to`; fails with CheckpointMoved if another writer moved it. */
export const advanceCheckpoint = (name: string, from: GlobalPosition, to: GlobalPosition) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql`
      UPDATE projection_checkpoints
      SET transaction_id = ${to.transactionId.toString()}::xid8, position = ${to.position.toString()}, updated_at = now()
      WHERE name = ${name}
        AND transaction_id = ${from.transactionId.toString()}::xid8 AND position = ${from.position.toString()}
      RETURNING name`
    if (rows.length === 0) return yield* Effect.fail(new CheckpointMoved({ projection: name }))
  })

/** Applies events to a projection and moves its checkpoint, all in one transaction. */
export const applyPage = (
  projection: Projection,
  events: ReadonlyArray<RecordedEvent>,
  from: GlobalPosition,
  to: GlobalPosition
) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* applyEvents(projection, events)
      yield* advanceCheckpoint(projection.name, from, to)
    })))


/**
 * Creates the projection's tables and checkpoint if missing. When the stored version differs
 * from the code's, the read model is dropped and rebuilt from the start of the log.
 */
export const ensureProjection = (projection: Projection) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* sql`
        INSERT INTO projection_checkpoints (name, version, transaction_id, position)
        VALUES (${projection.name}, ${projection.version}, '0'::xid8, 0)
        ON CONFLICT (name) DO NOTHING`
      const [row] = yield* sql<CheckpointRow>`
        SELECT version, transaction_id, position FROM projection_checkpoints WHERE name = ${projection.name} FOR UPDATE`
      if (row !== undefined && row.version !== projection.version) {
        for (const table of [...projection.tables].reverse()) yield* sql`DROP TABLE IF EXISTS ${sql(table)}`
        yield* sql`
          UPDATE projection_checkpoints SET version = ${projection.version}, transaction_id = '0'::xid8, position = 0,
            updated_at = now()
          WHERE name = ${projection.name}`
      }
      yield* projection.setup
    })))

/**
 * Each projection's pending events and the age of the oldest, in one statement (a count per
 * projection, bounded, and the first pending event by index), so it answers quickly when the
 * log is long and the pool is busy. Both walk the commit-order index from the projection's
 * position (the ORDER BY): left to itself the planner scans the whole table for the count,
 * whose cost then grows with the log rather than with what is pending.
 */
export const backlogOf = (queries: ReadonlyArray<BacklogQuery>, limit: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    const positions = queries.map((query) => ({
      name: query.name,
      transaction_id: query.after.transactionId.toString(),
      position: query.after.position.toString(),
      types: query.types.join(",")
    }))
    return sql<{ name: string; pending: number; oldest: Date | null }>`
      SELECT w.name,
        (SELECT count(*)::int FROM (
          SELECT 1 FROM events e
          WHERE (e.transaction_id, e.position) > (w.transaction_id::xid8, w.position)
            AND e.event_type = ANY(string_to_array(w.types, ','))
          ORDER BY e.transaction_id, e.position
          LIMIT ${limit}) AS counted) AS pending,
        (SELECT e.recorded_at FROM events e
          WHERE (e.transaction_id, e.position) > (w.transaction_id::xid8, w.position)
            AND e.event_type = ANY(string_to_array(w.types, ','))
          ORDER BY e.transaction_id, e.position LIMIT 1) AS oldest
      FROM jsonb_to_recordset(${JSON.stringify(positions)}::jsonb) AS w(name text, transaction_id text, position bigint, types text)`
  })

/** The checkpoints and read models in the database, on the SQL client of the layer's context. */
export const sqlCheckpointStore = Layer.effect(
  CheckpointStore,
  Effect.map(SqlClient.SqlClient, (sql) => {
    const on = Effect.provideService(SqlClient.SqlClient, sql)
    return CheckpointStore.of({
      read: (name) => on(readCheckpoint(name)),
      commit: (projection, events, from, to) => on(applyPage(projection, events, from, to)),
      ensure: (projection) => on(ensureProjection(projection)),
      backlog: (queries, limit) => on(backlogOf(queries, limit))
    })
  })
)
