/**
 * The one command loop: decide on the stream's fold, append at the version read, and after a
 * version conflict read what was added and decide again, a bounded number of times.
 */
import { Effect, Either, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { eventIdFor } from "../../src/eventstore/event-id.ts"
import { EventStore, type EventStoreShape, type NewEvent, WrongExpectedVersion } from "../../src/eventstore/event-store.ts"
import { handleCommand, MAX_CONFLICT_RETRIES, type StreamFold } from "../../src/eventstore/handle-command.ts"
import * as MemoryEventStore from "../../src/eventstore/memory-event-store.ts"

/** A counter stream: each event adds one. */
const counter: StreamFold<number> = { initialState: 0, evolve: (count) => count + 1 }
const tick = (id: string): NewEvent => ({ eventId: eventIdFor(id, 0), type: "Ticked", schemaVersion: 1, data: {} })

const run = <A, E>(effect: Effect.Effect<A, E, EventStore>, store: Layer.Layer<EventStore> = MemoryEventStore.layer) =>
  Effect.runPromise(Effect.either(effect).pipe(Effect.provide(store)))

describe("handleCommand", () => {
  it("decides on the stream's fold and appends at the version it read", async () => {
    const outcome = await run(Effect.gen(function*() {
      const store = yield* EventStore
      yield* store.append("counter-1", 0, [tick("a"), tick("b")])
      const seen: Array<number> = []
      const handled = yield* handleCommand("counter-1", counter, (count) => {
        seen.push(count)
        return Effect.succeed([tick("c")])
      })
      return { seen, decidedOn: handled.decidedOn, version: handled.appended?.streamVersion }
    }))
    expect(outcome).toEqual(Either.right({ seen: [2], decidedOn: { state: 2, version: 2 }, version: 3 }))
  })

  it("appends nothing when the decision records nothing", async () => {
    const outcome = await run(Effect.gen(function*() {
      const handled = yield* handleCommand("counter-2", counter, () => Effect.succeed([]))
      return { appended: handled.appended, events: (yield* (yield* EventStore).readStream("counter-2")).length }
    }))
    expect(outcome).toEqual(Either.right({ appended: undefined, events: 0 }))
  })

  it("passes the decision's rejection through", async () => {
    const outcome = await run(handleCommand("counter-3", counter, () => Effect.fail("refused" as const)))
    expect(outcome).toEqual(Either.left("refused"))
  })

  it("after a conflict reads what another writer added and decides again on it", async () => {
    const outcome = await run(Effect.gen(function*() {
      const store = yield* EventStore
      const seen: Array<number> = []
      const handled = yield* handleCommand("counter-4", counter, (count) =>
        Effect.gen(function*() {
          seen.push(count)
          // Another writer appends between the first read and the first append.
          if (seen.length === 1) yield* Effect.orDie(store.append("counter-4", "any", [tick("other")]))
          return [tick(`mine-${count}`)]
        }), { current: { state: 0, version: 0 } })
      return { seen, version: handled.appended?.streamVersion }
    }))
    expect(outcome).toEqual(Either.right({ seen: [0, 1], version: 2 }))
  })

  it("gives up with the conflict after MAX_CONFLICT_RETRIES rereads", async () => {
    let appends = 0
    const conflict = new WrongExpectedVersion({ streamId: "counter-5", expectedVersion: 0, actualVersion: 1 })
    const alwaysMoving = Layer.succeed(EventStore, {
      readStream: () => Effect.succeed([]),
      append: () => Effect.suspend(() => {
        appends++
        return Effect.fail(conflict)
      })
    } as unknown as EventStoreShape)
    const outcome = await run(handleCommand("counter-5", counter, () => Effect.succeed([tick("x")])), alwaysMoving)
    expect(outcome).toEqual(Either.left(conflict))
    expect(appends).toBe(MAX_CONFLICT_RETRIES + 1)
  })
})
