/**
 * The steps of onboarding one entity, each safe to run again after a crash: its effects are
 * events whose ids derive from the job and the step, and commands whose ids do the same, so
 * a re-run records nothing twice. The workflow (`onboarding-workflow.ts`) makes each one a
 * durable activity.
 */
import { Effect, Option, Schema } from "effect"
import { EntityCommands } from "../actors/entity-commands.ts"
import { CommandRejected } from "../actors/tracked-entity.ts"
import { SiteHostRegistry } from "../writers/site-host-registry.ts"
import { JobJournal } from "../writers/job-journal.ts"
import { eventIdFor } from "../eventstore/event-id.ts"
import { AppConfig } from "../config/app-config.ts"
import { WallClock } from "../config/wall-clock.ts"
import {
  crawlFailedToStored,
  crawlHistory,
  crawlStreamOf,
  crawlToStored,
  MAX_PAGE_TEXT,
  SiteCrawled,
  SiteCrawlFailed
} from "../domain/crawl-events.ts"
import { CreateBusiness, RecordPrompts, RegisterProduct } from "../domain/entity-decider.ts"
import { type EntityRef, streamIdOf } from "../domain/entity-ref.ts"
import type { DeclaredNames } from "../domain/entity-names.ts"
import { JobStepCompleted, JobStepProgressed } from "../domain/job-events.ts"
import { rankingScoreFor } from "../domain/ranking-score.ts"
import { normalizeUrl, parseWebUrl, stripWwwPrefix } from "../domain/url.ts"
import { EventStore, type GlobalPosition } from "../eventstore/event-store.ts"
import { Entities } from "../projections/entities.ts"
import { Prompts } from "../projections/prompts.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { crawlSite, unreadDetail } from "./crawler/crawl-site.ts"
import { productNameOf } from "./crawler/product-name.ts"
import { factsFromPages, type PromptFacts } from "./prompts/prompt-facts.ts"
import { generatePrompts } from "./prompts/generate-prompts.ts"
import { entityKey } from "./entity-steps.ts"
import { SiteBuilder } from "./site-builder.ts"
import { cleanJson, type JsonBounds, truncateCodePoints } from "../domain/text.ts"

export interface EntityPlan {
  readonly ref: EntityRef
  /** Where the crawl starts: the business website or the product page. */
  readonly url: string
  readonly name: string | null
  readonly businessName: string | null
  /** A product's business address: the product's crawl keeps to its folder (see `crawlScopeOf`). */
  readonly scopeUrl?: string | null | undefined
  /** A product's declared names, recorded when it is registered; absent: the ones it has stay. */
  readonly names?: DeclaredNames | undefined
}

/**
 * An onboarding step that failed or died; the workflow tries it once more, then closes the step
 * as failed with a stable code (the cause itself goes to the service log, never to the job).
 */
export class OnboardingStepFailed extends Schema.TaggedError<OnboardingStepFailed>()("OnboardingStepFailed", {
  step: Schema.String,
  message: Schema.String
}) {}

const now = Effect.flatMap(WallClock, (clock) => clock.now)

export const progress = (jobId: string, step: string, done: number, failed: number, total: number) =>
  Effect.gen(function*() {
    const at = (yield* now).toISOString()
    yield* (yield* JobJournal).record(jobId, `progress:${step}:${done}`, new JobStepProgressed({ jobId, step, done, failed, total, at }))
  })

export const completeStep = (jobId: string, step: string, outcome: "succeeded" | "failed" | "skipped", detail: string | null) =>
  Effect.gen(function*() {
    const at = (yield* now).toISOString()
    yield* (yield* JobJournal).record(jobId, `complete:${step}`, new JobStepCompleted({ jobId, step, outcome, detail, at }))
  })

/** What the crawl event keeps of a page's JSON-LD block (the extractor already bounds its size). */
const JSON_LD_BOUNDS: JsonBounds = { maxDepth: 32, maxNodes: 5_000, maxStringUnits: 10_000 }

/**
 * Where the facts of an entity's prompts and site come from after its crawl: this crawl, the
 * last crawl that read pages when this one failed (the facts the tenant already has), or
 * nothing: then the entity's later steps do not run, since prompts, checks, a score or a site
 * made from a dead address would be made from nothing.
 */
