import { HttpApiBuilder } from "@effect/platform"
import { Effect, Either, Option } from "effect"
import { randomUUID } from "node:crypto"
import { JobJournal } from "../writers/job-journal.ts"
import { EntityCommands } from "../actors/entity-commands.ts"
import { WallClock } from "../config/wall-clock.ts"
import { JobQueued } from "../domain/job-events.ts"
import { DeclareNames } from "../domain/entity-decider.ts"
import { cleanDeclaredNames, type DeclaredNames } from "../domain/entity-names.ts"
import { type BusinessId, type ItemId, refOf } from "../domain/entity-ref.ts"
import { parseWebUrl } from "../domain/url.ts"
import { Onboarding, type OnboardingRequest, pipelineStepOf, plannedSteps } from "../pipeline/onboarding-workflow.ts"
import { ScoreRevision } from "../pipeline/score-revision.ts"
import { declaredNamesOf, Entities } from "../projections/entities.ts"
import { Jobs } from "../projections/jobs.ts"
import { Prompts } from "../projections/prompts.ts"
import { SightlineApi } from "./api.ts"
import { requireOrganization } from "./authorize.ts"
import { badRequest, notFound, Unavailable } from "./errors.ts"
import { GenerateAllResponse, GeneratePromptsResponse, JobResponse } from "./pipeline-api.ts"
import { awaitProjections } from "./read-your-writes.ts"

const webUrl = (field: string, value: string) =>
  Option.match(parseWebUrl(value), {
    onNone: () => Effect.fail(badRequest(`${field}: expected an http(s) web address`)),
    onSome: (url) => Effect.succeed(url.href)
  })

