/**
 * The visit recorder's batches across businesses: visits are kept in one stream per business
 * and UTC day, and a batch of visits of many businesses is one append (one statement) of all
 * of them, not one per stream. Each visit is one event; a visit twice in a batch, or already in
 * the log, is written once; a visit the store refuses fails alone. Batches in flight never
 * share a business: its later visits wait for its batch, others' go beside it after a few
 * milliseconds; a visit its business's commit frees goes at once. "At once" is pinned by the event loop's order: the batch has started by the next
 * setImmediate, before any timer (the wait rule's) can fire.
 */
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { VisitRecorder, type VisitOutcome } from "../../src/writers/visit-recorder.ts"
import { visitsStreamOf } from "../../src/domain/visit-events.ts"
import { EventStore, EventsRefused } from "../../src/eventstore/event-store.ts"
import * as PgEventStore from "../../src/eventstore/pg-event-store.ts"
import { testDatabases } from "../support/databases.ts"
import { type RecorderRuntime, startVisitRecorder, visitInput } from "../support/visit-recorder.ts"

const visit = visitInput

/** The number of events of each call the recorder made to the store, in order. */
const appendNewAcrossCalls: Array<number> = []
/** The streams of each call's events, in order. */
const appendNewAcrossStreams: Array<Array<string>> = []
let appendNewCalls = 0
/** When set, the next call waits for it before it appends (a batch held in flight). */
let holdNext: Promise<void> | undefined
/** When set, the next call waits for it after its append has committed (its answer held). */
let holdNextAnswer: Promise<void> | undefined
/** Appends that have committed (held answers included). */
let appendsDone = 0

/** Counts a call of either form of `appendNewAcross`; its hold, if any. */
const counted = (events: ReadonlyArray<{ readonly streamId: string }>) => {
  appendNewAcrossCalls.push(events.length)
  appendNewAcrossStreams.push(events.map((event) => event.streamId))
  const hold = holdNext
  holdNext = undefined
  const holdAnswer = holdNextAnswer
  holdNextAnswer = undefined
  return { hold, holdAnswer }
}
/** After an append has committed: counts it, and waits for its answer's hold, if any. */
const committed = async (holdAnswer: Promise<void> | undefined) => {
  appendsDone++
  await holdAnswer
}

const countingStore = Layer.effect(
  EventStore,
  Effect.map(PgEventStore.make, (store) =>
    EventStore.of({
      ...store,
      appendNewAcross: (events) =>
        Effect.suspend(() => {
          const { hold, holdAnswer } = counted(events)
          return Effect.zipRight(hold === undefined ? Effect.void : Effect.promise(() => hold), store.appendNewAcross(events)).pipe(
            Effect.tap(() => Effect.promise(() => committed(holdAnswer)))
          )
        }),
      // The server's promise path (what the batcher calls there), counted the same way.
      ...(store.appendNewAcrossNow === undefined ? {} : {
        appendNewAcrossNow: async (events) => {
          const { hold, holdAnswer } = counted(events)
          await hold
          const outcome = await store.appendNewAcrossNow!(events)
          if (outcome._tag === "Success") await committed(holdAnswer)
          return outcome
        }
      }),
      appendNew: (streamId, events) =>
        Effect.suspend(() => {
          appendNewCalls++
          return store.appendNew(streamId, events)
        })
    }))
)

/** Holds the next append until the returned function is called. */
const holdNextAppend = () => {
  let release = () => {}
  holdNext = new Promise((resolve) => {
    release = resolve
  })
  return () => release()
}

/** Holds the answer of the next append, once it has committed, until the returned function is called. */
const holdNextAppendsAnswer = () => {
  let release = () => {}
  holdNextAnswer = new Promise((resolve) => {
    release = resolve
  })
  return () => release()
}

/** The next turn of the event loop's check phase: a batch started "at once" has made its append by then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/** Resolves once the recorder has made `calls` appends (the store records each as it starts). */
const appendsStarted = async (calls: number) => {
  while (appendNewAcrossCalls.length < calls) await new Promise((resolve) => setImmediate(resolve))
}


const fulfilled = (outcome: PromiseSettledResult<VisitOutcome> | undefined) => {
  expect(outcome?.status).toBe("fulfilled")
  return (outcome as PromiseFulfilledResult<VisitOutcome & { duplicate: boolean }>).value
}