export type FactsSource = "crawl" | "stored_crawl" | "none"

/** The entity's crawl stream read: its last good crawl, and a failure since. */
export const crawlHistoryOf = (ref: EntityRef) =>
  Effect.map(Effect.flatMap(EventStore, (store) => store.readStream(crawlStreamOf(ref))), crawlHistory)

/**
 * The name a crawl gives an entity with none declared: the site's name for a business; for a
 * product, what its own page calls it (a product page's site name is its maker's).
 */
const crawledNameOf = (
  kind: "business" | "product",
  crawl: Pick<SiteCrawled, "startUrl" | "siteName" | "pages">,
  businessName: string | null
): string | null => {
  if (kind === "business") return crawl.siteName
  const start = crawl.pages.find((page) => page.url === crawl.startUrl) ?? crawl.pages[0]
  return (start === undefined ? null : productNameOf(start, businessName)) ?? crawl.siteName
}

/**
 * Crawls the entity's site and records what it found (or why it read nothing); answers the
 * facts prompts are built from and where they come from, and, when the crawl failed, why (a code
 * and a message the tenant may see; the detail goes to the log).
 */
export const crawlStep = (jobId: string, plan: EntityPlan, maxPages: number) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const store = yield* EventStore
    const crawl = yield* crawlSite(plan.url, {
      maxPages,
      allowPrivate: config.crawlerAllowPrivate,
      timeoutMs: config.crawlerTimeoutMs,
      scopeFrom: plan.scopeUrl ?? undefined,
      render: Option.match(config.crawlerChromiumPath, { onNone: () => undefined, onSome: (chromiumPath) => ({ chromiumPath }) })
    }).pipe(Effect.either)
    const at = (yield* now).toISOString()
    const eventId = eventIdFor(`crawl:${jobId}:${entityKey(plan.ref)}`, 0)
    const kind = plan.ref.itemId === null ? "business" as const : "product" as const
    const hostName = URL.canParse(plan.url) ? stripWwwPrefix(new URL(plan.url).hostname) : plan.url

    if (crawl._tag === "Left") {
      const failure = crawl.left
      const code = `crawl_${failure.code}`
      // One line for the operator: the job, the host and why (the detail may name addresses).
      yield* Effect.logWarning(`crawl failed: job ${jobId}, host ${hostOf(plan.url)}, ${code}: ${failure.detail}`).pipe(
        Effect.annotateLogs({ jobId, entity: entityKey(plan.ref), host: hostOf(plan.url), code })
      )
      yield* store.append(crawlStreamOf(plan.ref), "any", [{
        eventId,
        ...crawlFailedToStored(new SiteCrawlFailed({
          businessId: plan.ref.businessId,
          itemId: plan.ref.itemId,
          startUrl: plan.url,
          jobId,
          code,
          message: failure.message,
          failedAt: at
        }))
      }]).pipe(Effect.orDie)
      const { lastGood } = yield* crawlHistoryOf(plan.ref)
      const name = plan.name ?? (lastGood === undefined ? null : crawledNameOf(kind, lastGood, plan.businessName)) ?? hostName
      return {
        facts: factsFromPages({ name, kind, businessName: plan.businessName ?? name, url: plan.url, pages: lastGood?.pages ?? [] }),
        siteName: lastGood?.siteName ?? null,
        pages: 0,
        error: failure.message,
        errorCode: code,
        factsFrom: lastGood === undefined ? "none" as const : "stored_crawl" as const,
        storedCrawlAt: lastGood?.crawledAt ?? null
      }
    }

    const { pages, siteName } = crawl.right
    const event = new SiteCrawled({
      businessId: plan.ref.businessId,
      itemId: plan.ref.itemId,
      startUrl: plan.url,
      siteName,
      pages: pages.map((page) => ({
        url: page.url,
        title: page.title,
        description: page.description,
        headings: page.headings.slice(0, 50),
        text: truncateCodePoints(page.text, MAX_PAGE_TEXT),
        // Parsed from the page as is: JSON may spell a NUL or a lone surrogate (`\u0000`), which
        // the event store refuses, so each block is deep-cleaned (and bounded) first.
        jsonLd: page.jsonLd.slice(0, 10).map((block) => cleanJson(block, JSON_LD_BOUNDS) ?? null),
        products: page.products.slice(0, 20).map((product) => ({
          name: product.name,
          description: product.description ?? null,
          url: product.url ?? null,
          price: product.price === undefined || product.price === null ? null : String(product.price),
          currency: product.currency ?? null
        })),
        // Bounded like the text: 50 items of at most 120 characters, each with its heading.
        listItems: page.listItems.slice(0, 50)
      })),
      disallowed: crawl.right.disallowed.slice(0, 200),
      crawledAt: at
    })
    const appended = yield* store.append(crawlStreamOf(plan.ref), "any", [{ eventId, ...crawlToStored(event) }]).pipe(Effect.orDie)
    // The built-in answer engine reads the pages from the documents read model: every check of
    // this entity's prompts must see them, not only those asked once the projection caught up.
    yield* Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(appended.lastPosition, ["documents"])).pipe(Effect.orDie)
    const name = plan.name ?? crawledNameOf(kind, event, plan.businessName) ?? hostName
    return {
      facts: factsFromPages({ name, kind, businessName: plan.businessName ?? name, url: plan.url, pages: event.pages }),
      siteName,
      pages: pages.length,
      unread: unreadDetail(crawl.right.unread),
      error: null,
      errorCode: null,
      factsFrom: "crawl" as const,
      storedCrawlAt: null
    }
  })

