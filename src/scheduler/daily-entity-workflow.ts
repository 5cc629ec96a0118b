/**
 * One entity's work of one UTC day as a durable workflow keyed by the day and the entity: every
 * run of that day that covers the entity joins the same execution, so a second trigger adds
 * nothing, and a completed step is never run again after a crash. In the spec's order: the
 * site, 15 posts, the prompts' checks, then the score. A failed step is tried once more, then
 * reported; the steps after it still run.
 */
import { Activity, Workflow } from "@effect/workflow"
import { Effect, Schema } from "effect"
import { DailyJournal } from "../writers/daily-journal.ts"
import { WallClock } from "../config/wall-clock.ts"
import { DailyEntityFinished, dailyEntityStreamOf, POSTS_PER_DAY } from "../domain/daily-run-events.ts"
import { BusinessId, ItemId, refOf } from "../domain/entity-ref.ts"
import { PromptResult } from "../domain/entity-events.ts"
import { analyzeInBatches } from "../pipeline/entity-steps.ts"
import { analyzeBatchStep, blogStep, crawlReport, dailyScoreStep, DailyStepFailed, promptsOf, recordProgress, siteStep } from "./daily-steps.ts"

export const DailyEntityRequest = Schema.Struct({
  date: Schema.String,
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId)
})
export type DailyEntityRequest = typeof DailyEntityRequest.Type

export const DailyEntityOutcome = Schema.Struct({
  outcome: Schema.Literal("succeeded", "failed"),
  errors: Schema.Array(Schema.String)
})

export const DailyEntity = Workflow.make({
  name: "DailyEntity",
  payload: DailyEntityRequest,
  success: DailyEntityOutcome,
  idempotencyKey: (request) => `${request.date}:${request.businessId}:${request.itemId ?? ""}`
})

/** Each step's activity is tried twice before its failure is reported. */
const retried = <A, R>(activity: Effect.Effect<A, DailyStepFailed, R>) => Activity.retry(activity, { times: 1 })

export const DailyEntityLive = DailyEntity.toLayer((request) =>
  Effect.gen(function*() {
    const { date } = request
    const ref = refOf(request.businessId, request.itemId)
    const label = `daily ${date} ${ref.businessId}${ref.itemId === null ? "" : `/${ref.itemId}`}`
    yield* Effect.logInfo(`${label}: started on this runner`)
    const errors: Array<string> = []
    const report = (failure: DailyStepFailed) => Effect.sync(() => errors.push(`${failure.step}: ${failure.message}`))

    // A failed crawl is reported with the day's run: its site and posts keep the last good facts.
    const crawlFailure = yield* Activity.make({ name: "crawl", success: Schema.NullOr(Schema.String), execute: crawlReport(ref) })
    if (crawlFailure !== null) errors.push(`crawl: ${crawlFailure}`)

    yield* Activity.make({ name: "site", success: Schema.String, error: DailyStepFailed, execute: siteStep(date, ref) }).pipe(
      retried,
      Effect.matchEffect({
        onFailure: (failure) => Effect.zipRight(report(failure), recordProgress(date, ref, "site", { done: 0, failed: 1, total: 1 })),
        onSuccess: () => recordProgress(date, ref, "site", { done: 1, failed: 0, total: 1 })
      })
    )

    yield* Activity.make({ name: "blog", success: Schema.Int, error: DailyStepFailed, execute: blogStep(date, ref) }).pipe(
      retried,
      Effect.matchEffect({
        onFailure: (failure) => Effect.zipRight(report(failure), recordProgress(date, ref, "blog", { done: 0, failed: POSTS_PER_DAY, total: POSTS_PER_DAY })),
        onSuccess: (count) => recordProgress(date, ref, "blog", { done: count, failed: 0, total: POSTS_PER_DAY })
      })
    )

    const prompts = yield* Activity.make({ name: "prompts", success: Schema.Array(Schema.String), execute: promptsOf(ref) })
    const total = prompts.length
    yield* recordProgress(date, ref, "analyze", { done: 0, failed: 0, total })
    const results = yield* analyzeInBatches({
      prompts,
      batch: (batch, offset) =>
        Activity.make({
          name: `analyze:${offset}`,
          success: Schema.Array(PromptResult),
          error: DailyStepFailed,
          execute: analyzeBatchStep(date, ref, batch, offset)
        }).pipe(retried),
      // A prompt with a platform left unmeasured, like one of a batch that failed, is not done.
      progress: (counts) =>
        recordProgress(date, ref, "analyze", { done: counts.checked - counts.unmeasured, failed: counts.unmeasured + counts.lost, total }),
      // A batch that failed twice is reported; the other batches go on.
      onFailure: report
    })

    if (results.length === 0) {
      // Nothing was checked (no prompts yet, or every batch failed): no score for the day.
      yield* recordProgress(date, ref, "score", { done: 0, failed: total === 0 ? 0 : 1, total: total === 0 ? 0 : 1 })
      if (total > 0) errors.push("score: no prompt could be checked")
    } else {
      yield* Activity.make({ name: "score", success: Schema.NullOr(Schema.Int), error: DailyStepFailed, execute: dailyScoreStep(date, ref, results) }).pipe(
        retried,
        Effect.matchEffect({
          onFailure: (failure) => Effect.zipRight(report(failure), recordProgress(date, ref, "score", { done: 0, failed: 1, total: 1 })),
          onSuccess: () => recordProgress(date, ref, "score", { done: 1, failed: 0, total: 1 })
        })
      )
    }

    const outcome = errors.length === 0 ? "succeeded" as const : "failed" as const
    const at = (yield* (yield* WallClock).now).toISOString()
    yield* (yield* DailyJournal).record(
      dailyEntityStreamOf(date, ref.businessId, ref.itemId),
      "finished",
      new DailyEntityFinished({ date, businessId: ref.businessId, itemId: ref.itemId, outcome, errors, at })
    )
    yield* Effect.logInfo(`${label}: ${outcome}`)
    return { outcome, errors }
  })
)
