/**
 * Rebuilding read models from the log, and checking them against it (`npm run replay`).
 *
 * A projection names its tables without a schema, so replaying it with `search_path` set to a
 * fresh schema writes a second copy of its read model beside the live one (blue/green, as
 * Marten rebuilds). That copy is either compared with the live tables (`verify`, what auditors
 * run) or swapped in for them in one transaction (`rebuildLive`).
 *
 * The live schema is the connection's current schema (`public` unless the role's search_path
 * says otherwise): the one the migrations and the runner write to.
 */
import { SqlClient } from "@effect/sql"
import type { SqlError, Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import {
  comparePositions,
  EventStore,
  type GlobalPosition,
  type RecordedEvent,
  StartOfLog
} from "../eventstore/event-store.ts"
import { CheckpointMoved, readCheckpoint } from "./checkpoints.ts"
import { applyEvents, type Projection } from "./projection.ts"

const PAGE_SIZE = 1000
const MAX_ROUNDS = 10
const LISTED_ROWS = 20

/** Every fresh schema starts with this, so leftovers of a killed run are easy to find. */
export const FRESH_SCHEMA_PREFIX = "rebuild_"

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

export class InvalidSchemaName extends Schema.TaggedError<InvalidSchemaName>()("InvalidSchemaName", {
  schema: Schema.String
}) {
  override get message() {
    return `"${this.schema}" is not a valid schema name (lower-case letters, digits and _, at most 63)`
  }
}

/** The live checkpoint kept moving faster than the fresh copy could follow it. */
export class ReadModelKeptMoving extends Schema.TaggedError<ReadModelKeptMoving>()("ReadModelKeptMoving", {
  projection: Schema.String,
  rounds: Schema.Number
}) {
  override get message() {
    return `the live read model of ${this.projection} kept moving: no stable checkpoint after ${this.rounds} rounds`
  }
}

export type Row = Readonly<Record<string, unknown>>

export interface TableDiff {
  readonly table: string
  readonly liveRows: number
  readonly rebuiltRows: number
  /** Rows the log produces that the live table lacks (at most 20 listed). */
  readonly missingFromLive: ReadonlyArray<Row>
  readonly missingFromLiveCount: number
  /** Rows of the live table the log does not produce (at most 20 listed). */
  readonly extraInLive: ReadonlyArray<Row>
  readonly extraInLiveCount: number
}

export interface ProjectionDiff {
  readonly name: string
  /** The live checkpoint, read in the same snapshot as the live tables. */
  readonly position: GlobalPosition
  readonly tables: ReadonlyArray<TableDiff>
}

export interface VerifyReport {
  readonly projections: ReadonlyArray<ProjectionDiff>
  /** Rows missing from or extra in the live tables, over every table. */
  readonly differences: number
}

export interface RebuildReport {
  readonly projections: ReadonlyArray<{
    readonly name: string
    readonly position: GlobalPosition
    readonly tables: ReadonlyArray<{ readonly table: string; readonly rows: number }>
  }>
}

/** A new schema name for a rebuild, unique enough for concurrent runs. */
export const freshSchemaName = (purpose: "verify" | "live") =>
  `${FRESH_SCHEMA_PREFIX}${purpose}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`

const validSchema = (schema: string) =>
  SCHEMA_NAME.test(schema) ? Effect.succeed(schema) : Effect.fail(new InvalidSchemaName({ schema }))

const liveSchema = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(sql<{ name: string | null }>`SELECT current_schema() AS name`, (rows) => rows[0]?.name ?? "public"))

/**
 * Runs `effect` in a transaction whose unqualified table names resolve to `schema` first.
 * The live schema stays on the path for the log itself (`events`). Inside an enclosing
 * transaction this is a savepoint on the same connection, and SET LOCAL still holds after it.
 */
const inSchema = <A, E, R>(schema: string, live: string, effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(
      Effect.zipRight(sql`SET LOCAL search_path TO ${sql(schema)}, ${sql(live)}`, effect)
    ))

const createSchema = (schema: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql`CREATE SCHEMA ${sql(schema)}`)