export const PipelineHandlers = HttpApiBuilder.group(SightlineApi, "pipeline", (handlers) =>
  Effect.gen(function*() {
    const journal = yield* JobJournal
    const jobs = yield* Jobs
    const prompts = yield* Prompts
    const clock = yield* WallClock
    const commands = yield* EntityCommands
    const entities = yield* Entities
    const revision = yield* ScoreRevision

    /**
     * A product's names as the request declares them (a list left out keeps the product's own),
     * or undefined when it declares none, and whether the product is tracked already.
     */
    const productNames = (
      businessId: BusinessId,
      product: { readonly item_id: ItemId; readonly aliases?: ReadonlyArray<string> | undefined; readonly not_aliases?: ReadonlyArray<string> | undefined }
    ) =>
      Effect.gen(function*() {
        if (product.aliases === undefined && product.not_aliases === undefined) return undefined
        const row = yield* entities.find(businessId, product.item_id)
        const current = row === undefined ? undefined : declaredNamesOf(row)
        const field = `products.${product.item_id}`
        const names = cleanDeclaredNames(
          product.aliases ?? current?.aliases ?? [],
          product.not_aliases ?? current?.notAliases ?? [],
          { aliases: `${field}.aliases`, notAliases: `${field}.not_aliases` }
        )
        if (Either.isLeft(names)) return yield* Effect.fail(badRequest(names.left))
        return { names: names.right satisfies DeclaredNames, tracked: row !== undefined && row.deleted_at === null }
      })

    /**
     * Records the names of a product that is tracked already, before its job: the job may skip it
     * (its assets exist). A new product gets them when the job registers it. True when recorded.
     */
    const declareNow = (businessId: BusinessId, itemId: ItemId, names: DeclaredNames) =>
      Effect.gen(function*() {
        const ref = refOf(businessId, itemId)
        const now = yield* clock.now
        const sent = yield* commands.send(ref, new DeclareNames({ ...ref, ...names, at: now.toISOString() })).pipe(
          // Deleted meanwhile: its registration in the job records the names. The names are
          // clean, so nothing else but the service failing can refuse them.
          Effect.catchTag("CommandRejected", (rejected) =>
            rejected.reason === "not_found"
              ? Effect.void
              : rejected.reason === "unavailable"
              ? Effect.fail(new Unavailable({ status: "error", code: "unavailable", message: "the service cannot answer right now; retry" }))
              : Effect.die(rejected))
        )
        // The job's checks read the names from the read model.
        if (sent !== undefined) yield* awaitProjections(sent.lastPosition, ["entities"])
        // Other names: the product's scores are derived again from their checks, in the background.
        if (sent !== undefined && sent.events.length > 0) yield* revision.request(ref)
        return sent !== undefined
      })

    /**
     * Starts the onboarding job for a business, or answers the one already running for it.
     * The job is queued (and readable) before the workflow starts; the workflow's
     * idempotency key is the job id, so starting it again is harmless.
     */
    const start = (request: Omit<OnboardingRequest, "jobId">) =>
      Effect.gen(function*() {
        const now = yield* clock.now
        const claim = yield* journal.claim(request.businessId, randomUUID(), now)
        if (!claim.started) return claim.jobId
        const payload: OnboardingRequest = { ...request, jobId: claim.jobId }
        const queued = yield* journal.record(claim.jobId, "queued", new JobQueued({
          jobId: claim.jobId,
          kind: request.kind,
          businessId: request.businessId,
          request: payload,
          steps: plannedSteps(payload),
          queuedAt: now.toISOString()
        }))
        yield* Onboarding.execute(payload, { discard: true })
        yield* awaitProjections(queued.lastPosition, ["jobs"])
        return claim.jobId
      })

    return handlers
      .handle("generateAll", ({ payload }) =>
        Effect.gen(function*() {
          yield* requireOrganization(payload.org_slug, "write")
          const url = yield* webUrl("url", payload.url)
          const products = payload.products ?? []
          const ids = new Set<string>()
          for (const product of products) {
            if (ids.has(product.item_id)) return yield* Effect.fail(badRequest(`products: item_id ${product.item_id} appears twice`))
            ids.add(product.item_id)
          }
          const urls = yield* Effect.forEach(products, (product) => webUrl(`products.${product.item_id}.url`, product.url))
          // Every product's names are checked before any is recorded: a 400 records nothing.
          const declared = yield* Effect.forEach(products, (product) => productNames(payload.org_slug, product))
          // Names recorded here are not given to the job too: its registration would record them
          // again when it runs, over any names declared after this request.
          const recordedNow = new Set<string>()
          for (const [i, product] of products.entries()) {
            const given = declared[i]
            if (given?.tracked === true && (yield* declareNow(payload.org_slug, product.item_id, given.names))) recordedNow.add(product.item_id)
          }
          const checked = products.map((product, i) => {
            const given = declared[i]
            return {
              itemId: product.item_id,
              url: urls[i]!,
              name: product.name ?? null,
              ...(given === undefined || recordedNow.has(product.item_id) ? {} : { names: given.names })
            }
          })
          const jobId = yield* start({
            kind: "generate-all",
            businessId: payload.org_slug,
            url,
            itemId: null,
            products: checked,
            maxPages: payload.max_pages ?? 50,
            forceRefresh: payload.force_refresh ?? false,
            regenerate: false
          })
          return new GenerateAllResponse({
            status: "accepted",
            message: `Onboarding of ${payload.org_slug} started: prompts, visibility and sites run in the background; follow job ${jobId}`,
            processes: {
              business: { prompts_visibility: true, live_identity: true },
              products: products.map((product) => ({ item_id: product.item_id, prompts_visibility: true, live_identity: true }))
            },
            job_id: jobId
          })
        }))
      .handle("generatePrompts", ({ payload }) =>
        Effect.gen(function*() {
          yield* requireOrganization(payload.org_slug, "write")
          const url = yield* webUrl("url", payload.url)
          const jobId = yield* start({
            kind: "generate-prompts",
            businessId: payload.org_slug,
            url,
            itemId: payload.item_id ?? null,
            products: [],
            maxPages: payload.max_pages ?? 50,
            forceRefresh: false,
            regenerate: payload.regenerate ?? false
          })
          return new GeneratePromptsResponse({
            status: "accepted",
            message: `Prompt generation and visibility analysis of ${payload.org_slug} started; follow job ${jobId}`,
            pipeline: ["generate_prompts", "analyze_visibility"],
            job_id: jobId
          })
        }))
      .handle("job", ({ path }) =>
        Effect.gen(function*() {
          const job = yield* jobs.find(path.job_id)
          if (job === undefined) return yield* Effect.fail(notFound("job_not_found", `job ${path.job_id} not found`))
          yield* requireOrganization(job.business_id, "read")
          return new JobResponse({
            job_id: job.job_id,
            kind: job.kind,
            business_id: job.business_id,
            state: job.state as JobResponse["state"],
            steps: job.steps.map((step) => ({
              name: step.step,
              pipeline_step: pipelineStepOf(step.step),
              state: step.state,
              done: step.done,
              failed: step.failed,
              total: step.total,
              detail: step.detail
            })),
            progress: {
              done: job.steps.reduce((sum, step) => sum + step.done, 0),
              total: job.steps.reduce((sum, step) => sum + step.total, 0)
            },
            errors: job.errors,
            engines: yield* prompts.enginesOfJob(job.job_id),
            created_at: job.created_at.toISOString(),
            updated_at: job.updated_at.toISOString()
          })
        }))
  }))
