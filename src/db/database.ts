/**
 * The SQL client of the service: a PostgreSQL server when `DATABASE_URL` is set, otherwise the
 * embedded PGlite under `DATA_DIR`. Migrations run once the client is up; they are idempotent
 * and serialized (the migrator locks its table), so several runners may start at once.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import { Migrator, SqlClient, SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Context, Duration, Effect, Layer, Option, Redacted } from "effect"
import { existsSync, mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import pg from "pg"
import { AppConfig } from "../config/app-config.ts"
import { restrictNewFiles } from "./data-dir.ts"
import { DirectQuery, fromPool, viaSqlClient } from "./direct-query.ts"
import { migrations } from "./migrations/index.ts"
import * as Pglite from "./pglite-client.ts"

export type DatabaseTarget =
  | { readonly _tag: "Server"; readonly url: Redacted.Redacted<string> }
  | { readonly _tag: "Embedded"; readonly dataDir: string | undefined }

type Clients = PgClient.PgClient | SqlClient.SqlClient | DirectQuery

const CONNECT_TIMEOUT = Duration.seconds(5)

/** The pool of the server: @effect/sql and the direct queries share it. */
const openPool = (url: Redacted.Redacted<string>) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        // JIT off: every statement here is a short one, and the server's default compiles any
        // whose estimate crosses its threshold, and compiling costs far more than these statements run.
        const pool = new pg.Pool({ connectionString: Redacted.value(url), max: 20, application_name: "sightline", options: "-c jit=off" })
        // A connection that fails while idle is dropped by the pool; the next query reconnects.
        pool.on("error", () => {})
        await pool.query("SELECT 1").catch((cause) => pool.end().then(() => Promise.reject(cause), () => Promise.reject(cause)))
        return pool
      },
      catch: (cause) => new SqlError.SqlError({ cause, message: "PostgreSQL: failed to connect" })
    }).pipe(Effect.timeoutFail({
      duration: CONNECT_TIMEOUT,
      onTimeout: () => new SqlError.SqlError({ cause: new Error("connection timed out"), message: "PostgreSQL: connection timed out" })
    })),
    (pool) => Effect.promise(() => pool.end()).pipe(Effect.timeoutOption(Duration.seconds(1)))
  )

export const serverClient = (url: Redacted.Redacted<string>): Layer.Layer<Clients, SqlError.SqlError> =>
  Layer.scopedContext(Effect.gen(function*() {
    const pool = yield* openPool(url)
    const client = yield* PgClient.fromPool({ acquire: Effect.succeed(pool), applicationName: "sightline" })
    return Context.make(PgClient.PgClient, client).pipe(
      Context.add(SqlClient.SqlClient, client),
      Context.add(DirectQuery, fromPool(pool))
    )
  })).pipe(Layer.provide(Reactivity.layer))

export const embeddedClient = (dataDir: string | undefined): Layer.Layer<Clients, SqlError.SqlError> =>
  Layer.unwrapEffect(Effect.gen(function*() {
    restrictNewFiles()
    if (dataDir !== undefined) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 })
      yield* Effect.logInfo(
        existsSync(join(dataDir, "PG_VERSION"))
          ? `opening the embedded database in ${dataDir}`
          : `initialising the embedded database in ${dataDir} (first start only)…`
      )
    }
    return viaSqlClient.pipe(Layer.provideMerge(Pglite.layer({ dataDir })))
  }))

export const runMigrations = Migrator.make({})({ loader: migrations })

/** A client for the target with every migration applied. */
export const clientFor = (target: DatabaseTarget): Layer.Layer<Clients, SqlError.SqlError | Migrator.MigrationError> => {
  const client = target._tag === "Server" ? serverClient(target.url) : embeddedClient(target.dataDir)
  const migrate = Effect.flatMap(runMigrations, (applied) =>
    Effect.logInfo(applied.length === 0 ? "database schema up to date" : `applied ${applied.length} database migrations`))
  return Layer.effectDiscard(migrate).pipe(Layer.provideMerge(client))
}

export const targetFromConfig = Effect.map(AppConfig, (config): DatabaseTarget =>
  Option.match(config.databaseUrl, {
    onSome: (url) => ({ _tag: "Server", url }),
    onNone: () => ({ _tag: "Embedded", dataDir: resolve(join(config.dataDir, "pglite")) })
  }))

export const DatabaseLive = Layer.unwrapEffect(Effect.map(targetFromConfig, clientFor))