const dropSchema = (schema: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql`DROP SCHEMA IF EXISTS ${sql(schema)} CASCADE`)

const setupIn = (schema: string, live: string, projection: Projection) => inSchema(schema, live, projection.setup)

const dropTablesIn = (schema: string, projection: Projection) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.forEach(
      [...projection.tables].reverse(),
      (table) => sql`DROP TABLE IF EXISTS ${sql(schema)}.${sql(table)}`,
      { discard: true }
    ))

/**
 * Applies the projection's events after `after` up to `upTo` (inclusive; everything readable
 * when omitted) to its tables in `schema`, one transaction per page. Returns the position the
 * tables then reflect: `upTo` when it was reached, otherwise how far the log was readable.
 */
const catchUpIn = (
  schema: string,
  live: string,
  projection: Projection,
  after: GlobalPosition,
  upTo?: GlobalPosition
): Effect.Effect<GlobalPosition, SqlError.SqlError, SqlClient.SqlClient | EventStore> =>
  Effect.gen(function*() {
    const store = yield* EventStore
    let reached = after
    while (upTo === undefined || comparePositions(reached, upTo) < 0) {
      const page = yield* store.readPage({ after: reached, limit: PAGE_SIZE, types: projection.eventTypes, dataFields: projection.dataFields })
      const events: ReadonlyArray<RecordedEvent> = upTo === undefined
        ? page.events
        : page.events.filter((event) => comparePositions(event, upTo) <= 0)
      if (events.length > 0) {
        yield* inSchema(schema, live, applyEvents(projection, events))
      }
      // Never past `upTo`: the events after it were left out of this page.
      const next = upTo !== undefined && comparePositions(page.scannedTo, upTo) > 0 ? upTo : page.scannedTo
      const moved = comparePositions(next, reached) > 0
      reached = moved ? next : reached
      if (page.events.length < PAGE_SIZE || !moved) break
    }
    return reached
  })

/**
 * Creates `schema` and builds every projection's read model in it from the start of the log
 * up to `upTo` (inclusive; default: everything readable now). Returns the position reached per
 * projection.
 */
export const rebuildInto = Effect.fn("Rebuild.rebuildInto")(function*(
  schema: string,
  projections: ReadonlyArray<Projection>,
  upTo?: GlobalPosition
) {
  yield* validSchema(schema)
  const live = yield* liveSchema.pipe(Effect.orDie)
  yield* createSchema(schema).pipe(Effect.orDie)
  const reached: Record<string, GlobalPosition> = {}
  for (const projection of projections) {
    yield* setupIn(schema, live, projection).pipe(Effect.orDie)
    reached[projection.name] = yield* catchUpIn(schema, live, projection, StartOfLog, upTo).pipe(Effect.orDie)
  }
  return reached
})

const tableExists = (schema: string, table: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<{ present: boolean }>`
        SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = ${schema} AND tablename = ${table}) AS present`,
      (rows) => rows[0]?.present === true
    ))

const diffTable = (fresh: string, live: string, table: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rebuilt = sql`SELECT * FROM ${sql(fresh)}.${sql(table)}`
    // A projection that never ran has no live table yet: it counts as empty, so every row the
    // log produces shows up as missing.
    const current = (yield* tableExists(live, table))
      ? sql`SELECT * FROM ${sql(live)}.${sql(table)}`
      : sql`SELECT * FROM ${sql(fresh)}.${sql(table)} WHERE false`
    const count = (source: Statement.Fragment) =>
      Effect.map(sql<{ n: string | number }>`SELECT count(*) AS n FROM (${source}) AS d`, (rows) => Number(rows[0]?.n ?? 0))
    // EXCEPT ALL keeps duplicates: a row written twice in one table and once in the other differs.
    const listed = (a: Statement.Fragment, b: Statement.Fragment) =>
      sql<Row>`SELECT d.* FROM (${a} EXCEPT ALL ${b}) AS d ORDER BY d::text LIMIT ${LISTED_ROWS}`
    const counted = (a: Statement.Fragment, b: Statement.Fragment) => count(sql`${a} EXCEPT ALL ${b}`)
    return {
      table,
      liveRows: yield* count(current),
      rebuiltRows: yield* count(rebuilt),
      missingFromLive: yield* listed(rebuilt, current),
      missingFromLiveCount: yield* counted(rebuilt, current),
      extraInLive: yield* listed(current, rebuilt),
      extraInLiveCount: yield* counted(current, rebuilt)
    } satisfies TableDiff
  })