/** The host of an address, for the log; the address itself when it has none. */
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url)

/** Creates the business if it has no record yet (named from its site), or registers the product. */
export const ensureEntityStep = (jobId: string, plan: EntityPlan, name: string) =>
  Effect.gen(function*() {
    const commands = yield* EntityCommands
    const at = (yield* now).toISOString()
    if (plan.ref.itemId === null) {
      const url = Option.getOrUndefined(parseWebUrl(plan.url))
      const created = yield* Effect.either(commands.send(plan.ref, new CreateBusiness({
        businessId: plan.ref.businessId,
        businessUuid: eventIdFor(`business-uuid:${plan.ref.businessId}`, 0),
        businessName: name,
        businessUrl: url?.href ?? plan.url,
        trackingType: "business",
        identityOrgId: null,
        identityUserId: null,
        rankingScore: rankingScoreFor(url === undefined ? `business:${plan.ref.businessId}` : normalizeUrl(url)),
        at
      }), { commandId: `${jobId}:create-business` }))
      // A business that exists already is what this step wants.
      if (created._tag === "Left" && created.left.reason !== "already_exists") return yield* Effect.die(created.left)
      if (created._tag === "Right") {
        yield* caughtUp(created.right.lastPosition)
        // Its site address is taken while it is new (see site-address.ts).
        yield* (yield* SiteHostRegistry).hostFor(plan.ref)
        return
      }
      // Created before: wait for its stream's newest event. (The log's head is no bound here: it
      // leaves out events behind a transaction still open, which may be this one's.)
      const events = yield* (yield* EventStore).readStream(streamIdOf(plan.ref))
      const last = events[events.length - 1]
      if (last !== undefined) yield* caughtUp(last)
      return
    }
    const registered = yield* commands.send(plan.ref, new RegisterProduct({
      businessId: plan.ref.businessId,
      itemId: plan.ref.itemId,
      // Named as the business is: as declared, else as its crawl read it, so its site, its
      // checks and their re-judging in the read models all use the one name.
      name: plan.name ?? name,
      url: plan.url,
      at,
      ...(plan.names === undefined ? {} : { names: plan.names })
    }), { commandId: `${jobId}:register:${plan.ref.itemId}` }).pipe(Effect.orDie)
    yield* caughtUp(registered.lastPosition)
    yield* (yield* SiteHostRegistry).hostFor(plan.ref)
  })

/** The next steps read the entity from the entities read model: let it pass the entity's events. */
const caughtUp = (position: GlobalPosition) =>
  Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(position, ["entities"])).pipe(Effect.orDie)

