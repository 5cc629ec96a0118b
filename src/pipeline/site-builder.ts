/**
 * Builds what an entity's site renders from (facts from its latest crawl and record, FAQ
 * answering its prompts, an about text) and deploys it through the entity's actor; composes
 * and publishes its blog posts. Copy is composed offline from the facts; with `LLM_*` set the
 * model writes it from a fact sheet, fact-checked piece by piece (llm-site-copy.ts).
 */
import { Effect, Either } from "effect"
import { EntityCommands } from "../actors/entity-commands.ts"
import { SiteHostRegistry } from "../writers/site-host-registry.ts"
import { CommandRejected } from "../actors/tracked-entity.ts"
import { AppConfig } from "../config/app-config.ts"
import { crawlHistory, crawlStreamOf } from "../domain/crawl-events.ts"
import { DeploySite, PublishPost } from "../domain/entity-decider.ts"
import type { EntityRef } from "../domain/entity-ref.ts"
import { nestedProductSiteUrl, siteUrlOfHost } from "../domain/site-address.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { Entities } from "../projections/entities.ts"
import { Prompts } from "../projections/prompts.ts"
import { Sites } from "../projections/sites.ts"
import { composeAbout } from "../site-generator/about-copy.ts"
import { composeFaq } from "../site-generator/faq-copy.ts"
import { planPost, SIMILARITY_LIMIT } from "../site-generator/post-writer.ts"
import { blogPostUrl } from "../site-generator/site-plan.ts"
import { utcDay } from "../domain/calendar-date.ts"
import { writePost } from "./llm-copywriter.ts"
import { writeSiteCopy, type WrittenSiteCopy } from "./llm-site-copy.ts"
import { hasFacts, siteFactsFrom } from "./site-facts.ts"

const MAX_FAQ = 30

/** One deployment per entity per UTC day: the cron endpoint and the daily run send this same command. */
export const dailyDeployCommandId = (ref: EntityRef, day: string) => `site:${ref.businessId}:${ref.itemId ?? ""}:${day}`