/**
 * Compares each projection's live tables with their copies in `freshSchema`, both ways, in
 * one REPEATABLE READ transaction that also reads the live checkpoints: tables and checkpoint
 * come from one snapshot, so a runner committing meanwhile cannot skew the comparison. With
 * `expected`, fails with CheckpointMoved (before comparing anything) when a live checkpoint is
 * not where the fresh copy was built to.
 */
export const diffReadModels = Effect.fn("Rebuild.diffReadModels")(function*(
  freshSchema: string,
  projections: ReadonlyArray<Projection>,
  expected?: ReadonlyMap<string, GlobalPosition>
) {
  const sql = yield* SqlClient.SqlClient
  yield* validSchema(freshSchema)
  const live = yield* liveSchema.pipe(Effect.orDie)
  return yield* sql.withTransaction(Effect.gen(function*() {
    // Must be the transaction's first statement: the snapshot is taken by the next one.
    yield* sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.pipe(Effect.orDie)
    const positions = new Map<string, GlobalPosition>()
    for (const projection of projections) {
      const position = yield* readCheckpoint(projection.name).pipe(Effect.orDie)
      const wanted = expected?.get(projection.name)
      if (wanted !== undefined && comparePositions(position, wanted) !== 0) {
        return yield* Effect.fail(new CheckpointMoved({ projection: projection.name }))
      }
      positions.set(projection.name, position)
    }
    const diffs: Array<ProjectionDiff> = []
    for (const projection of projections) {
      const tables = yield* Effect.forEach(projection.tables, (table) => diffTable(freshSchema, live, table)).pipe(
        Effect.orDie
      )
      diffs.push({ name: projection.name, position: positions.get(projection.name)!, tables })
    }
    return diffs
  })).pipe(Effect.catchTag("SqlError", Effect.die))
})

/** Builds one projection in `fresh` to exactly its live checkpoint, then compares. */
const verifyOne = (fresh: string, live: string, projection: Projection) =>
  Effect.gen(function*() {
    yield* setupIn(fresh, live, projection)
    // The fresh copy keeps its own progress, so each round applies only the events the live
    // model gained since the last one.
    let progress = StartOfLog
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const target = yield* readCheckpoint(projection.name)
      if (comparePositions(target, progress) < 0) {
        // The live model was reset (a version bump or a rebuild elsewhere): start over.
        yield* dropTablesIn(fresh, projection)
        yield* setupIn(fresh, live, projection)
        progress = StartOfLog
      }
      progress = yield* catchUpIn(fresh, live, projection, progress, target)
      if (comparePositions(progress, target) !== 0) continue
      const outcome = yield* Effect.either(diffReadModels(fresh, [projection], new Map([[projection.name, target]])))
      if (outcome._tag === "Right") return outcome.right[0]!
      if (outcome.left._tag !== "CheckpointMoved") return yield* Effect.fail(outcome.left)
    }
    return yield* Effect.fail(new ReadModelKeptMoving({ projection: projection.name, rounds: MAX_ROUNDS }))
  })

/**
 * Rebuilds every read model from the log into a fresh schema and compares it with the live
 * one, each at exactly the live checkpoint, while live runners may keep moving it. The fresh
 * schema is dropped at the end, also on failure or interruption.
 */
