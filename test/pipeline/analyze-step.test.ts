/**
 * A batch's checks without a database or an engine: a fake gateway that fails one platform on
 * the first ask, and the real visibility analysis and check recorder over the in-memory store.
 * The failed platform is asked once more, alone; the others are neither asked nor recorded twice.
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
import { AdjudicationBudget } from "../../src/pipeline/adjudication-budget.ts"
import { analyzeStep } from "../../src/pipeline/entity-steps.ts"
import { VisibilityAnalysis } from "../../src/pipeline/visibility-analysis.ts"
import { EngineError } from "../../src/platforms/answer-engine.ts"
import { MentionAdjudicator } from "../../src/platforms/mention-adjudicator.ts"
import { type CheckOutcome, PlatformGateway } from "../../src/platforms/platform-gateway.ts"
import { CheckRecorder } from "../../src/writers/check-recorder.ts"
import { makeTestLayer } from "../support/test-layer.ts"

const ref = refOf("acme-bakery" as BusinessId)
const facts = { itemId: null, name: "Acme Bakery", url: "https://acme-bakery.example" }
const JOB = "job-1"

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

/** The real analysis and recorder over a gateway answering `reply(platform, ask)` (ask counts from 0), calling `onAsk` with each ask's platforms. */
const analysisLayer = (reply: (platform: PlatformKey, ask: number) => CheckOutcome, onAsk: (platforms: ReadonlyArray<PlatformKey>) => number = () => 0) =>
  VisibilityAnalysis.DefaultWithoutDependencies.pipe(
    Layer.provide(Layer.mergeAll(
      makeTestLayer(PlatformGateway)({
        askSamples: (_prompt, samples, platforms = PLATFORM_KEYS) =>
          Effect.sync(() => {
            const ask = onAsk(platforms)
            return Array.from({ length: samples }, () => Object.fromEntries(platforms.map((platform) => [platform, reply(platform, ask)])))
          })
      }),
      CheckRecorder.Default,
      WallClock.Default,
      makeTestLayer(AppConfig)({ visibilitySamples: 1 }),
      makeTestLayer(MentionAdjudicator)({ adjudicate: Option.none() }),
      makeTestLayer(AdjudicationBudget)({ take: Effect.succeed(true) })
    ))
  )

/** `analyzeStep` over one prompt with a gateway answering `reply(platform, ask)` (ask counts from 0); `asked` lists each ask's platforms. */
const stepWith = (reply: (platform: PlatformKey, ask: number) => CheckOutcome) => {
  const asked: Array<ReadonlyArray<PlatformKey>> = []
  const analysis = analysisLayer(reply, (platforms) => asked.push(platforms) - 1)
  return { asked, step: Effect.provide(analyzeStep(JOB, ref, facts, ["best bakery in town?"], 0), analysis) }
}

const recordedChecks = Effect.map(
  Effect.flatMap(EventStore, (store) => store.readStream(checksStreamOf(ref))),
  (recorded) => recorded.map((event) => ({ request: event.metadata.causationId, platform: (event.data as { platform: string }).platform }))
)

/** Runs the step once over an empty store, and reads back what was recorded. */
const runStep = (reply: (platform: PlatformKey, ask: number) => CheckOutcome) => {
  const { asked, step } = stepWith(reply)
  return Effect.runPromise(Effect.gen(function*() {
    const [result] = yield* step
    return { result, asked, recorded: yield* recordedChecks }
  }).pipe(Effect.provide(MemoryEventStore.layer)))
}

const allRecorded = (request: string) => PLATFORM_KEYS.map((platform) => ({ request, platform }))

