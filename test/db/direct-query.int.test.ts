import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fromPool } from "../../src/db/direct-query.ts"
import { serverDatabaseFor } from "../support/databases.ts"

const server = serverDatabaseFor("direct queries on a pool")

describe.skipIf(server === undefined)("direct queries on a pool (server)", () => {
  // One connection, so every statement below sees the same session's prepared statements.
  let pool: pg.Pool
  let release = async () => {}
  // What the pool reports of its idle connection: the suite fails on it below, not as an error
  // the worker cannot place.
  const poolErrors: Array<string> = []
  let open = 0
  beforeAll(async () => {
    const created = await server!.create()
    release = created.release
    // No idle timeout: the one connection stays until the end, so its closing can be awaited.
    pool = new pg.Pool({ connectionString: created.url!, max: 1, idleTimeoutMillis: 0 })
    pool.on("error", (error) => void poolErrors.push(error.message))
    pool.on("connect", () => void open++)
    pool.on("remove", () => void open--)
  })
  afterAll(async () => {
    // pool.end() resolves once its connections are told to close, not once they have: dropping
    // the database before then terminates a connection still open.
    const closed = new Promise<void>((resolve) => {
      if (open === 0) return resolve()
      pool.on("remove", () => open === 0 && resolve())
    })
    await pool.end()
    await closed
    await release()
    expect(poolErrors).toEqual([])
  })

  const TEXT = "SELECT $1::text AS word, length($1::text) AS letters, $2::int + 1 AS next"

  it("runs a named query as a prepared statement of that name, with its parameters", async () => {
    const direct = fromPool(pool)
    expect(await direct.query(TEXT, ["shoes", 41], "direct_query_test_v1")).toEqual([{ word: "shoes", letters: 5, next: 42 }])
    // The second call runs the statement prepared by the first, with other values.
    expect(await direct.query(TEXT, ["boots", 1], "direct_query_test_v1")).toEqual([{ word: "boots", letters: 5, next: 2 }])
    const { rows } = await pool.query("SELECT name, statement FROM pg_prepared_statements ORDER BY name")
    expect(rows).toEqual([{ name: "direct_query_test_v1", statement: TEXT }])
  })

  it("rejects a named query whose statement fails, and the pool goes on serving", async () => {
    const direct = fromPool(pool)
    await expect(direct.query("SELECT 1 / $1::int AS ratio", [0], "direct_query_test_failing_v1")).rejects.toThrow("division by zero")
    expect(await direct.query<{ ratio: number }>("SELECT 1 / $1::int AS ratio", [1], "direct_query_test_failing_v1")).toEqual([{ ratio: 1 }])
  })

  it("runs an unnamed query without preparing a statement", async () => {
    const direct = fromPool(pool)
    expect(await direct.query("SELECT $1::text AS word", ["laces"])).toEqual([{ word: "laces" }])
    const { rows } = await pool.query("SELECT name FROM pg_prepared_statements WHERE name NOT LIKE 'direct_query_test_%'")
    expect(rows).toEqual([])
  })
})
