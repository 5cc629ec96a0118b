/** The in-memory EventStore passes the same contract suite as the PostgreSQL one. */
import { Effect, Either } from "effect"
import { randomUUID } from "node:crypto"
import { describe, expect, it } from "vitest"
import { EventsRefused, EventStore } from "../../src/eventstore/event-store.ts"
import * as MemoryEventStore from "../../src/eventstore/memory-event-store.ts"
import { describeEventStoreContract } from "./event-store-contract.ts"

describeEventStoreContract("in memory", async () => ({ layer: MemoryEventStore.layer, release: async () => {} }))

describe("event store in memory", () => {
  it("refuses an event id the PostgreSQL log could not hold, as a typed refusal", async () => {
    const outcome = await Effect.runPromise(
      Effect.flatMap(EventStore, (store) => store.append(`test-${randomUUID()}`, 0, [{ eventId: "not-a-uuid", type: "Tested", schemaVersion: 1, data: {} }])).pipe(
        Effect.either,
        Effect.provide(MemoryEventStore.layer)
      )
    )
    expect(Either.isLeft(outcome) && outcome.left instanceof EventsRefused).toBe(true)
  })
})
