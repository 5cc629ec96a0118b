/**
 * What an append answers when the database cannot take its events: a typed EventsRefused,
 * never a defect. The refusal of unstorable text, which every adapter makes, is in the
 * contract suite (`event-store-contract.ts`).
 */
import type { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, TestContext } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EventStore, EventsRefused, type NewEvent } from "../../src/eventstore/event-store.ts"
import * as PgEventStore from "../../src/eventstore/pg-event-store.ts"
import { layerFor, testDatabases } from "../support/databases.ts"

const event = (data: unknown, eventId: string = randomUUID()): NewEvent => ({ eventId, type: "Tested", schemaVersion: 1, data })

for (const database of testDatabases) {
  describe(`event store: refused appends (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<EventStore | SqlClient.SqlClient, unknown>
    let release = async () => {}
    const run = <A, E>(effect: Effect.Effect<A, E, EventStore>) => runtime.runPromise(effect)
    const stream = () => `test-${randomUUID()}`

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(PgEventStore.layer.pipe(Layer.provideMerge(layerFor(created.target))))
      await runtime.runPromise(Effect.void)
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("a statement PostgreSQL refuses for its data (a malformed event id) is a typed refusal, at once", async () => {
      // On a TestClock nobody moves, a retry would wait for ever on its first back-off: that the
      // refusal comes back at all shows it was not retried (no wall-clock bound to break under load).
      const refused = await run(
        Effect.flip(Effect.flatMap(EventStore, (store) => store.append(stream(), 0, [event({ ok: 1 }, "not-a-uuid")]))).pipe(
          Effect.provide(TestContext.TestContext)
        )
      )
      expect(refused).toBeInstanceOf(EventsRefused)
      expect((refused as EventsRefused).reason).toBe("SQLSTATE 22P02")
    }, 60_000)
  })
}
