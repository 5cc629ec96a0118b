/**
 * A job lock claim retries only on a version conflict: an append that fails for any other
 * reason ends the claim (a defect) instead of looping on it.
 */
import { Cause, Effect, Exit, Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { JobJournal } from "../../src/writers/job-journal.ts"
import { EventStore, type EventStoreShape, StoreUnavailable } from "../../src/eventstore/event-store.ts"

const unavailable = new StoreUnavailable({ streamId: "joblock-acme", reason: "the database connection failed" })

let appends = 0
const failingStore = Layer.succeed(
  EventStore,
  EventStore.of({
    readStream: () => Effect.succeed([]),
    append: () => Effect.suspend(() => {
      appends++
      return Effect.fail(unavailable)
    })
  } as unknown as EventStoreShape)
)

describe("job journal", () => {
  it("a claim whose append fails (not a conflict) ends after one append, with that failure", async () => {
    const exit = await Effect.runPromiseExit(
      Effect.flatMap(JobJournal, (journal) => journal.claim("acme", "job-1", new Date(0))).pipe(
        Effect.timeoutFail({ duration: "2 seconds", onTimeout: () => "still looping" }),
        Effect.provide(JobJournal.Default.pipe(Layer.provide(failingStore)))
      )
    )
    expect(Exit.isFailure(exit) && Cause.dieOption(exit.cause)).toEqual(Option.some(unavailable))
    expect(appends).toBe(1)
  })
})
