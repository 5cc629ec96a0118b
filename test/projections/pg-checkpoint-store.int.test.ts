/**
 * The CheckpointStore on PostgreSQL, embedded and on the server: the port's contract suite, with
 * a read model that is a table (a refused page rolls back the rows its earlier events wrote).
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import * as PgEventStore from "../../src/eventstore/pg-event-store.ts"
import { sqlCheckpointStore } from "../../src/projections/checkpoints.ts"
import type { Projection } from "../../src/projections/projection.ts"
import { layerFor, testDatabases } from "../support/databases.ts"
import { describeCheckpointStoreContract, POISON, poisonRefusal } from "./checkpoint-store-contract.ts"

/** Keeps each event's id in a table named for the projection; a Poison event fails its page. */
const tableProjection = (name: string, version: number, eventTypes: ReadonlyArray<string>): Projection => ({
  name,
  version,
  eventTypes,
  tables: [name],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`CREATE TABLE IF NOT EXISTS ${sql(name)} (seq bigserial PRIMARY KEY, event_id text NOT NULL)`),
  apply: (event) =>
    event.type === POISON
      ? Effect.fail(poisonRefusal(event))
      : Effect.asVoid(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`INSERT INTO ${sql(name)} (event_id) VALUES (${event.eventId})`))
})

for (const database of testDatabases) {
  describeCheckpointStoreContract(database.name, async () => {
    const created = await database.create()
    return {
      layer: sqlCheckpointStore.pipe(Layer.provideMerge(PgEventStore.layer), Layer.provideMerge(layerFor(created.target))),
      release: created.release,
      projection: tableProjection,
      appliedIds: (name) =>
        Effect.flatMap(SqlClient.SqlClient, (sql) =>
          Effect.map(sql<{ event_id: string }>`SELECT event_id FROM ${sql(name)} ORDER BY seq`, (rows) => rows.map((row) => row.event_id)))
    }
  })
}
