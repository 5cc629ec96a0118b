/**
 * The visit recorder's group commit keeps each visit's failure to itself: a visit the store
 * refuses (here one carrying U+0000, injected below the HTTP layer, which refuses it with 400)
 * fails alone, and every other visit of the same batch, of its business and of another, is
 * committed and answered success.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { VisitRecorder } from "../../src/writers/visit-recorder.ts"
import { unstorableJson } from "../../src/domain/text.ts"
import { visitsStreamOf } from "../../src/domain/visit-events.ts"
import { EventStore, EventsRefused } from "../../src/eventstore/event-store.ts"
import { testDatabases } from "../support/databases.ts"
import { GPTBOT, type RecorderRuntime, startVisitRecorder, visitInput } from "../support/visit-recorder.ts"

const visit = (businessId: string, page: string, pageTitle: string | null = "A page") => visitInput(businessId, page, { pageTitle })

/** Each promise's outcome, without one rejection hiding the others. */
const settle = <A>(promises: ReadonlyArray<Promise<A>>) => Promise.allSettled(promises)

const hasUnstorableText = (value: unknown) => unstorableJson(value) !== undefined

for (const database of testDatabases) {
  describe(`visit recorder: one bad visit fails alone (${database.name})`, () => {
    let runtime: RecorderRuntime
    let stop = async () => {}
    let suffix = 0
    const business = (name: string) => `${name}${Date.now().toString(36)}${suffix++}`

    beforeAll(async () => {
      const started = await startVisitRecorder(database)
      runtime = started.runtime
      stop = started.stop
    })
    afterAll(() => stop())

    const streamEvents = (businessId: string) =>
      runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(businessId, new Date()))))

    it("a batch of two businesses' visits with one that cannot be stored: only that one fails", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const [acme, beta] = [business("acme"), business("beta")]
      const legitimate = [
        ...Array.from({ length: 20 }, (_, i) => visit(acme, `a${i}`)),
        ...Array.from({ length: 20 }, (_, i) => visit(beta, `b${i}`))
      ]
      // Called in one turn: they wait for the same batch.
      const poisoned = recorder.recordNow(visit(acme, "poisoned", "a\u0000b"))
      const answers = legitimate.map((input) => recorder.recordNow(input))
      const [poisonedOutcome] = await settle([poisoned])
      const outcomes = await settle(answers)

      expect(poisonedOutcome!.status).toBe("rejected")
      expect((poisonedOutcome as PromiseRejectedResult).reason).toBeInstanceOf(EventsRefused)
      expect(outcomes.map((outcome) => outcome.status)).toEqual(legitimate.map(() => "fulfilled"))
      for (const outcome of outcomes) {
        expect((outcome as PromiseFulfilledResult<{ status: string; duplicate: boolean }>).value).toMatchObject({ status: "success", duplicate: false })
      }
      const [acmeEvents, betaEvents] = [await streamEvents(acme), await streamEvents(beta)]
      expect(acmeEvents.map((event) => (event.data as { pageUrl: string }).pageUrl).sort()).toEqual(
        Array.from({ length: 20 }, (_, i) => `https://${acme}.sites.localhost/a${i}`).sort()
      )
      expect(betaEvents).toHaveLength(20)
      expect([...acmeEvents, ...betaEvents].some((event) => hasUnstorableText(event.data))).toBe(false)
    })

    it("the same visit posted with a lone surrogate first and clean next: the clean post is written", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const acme = business("acme")
      const bad = recorder.recordNow(visit(acme, "same", "x\ud800"))
      const good = recorder.recordNow(visit(acme, "same", "x"))
      const [badOutcome, goodOutcome] = await settle([bad, good])
      expect(badOutcome!.status).toBe("rejected")
      expect(goodOutcome!.status).toBe("fulfilled")
      expect((goodOutcome as PromiseFulfilledResult<{ status: string; duplicate: boolean }>).value).toMatchObject({
        status: "success",
        duplicate: false
      })
      const events = await streamEvents(acme)
      expect(events.map((event) => (event.data as { pageTitle: string }).pageTitle)).toEqual(["x"])
    })

    it("a server-side visit with a NUL in its title (from elsewhere) is cleaned and recorded", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const acme = business("acme")
      const outcome = await runtime.runPromise(recorder.recordServerSide({
        businessId: acme as BusinessId,
        itemId: null,
        pageUrl: `https://${acme}.sites.localhost/`,
        pageTitle: "Caf\u0000\udc00e",
        userAgent: GPTBOT,
        ipAddress: null,
        referrer: null
      }))
      expect(outcome).toMatchObject({ status: "success", duplicate: false })
      const events = await streamEvents(acme)
      expect(events.map((event) => (event.data as { pageTitle: string }).pageTitle)).toEqual(["Caf\ufffde"])
    })
  })
}
