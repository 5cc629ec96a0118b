/**
 * The visibility analysis without a database or an engine: a fake gateway (only `askSamples`),
 * a fake configuration (only `visibilitySamples`), and the real check recorder over the
 * in-memory event store.
 */
import { Effect, Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { AppConfig } from "../../src/config/app-config.ts"
import { WallClock } from "../../src/config/wall-clock.ts"
import { checksStreamOf } from "../../src/domain/check-events.ts"
import { type BusinessId, refOf } from "../../src/domain/entity-ref.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../../src/domain/platforms.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import * as MemoryEventStore from "../../src/eventstore/memory-event-store.ts"
import { VisibilityAnalysis } from "../../src/pipeline/visibility-analysis.ts"
import { EngineError } from "../../src/platforms/answer-engine.ts"
import { MentionAdjudicator } from "../../src/platforms/mention-adjudicator.ts"
import { AdjudicationBudget } from "../../src/pipeline/adjudication-budget.ts"
import { type CheckOutcome, PlatformGateway } from "../../src/platforms/platform-gateway.ts"
import { CheckRecorder } from "../../src/writers/check-recorder.ts"
import { makeTestLayer } from "../support/test-layer.ts"

const ref = refOf("acme-bakery" as BusinessId)
const facts = { itemId: null, name: "Acme Bakery", url: "https://acme-bakery.example" }

const answered = (text: string): CheckOutcome => ({
  _tag: "Answered",
  answer: { text, citations: [], engine: "local", model: "test", costUsd: null },
  latencyMs: 5,
  attempts: 1
})
const failed = (platform: PlatformKey): CheckOutcome => ({
  _tag: "Failed",
  error: new EngineError({ platform, reason: "timeout", retryable: true, message: "timed out" }),
  latencyMs: 5,
  attempts: 1
})

const analysisWith = (reply: (platform: PlatformKey) => CheckOutcome) => {
  const gateway = makeTestLayer(PlatformGateway)({
    askSamples: (_prompt, samples) =>
      Effect.succeed(Array.from({ length: samples }, () => Object.fromEntries(PLATFORM_KEYS.map((platform) => [platform, reply(platform)])) as Record<PlatformKey, CheckOutcome>))
  })
  return VisibilityAnalysis.DefaultWithoutDependencies.pipe(
    Layer.provide(Layer.mergeAll(gateway, CheckRecorder.Default, WallClock.Default, makeTestLayer(AppConfig)({ visibilitySamples: 1 }),
      // No LLM_*: no adjudicator (test/platforms/mention-adjudicator.test.ts and the e2e test cover it).
      makeTestLayer(MentionAdjudicator)({ adjudicate: Option.none() }),
      makeTestLayer(AdjudicationBudget)({ take: Effect.succeed(true) })))
  )
}

describe("visibility analysis (in memory)", () => {
  it("flags each platform by its answer, names the failed ones, and records one check per platform", async () => {
    const outcome = await Effect.runPromise(Effect.gen(function*() {
      const analysis = yield* VisibilityAnalysis
      const result = yield* analysis.analyze(ref, facts, "best bakery in town?", "request-1")
      const recorded = yield* Effect.flatMap(EventStore, (store) => store.readStream(checksStreamOf(ref)))
      return { result, recorded }
    }).pipe(
      Effect.provide(analysisWith((platform) => platform === "ai_platform_2" ? failed(platform) : answered("Try Acme Bakery for bread."))),
      Effect.provide(MemoryEventStore.layer)
    ))
    expect(outcome.result.flags).toEqual(Object.fromEntries(PLATFORM_KEYS.map((platform) => [platform, platform !== "ai_platform_2"])))
    expect(outcome.result.failedPlatforms).toEqual(["ai_platform_2"])
    expect(outcome.recorded.map((event) => event.type)).toEqual(PLATFORM_KEYS.map(() => "PlatformChecked"))
    expect(outcome.result.recordedAt).toEqual({ transactionId: outcome.recorded[7]!.transactionId, position: outcome.recorded[7]!.position })
  })

  it("a request analysed again answers the checks recorded the first time, and records nothing more", async () => {
    const outcome = await Effect.runPromise(Effect.gen(function*() {
      const store = yield* EventStore
      const first = yield* Effect.provide(
        Effect.flatMap(VisibilityAnalysis, (analysis) => analysis.analyze(ref, facts, "best bakery in town?", "request-2")),
        analysisWith(() => answered("Try Acme Bakery for bread."))
      )
      const again = yield* Effect.provide(
        Effect.flatMap(VisibilityAnalysis, (analysis) => analysis.analyze(ref, facts, "best bakery in town?", "request-2")),
        analysisWith(() => answered("No bakery comes to mind."))
      )
      return { first, again, recorded: yield* store.readStream(checksStreamOf(ref)) }
    }).pipe(Effect.provide(MemoryEventStore.layer)))
    expect(outcome.again.flags).toEqual(outcome.first.flags)
    expect(Object.values(outcome.again.flags).every((visible) => visible)).toBe(true)
    expect(outcome.again.recordedAt).toEqual(outcome.first.recordedAt)
    expect(outcome.recorded.length).toBe(PLATFORM_KEYS.length)
  })
})
