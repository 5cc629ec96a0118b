/**
 * One entity's daily work, step by step, through the code the `/api/cron/*` endpoints run: the
 * site deployment under the endpoint's own command id, posts through the same publisher and
 * its 15-a-day limit, checks through the same analysis, the score through the same command.
 * Each step is safe to run again: a re-run records nothing twice and never exceeds a limit.
 * The site and posts are built from the entity's last crawl that read pages; when its latest
 * crawl failed the run says so, and with no good crawl before it nothing is published.
 */
import { Effect, Schema } from "effect"
import { DailyJournal } from "../writers/daily-journal.ts"
import { CommandRejected } from "../actors/tracked-entity.ts"
import { WallClock } from "../config/wall-clock.ts"
import { dailyEntityStreamOf, type DailyStep, DailyStepProgressed, POSTS_PER_DAY } from "../domain/daily-run-events.ts"
import { utcDay } from "../domain/calendar-date.ts"
import type { EntityRef } from "../domain/entity-ref.ts"
import type { GlobalPosition } from "../eventstore/event-store.ts"
import type { PromptResult } from "../domain/entity-events.ts"
import { analyzeStep, entityKey, failsAs, scoreStep } from "../pipeline/entity-steps.ts"
import { crawlHistoryOf } from "../pipeline/onboarding-steps.ts"
import { dailyDeployCommandId, SiteBuilder } from "../pipeline/site-builder.ts"
import { Entities, mentionFactsOf } from "../projections/entities.ts"
import { Prompts } from "../projections/prompts.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { Sites } from "../projections/sites.ts"

export class DailyStepFailed extends Schema.TaggedError<DailyStepFailed>()("DailyStepFailed", {
  step: Schema.String,
  message: Schema.String
}) {}

/** Any failure or defect of a step becomes a DailyStepFailed (recorded in the run's stream), which the workflow retries. */
const asStepFailure = (step: DailyStep) => failsAs((message) => new DailyStepFailed({ step, message }))

const now = Effect.flatMap(WallClock, (clock) => clock.now)

const waitForSites = (position: GlobalPosition) =>
  Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(position, ["sites"]))

/** The prefix of every id the day's checks and score derive from: one per entity per day. */
export const dailyJobId = (date: string, ref: EntityRef) => `daily:${date}:${ref.businessId}`

export const recordProgress = (date: string, ref: EntityRef, step: DailyStep, counts: { done: number; failed: number; total: number }) =>
  Effect.gen(function*() {
    const at = (yield* now).toISOString()
    yield* (yield* DailyJournal).record(
      dailyEntityStreamOf(date, ref.businessId, ref.itemId),
      `progress:${step}:${counts.done}:${counts.failed}:${counts.total}`,
      new DailyStepProgressed({ date, businessId: ref.businessId, itemId: ref.itemId, step, ...counts, at })
    )
  })

/**
 * What the day's run says of the entity's crawls: null when its latest crawl read pages (or it
 * was never crawled), else the failure and which facts the site and posts keep.
 */
export const crawlReport = (ref: EntityRef) =>
  Effect.map(crawlHistoryOf(ref), ({ failedSince, lastGood }) => {
    if (failedSince === undefined) return null
    const failure = `the crawl of job ${failedSince.jobId} failed (${failedSince.code}: ${failedSince.message})`
    return lastGood === undefined
      ? `${failure} and no earlier crawl read a page`
      : `${failure}; the site and posts keep the facts of the crawl of ${lastGood.crawledAt}`
  }).pipe(Effect.orDie)

/** Fails the step when the entity's crawls failed and none read a page: nothing is published from nothing. */
const requireReadableSite = (ref: EntityRef, step: "site" | "blog") =>
  Effect.gen(function*() {
    const { failedSince, lastGood } = yield* crawlHistoryOf(ref).pipe(asStepFailure(step))
    if (failedSince !== undefined && lastGood === undefined) {
      const what = step === "site" ? "no site is" : "no posts are"
      return yield* new DailyStepFailed({ step, message: `${what} published: the entity's website was never read (${failedSince.code})` })
    }
  })

/** Deploys the day's site; a deployment already made today (by the endpoint too) is kept. */
export const siteStep = (date: string, ref: EntityRef) =>
  Effect.gen(function*() {
    const deployed = yield* (yield* SiteBuilder).deploy(ref, {
      day: date,
      at: yield* now,
      force: false,
      commandId: dailyDeployCommandId(ref, date)
    })
    yield* waitForSites(deployed.position)
    return deployed.url
  }).pipe(asStepFailure("site"), (deploy) => Effect.zipRight(requireReadableSite(ref, "site"), deploy))

/**
 * Publishes posts until the entity has its 15 of the day they are written, whoever published
 * the others. Posts are dated the UTC day they are written (the service's clock), never the
 * run's `date`: a run for a past day tops up today's posts and backdates none.
 */
export const blogStep = (date: string, ref: EntityRef) =>
  Effect.gen(function*() {
    const builder = yield* SiteBuilder
    const sites = yield* Sites
    const today = utcDay(yield* now)
    const postsToday = Effect.map(sites.posts(ref.businessId, ref.itemId), (posts) => posts.filter((p) => p.date === today).length)
    let count = yield* postsToday
    while (count < POSTS_PER_DAY) {
      const at = yield* now
      // Past midnight (UTC) the next post would start a new day: this run's day is done.
      if (utcDay(at) !== today) break
      const published = yield* Effect.either(builder.publishPost(ref, { at }))
      if (published._tag === "Left") {
        // Another caller took the day's last posts meanwhile: the limit holds, the step is done.
        if (published.left instanceof CommandRejected && published.left.reason === "daily_limit") break
        return yield* Effect.fail(published.left)
      }
      yield* waitForSites(published.right.position)
      count = yield* postsToday
      yield* recordProgress(date, ref, "blog", { done: Math.min(count, POSTS_PER_DAY), failed: 0, total: POSTS_PER_DAY })
    }
    return Math.min(yield* postsToday, POSTS_PER_DAY)
  }).pipe(asStepFailure("blog"), (publish) => Effect.zipRight(requireReadableSite(ref, "blog"), publish))

/** The entity's current prompts, the ones the day's checks are for. */
export const promptsOf = (ref: EntityRef) =>
  Effect.map(Effect.flatMap(Prompts, (prompts) => prompts.currentSet(ref.businessId, ref.itemId)), (set) => set?.prompts ?? [])

/** Checks a batch of the day's prompts on the 8 platforms (a failed check is tried once more). */
export const analyzeBatchStep = (date: string, ref: EntityRef, prompts: ReadonlyArray<string>, offset: number) =>
  Effect.gen(function*() {
    const entity = yield* (yield* Entities).find(ref.businessId, ref.itemId)
    if (entity === undefined) return yield* Effect.fail(new DailyStepFailed({ step: "analyze", message: `${entityKey(ref)} not found` }))
    return yield* analyzeStep(dailyJobId(date, ref), ref, mentionFactsOf(entity), prompts, offset)
  }).pipe(asStepFailure("analyze"))

/** Stores the day's score once; a re-run answers the score stored the first time. */
export const dailyScoreStep = (date: string, ref: EntityRef, results: ReadonlyArray<PromptResult>) =>
  scoreStep(dailyJobId(date, ref), ref, results).pipe(asStepFailure("score"))