describe("a batch's checks (in memory)", () => {
  it("asks a platform that failed once more, alone, and takes its flag from the retry", async () => {
    const outcome = await runStep((platform, ask) => platform === "ai_platform_2" && ask === 0 ? failed(platform) : answered("Try Acme Bakery for bread."))
    expect(outcome.asked).toEqual([PLATFORM_KEYS, ["ai_platform_2"]])
    expect(outcome.recorded).toEqual([...allRecorded("job-1:business:0"), { request: "job-1:business:0:retry", platform: "ai_platform_2" }])
    expect(outcome.result).toMatchObject({
      prompt: "best bakery in town?",
      flags: Object.fromEntries(PLATFORM_KEYS.map((platform) => [platform, true])),
      failedPlatforms: []
    })
  })

  it("keeps a platform unmeasured when its retry fails too, and the others' flags from the first check", async () => {
    const outcome = await runStep((platform) =>
      platform === "ai_platform_3" || platform === "ai_platform_5" ? failed(platform) : answered(platform === "ai_platform_1" ? "Try Acme Bakery." : "No bakery comes to mind.")
    )
    expect(outcome.asked).toEqual([PLATFORM_KEYS, ["ai_platform_3", "ai_platform_5"]])
    expect(outcome.recorded).toEqual([
      ...allRecorded("job-1:business:0"),
      { request: "job-1:business:0:retry", platform: "ai_platform_3" },
      { request: "job-1:business:0:retry", platform: "ai_platform_5" }
    ])
    expect(outcome.result!.flags).toEqual(Object.fromEntries(PLATFORM_KEYS.map((platform) => [platform, platform === "ai_platform_1"])))
    expect(outcome.result!.failedPlatforms).toEqual(["ai_platform_3", "ai_platform_5"])
  })

  it("run again after a crash, records nothing more and answers as the first run recorded", async () => {
    const outcome = await Effect.runPromise(Effect.gen(function*() {
      const first = stepWith((platform, ask) => platform === "ai_platform_2" && ask === 0 ? failed(platform) : answered(platform === "ai_platform_2" ? "Try Acme Bakery." : "No bakery comes to mind."))
      const [before] = yield* first.step
      // The same batch of the same job: the platforms now answer otherwise, and nothing fails.
      const again = stepWith(() => answered("Try Acme Bakery."))
      const [after] = yield* again.step
      return { before, after, recorded: yield* recordedChecks }
    }).pipe(Effect.provide(MemoryEventStore.layer)))
    expect(outcome.after).toEqual(outcome.before)
    expect(outcome.before!.flags).toEqual(Object.fromEntries(PLATFORM_KEYS.map((platform) => [platform, platform === "ai_platform_2"])))
    expect(outcome.recorded).toEqual([...allRecorded("job-1:business:0"), { request: "job-1:business:0:retry", platform: "ai_platform_2" }])
  })

  it("a retry run again finds its own platform's check where an older version recorded all 8 under it", async () => {
    const outcome = await Effect.runPromise(Effect.gen(function*() {
      // Before a retry asked only the failed platforms, `:retry` recorded all 8 checks.
      const request = "job-1:business:0:retry"
      yield* Effect.provide(
        Effect.flatMap(VisibilityAnalysis, (analysis) => analysis.analyze(ref, facts, "best bakery in town?", request, JOB)),
        analysisLayer((platform) => answered(platform === "ai_platform_3" ? "Try Acme Bakery." : "No bakery comes to mind."))
      )
      // Run again after a crash: the answers now differ, and the recorded check of ai_platform_3 stands.
      const retried = yield* Effect.provide(
        Effect.flatMap(VisibilityAnalysis, (analysis) => analysis.recheck(ref, facts, "best bakery in town?", request, JOB, ["ai_platform_3"])),
        analysisLayer(() => answered("No bakery comes to mind."))
      )
      return { retried, recorded: yield* recordedChecks }
    }).pipe(Effect.provide(MemoryEventStore.layer)))
    expect(outcome.retried.flags).toEqual({ ai_platform_3: true })
    expect(outcome.retried.checks.map((check) => check.platform)).toEqual(["ai_platform_3"])
    expect(outcome.recorded).toEqual(allRecorded("job-1:business:0:retry"))
  })

  it("asks nothing again when every platform answered", async () => {
    const outcome = await runStep(() => answered("Try Acme Bakery."))
    expect(outcome.asked).toEqual([PLATFORM_KEYS])
    expect(outcome.recorded).toEqual(allRecorded("job-1:business:0"))
  })
})
