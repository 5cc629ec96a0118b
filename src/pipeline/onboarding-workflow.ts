/**
 * Onboarding as a durable workflow (`@effect/workflow` on the cluster's storage): `generate-all`
 * and `generate-prompts` jobs. Each step is an activity: a completed one is never run again
 * after a crash, and one in flight at the crash runs again, which the steps make harmless
 * (`onboarding-steps.ts`; the checks and the score, shared with the daily run, in
 * `entity-steps.ts`). The business and its products run in parallel.
 */
import { Activity, Workflow } from "@effect/workflow"
import { Cause, Deferred, Effect, Layer, Schema } from "effect"
import { JobJournal } from "../writers/job-journal.ts"
import { WallClock } from "../config/wall-clock.ts"
import { PromptResult } from "../domain/entity-events.ts"
import { BusinessId, ItemId, refOf } from "../domain/entity-ref.ts"
import { DeclaredNames } from "../domain/entity-names.ts"
import { JobFinished, JobKind } from "../domain/job-events.ts"
import { ModelUsage } from "../domain/site-events.ts"
import { declaredNamesOf, Entities } from "../projections/entities.ts"
import { Prompts } from "../projections/prompts.ts"
import { Scores } from "../projections/scores.ts"
import { Sites } from "../projections/sites.ts"
import { analyzeInBatches, analyzeStep, entityKey, failsAs, scoreStep } from "./entity-steps.ts"
import {
  completeStep,
  crawlStep,
  type EntityPlan,
  ensureEntityStep,
  OnboardingStepFailed,
  progress,
  promptsStep,
  siteStep,
  SiteOutcome,
  withBusinessFacts
} from "./onboarding-steps.ts"
import { PromptFacts } from "./prompts/prompt-facts.ts"

export const ProductRequest = Schema.Struct({
  itemId: ItemId,
  url: Schema.String,
  name: Schema.NullOr(Schema.String),
  /** Names declared with the product (cleaned by the handler); absent: the ones it has stay. */
  names: Schema.optionalWith(DeclaredNames, { exact: true })
})

export const OnboardingRequest = Schema.Struct({
  jobId: Schema.String,
  kind: JobKind,
  businessId: BusinessId,
  url: Schema.String,
  /** generate-prompts for a product: the product it is for. */
  itemId: Schema.NullOr(ItemId),
  products: Schema.Array(ProductRequest),
  maxPages: Schema.Int,
  forceRefresh: Schema.Boolean,
  regenerate: Schema.Boolean
})
export type OnboardingRequest = typeof OnboardingRequest.Type

export const Onboarding = Workflow.make({
  name: "Onboarding",
  payload: OnboardingRequest,
  idempotencyKey: (request) => request.jobId
})

/**
 * Entities of one job (so of one organization: a business runs one job at a time) checking
 * their prompts (and building their site, and scoring) at once; the others wait their turn,
 * their visibility step `pending`. Crawls and prompt generation, light and quick, all run at
 * first: a crawl queued behind checks could time out on a busy process. With the global cap
 * below, one request of 50 products cannot fill the process with checks.
 */
export const ENTITIES_IN_FLIGHT = 4

/** Analyze steps in flight across every job of the process (each checks ANALYZE_BATCH prompts). */
export const ANALYZE_STEPS_IN_FLIGHT = 8

/** An entity's steps, in order, with their planned totals. */
const entitySteps = (kind: OnboardingRequest["kind"]) => [
  { step: "crawl", total: 1 },
  { step: "prompts", total: 1 },
  { step: "visibility", total: 100 },
  { step: "score", total: 1 },
  ...(kind === "generate-all" ? [{ step: "site", total: 1 }] : [])
]

/** The steps a job shows, in order, with their planned totals. */
export const plannedSteps = (request: OnboardingRequest) => {
  const keys = request.kind === "generate-prompts"
    ? [request.itemId === null ? "business" : `product:${request.itemId}`]
    : ["business", ...request.products.map((product) => `product:${product.itemId}`)]
  return keys.flatMap((key) => entitySteps(request.kind).map(({ step, total }) => ({ name: `${key}.${step}`, total })))
}

export type PipelineStep = "generate_prompts" | "analyze_visibility" | "live_identity"

/**
 * The documented pipeline step a job step belongs to: `generate_prompts` (crawl, prompts) and
 * `analyze_visibility` (checks, score), as `generate-prompts` answers in `pipeline`, and
 * `live_identity` (the site), as `generate-all` names that process.
 */
export const pipelineStepOf = (name: string): PipelineStep => {
  const step = name.slice(name.lastIndexOf(".") + 1)
  if (step === "crawl" || step === "prompts") return "generate_prompts"
  if (step === "site") return "live_identity"
  return "analyze_visibility"
}

