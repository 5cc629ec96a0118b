/**
 * Onboarding as a durable workflow (`@effect/workflow` on the cluster's storage): `generate-all`
 * and `generate-prompts` jobs. Each step is an activity: a completed one is never run again
 * after a crash, and one in flight at the crash runs again, which the steps make harmless
 * (`onboarding-steps.ts`). The business and its products run in parallel.
 */
import { Activity, Workflow } from "@effect/workflow"
import { Deferred, Effect, Schema } from "effect"
import { JobJournal } from "../actors/job-journal.ts"
import { WallClock } from "../config/wall-clock.ts"
import { JobFinished, JobKind } from "../domain/job-events.ts"
import { PlatformKey } from "../domain/platforms.ts"
import { Entities } from "../projections/entities.ts"
import { Prompts } from "../projections/prompts.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { Scores } from "../projections/scores.ts"
import { Sites } from "../projections/sites.ts"
import { SiteBuilder } from "./site-builder.ts"
import {
  ANALYZE_BATCH,
  ANALYZE_BATCHES_IN_FLIGHT,
  analyzeStep,
  businessRefOf,
  completeStep,
  crawlStep,
  type EntityPlan,
  entityKey,
  ensureEntityStep,
  productRefOf,
  progress,
  type PromptCheckResult,
  promptsStep,
  scoreStep
} from "./onboarding-steps.ts"

export const ProductRequest = Schema.Struct({
  itemId: Schema.String,
  url: Schema.String,
  name: Schema.NullOr(Schema.String)
})

