/**
 * Projection checkpoints: the commit-order position up to which a projection's read model
 * reflects the log, moved by compare-and-set inside the transaction that writes the model.
 */
import { SqlClient, type SqlError } from "@effect/sql"
import { Data, Effect } from "effect"
import { type GlobalPosition, type RecordedEvent, StartOfLog } from "../eventstore/event-store.ts"
import type { Checkpoints } from "./paging.ts"
import { applyEvents, type Projection } from "./projection.ts"

export class CheckpointMoved extends Data.TaggedError("CheckpointMoved")<{ readonly projection: string }> {}

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

/** The checkpoints and read models in the database: what the runner's steps write. */
export const sqlCheckpoints: Checkpoints<SqlError.SqlError, SqlClient.SqlClient> = { read: readCheckpoint, commit: applyPage }

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