/** Said of a step that failed unexpectedly; the cause is in the service log. */
const INTERNAL_ERROR = "internal_error: the step failed unexpectedly; the service log has the cause"

/**
 * One step of an entity as a durable activity, in the convention the daily run follows too: a
 * failure or defect is logged with its cause (for the operator; the job only says the step
 * failed), becomes an OnboardingStepFailed, and the step is tried once more before it fails.
 */
const stepActivity = <Success extends Schema.Schema.Any, R>(jobId: string, step: {
  readonly name: string
  readonly success: Success
  readonly execute: Effect.Effect<Success["Type"], unknown, R>
}) =>
  Activity.make({
    name: step.name,
    success: step.success,
    error: OnboardingStepFailed,
    execute: step.execute.pipe(
      Effect.tapErrorCause((cause) =>
        Cause.isInterruptedOnly(cause)
          ? Effect.void
          : Effect.logError(`onboarding step ${step.name} failed`, cause).pipe(Effect.annotateLogs({ jobId }))
      ),
      failsAs((message) => new OnboardingStepFailed({ step: step.name, message }))
    )
  }).pipe(Activity.retry({ times: 1 }))

const CrawlOutcome = Schema.Struct({
  facts: PromptFacts,
  siteName: Schema.NullOr(Schema.String),
  pages: Schema.Int,
  /** Pages wanted and not read, said in the step's detail (absent in results stored before). */
  unread: Schema.optional(Schema.NullOr(Schema.String)),
  /** Why the crawl read no page, for the tenant, and its stable code. */
  error: Schema.NullOr(Schema.String),
  errorCode: Schema.optional(Schema.NullOr(Schema.String)),
  /** Where the facts come from (see `FactsSource`); absent in results stored before it was. */
  factsFrom: Schema.optional(Schema.Literal("crawl", "stored_crawl", "none")),
  storedCrawlAt: Schema.optional(Schema.NullOr(Schema.String))
})

/** Said of the steps after a crawl that read nothing, with no earlier crawl to fall back on. */
const NOTHING_TO_BUILD_FROM = "not run: the crawl read no usable page and no earlier crawl of the site is stored"

const PromptSet = Schema.Struct({
  prompts: Schema.Array(Schema.String),
  generator: Schema.String,
  reused: Schema.Boolean,
  // Added later: absent in results stored before it, and when no model wrote a prompt.
  usage: Schema.optional(ModelUsage)
})

/** The prompts step's detail: how many, by whom, and the model's tokens when one wrote any. */
const promptsDetail = (set: typeof PromptSet.Type) => {
  if (set.reused) return "current set reused"
  const tokens = set.usage === undefined ? "" : `; ${set.usage.model}: ${set.usage.promptTokens} prompt + ${set.usage.completionTokens} completion tokens`
  return `${set.prompts.length} prompts (${set.generator}${tokens})`
}

/** What one entity's process ended with: its errors, and whether it failed (or went on with stored facts). */
interface EntityOutcome {
  readonly errors: ReadonlyArray<string>
  readonly failed: boolean
}

/** One entity's process: crawl, prompts, visibility, score. */
interface EntityOptions {
  readonly ensure: boolean
  /** Completed once this entity's record exists (the business's, for its products' site addresses). */
  readonly recorded?: Deferred.Deferred<void> | undefined
  /** Awaited before the site step: a product's address derives from its business's record. */
  readonly after?: Deferred.Deferred<void> | undefined
  /** The job's turns at checking (ENTITIES_IN_FLIGHT). */
  readonly turns: Effect.Semaphore
}

