/**
 * A query that returns a promise of rows, on the service's own database: for the few request
 * paths served outside the Effect runtime (the fast lane, `src/http/fast-lane/`). An
 * @effect/sql statement adds a span, a scope and fiber hops to the `pg` driver's own work,
 * most of a hot read's budget. On a PostgreSQL server it
 * goes straight to the pool @effect/sql uses; on the embedded database it goes through the
 * SqlClient, so it queues on the same lock as every other statement.
 *
 * Same rules as any SQL here: constant statement text, values only as parameters.
 */
import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Runtime } from "effect"
import pg from "pg"

export interface DirectQueryShape {
  /**
   * `name`: run as a named prepared statement on a server (parsed and planned once per pooled
   * connection; one name, one text, always). The embedded database ignores it.
   */
  readonly query: <Row extends object>(text: string, params: ReadonlyArray<unknown>, name?: string) => Promise<ReadonlyArray<Row>>
}

export class DirectQuery extends Context.Tag("DirectQuery")<DirectQuery, DirectQueryShape>() {}

/**
 * A named statement as a query object built from its text and then named. Given a config object
 * instead, pg copies it through property descriptors on every call, which costs more than the rest
 * of the driver's per-query work together; from a string it copies nothing. The pool runs a query
 * object as it runs any other and resolves with its result (pinned by test/db/direct-query.int).
 */
const namedQuery = (name: string, text: string, params: ReadonlyArray<unknown>) => {
  const query = new pg.Query(text, params as Array<unknown>) as pg.Query & { name?: string }
  query.name = name
  return query
}

export const fromPool = (pool: pg.Pool): DirectQueryShape => ({
  query: <Row extends object>(text: string, params: ReadonlyArray<unknown>, name?: string) =>
    (name === undefined
      ? pool.query<Row>(text, params as Array<unknown>)
      : (pool.query(namedQuery(name, text, params)) as unknown as Promise<pg.QueryResult<Row>>)).then((result) => result.rows)
})

/** Through the SqlClient in context: for databases without a pool of their own (PGlite). */
export const viaSqlClient: Layer.Layer<DirectQuery, never, SqlClient.SqlClient> = Layer.effect(
  DirectQuery,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const run = Runtime.runPromise(yield* Effect.runtime<never>())
    return {
      query: <Row extends object>(text: string, params: ReadonlyArray<unknown>) =>
        run(Effect.orDie(sql.unsafe<Row>(text, params as Array<unknown>)))
    }
  })
)
