/**
 * The job lock over the in-memory event store: the real journal, its decider and the command
 * loop's conflict retry, with no database.
 */
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import * as MemoryEventStore from "../../src/eventstore/memory-event-store.ts"
import { JobJournal } from "../../src/writers/job-journal.ts"

const journal = JobJournal.Default.pipe(Layer.provide(MemoryEventStore.layer))

describe("job lock (in memory)", () => {
  it("gives a business to one of many concurrent claims; the others name the holder until it releases", async () => {
    const outcome = await Effect.runPromise(Effect.gen(function*() {
      const jobs = yield* JobJournal
      const at = new Date("2026-10-05T10:00:00Z")
      const claims = yield* Effect.forEach(
        ["job-1", "job-2", "job-3", "job-4"],
        (jobId) => jobs.claim("acme", jobId, at),
        { concurrency: "unbounded" }
      )
      const holder = claims.find((claim) => claim.started)!.jobId
      const again = yield* jobs.claim("acme", holder, at)
      yield* jobs.release("acme", "job-elsewhere", at)
      const stillHeld = yield* jobs.claim("acme", "job-5", at)
      yield* jobs.release("acme", holder, at)
      const next = yield* jobs.claim("acme", "job-5", at)
      return { claims, holder, again, stillHeld, next }
    }).pipe(Effect.provide(journal)))
    expect(outcome.claims.filter((claim) => claim.started).length).toBe(1)
    expect(outcome.claims.every((claim) => claim.jobId === outcome.holder)).toBe(true)
    expect(outcome.again).toEqual({ jobId: outcome.holder, started: true })
    expect(outcome.stillHeld).toEqual({ jobId: outcome.holder, started: false })
    expect(outcome.next).toEqual({ jobId: "job-5", started: true })
  })
})