const runEntity = (request: OnboardingRequest, plan: EntityPlan, options: EntityOptions, analyzeSlots: Effect.Semaphore) => {
  const key = entityKey(plan.ref)
  // Which of this entity's steps began and which were recorded as done, so a failure can close
  // every step it leaves open: the one(s) running failed, the rest never ran.
  const started = new Set<string>()
  const closed = new Set<string>()
  const begin = (step: string) => Effect.sync(() => started.add(step))
  const close = (step: string, outcome: "succeeded" | "failed" | "skipped", detail: string | null) =>
    Effect.zipRight(Effect.sync(() => closed.add(step)), completeStep(request.jobId, `${key}.${step}`, outcome, detail))
  const closeOpenSteps = Effect.forEach(entitySteps(request.kind), ({ step }) => {
    if (closed.has(step)) return Effect.void
    return started.has(step)
      ? close(step, "failed", INTERNAL_ERROR)
      : close(step, "skipped", "not run: an earlier step failed")
  }, { discard: true })
  return Effect.gen(function*() {
    const errors: Array<string> = []

    if (request.kind === "generate-all" && !request.forceRefresh) {
      // An active entity whose assets exist is left alone unless force_refresh; a deleted
      // product onboarded again is registered again (its old assets stay its history).
      const row = yield* (yield* Entities).find(plan.ref.businessId, plan.ref.itemId)
      const active = row !== undefined && row.deleted_at === null
      const prompts = yield* (yield* Prompts).currentSet(plan.ref.businessId, plan.ref.itemId)
      const score = yield* (yield* Scores).current(plan.ref.businessId, plan.ref.itemId)
      const site = yield* (yield* Sites).deployment(plan.ref.businessId, plan.ref.itemId)
      if (active && prompts !== undefined && score !== undefined && site !== undefined) {
        for (const { step } of entitySteps(request.kind)) {
          yield* close(step, "skipped", "assets exist; force_refresh recreates them")
        }
        return { errors, failed: false }
      }
    }

    yield* begin("crawl")
    const crawled = yield* stepActivity(request.jobId, {
      name: `crawl:${key}`,
      success: CrawlOutcome,
      // A product is its page and a few around it; the business is its whole site.
      execute: crawlStep(request.jobId, plan, plan.ref.itemId === null ? request.maxPages : Math.min(request.maxPages, 5))
    })
    // A crawl that read nothing fails its step. With the facts of an earlier crawl the entity
    // goes on from them (the job ends succeeded_with_errors); with none, nothing is built from
    // nothing: no prompts, checks, score or site (the job fails). The record is still made: the
    // request asked for it, and a later job with a readable address completes it.
    const factsFrom = crawled.factsFrom ?? (crawled.error === null ? "crawl" : "none")
    if (crawled.error !== null) {
      errors.push(`${key}.crawl: ${crawled.errorCode ?? "crawl_failed"}: ${crawled.error}`)
      const kept = factsFrom === "stored_crawl" ? `; the facts of the crawl of ${crawled.storedCrawlAt ?? "an earlier job"} are used` : ""
      yield* close("crawl", "failed", `${crawled.error}${kept}`)
    } else {
      // A partial crawl says so: the facts come from the pages read.
      yield* close("crawl", "succeeded", crawled.unread == null ? `${crawled.pages} pages` : `${crawled.pages} pages; ${crawled.unread}`)
    }

    yield* begin("prompts")
    if (options.ensure) {
      yield* stepActivity(request.jobId, { name: `ensure:${key}`, success: Schema.Void, execute: ensureEntityStep(request.jobId, plan, crawled.facts.name) })
    }
    if (options.recorded !== undefined) yield* Deferred.succeed(options.recorded, undefined)
    if (factsFrom === "none") {
      for (const { step } of entitySteps(request.kind)) if (!closed.has(step)) yield* close(step, "skipped", NOTHING_TO_BUILD_FROM)
      return { errors, failed: true }
    }

    // A product's prompts take its business's name and town, read once the business is recorded.
    if (plan.ref.itemId !== null && options.after !== undefined) yield* Deferred.await(options.after)
    const prompts = yield* stepActivity(request.jobId, {
      name: `prompts:${key}`,
      success: PromptSet,
      execute: Effect.flatMap(withBusinessFacts(plan, crawled.facts), (facts) => promptsStep(request.jobId, plan.ref, facts, request.regenerate || request.forceRefresh))
    })
    yield* close("prompts", "succeeded", promptsDetail(prompts))

    const entities = yield* Entities
    const row = yield* entities.find(plan.ref.businessId, plan.ref.itemId)
    const facts = {
      itemId: plan.ref.itemId,
      name: row?.name ?? crawled.facts.name,
      url: row?.source_url ?? plan.url,
      declared: row === undefined ? undefined : declaredNamesOf(row)
    }
    const total = prompts.prompts.length

    // A generate-all builds the entity's site beside its checks: the site's FAQ needs the
    // prompts, not the checks' results.
    const site = Effect.gen(function*() {
      if (request.kind !== "generate-all") return
      if (options.after !== undefined) yield* Deferred.await(options.after)
      yield* begin("site")
      const outcome = yield* stepActivity(request.jobId, { name: `site:${key}`, success: SiteOutcome, execute: siteStep(request.jobId, plan.ref) })
      if (typeof outcome === "string") return yield* close("site", "succeeded", outcome)
      // Nothing to publish is the site step's failure, with its reason; the checks and score go on.
      const reason = `${outcome.refused}: ${outcome.message}`
      errors.push(`${key}.site: ${reason}`)
      yield* close("site", "failed", reason)
    })

    const visibility = Effect.gen(function*() {
      yield* begin("visibility")
      const results = yield* analyzeInBatches({
        prompts: prompts.prompts,
        batch: (batch, offset) =>
          stepActivity(request.jobId, {
            name: `analyze:${key}:${offset}`,
            success: Schema.Array(PromptResult),
            execute: analyzeSlots.withPermits(1)(analyzeStep(request.jobId, plan.ref, facts, batch, offset))
          }),
        // A prompt with a platform left unmeasured is checked, and counted as failed too.
        progress: (counts) => progress(request.jobId, `${key}.visibility`, counts.checked, counts.unmeasured, counts.total),
        // A batch that failed twice fails the entity.
        onFailure: Effect.fail
      })
      yield* close("visibility", "succeeded", `${total} prompts checked on 8 platforms`)
      return results
    })

    yield* options.turns.withPermits(1)(Effect.gen(function*() {
      const [, results] = yield* Effect.all([site, visibility], { concurrency: 2 })
      yield* begin("score")
      const score = yield* stepActivity(request.jobId, {
        name: `score:${key}`,
        success: Schema.NullOr(Schema.Int),
        execute: scoreStep(request.jobId, plan.ref, results)
      })
      yield* close("score", "succeeded", `score ${score}`)
    }))
    return { errors, failed: false }
  }).pipe(
    // The cause (a database error, a defect) goes to the log only: the job says which step
    // failed, with a stable code.
    Effect.catchAllCause((cause) =>
      Effect.logError(`onboarding step failed for ${key}`, cause).pipe(
        Effect.annotateLogs({ jobId: request.jobId }),
        Effect.zipRight(Effect.sync(() => [...started].filter((step) => !closed.has(step)))),
        // Recording can fail too (the database is what failed): the job still finishes.
        Effect.tap(() => Effect.catchAllCause(closeOpenSteps, (cause) => Effect.logWarning("could not close the failed entity's steps", cause))),
        Effect.map((failed): EntityOutcome => ({
          errors: (failed.length === 0 ? [key] : failed.map((step) => `${key}.${step}`)).map((step) => `${step}: ${INTERNAL_ERROR}`),
          failed: true
        }))
      )
    )
  )
}