export const verify = Effect.fn("Rebuild.verify")(function*(projections: ReadonlyArray<Projection>) {
  const fresh = freshSchemaName("verify")
  const live = yield* liveSchema.pipe(Effect.orDie)
  const diffs = yield* Effect.gen(function*() {
    yield* createSchema(fresh)
    return yield* Effect.forEach(projections, (projection) => verifyOne(fresh, live, projection))
  }).pipe(
    // The schema name is generated here, so an invalid one is a bug, like a failing statement.
    Effect.catchTags({ SqlError: Effect.die, InvalidSchemaName: Effect.die }),
    Effect.ensuring(Effect.ignoreLogged(dropSchema(fresh)))
  )
  const differences = diffs.reduce(
    (sum, projection) =>
      sum + projection.tables.reduce((n, table) => n + table.missingFromLiveCount + table.extraInLiveCount, 0),
    0
  )
  const report: VerifyReport = { projections: diffs, differences }
  return report
})

/**
 * Rebuilds the live read models from the log: into a fresh schema up to the head, then, in
 * one transaction, the last events are applied and the fresh tables replace the live ones
 * with their checkpoints. Readers see the old model or the new one, never a mix.
 *
 * On the embedded database everything in that transaction runs on this fiber: PGlite is one
 * session, and a statement from another fiber would wait for this transaction forever.
 */
export const rebuildLive = Effect.fn("Rebuild.rebuildLive")(function*(projections: ReadonlyArray<Projection>) {
  const sql = yield* SqlClient.SqlClient
  const fresh = freshSchemaName("live")
  const live = yield* liveSchema.pipe(Effect.orDie)

  const swap = (built: Record<string, GlobalPosition>) =>
    sql.withTransaction(Effect.gen(function*() {
      // Live tables first, then checkpoint rows: the runner writes its tables before it moves
      // its checkpoint, so taking the locks in the same order cannot deadlock with it.
      for (const projection of projections) {
        for (const table of projection.tables) {
          if (yield* tableExists(live, table)) {
            yield* sql`LOCK TABLE ${sql(live)}.${sql(table)} IN ACCESS EXCLUSIVE MODE`
          }
        }
      }
      for (const projection of projections) {
        yield* sql`
          INSERT INTO ${sql(live)}.projection_checkpoints (name, version, transaction_id, position)
          VALUES (${projection.name}, ${projection.version}, '0'::xid8, 0)
          ON CONFLICT (name) DO NOTHING`
        yield* sql`SELECT name FROM ${sql(live)}.projection_checkpoints WHERE name = ${projection.name} FOR UPDATE`
      }
      // Events committed since the fresh build: with the checkpoints locked no runner can
      // apply them to the old tables meanwhile, and they are read on this transaction's
      // connection, so nothing committed before the swap is lost.
      const reached: Record<string, GlobalPosition> = {}
      for (const projection of projections) {
        reached[projection.name] = yield* catchUpIn(fresh, live, projection, built[projection.name] ?? StartOfLog)
      }
      const report: Array<RebuildReport["projections"][number]> = []
      for (const projection of projections) {
        const tables: Array<{ table: string; rows: number }> = []
        for (const table of projection.tables) {
          const [row] = yield* sql<{ n: string | number }>`SELECT count(*) AS n FROM ${sql(fresh)}.${sql(table)}`
          tables.push({ table, rows: Number(row?.n ?? 0) })
        }
        for (const table of [...projection.tables].reverse()) {
          yield* sql`DROP TABLE IF EXISTS ${sql(live)}.${sql(table)}`
        }
        for (const table of projection.tables) {
          yield* sql`ALTER TABLE ${sql(fresh)}.${sql(table)} SET SCHEMA ${sql(live)}`
        }
        const position = reached[projection.name]!
        yield* sql`
          UPDATE ${sql(live)}.projection_checkpoints
          SET version = ${projection.version}, transaction_id = ${position.transactionId.toString()}::xid8,
            position = ${position.position.toString()}::bigint, updated_at = now()
          WHERE name = ${projection.name}`
        report.push({ name: projection.name, position, tables })
      }
      yield* sql`DROP SCHEMA ${sql(fresh)} CASCADE`
      const rebuilt: RebuildReport = { projections: report }
      return rebuilt
    }))

  return yield* rebuildInto(fresh, projections).pipe(
    Effect.catchTag("InvalidSchemaName", Effect.die),
    Effect.flatMap((built) => Effect.orDie(swap(built))),
    Effect.ensuring(Effect.ignoreLogged(dropSchema(fresh)))
  )
})
