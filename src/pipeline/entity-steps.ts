/**
 * The steps an entity's checks and score take, in onboarding (`onboarding-workflow.ts`) and in
 * the daily run (`scheduler/daily-entity-workflow.ts`) alike: checking its prompts in durable
 * batches, and storing its score. Each is safe to run again: its requests and its command derive
 * their ids from the job (or the day) and the entity, so a re-run records nothing twice.
 */
import { type Cause, Effect } from "effect"
import { EntityCommands } from "../actors/entity-commands.ts"
import { WallClock } from "../config/wall-clock.ts"
import { namesVersionOf } from "../domain/check-judgement.ts"
import { judgedAllWith, StoreScore } from "../domain/entity-decider.ts"
import type { EntityRef } from "../domain/entity-ref.ts"
import type { JudgedWith, PromptResult } from "../domain/entity-events.ts"
import type { DeclaredFacts } from "../domain/entity-names.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../domain/platforms.ts"
import { cleanAndCut } from "../domain/text.ts"
import { DETECTOR_VERSION } from "../domain/mention/version.ts"
import { declaredNamesOf, Entities } from "../projections/entities.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { ScoreRevision } from "./score-revision.ts"
import { type Analysis, VisibilityAnalysis } from "./visibility-analysis.ts"

/** Prompts analyzed per durable step: a crash repeats at most this many. */
export const ANALYZE_BATCH = 10

/** Batches in flight at once: the platforms' own concurrency caps bound the calls. */
export const ANALYZE_BATCHES_IN_FLIGHT = 4

/** How a job's steps and ids name the entity: `business` or `product:<item>`. */
export const entityKey = (ref: EntityRef) => (ref.itemId === null ? "business" : `product:${ref.itemId}`)

/**
 * Checks a batch of prompts on the 8 platforms; a platform whose check failed is asked once more,
 * alone (`:retry`): the platforms that answered are not asked, paid for or recorded twice, so
 * each platform's newest check of the prompt is the one its flag comes from.
 */
export const analyzeStep = (jobId: string, ref: EntityRef, facts: DeclaredFacts, prompts: ReadonlyArray<string>, offset: number) =>
  Effect.gen(function*() {
    const analysis = yield* VisibilityAnalysis
    return yield* Effect.forEach(prompts, (prompt, i) =>
      Effect.gen(function*() {
        const requestId = `${jobId}:${entityKey(ref)}:${offset + i}`
        const first = yield* analysis.analyze(ref, facts, prompt, requestId, jobId)
        if (first.failedPlatforms.length === 0) {
          return { prompt, flags: first.flags, failedPlatforms: [], ...judgedWithOf([first]) } satisfies PromptResult
        }
        const retry = yield* analysis.recheck(ref, facts, prompt, `${requestId}:retry`, jobId, first.failedPlatforms)
        const flags = flagsOf(first, retry.flags)
        const failedPlatforms = first.failedPlatforms.filter((key) => retry.failedPlatforms.includes(key))
        return { prompt, flags, failedPlatforms, ...judgedWithOf([first, retry]) } satisfies PromptResult
      }), { concurrency: ANALYZE_BATCH })
  })

/** Every platform's flag: the retry's for the platforms the first check could not measure. */
const flagsOf = (first: Analysis, retried: Partial<Record<PlatformKey, boolean>>): Record<PlatformKey, boolean> =>
  Object.fromEntries(PLATFORM_KEYS.map((key) => [
    key,
    first.failedPlatforms.includes(key) ? retried[key] === true : first.flags[key]
  ])) as Record<PlatformKey, boolean>

/**
 * What the checks behind a result were judged with, when all alike (names changed between a
 * check and its retry: none, so the score reviser takes the score up again).
 */
const judgedWithOf = (analyses: ReadonlyArray<Pick<Analysis, "checks">>): { judgedWith?: JudgedWith } => {
  const versions = new Set(analyses.flatMap((analysis) => analysis.checks.map((check) => `${check.detectorVersion}\u0000${check.namesVersion}`)))
  const check = analyses[0]?.checks[0]
  if (versions.size !== 1 || check === undefined || check.namesVersion === null) return {}
  return { judgedWith: { detectorVersion: check.detectorVersion, namesVersion: check.namesVersion } }
}

/** Where an entity's checks stand: prompts checked (some with a platform unmeasured) and prompts of failed batches. */
export interface BatchCounts {
  readonly checked: number
  /** Checked prompts with at least one platform whose check failed twice. */
  readonly unmeasured: number
  /** Prompts of batches that failed and were given up. */
  readonly lost: number
  readonly total: number
}