export const OnboardingLive = Layer.unwrapEffect(Effect.map(Effect.makeSemaphore(ANALYZE_STEPS_IN_FLIGHT), (analyzeSlots) => Onboarding.toLayer((request) =>
  Effect.gen(function*() {
    const journal = yield* JobJournal
    const clock = yield* WallClock
    const entities = yield* Entities
    const business = yield* entities.find(request.businessId, null)
    const turns = yield* Effect.makeSemaphore(ENTITIES_IN_FLIGHT)
    const businessPlan: EntityPlan = {
      ref: refOf(request.businessId),
      url: request.url,
      name: business?.name ?? null,
      businessName: business?.name ?? null
    }
    const productPlan = (product: (typeof request.products)[number]): EntityPlan => ({
      ref: refOf(request.businessId, product.itemId),
      url: product.url,
      name: product.name,
      businessName: business?.name ?? null,
      scopeUrl: business?.source_url ?? request.url,
      names: product.names
    })

    let outcomes: ReadonlyArray<EntityOutcome>
    if (request.kind === "generate-prompts" && request.itemId !== null) {
      const existing = yield* entities.find(request.businessId, request.itemId)
      outcomes = [yield* runEntity(request, {
        ref: refOf(request.businessId, request.itemId),
        url: existing?.source_url ?? request.url,
        name: existing?.name ?? null,
        businessName: business?.name ?? null,
        scopeUrl: business?.source_url ?? null
      }, { ensure: existing === undefined || existing.deleted_at !== null, turns }, analyzeSlots)]
    } else if (request.kind === "generate-prompts") {
      outcomes = [yield* runEntity(request, businessPlan, { ensure: true, turns }, analyzeSlots)]
    } else {
      // Every entity started, ENTITIES_IN_FLIGHT checking at a time; a product's site waits for
      // the business record its address derives from (recorded before the business checks).
      const recorded = yield* Deferred.make<void>()
      outcomes = yield* Effect.all(
        [
          runEntity(request, businessPlan, { ensure: true, recorded, turns }, analyzeSlots).pipe(Effect.ensuring(Deferred.succeed(recorded, undefined))),
          ...request.products.map((product) => runEntity(request, productPlan(product), { ensure: true, after: recorded, turns }, analyzeSlots))
        ],
        { concurrency: "unbounded" }
      )
    }

    const errors = outcomes.flatMap((outcome) => outcome.errors)
    const at = (yield* clock.now).toISOString()
    yield* journal.record(request.jobId, "finished", new JobFinished({
      jobId: request.jobId,
      outcome: outcomes.some((outcome) => outcome.failed) ? "failed" : errors.length > 0 ? "succeeded_with_errors" : "succeeded",
      errors,
      at
    }))
    yield* journal.release(request.businessId, request.jobId, yield* clock.now)
  })
)))
