/**
 * The adjudicator's calls per UTC day (`MENTION_ADJUDICATOR_DAILY_LIMIT`), counted from the log:
 * the day's recorded `adjudicated` and `failed` adjudications are calls, `skipped` ones and
 * other days' are not; a budget built afresh (a restart) starts from that count; takes past the
 * limit are refused until the next UTC day. Real PostgreSQL (embedded, and the server when set).
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AppConfig } from "../../src/config/app-config.ts"
import { shiftedWallClock, WallClock } from "../../src/config/wall-clock.ts"
import { type Adjudication, type CheckedAnswer, PlatformChecked } from "../../src/domain/check-events.ts"
import { type BusinessId, refOf } from "../../src/domain/entity-ref.ts"
import { AdjudicationCalls } from "../../src/eventstore/adjudication-calls.ts"
import * as PgEventStore from "../../src/eventstore/pg-event-store.ts"
import { AdjudicationBudget } from "../../src/pipeline/adjudication-budget.ts"
import { CheckRecorder } from "../../src/writers/check-recorder.ts"
import { layerFor, testDatabases } from "../support/databases.ts"
import { makeTestLayer } from "../support/test-layer.ts"

const ref = refOf("northwind-optics" as BusinessId)
const SENTENCE = "Reviews of Northwind Optics could not be confirmed."

const adjudication = (status: Adjudication["status"]): Adjudication => ({
  status,
  model: "judge-1",
  doubt: "disclaimer",
  sentence: SENTENCE,
  ruleVisible: false,
  visible: status === "adjudicated" ? true : null,
  sentiment: status === "adjudicated" ? "neutral" : null,
  reason: status === "skipped" ? "daily adjudication limit reached" : "ok"
})

const answer = (judged?: Adjudication): CheckedAnswer => ({
  text: SENTENCE,
  citations: [],
  engine: "openai-compatible",
  model: "m-1",
  latencyMs: 1,
  costUsd: null,
  visible: false,
  position: null,
  sentiment: null,
  ...(judged === undefined ? {} : { adjudication: judged })
})

const check = (checkedAt: string, answers: ReadonlyArray<CheckedAnswer>) =>
  new PlatformChecked({
    businessId: ref.businessId,
    itemId: null,
    prompt: "best opticians?",
    platform: "ai_platform_1",
    status: "answered",
    answers,
    visible: false,
    visibleShare: 0,
    position: null,
    sentiment: null,
    error: null,
    samplesRequested: answers.length,
    checkedAt,
    detectorVersion: 6,
    namesVersion: "none"
  })

for (const database of testDatabases) {
  describe(`adjudication budget (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<CheckRecorder | AdjudicationCalls, unknown>
    let release = async () => {}
    const now = new Date()
    const today = now.toISOString().slice(0, 10)
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)
    const tomorrow = new Date(now.getTime() + 86_400_000)
    let requests = 0

    const record = (checkedAt: string, answers: ReadonlyArray<CheckedAnswer>) =>
      runtime.runPromise(Effect.flatMap(CheckRecorder, (recorder) => recorder.record(ref, `request-${++requests}`, [check(checkedAt, answers)])))

    /** A budget as a process starting now builds it, with `limit` a day, at the clock's time. */
    const budgetAt = (limit: number, clock: Layer.Layer<WallClock>) =>
      runtime.runPromise(Effect.provide(
        AdjudicationBudget,
        AdjudicationBudget.DefaultWithoutDependencies.pipe(
          Layer.provide(Layer.mergeAll(makeTestLayer(AppConfig)({ mentionAdjudicatorDailyLimit: limit }), clock))
        )
      ))

    const takes = (budget: AdjudicationBudget, n: number) => runtime.runPromise(Effect.all(Array.from({ length: n }, () => budget.take)))

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(Layer.mergeAll(CheckRecorder.Default, AdjudicationCalls.Default).pipe(
        Layer.provide(PgEventStore.layer),
        Layer.provideMerge(layerFor(created.target))
      ))
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("counts the day's adjudicated and failed adjudications as calls, not the skipped ones nor another day's", async () => {
      await record(`${today}T00:00:01.000Z`, [answer(adjudication("adjudicated")), answer(adjudication("failed")), answer()])
      await record(`${today}T00:00:02.000Z`, [answer(adjudication("skipped")), answer(adjudication("adjudicated"))])
      await record(`${yesterday}T23:59:59.000Z`, [answer(adjudication("adjudicated"))])
      const onDay = (day: string) => runtime.runPromise(Effect.flatMap(AdjudicationCalls, (calls) => calls.onDay(day)))
      expect(await onDay(today)).toBe(3)
      expect(await onDay(tomorrow.toISOString().slice(0, 10))).toBe(0)
    })

    it("starts from the log's count, refuses past the limit, and a new day has its own", async () => {
      const clock = await Effect.runPromise(shiftedWallClock)
      const budget = await budgetAt(5, clock.layer)
      // 3 calls are in the log: 2 more today, all at once, then none.
      expect(await takes(budget, 4)).toEqual([true, true, false, false])
      await Effect.runPromise(clock.setNow(tomorrow))
      expect(await takes(budget, 6)).toEqual([true, true, true, true, true, false])
    })

    it("survives a restart: a budget built afresh counts what the log holds for the day", async () => {
      await record(`${today}T00:00:03.000Z`, [answer(adjudication("adjudicated")), answer(adjudication("failed"))])
      const restarted = await budgetAt(5, WallClock.Default)
      expect(await takes(restarted, 1)).toEqual([false])
      const larger = await budgetAt(6, WallClock.Default)
      expect(await takes(larger, 2)).toEqual([true, false])
    })
  })
}
