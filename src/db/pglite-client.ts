/**
 * An in-process `PgClient` over PGlite, so migrations, the event store, projections and
 * `@effect/cluster`'s SQL storage run unchanged on the embedded database.
 *
 * PGlite is a single PostgreSQL session. To give callers the isolation they expect from a
 * pool, every statement outside a transaction takes a one-permit lock for its duration, and a
 * connection that runs `BEGIN` keeps the permit until `COMMIT`/`ROLLBACK`. Transactions are
 * therefore serialized: two can never interleave, so none can commit out of order.
 * Consequences: advisory locks never exclude (one process per data directory), and a fiber
 * that waits, inside a transaction, on a statement sent from another fiber deadlocks.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import { PGlite, types } from "@electric-sql/pglite"
import { SqlClient, SqlError, Statement } from "@effect/sql"
import type { SqlConnection } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Redacted, Stream } from "effect"
import { makeFifoSemaphore } from "../concurrency/fifo-semaphore.ts"
import { makePrivate, restrictNewFiles } from "./data-dir.ts"
import { createPglite } from "./pglite-template.ts"

const BEGIN = /^\s*(BEGIN|START\s+TRANSACTION)\b/i
// Ends a transaction; "ROLLBACK TO SAVEPOINT x" does not.
const END = /^\s*(COMMIT|END|ROLLBACK)\s*;?\s*$/i

type RowTransform = (<A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined
type RowMode = "object" | "array"

export interface PgliteOptions {
  /** A directory for durable data, or undefined for an in-memory database. */
  readonly dataDir?: string | undefined
}

const SHARED_BUFFERS = "16MB"

const open = (dataDir: string | undefined) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        restrictNewFiles()
        // int8 stays a string, as the pg driver gives it: positions can pass 2^53.
        const db = await createPglite(dataDir, {
          parsers: { [types.INT8]: (x: string) => x },
          // PostgreSQL's default 128 MB of shared buffers is resident memory in PGlite's heap;
          // the files it caches are in the operating system's page cache anyway.
          startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`]
        })
        if (dataDir !== undefined) makePrivate(dataDir)
        return db
      },
      catch: (cause) => new SqlError.SqlError({ cause, message: "PGlite: failed to open the data directory" })
    }),
    (db) => Effect.promise(() => db.close())
  )

export const make = (options: PgliteOptions) =>
  Effect.gen(function*() {
    const db = yield* open(options.dataDir)
    // FIFO: every statement queues here, and effect's semaphore wakes all waiters per release.
    const lock = yield* makeFifoSemaphore(1)

    const query = (sql: string, params: ReadonlyArray<unknown>, rowMode: RowMode) =>
      Effect.tryPromise({
        try: () =>
          params.length === 0 && rowMode === "object"
            // exec allows several statements in one string (migrations use that)
            ? db.exec(sql).then((results) =>
              results.length === 1 ? results[0]!.rows : results.map((r) => r.rows)
            )
            : db.query(sql, params as Array<unknown>, { rowMode }).then((r) => r.rows),
        catch: (cause) => new SqlError.SqlError({ cause, message: "Failed to execute statement" })
      }) as Effect.Effect<ReadonlyArray<any>, SqlError.SqlError>

    class Connection implements SqlConnection.Connection {
      private holding = false
      readonly releaseTransaction = Effect.suspend(() => {
        if (!this.holding) return Effect.void
        this.holding = false
        return lock.release
      })

      run(sql: string, params: ReadonlyArray<unknown>, mode: RowMode): Effect.Effect<ReadonlyArray<any>, SqlError.SqlError> {
        const statement = query(sql, params, mode)
        if (this.holding) return END.test(sql) ? Effect.ensuring(statement, this.releaseTransaction) : statement
        if (BEGIN.test(sql)) {
          return Effect.uninterruptible(
            lock.take.pipe(
              Effect.zipRight(Effect.onError(statement, () => lock.release)),
              Effect.tap(() => {
                this.holding = true
              })
            )
          )
        }
        return lock.withPermit(statement)
      }
      get isHolding() {
        return this.holding
      }
      execute(sql: string, params: ReadonlyArray<unknown>, transform: RowTransform) {
        const rows = this.run(sql, params, "object")
        return transform ? Effect.map(rows, transform) : rows
      }
      executeRaw(sql: string, params: ReadonlyArray<unknown>) {
        return this.run(sql, params, "object")
      }
      executeValues(sql: string, params: ReadonlyArray<unknown>) {
        return this.run(sql, params, "array") as Effect.Effect<ReadonlyArray<ReadonlyArray<unknown>>, SqlError.SqlError>
      }
      executeUnprepared(sql: string, params: ReadonlyArray<unknown>, transform: RowTransform) {
        return this.execute(sql, params, transform)
      }
      executeStream(sql: string, params: ReadonlyArray<unknown>, transform: RowTransform) {
        // PGlite has no cursors over its JS API: the rows are buffered.
        return Stream.fromIterableEffect(this.execute(sql, params, transform))
      }
    }

    // A reserved connection left inside a transaction (an interrupted caller) rolls back and
    // hands the lock on, so the database is never pinned.
    const reserve = Effect.acquireRelease(
      Effect.sync(() => new Connection()),
      (conn) =>
        conn.isHolding
          ? Effect.ignore(query("ROLLBACK", [], "object")).pipe(Effect.zipRight(conn.releaseTransaction))
          : Effect.void
    )

    const client = yield* SqlClient.make({
      acquirer: Effect.sync(() => new Connection()),
      transactionAcquirer: reserve,
      compiler: PgClient.makeCompiler(),
      spanAttributes: [["db.system.name", "postgresql"]]
    })

    const listen = (channel: string) =>
      Stream.asyncPush<string, SqlError.SqlError>((emit) =>
        Effect.acquireRelease(
          // LISTEN must not run inside someone else's transaction on the shared session.
          lock.withPermit(Effect.promise(() => db.listen(channel, (payload) => emit.single(payload)))),
          (unlisten) => lock.withPermit(Effect.promise(() => unlisten()))
        )
      )

    const pg: PgClient.PgClient = Object.assign(client, {
      [PgClient.TypeId]: PgClient.TypeId as PgClient.TypeId,
      config: { database: "pglite", password: Redacted.make("") } as PgClient.PgClientConfig,
      json: (value: unknown) => Statement.custom<any>("PgJson")(value, undefined, undefined),
      listen,
      notify: (channel: string, payload: string) => Effect.asVoid(client`SELECT pg_notify(${channel}, ${payload})`)
    })
    return pg
  })

export const layer = (options: PgliteOptions): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.scopedContext(
    Effect.map(make(options), (pg) => Context.make(PgClient.PgClient, pg).pipe(Context.add(SqlClient.SqlClient, pg)))
  ).pipe(Layer.provide(Reactivity.layer))
