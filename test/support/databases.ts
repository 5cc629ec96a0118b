/**
 * The database suites run against the embedded PGlite always, and against the PostgreSQL
 * server of TEST_DATABASE_URL when it is set. Each suite gets a database of its own.
 */
import type { SqlClient } from "@effect/sql"
import type { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import type { SqlError } from "@effect/sql"
import pg from "pg"
import { clientFor, type DatabaseTarget } from "../../src/db/database.ts"

export interface TestDatabase {
  readonly name: "embedded" | "server"
  /** A fresh, migrated database; dropped when `release` runs. */
  readonly create: () => Promise<{ readonly target: DatabaseTarget; readonly url: string | undefined; readonly release: () => Promise<void> }>
}

const serverUrl = process.env.TEST_DATABASE_URL

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

const adminQuery = async (sql: string) => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

const embedded: TestDatabase = {
  name: "embedded",
  create: async () => ({ target: { _tag: "Embedded", dataDir: undefined }, url: undefined, release: async () => {} })
}

const server: TestDatabase = {
  name: "server",
  create: async () => {
    const name = `sightline_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`
    await adminQuery(`CREATE DATABASE ${name}`)
    const url = withDatabase(serverUrl!, name)
    return {
      target: { _tag: "Server", url: Redacted.make(url) },
      url,
      release: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  }
}

export const testDatabases: ReadonlyArray<TestDatabase> = serverUrl ? [embedded, server] : [embedded]

/**
 * The PostgreSQL server, for a suite that needs one (several processes or connections on one
 * database): undefined without TEST_DATABASE_URL, and then it says loudly that the suite is not
 * running, as the browser suites do without Chromium. Declare it with `describe.skipIf`.
 */
export const serverDatabaseFor = (suite: string): TestDatabase | undefined => {
  if (serverUrl) return server
  const line = "!".repeat(78)
  console.warn(`${line}\n  No TEST_DATABASE_URL: "${suite}" needs a PostgreSQL server and is NOT running.\n  Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it (CI does).\n${line}`)
  return undefined
}

export type SqlLayer = Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError | unknown>

export const layerFor = (target: DatabaseTarget) => clientFor(target).pipe(Layer.orDie)

export const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
