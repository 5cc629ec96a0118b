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
import type pg from "pg"

export interface DirectQueryShape {
  /**
   * `name`: run as a named prepared statement on a server (parsed and planned once per pooled
   * connection; one name, one text, always). The embedded database ignores it.
   */
  readonly query: <Row extends object>(text: string, params: ReadonlyArray<unknown>, name?: string) => Promise<ReadonlyArray<Row>>
}

export class DirectQuery extends Context.Tag("DirectQuery")<DirectQuery, DirectQueryShape>() {}

export const fromPool = (pool: pg.Pool): DirectQueryShape => ({
  query: <Row extends object>(text: string, params: ReadonlyArray<unknown>, name?: string) =>
    (name === undefined
      ? pool.query<Row>(text, params as Array<unknown>)
      : pool.query<Row>({ name, text, values: params as Array<unknown> })).then((result) => result.rows)
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
