/** makeTestLayer: the given members are the service; any other dies, naming itself. */
import { Cause, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { makeTestLayer } from "./test-layer.ts"

const deathOf = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined

describe("makeTestLayer", () => {
  const layer = makeTestLayer(EventStore)({ readStream: () => Effect.succeed([]) })

  it("answers with the members it is given", async () => {
    const read = await Effect.runPromise(Effect.flatMap(EventStore, (store) => store.readStream("s-1")).pipe(Effect.provide(layer)))
    expect(read).toEqual([])
  })

  it("dies, naming the service and the member, when an unset method is called", async () => {
    const exit = await Effect.runPromiseExit(
      Effect.flatMap(EventStore, (store) => store.append("s-1", 0, [])).pipe(Effect.provide(layer))
    )
    expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
    expect(String(deathOf(exit))).toContain(`EventStore: the test layer does not implement "append"`)
  })

  it("dies when an unset member that is itself an effect is run", async () => {
    const exit = await Effect.runPromiseExit(Effect.flatMap(EventStore, (store) => store.head).pipe(Effect.provide(layer)))
    expect(String(deathOf(exit))).toContain(`EventStore: the test layer does not implement "head"`)
  })
})
