/** The in-memory CheckpointStore passes the same contract suite as the PostgreSQL one. */
import { Context, Effect, Layer } from "effect"
import * as MemoryEventStore from "../../src/eventstore/memory-event-store.ts"
import { CheckpointStore } from "../../src/projections/checkpoint-store.ts"
import * as MemoryCheckpointStore from "../../src/projections/memory-checkpoint-store.ts"
import { describeCheckpointStoreContract, POISON, poisonRefusal } from "./checkpoint-store-contract.ts"

class Memory extends Context.Tag("test/MemoryCheckpointStore")<Memory, MemoryCheckpointStore.MemoryCheckpointStore>() {}

const refusingPoison = MemoryCheckpointStore.make({
  apply: (_projection, events) => {
    const poison = events.find((event) => event.type === POISON)
    return poison === undefined ? Effect.void : Effect.fail(poisonRefusal(poison))
  }
})

describeCheckpointStoreContract("in memory", async () => ({
  layer: Layer.effect(CheckpointStore, Effect.map(Memory, (memory) => memory.store)).pipe(
    Layer.provideMerge(Layer.effect(Memory, refusingPoison)),
    Layer.provideMerge(MemoryEventStore.layer)
  ),
  release: async () => {},
  // Its own apply is never run: the memory store's read model is the pages committed.
  projection: (name, version, eventTypes) => ({ name, version, eventTypes, tables: [], setup: Effect.void, apply: () => Effect.void }),
  appliedIds: (name) => Effect.map(Memory, (memory) => memory.committed(name).flatMap((page) => page.events.map((event) => event.eventId)))
}))