/**
 * Checks an entity's prompts ANALYZE_BATCH at a time, ANALYZE_BATCHES_IN_FLIGHT batches at once,
 * each through `batch` (a durable activity, so a crash repeats at most one batch), and reports
 * the counts after every batch. A batch that fails goes to `onFailure`: when that fails too, the
 * checks end with its failure; when it succeeds, the batch's prompts count as lost and the
 * other batches go on. Answers the results of the batches that succeeded.
 */
export const analyzeInBatches = <E, R, EP, RP, EF, RF>(options: {
  readonly prompts: ReadonlyArray<string>
  readonly batch: (prompts: ReadonlyArray<string>, offset: number) => Effect.Effect<ReadonlyArray<PromptResult>, E, R>
  readonly progress: (counts: BatchCounts) => Effect.Effect<void, EP, RP>
  readonly onFailure: (failure: E) => Effect.Effect<void, EF, RF>
}): Effect.Effect<Array<PromptResult>, EP | EF, R | RP | RF> =>
  Effect.suspend(() => {
    const total = options.prompts.length
    let checked = 0
    let unmeasured = 0
    let lost = 0
    const counts = (): BatchCounts => ({ checked, unmeasured, lost, total })
    const offsets = Array.from({ length: Math.ceil(total / ANALYZE_BATCH) }, (_, i) => i * ANALYZE_BATCH)
    return Effect.forEach(offsets, (offset) => {
      const prompts = options.prompts.slice(offset, offset + ANALYZE_BATCH)
      return options.batch(prompts, offset).pipe(
        Effect.matchEffect({
          onSuccess: (results) => {
            checked += results.length
            unmeasured += results.filter((result) => result.failedPlatforms.length > 0).length
            return Effect.as(options.progress(counts()), results)
          },
          onFailure: (failure) =>
            options.onFailure(failure).pipe(
              Effect.zipRight(Effect.suspend(() => {
                lost += prompts.length
                return options.progress(counts())
              })),
              Effect.as([] as ReadonlyArray<PromptResult>)
            )
        })
      )
    }, { concurrency: ANALYZE_BATCHES_IN_FLIGHT }).pipe(Effect.map((batches) => batches.flat()))
  })

/** Stores the entity's score from its checks, once per job (a re-run answers the score stored the first time). */
export const scoreStep = (jobId: string, ref: EntityRef, results: ReadonlyArray<PromptResult>) =>
  Effect.gen(function*() {
    const at = (yield* (yield* WallClock).now).toISOString()
    const stored = yield* (yield* EntityCommands).send(
      ref,
      new StoreScore({ businessId: ref.businessId, itemId: ref.itemId, results, at, jobId }),
      { commandId: `${jobId}:score:${entityKey(ref)}` }
    ).pipe(Effect.orDie)
    // A job that says it succeeded has its score and every check before it readable (the
    // checks' read model may trail the score's).
    yield* Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(stored.lastPosition, ["scores", "prompts"])).pipe(Effect.orDie)
    // Checks judged with names that changed while the job ran (or by another detector): the
    // score is derived again at once, in the background, rather than at the next start-up.
    const row = yield* (yield* Entities).find(ref.businessId, ref.itemId)
    const now = { detectorVersion: DETECTOR_VERSION, namesVersion: namesVersionOf(row === undefined ? undefined : declaredNamesOf(row)) }
    if (!judgedAllWith(results, now)) yield* (yield* ScoreRevision).request(ref)
    const event = stored.events.find((e) => e._tag === "ScoreStored")
    return event?._tag === "ScoreStored" ? event.overallScore : null
  })

/**
 * The one failure convention of both workflows' activities: any failure or defect of a step
 * becomes the workflow's typed step failure (which `Activity.retry` tries again, then the
 * workflow reports), carrying the cause's first line, cleaned and cut between code points so
 * the activity's result can be stored.
 */
export const failsAs = <F>(failure: (message: string) => F) => <A, E, R>(step: Effect.Effect<A, E, R>): Effect.Effect<A, F, R> =>
  Effect.catchAllCause(step, (cause) => Effect.fail(failure(firstLineOf(cause))))

const firstLineOf = (cause: Cause.Cause<unknown>) => cleanAndCut(cause.toString().split("\n")[0] ?? "failed", 300)