export const OnboardingRequest = Schema.Struct({
  jobId: Schema.String,
  kind: JobKind,
  businessId: Schema.String,
  url: Schema.String,
  /** generate-prompts for a product: the product it is for. */
  itemId: Schema.NullOr(Schema.String),
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

const PromptFactsSchema = Schema.Struct({
  name: Schema.String,
  kind: Schema.Literal("business", "product"),
  businessName: Schema.String,
  url: Schema.String,
  offerings: Schema.Array(Schema.String),
  category: Schema.NullOr(Schema.String),
  place: Schema.NullOr(Schema.String),
  audience: Schema.Array(Schema.String),
  keywords: Schema.Array(Schema.String)
})

const CheckResultSchema = Schema.Struct({
  prompt: Schema.String,
  flags: Schema.Record({ key: PlatformKey, value: Schema.Boolean }),
  failedPlatforms: Schema.Array(PlatformKey)
})

/** The steps a job shows, in order, with their planned totals. */
export const plannedSteps = (request: OnboardingRequest) => {
  const keys = request.kind === "generate-prompts"
    ? [request.itemId === null ? "business" : `product:${request.itemId}`]
    : ["business", ...request.products.map((product) => `product:${product.itemId}`)]
  return keys.flatMap((key) => [
    { name: `${key}.crawl`, total: 1 },
    { name: `${key}.prompts`, total: 1 },
    { name: `${key}.visibility`, total: 100 },
    { name: `${key}.score`, total: 1 },
    ...(request.kind === "generate-all" ? [{ name: `${key}.site`, total: 1 }] : [])
  ])
}

/** One entity's process: crawl, prompts, visibility, score; returns its errors. */
interface EntityOptions {
  readonly ensure: boolean
  /** Completed once this entity's record exists (the business's, for its products' site addresses). */
  readonly recorded?: Deferred.Deferred<void> | undefined
  /** Awaited before the site step: a product's address derives from its business's record. */
  readonly after?: Deferred.Deferred<void> | undefined
}

const runEntity = (request: OnboardingRequest, plan: EntityPlan, options: EntityOptions) =>
  Effect.gen(function*() {
    const key = entityKey(plan.ref)
    const errors: Array<string> = []

    if (request.kind === "generate-all" && !request.forceRefresh) {
      // An entity whose assets exist is left alone unless force_refresh.
      const prompts = yield* (yield* Prompts).currentSet(plan.ref.businessId, plan.ref.itemId)
      const score = yield* (yield* Scores).current(plan.ref.businessId, plan.ref.itemId)
      const site = yield* (yield* Sites).deployment(plan.ref.businessId, plan.ref.itemId)
      if (prompts !== undefined && score !== undefined && site !== undefined) {
        for (const step of ["crawl", "prompts", "visibility", "score", "site"]) {
          yield* completeStep(request.jobId, `${key}.${step}`, "skipped", "assets exist; force_refresh recreates them")
        }
        return errors
      }
    }

    const crawled = yield* Activity.make({
      name: `crawl:${key}`,
      success: Schema.Struct({ facts: PromptFactsSchema, siteName: Schema.NullOr(Schema.String), pages: Schema.Int, error: Schema.NullOr(Schema.String) }),
      // A product is its page and a few around it; the business is its whole site.
      execute: crawlStep(request.jobId, plan, plan.ref.itemId === null ? request.maxPages : Math.min(request.maxPages, 5))
    })
    if (crawled.error !== null) errors.push(`${key}: crawl failed: ${crawled.error}`)
    yield* completeStep(request.jobId, `${key}.crawl`, crawled.error === null ? "succeeded" : "failed", `${crawled.pages} pages`)

    if (options.ensure) {
      yield* Activity.make({ name: `ensure:${key}`, execute: ensureEntityStep(request.jobId, plan, crawled.facts.name) })
    }
    if (options.recorded !== undefined) yield* Deferred.succeed(options.recorded, undefined)

    const prompts = yield* Activity.make({
      name: `prompts:${key}`,
      success: Schema.Struct({ prompts: Schema.Array(Schema.String), generator: Schema.String, reused: Schema.Boolean }),
      execute: promptsStep(request.jobId, plan.ref, crawled.facts, request.regenerate || request.forceRefresh)
    })
    yield* completeStep(request.jobId, `${key}.prompts`, "succeeded", prompts.reused ? "current set reused" : `${prompts.prompts.length} prompts (${prompts.generator})`)

    const entities = yield* Entities
    const row = yield* entities.find(plan.ref.businessId, plan.ref.itemId)
    const facts = { itemId: plan.ref.itemId, name: row?.name ?? crawled.facts.name, url: row?.source_url ?? plan.url }
    const total = prompts.prompts.length

    // B/D: the site, beside the visibility checks (it needs the prompts for its FAQ, not the checks).
    const site = request.kind !== "generate-all" ? Effect.succeed(errors) : (options.after === undefined ? Effect.void : Deferred.await(options.after)).pipe(Effect.zipRight(Activity.make({
      name: `site:${key}`,
      success: Schema.String,
      execute: Effect.flatMap(WallClock, (clock) => clock.now).pipe(
        Effect.flatMap((now) =>
          Effect.flatMap(SiteBuilder, (builder) =>
            builder.deploy(plan.ref, {
              day: now.toISOString().slice(0, 10),
              at: now,
              force: true,
              commandId: `${request.jobId}:site:${key}`
            })
          )
        ),
        Effect.tap((deployed) => Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(deployed.position, ["sites"]))),
        Effect.map((deployed) => deployed.url),
        Effect.orDie
      )
    }))).pipe(Effect.flatMap((url) => completeStep(request.jobId, `${key}.site`, "succeeded", url)))

    const visibility = Effect.gen(function*() {
      const offsets = Array.from({ length: Math.ceil(total / ANALYZE_BATCH) }, (_, i) => i * ANALYZE_BATCH)
      let done = 0
      let failed = 0
      const batches = yield* Effect.forEach(offsets, (offset) =>
        Activity.make({
          name: `analyze:${key}:${offset}`,
          success: Schema.Array(CheckResultSchema),
          execute: analyzeStep(request.jobId, plan.ref, facts, prompts.prompts.slice(offset, offset + ANALYZE_BATCH), offset)
        }).pipe(
          Effect.tap((batch) => {
            done += batch.length
            failed += batch.filter((r) => r.failedPlatforms.length > 0).length
            return progress(request.jobId, `${key}.visibility`, done, failed, total)
          })
        ), { concurrency: ANALYZE_BATCHES_IN_FLIGHT })
      yield* completeStep(request.jobId, `${key}.visibility`, "succeeded", `${total} prompts checked on 8 platforms`)
      return batches.flat() as Array<PromptCheckResult>
    })

    const [, results] = yield* Effect.all([site, visibility], { concurrency: 2 })

    const score = yield* Activity.make({
      name: `score:${key}`,
      success: Schema.NullOr(Schema.Int),
      execute: scoreStep(request.jobId, plan.ref, results)
    })
    yield* completeStep(request.jobId, `${key}.score`, "succeeded", `score ${score}`)
    return errors
  }).pipe(
    Effect.catchAllCause((cause) =>
      Effect.logError(`onboarding step failed for ${entityKey(plan.ref)}`, cause).pipe(
        Effect.as([`${entityKey(plan.ref)}: ${cause.toString().split("\n")[0]?.slice(0, 300)}`])
      )
    )
  )

export const OnboardingLive = Onboarding.toLayer((request) =>
  Effect.gen(function*() {
    const journal = yield* JobJournal
    const clock = yield* WallClock
    const entities = yield* Entities
    const business = yield* entities.find(request.businessId, null)
    const businessPlan: EntityPlan = {
      ref: businessRefOf(request.businessId),
      url: request.url,
      name: business?.name ?? null,
      businessName: business?.name ?? null
    }
    const productPlan = (product: (typeof request.products)[number]): EntityPlan => ({
      ref: productRefOf(request.businessId, product.itemId),
      url: product.url,
      name: product.name,
      businessName: business?.name ?? null
    })

    let errors: ReadonlyArray<string>
    if (request.kind === "generate-prompts" && request.itemId !== null) {
      const existing = yield* entities.find(request.businessId, request.itemId)
      errors = yield* runEntity(request, {
        ref: productRefOf(request.businessId, request.itemId),
        url: existing?.source_url ?? request.url,
        name: existing?.name ?? null,
        businessName: business?.name ?? null
      }, { ensure: existing === undefined || existing.deleted_at !== null })
    } else if (request.kind === "generate-prompts") {
      errors = yield* runEntity(request, businessPlan, { ensure: true })
    } else {
      // Everything in parallel; a product's site waits for the business record its address derives from.
      const recorded = yield* Deferred.make<void>()
      const all = yield* Effect.all(
        [
          runEntity(request, businessPlan, { ensure: true, recorded }).pipe(Effect.ensuring(Deferred.succeed(recorded, undefined))),
          ...request.products.map((product) => runEntity(request, productPlan(product), { ensure: true, after: recorded }))
        ],
        { concurrency: "unbounded" }
      )
      errors = all.flat()
    }

    const at = (yield* clock.now).toISOString()
    yield* journal.record(request.jobId, "finished", new JobFinished({
      jobId: request.jobId,
      outcome: errors.length === 0 ? "succeeded" : "failed",
      errors,
      at
    }))
    yield* journal.release(request.businessId, request.jobId, yield* clock.now)
  })
)