for (const database of testDatabases) {
  describe(`visit recorder: a batch across businesses (${database.name})`, () => {
    let runtime: RecorderRuntime
    let stop = async () => {}
    let suffix = 0
    const business = (name: string) => `${name}${Date.now().toString(36)}${suffix++}`

    beforeAll(async () => {
      const started = await startVisitRecorder(database, countingStore)
      runtime = started.runtime
      stop = started.stop
    })
    afterAll(() => stop())
    beforeEach(() => {
      appendNewAcrossCalls.length = 0
      appendNewAcrossStreams.length = 0
      appendNewCalls = 0
      holdNext = undefined
      holdNextAnswer = undefined
      appendsDone = 0
    })

    const streamEvents = (businessId: string) =>
      runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(businessId, new Date()))))
    const pagesOf = async (businessId: string) =>
      (await streamEvents(businessId)).map((event) => [event.streamVersion, (event.data as { pageUrl: string }).pageUrl.split("/").pop()])

    it("twelve businesses' visits in one batch: one append of all 36, each visit one event, each business's in order", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const businesses = Array.from({ length: 12 }, (_, i) => business(`b${i}-`))
      const inputs = [0, 1, 2].flatMap((n) => businesses.map((id) => visit(id, `p${n}`)))
      // Called in one turn: they wait for the same batch.
      const outcomes = await Promise.allSettled(inputs.map((input) => recorder.recordNow(input)))

      expect(appendNewAcrossCalls).toEqual([36])
      expect(appendNewCalls).toBe(0)
      for (const outcome of outcomes) expect(fulfilled(outcome)).toMatchObject({ status: "success", duplicate: false })
      for (const id of businesses) expect(await pagesOf(id)).toEqual([[1, "p0"], [2, "p1"], [3, "p2"]])
      const events = (await Promise.all(businesses.map(streamEvents))).flat()
      expect(events).toHaveLength(36)
      expect(new Set(events.map((event) => event.transactionId)).size).toBe(1)
    })

    it("a business's visits wait while a batch of it commits; other businesses' go in a batch beside it", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const hot = business("hot-")
      const others = Array.from({ length: 16 }, (_, i) => business(`o${i}-`))
      const release = holdNextAppend()
      const first = recorder.recordNow(visit(hot, "p0"))
      await appendsStarted(1)
      // While the hot business's batch is held: four more of its visits, and sixteen of others.
      const later = [1, 2, 3, 4].map((n) => recorder.recordNow(visit(hot, `p${n}`)))
      const beside = others.map((id) => recorder.recordNow(visit(id, "q0")))
      // The other businesses' visits commit while the hot business's batch is still held.
      for (const outcome of await Promise.allSettled(beside)) expect(fulfilled(outcome)).toMatchObject({ status: "success", duplicate: false })
      expect(appendNewAcrossStreams[1]).toEqual(others.map((id) => visitsStreamOf(id, new Date())))
      release()
      for (const outcome of await Promise.allSettled([first, ...later])) expect(fulfilled(outcome)).toMatchObject({ status: "success", duplicate: false })
      // The hot business's later visits went in the batch after its first, in arrival order.
      expect(appendNewAcrossCalls).toEqual([1, 16, 4])
      expect(appendNewAcrossStreams[2]).toEqual(Array(4).fill(visitsStreamOf(hot, new Date())))
      expect(await pagesOf(hot)).toEqual([[1, "p0"], [2, "p1"], [3, "p2"], [4, "p3"], [5, "p4"]])
    })

    it("a lone visit behind a commit that stalls goes in a batch beside it after a few milliseconds; its business's next visit still waits", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const [stalled, other] = [business("stalled-"), business("other-")]
      let release = () => {}
      holdNext = new Promise((resolve) => {
        release = resolve
      })
      const first = recorder.recordNow(visit(stalled, "p0"))
      while (appendNewAcrossCalls.length < 1) await new Promise((resolve) => setImmediate(resolve))
      const next = recorder.recordNow(visit(stalled, "p1"))
      const started = performance.now()
      // Fewer than 16 wait, and the first batch is held: the other business's visit goes beside it
      // once it has waited SECOND_BATCH_WAIT_MS (4 ms), not when the held batch commits.
      expect(fulfilled((await Promise.allSettled([recorder.recordNow(visit(other, "q0"))]))[0])).toMatchObject({ status: "success", duplicate: false })
      expect(performance.now() - started).toBeGreaterThanOrEqual(3.5)
      expect(appendNewAcrossStreams).toEqual([[visitsStreamOf(stalled, new Date())], [visitsStreamOf(other, new Date())]])
      release()
      for (const outcome of await Promise.allSettled([first, next])) expect(fulfilled(outcome)).toMatchObject({ status: "success", duplicate: false })
      expect(appendNewAcrossCalls).toEqual([1, 1, 1])
      expect(await pagesOf(stalled)).toEqual([[1, "p0"], [2, "p1"]])
    })

    it("a visit held back by its business's batch goes as soon as that batch commits, beside a batch still committing", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const [hot, other] = [business("hot-"), business("other-")]
      // The hot business's first batch commits, its answer held: still in flight.
      const releaseHot = holdNextAppendsAnswer()
      const first = recorder.recordNow(visit(hot, "p0"))
      await appendsStarted(1)
      const releaseOther = holdNextAppend()
      const beside = recorder.recordNow(visit(other, "q0"))
      await appendsStarted(2)
      while (appendsDone < 1) await nextTurn()
      // Two batches in flight; the hot business's next visit waits behind its first.
      const next = recorder.recordNow(visit(hot, "p1"))
      await nextTurn()
      expect(appendNewAcrossCalls).toEqual([1, 1])
      // Its first is answered: it goes at once (not SECOND_BATCH_WAIT_MS after it arrived), the other batch still held.
      releaseHot()
      expect(fulfilled((await Promise.allSettled([first]))[0])).toMatchObject({ status: "success", duplicate: false })
      await nextTurn()
      expect(appendNewAcrossStreams).toEqual([hot, other, hot].map((id) => [visitsStreamOf(id, new Date())]))
      releaseOther()
      for (const outcome of await Promise.allSettled([beside, next])) expect(fulfilled(outcome)).toMatchObject({ status: "success", duplicate: false })
      expect(appendNewAcrossCalls).toEqual([1, 1, 1])
      expect(await pagesOf(hot)).toEqual([[1, "p0"], [2, "p1"]])
    })

    it("a visit twice in a batch, its server-side record beside it, or already in the log: written once", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const [acme, beta] = [business("acme"), business("beta")]
      const earlier = fulfilled((await Promise.allSettled([recorder.recordNow(visit(beta, "old"))]))[0])
      expect(earlier).toMatchObject({ status: "success", duplicate: false })
      expect(appendNewAcrossCalls).toEqual([1])

      const outcomes = await Promise.allSettled([
        visit(acme, "p"),
        visit(acme, "p"),
        visit(beta, "q"),
        visit(acme, "s", { source: "server" }),
        visit(acme, "s"),
        visit(beta, "old")
      ].map((input) => recorder.recordNow(input)))

      // One append for the batch, of its four distinct visits (the one in the log is found there).
      expect(appendNewAcrossCalls).toEqual([1, 4])
      expect(outcomes.map((outcome) => fulfilled(outcome).duplicate)).toEqual([false, true, false, false, true, true])
      expect(await pagesOf(acme)).toEqual([[1, "p"], [2, "s"]])
      expect(await pagesOf(beta)).toEqual([[1, "old"], [2, "q"]])
      expect((await streamEvents(acme)).map((event) => (event.data as { source: string }).source)).toEqual(["script", "server"])
    })

    it("one visit the store refuses in a batch of five businesses: it alone fails, found by halving the batch", async () => {
      const recorder = await runtime.runPromise(VisitRecorder)
      const businesses = Array.from({ length: 5 }, (_, i) => business(`c${i}-`))
      const inputs = [0, 1, 2, 3].flatMap((n) => businesses.map((id) => visit(id, `p${n}`)))
      // The 11th visit of the batch holds a NUL: PostgreSQL cannot store it.
      inputs.splice(10, 0, visit(businesses[0]!, "poisoned", { pageTitle: "a\u0000b" }))
      const outcomes = await Promise.allSettled(inputs.map((input) => recorder.recordNow(input)))

      // 21 refused; 11 (with it) refused, 10 written; 6 written, 5 refused; 3 written, 2 refused; 1 written, 1 refused.
      expect(appendNewAcrossCalls).toEqual([21, 11, 6, 5, 3, 2, 1, 1, 10])
      expect(outcomes[10]!.status).toBe("rejected")
      expect((outcomes[10] as PromiseRejectedResult).reason).toBeInstanceOf(EventsRefused)
      const others = outcomes.filter((_, i) => i !== 10)
      expect(others).toHaveLength(20)
      for (const outcome of others) expect(fulfilled(outcome)).toMatchObject({ status: "success", duplicate: false })
      for (const id of businesses) expect(await pagesOf(id)).toEqual([[1, "p0"], [2, "p1"], [3, "p2"], [4, "p3"]])
    })
  })
}