/**
 * A product's prompt facts once its business is recorded: read with the business's name (on a
 * first onboarding the product's crawl runs before the business has one, and the product's own
 * name then stood for the business's, so its words were cut from its offerings: "Wedding Cake"
 * gave "celebration" of "celebration cake") and its town (`FactsInput.businessPlace`, read from
 * the business's last crawl that read pages as the business's own facts are). A business's facts,
 * or a product's whose crawl read nothing, are answered unchanged.
 */
export const withBusinessFacts = (plan: EntityPlan, facts: PromptFacts) =>
  Effect.gen(function*() {
    if (plan.ref.itemId === null) return facts
    const own = (yield* crawlHistoryOf(plan.ref)).lastGood
    if (own === undefined) return facts
    const businessRow = yield* (yield* Entities).find(plan.ref.businessId, null)
    const business = (yield* crawlHistoryOf({ businessId: plan.ref.businessId, itemId: null })).lastGood
    const businessName = businessRow?.name ?? plan.businessName ?? business?.siteName ?? facts.businessName
    const place = business === undefined
      ? null
      : factsFromPages({ name: businessName, kind: "business", businessName, url: business.startUrl, pages: business.pages }).place
    if (businessName === facts.businessName && (place === null || place === facts.place)) return facts
    return factsFromPages({ name: facts.name, kind: "product", businessName, url: facts.url, pages: own.pages, businessPlace: place })
  })

/** The entity's prompt set: the current one, or a new one when none exists or on request. */
export const promptsStep = (jobId: string, ref: EntityRef, facts: PromptFacts, regenerate: boolean) =>
  Effect.gen(function*() {
    const prompts = yield* Prompts
    const existing = yield* prompts.currentSet(ref.businessId, ref.itemId)
    if (existing !== undefined && !regenerate) return { prompts: existing.prompts, generator: existing.generator, reused: true }
    const config = yield* AppConfig
    const generated = yield* generatePrompts(facts, config.llm)
    const at = (yield* now).toISOString()
    const result = yield* (yield* EntityCommands).send(
      ref,
      new RecordPrompts({
        businessId: ref.businessId,
        itemId: ref.itemId,
        prompts: generated.prompts,
        generator: generated.generator,
        at,
        ...(generated.usage === undefined ? {} : { usage: generated.usage })
      }),
      { commandId: `${jobId}:prompts:${entityKey(ref)}` }
    ).pipe(Effect.orDie)
    yield* Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(result.lastPosition, ["prompts"])).pipe(Effect.orDie)
    const recorded = result.events.find((event) => event._tag === "PromptsGenerated")
    return {
      // A re-run answers the set recorded the first time, not a second generation.
      prompts: recorded?._tag === "PromptsGenerated" ? recorded.prompts : generated.prompts,
      generator: generated.generator,
      reused: false,
      ...(generated.usage === undefined ? {} : { usage: generated.usage })
    }
  })

/**
 * What the site step answers: the deployed site's URL, or why nothing was published (an entity
 * whose facts hold nothing to publish: `no_facts`). A plain string is the URL, as results stored
 * before the refusal had its own form are.
 */
export const SiteOutcome = Schema.Union(
  Schema.String,
  Schema.Struct({ refused: Schema.Literal("no_facts"), message: Schema.String })
)
export type SiteOutcome = typeof SiteOutcome.Type

/**
 * Deploys the entity's site (its FAQ from the prompts) and waits until it is served. A refusal
 * to publish from nothing is an outcome with its reason, for the job to report as it is; any
 * other failure is unexpected.
 */
export const siteStep = (jobId: string, ref: EntityRef) =>
  Effect.gen(function*() {
    const at = yield* now
    const deployed = yield* (yield* SiteBuilder).deploy(ref, {
      day: at.toISOString().slice(0, 10),
      at,
      force: true,
      commandId: `${jobId}:site:${entityKey(ref)}`
    })
    yield* (yield* ProjectionRunner).waitFor(deployed.position, ["sites"])
    return deployed.url as SiteOutcome
  }).pipe(
    Effect.catchIf(
      (failure): failure is CommandRejected => failure instanceof CommandRejected && failure.reason === "no_facts",
      (refusal) => Effect.succeed<SiteOutcome>({ refused: "no_facts", message: refusal.message })
    ),
    Effect.orDie
  )