export class SiteBuilder extends Effect.Service<SiteBuilder>()("SiteBuilder", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const store = yield* EventStore
    const entities = yield* Entities
    const prompts = yield* Prompts
    const sites = yield* Sites
    const commands = yield* EntityCommands
    const registry = yield* SiteHostRegistry
    const settings = { scheme: config.sitesScheme, domain: config.sitesDomain }

    /**
     * The deployment URL from the entity's registered host name (claimed when it has none yet):
     * `<host>.<domain>`, or a product's nested `<item>.<business host>.<domain>`.
     */
    const siteUrlOf = (ref: EntityRef, form: "dashed" | "nested" = "dashed") =>
      Effect.gen(function*() {
        if (form === "nested" && ref.itemId !== null) {
          const businessHost = yield* registry.hostFor({ businessId: ref.businessId, itemId: null })
          if (businessHost === undefined) return yield* Effect.dieMessage(`business ${ref.businessId} has no record`)
          return nestedProductSiteUrl(settings, businessHost, ref.itemId)
        }
        const host = yield* registry.hostFor(ref)
        if (host === undefined) return yield* Effect.dieMessage(`business ${ref.businessId} has no record`)
        return siteUrlOfHost(settings, host)
      })

    // The last crawl that read pages: a crawl that failed since is no fact (crawl-events.ts).
    const latestCrawl = (ref: EntityRef) => Effect.map(store.readStream(crawlStreamOf(ref)), (events) => crawlHistory(events).lastGood)

    const factsOf = (ref: EntityRef) =>
      Effect.gen(function*() {
        const row = yield* entities.find(ref.businessId, ref.itemId)
        if (row === undefined || row.deleted_at !== null) return undefined
        const business = ref.itemId === null ? row : yield* entities.find(ref.businessId, null)
        const crawl = yield* latestCrawl(ref)
        const name = row.name ?? crawl?.siteName ?? ref.itemId ?? ref.businessId
        const businessName = business?.name ?? name
        const sourceUrl = row.source_url ?? crawl?.startUrl ?? ""
        const facts = siteFactsFrom({ name, businessName, kind: ref.itemId === null ? "business" : "product", sourceUrl, crawl })
        return { facts, businessUrl: business?.source_url ?? null }
      })

    /** Deploys the entity's site for `day` (once a day unless forced); answers its URL. */
    const deploy = Effect.fn("SiteBuilder.deploy")(function*(ref: EntityRef, options: { readonly day: string; readonly at: Date; readonly force: boolean; readonly commandId: string }) {
      const found = yield* factsOf(ref)
      if (found === undefined) return yield* Effect.fail(new CommandRejected({ reason: "not_found", message: "entity not found" }))
      if (!hasFacts(found.facts)) {
        return yield* Effect.fail(new CommandRejected({
          reason: "no_facts",
          message: "nothing to publish: no text was crawled from the website (none of the pages the site is built from has any) and the entity has no description; onboard it again once its website can be read"
        }))
      }
      const set = yield* prompts.currentSet(ref.businessId, ref.itemId)
      const builtin = { faq: composeFaq(found.facts, (set?.prompts ?? []).slice(0, MAX_FAQ)), about: composeAbout(found.facts) }
      // The day's deployment is kept unless forced (the decider): the model is not asked for copy
      // that would not be used.
      const current = options.force ? undefined : yield* sites.deployment(ref.businessId, ref.itemId)
      const copy: WrittenSiteCopy = current?.day === options.day ? builtin : yield* writeSiteCopy(config.llm, found.facts, builtin)
      const result = yield* commands.send(ref, new DeploySite({
        businessId: ref.businessId,
        itemId: ref.itemId,
        day: options.day,
        facts: found.facts,
        faq: copy.faq,
        about: copy.about,
        force: options.force,
        at: options.at.toISOString(),
        ...(copy.writing === undefined ? {} : { writing: copy.writing })
      }), { commandId: options.commandId })
      return { url: yield* siteUrlOf(ref), nestedUrl: yield* siteUrlOf(ref, "nested"), position: result.lastPosition }
    })

    /**
     * Publishes the entity's next post (post-writer.ts: the prompt it is least visible for that
     * has had the fewest posts, at its next angle), written by the model when `LLM_*` is set
     * (fact-checked, the built-in writer otherwise) and dated the UTC day it is written, `at`:
     * never backdated. Answers its URL.
     */
    const publishPost = Effect.fn("SiteBuilder.publishPost")(function*(ref: EntityRef, options: { readonly at: Date }) {
      const date = utcDay(options.at)
      const deployment = yield* sites.deployment(ref.businessId, ref.itemId)
      if (deployment === undefined) {
        return yield* Effect.fail(new CommandRejected({ reason: "no_site", message: "the entity has no deployed site yet: update the site first" }))
      }
      const set = yield* prompts.currentSet(ref.businessId, ref.itemId)
      const checks = yield* prompts.latestChecks(ref.businessId, ref.itemId)
      for (let attempt = 0; attempt < 3; attempt++) {
        const existing = yield* sites.posts(ref.businessId, ref.itemId)
        const planned = planPost({ facts: deployment.facts, prompts: set?.prompts ?? [], checks, posts: existing, date })
        // Every draft of every prompt repeats a recent post: fewer posts rather than a near-duplicate.
        if (planned.similarity >= SIMILARITY_LIMIT) {
          return yield* Effect.fail(new CommandRejected({
            reason: "already_exists",
            message: `no post published: every draft for the entity's prompts is at least ${SIMILARITY_LIMIT} similar to one of its posts of the last month (the least, ${planned.similarity.toFixed(2)}); its facts say nothing new yet`
          }))
        }
        const written = yield* writePost(config.llm, deployment.facts, planned, existing)
        const sent = yield* Effect.either(commands.send(ref, new PublishPost({
          businessId: ref.businessId,
          itemId: ref.itemId,
          date,
          slug: written.post.slug,
          title: written.post.title,
          summary: written.post.summary,
          bodyParagraphs: written.post.bodyParagraphs,
          topic: planned.prompt,
          angle: planned.angle,
          writing: written.writing,
          at: options.at.toISOString()
        })))
        if (Either.isRight(sent)) {
          return { url: blogPostUrl(yield* siteUrlOf(ref), { date, slug: written.post.slug }), position: sent.right.lastPosition }
        }
        // A concurrent post took this prompt or slug: read again and take the next.
        if (sent.left.reason !== "already_exists") return yield* Effect.fail(sent.left)
      }
      return yield* Effect.fail(new CommandRejected({ reason: "already_exists", message: "no free topic for another post today" }))
    })

    return { deploy, publishPost, siteUrlOf, factsOf }
  }),
  dependencies: [Entities.Default, Prompts.Default, Sites.Default, SiteHostRegistry.Default, EntityCommands.Default]
}) {}
