/**
 * One prompt checked on the 8 platforms, in parallel: each answer read by the mention
 * detector, the samples folded into a flag per platform, and every platform's check recorded.
 * Used by `POST /api/cron/analyze-visibility` and by the onboarding and daily pipelines.
 * Interrupting it interrupts the platform calls in flight (structured concurrency).
 */
import { Effect, Option } from "effect"
import { CheckRecorder } from "../writers/check-recorder.ts"
import { AppConfig } from "../config/app-config.ts"
import { WallClock } from "../config/wall-clock.ts"
import { type Adjudication, type CheckedAnswer, PlatformChecked } from "../domain/check-events.ts"
import type { EntityRef } from "../domain/entity-ref.ts"
import { type DeclaredFacts, declaredTargetOf } from "../domain/entity-names.ts"
import { answerVerdict, namesVersionOf } from "../domain/check-judgement.ts"
import { doubtOf } from "../domain/mention/doubt.ts"
import { type Detection, detectMention } from "../domain/mention/index.ts"
import { DETECTOR_VERSION } from "../domain/mention/version.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../domain/platforms.ts"
import { majorityOf } from "../domain/sample-majority.ts"
import type { GlobalPosition } from "../eventstore/event-store.ts"
import { MentionAdjudicator } from "../platforms/mention-adjudicator.ts"
import { AdjudicationBudget } from "./adjudication-budget.ts"
import { type CheckOutcome, PlatformGateway } from "../platforms/platform-gateway.ts"

/** One prompt's checks on the 8 platforms. */
export interface Analysis {
  readonly flags: Readonly<Record<PlatformKey, boolean>>
  readonly failedPlatforms: ReadonlyArray<PlatformKey>
  readonly checks: ReadonlyArray<PlatformChecked>
  readonly recordedAt: GlobalPosition
}

export class VisibilityAnalysis extends Effect.Service<VisibilityAnalysis>()("VisibilityAnalysis", {
  effect: Effect.gen(function*() {
    const gateway = yield* PlatformGateway
    const recorder = yield* CheckRecorder
    const clock = yield* WallClock
    const { visibilitySamples } = yield* AppConfig
    const { adjudicate } = yield* MentionAdjudicator
    const budget = yield* AdjudicationBudget

    /** Checks `prompt` on `platforms` and records each platform's check; answers the checks recorded. */
    const checkOn = Effect.fn("VisibilityAnalysis.check")(function*(
      ref: EntityRef,
      /** The entity's facts and the names its owner declared (aliases, and names that never count). */
      facts: DeclaredFacts,
      prompt: string,
      requestId: string,
      jobId: string | null,
      platforms: ReadonlyArray<PlatformKey>
    ) {
      const samples = yield* gateway.askSamples(prompt, visibilitySamples, platforms)
      const checkedAt = (yield* clock.now).toISOString()
      // Built once the calls are out: the detector needs it only when the answers are in.
      const target = declaredTargetOf(facts)
      const namesVersion = namesVersionOf(facts.declared)

      // Each answer read by the rules; with an adjudicator, the answers whose verdict is in doubt
      // asked about (all at once), its verdict recorded beside the rule's and deciding the flag.
      // Each call takes one of the day's (`MENTION_ADJUDICATOR_DAILY_LIMIT`); past them, `skipped`.
      const detections = new Map<CheckOutcome, Detection>()
      for (const sample of samples) {
        for (const platform of platforms) {
          const outcome = sample[platform]
          if (outcome?._tag === "Answered") detections.set(outcome, detectMention(outcome.answer, target))
        }
      }
      const adjudications = new Map<CheckOutcome, Adjudication>()
      if (Option.isSome(adjudicate)) {
        const doubtful = [...detections].flatMap(([outcome, detection]) => {
          const doubt = outcome._tag === "Answered" ? doubtOf(outcome.answer, target, detection) : undefined
          return doubt === undefined ? [] : [{ outcome, doubt, detection }]
        })
        yield* Effect.forEach(doubtful, ({ detection, doubt, outcome }) =>
          Effect.map(adjudicate.value(doubt, target, detection.visible, budget.take), (adjudication) => {
            adjudications.set(outcome, adjudication)
          }), { concurrency: 8, discard: true })
      }

      const checkOf = (platform: PlatformKey): PlatformChecked => {
        const outcomes: ReadonlyArray<CheckOutcome> = samples.map((sample) => sample[platform]!)
        const answers: Array<CheckedAnswer> = []
        for (const outcome of outcomes) {
          if (outcome._tag !== "Answered") continue
          const adjudication = adjudications.get(outcome)
          const detection = answerVerdict(detections.get(outcome)!, adjudication)
          answers.push({
            text: outcome.answer.text,
            citations: outcome.answer.citations,
            engine: outcome.answer.engine,
            model: outcome.answer.model,
            latencyMs: outcome.latencyMs,
            costUsd: outcome.answer.costUsd,
            visible: detection.visible,
            position: detection.position,
            sentiment: detection.sentiment,
            ...(adjudication === undefined ? {} : { adjudication })
          })
        }
        const majority = majorityOf(answers)
        const lastFailure = outcomes.find((outcome) => outcome._tag === "Failed")
        // Built from values typed by the same schema; re-validating each field here cost more than
        // reading the answer. Stored events are still encoded through the schema (`checkToStored`).
        return new PlatformChecked({
          businessId: ref.businessId,
          itemId: ref.itemId,
          prompt,
          platform,
          status: answers.length > 0 ? "answered" : "failed",
          answers,
          visible: majority.visible,
          visibleShare: majority.visibleShare,
          position: majority.position,
          sentiment: majority.sentiment,
          error: answers.length > 0 || lastFailure === undefined || lastFailure._tag !== "Failed"
            ? null
            : { reason: lastFailure.error.reason, message: lastFailure.error.message },
          samplesRequested: visibilitySamples,
          checkedAt,
          detectorVersion: DETECTOR_VERSION,
          namesVersion
        }, { disableValidation: true })
      }

      const { appended, checks } = yield* recorder.record(ref, requestId, platforms.map(checkOf), jobId)
      return {
        flags: Object.fromEntries(checks.map((check) => [check.platform, check.visible])) as Partial<Record<PlatformKey, boolean>>,
        failedPlatforms: checks.filter((check) => check.status === "failed").map((check) => check.platform),
        checks,
        recordedAt: appended.lastPosition
      }
    })

    /** One prompt checked on the 8 platforms, each platform's check recorded. */
    const analyze = (
      ref: EntityRef,
      /** The entity's facts and the names its owner declared (aliases, and names that never count). */
      facts: DeclaredFacts,
      prompt: string,
      requestId: string,
      /** The job the check belongs to, recorded as the checks' correlation (job details list its engines). */
      jobId: string | null = null
    ) =>
      Effect.map(checkOn(ref, facts, prompt, requestId, jobId, PLATFORM_KEYS), (checked): Analysis => ({
        ...checked,
        flags: Object.fromEntries(PLATFORM_KEYS.map((key) => [key, checked.flags[key] === true])) as Record<PlatformKey, boolean>
      }))

    /**
     * The platforms a first check could not measure, asked again under their own request: their
     * flags only, and only their checks recorded.
     */
    const recheck = (ref: EntityRef, facts: DeclaredFacts, prompt: string, requestId: string, jobId: string | null, platforms: ReadonlyArray<PlatformKey>) =>
      checkOn(ref, facts, prompt, requestId, jobId, platforms)

    return { analyze, recheck }
  }),
  dependencies: [CheckRecorder.Default, PlatformGateway.Default, MentionAdjudicator.Default, AdjudicationBudget.Default]
}) {}
