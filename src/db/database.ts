/**
 * The SQL client of the service: a PostgreSQL server when `DATABASE_URL` is set, otherwise the
 * embedded PGlite under `DATA_DIR`. Migrations run once the client is up; they are idempotent
 * and serialized (the migrator locks its table), so several runners may start at once.
 */
import { Migrator, SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Option } from "effect"
import type { Redacted } from "effect"
import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { AppConfig } from "../config/app-config.ts"
import { migrations } from "./migrations/index.ts"
import * as Pglite from "./pglite-client.ts"

export type DatabaseTarget =
  | { readonly _tag: "Server"; readonly url: Redacted.Redacted<string> }
  | { readonly _tag: "Embedded"; readonly dataDir: string | undefined }

export const serverClient = (url: Redacted.Redacted<string>) =>
  PgClient.layer({ url, maxConnections: 20, applicationName: "sightline" })

export const embeddedClient = (dataDir: string | undefined) =>
  Layer.unwrapEffect(Effect.sync(() => {
    if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true })
    return Pglite.layer({ dataDir })
  }))

export const runMigrations = Migrator.make({})({ loader: migrations })

/** A client for the target with every migration applied. */
export const clientFor = (target: DatabaseTarget): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError | Migrator.MigrationError> => {
  const client = target._tag === "Server" ? serverClient(target.url) : embeddedClient(target.dataDir)
  return Layer.effectDiscard(runMigrations).pipe(Layer.provideMerge(client))
}

export const targetFromConfig = Effect.map(AppConfig, (config): DatabaseTarget =>
  Option.match(config.databaseUrl, {
    onSome: (url) => ({ _tag: "Server", url }),
    onNone: () => ({ _tag: "Embedded", dataDir: resolve(join(config.dataDir, "pglite")) })
  }))

export const DatabaseLive = Layer.unwrapEffect(Effect.map(targetFromConfig, clientFor))
