/**
 * Builds what an entity's site renders from (facts from its latest crawl and record, FAQ
 * answering its prompts, an about text) and deploys it through the entity's actor; composes
 * and publishes its blog posts. Copy is composed offline from the facts.
 */
import { Effect, Either } from "effect"
import { EntityCommands } from "../actors/entity-commands.ts"
import { SiteHostRegistry } from "../writers/site-host-registry.ts"
import { CommandRejected } from "../actors/tracked-entity.ts"
import { AppConfig } from "../config/app-config.ts"
import { crawlFromStored, crawlStreamOf } from "../domain/crawl-events.ts"
import { DeploySite, PublishPost } from "../domain/entity-decider.ts"
import type { EntityRef } from "../domain/entity-ref.ts"
import { nestedProductSiteUrl, siteUrlOfHost } from "../domain/site-address.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { Entities } from "../projections/entities.ts"
import { Prompts } from "../projections/prompts.ts"
import { Sites } from "../projections/sites.ts"
import { composeAbout, composeFaq, composePost, dailyTopics } from "../site-generator/offline-copy.ts"
import { blogPostUrl, postSlug } from "../site-generator/site-plan.ts"
import { siteFactsFrom } from "./site-facts.ts"

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

    const latestCrawl = (ref: EntityRef) =>
      Effect.map(store.readStream(crawlStreamOf(ref)), (events) => {
        const last = events[events.length - 1]
        return last === undefined ? undefined : crawlFromStored(last)
      })

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
      const set = yield* prompts.currentSet(ref.businessId, ref.itemId)
      const faq = composeFaq(found.facts, (set?.prompts ?? []).slice(0, MAX_FAQ))
      const result = yield* commands.send(ref, new DeploySite({
        businessId: ref.businessId,
        itemId: ref.itemId,
        day: options.day,
        facts: found.facts,
        faq,
        about: composeAbout(found.facts),
        force: options.force,
        at: options.at.toISOString()
      }), { commandId: options.commandId })
      return { url: yield* siteUrlOf(ref), nestedUrl: yield* siteUrlOf(ref, "nested"), position: result.lastPosition }
    })

    /** Publishes the day's next post on a topic not yet covered that day; answers its URL. */
    const publishPost = Effect.fn("SiteBuilder.publishPost")(function*(ref: EntityRef, options: { readonly date: string; readonly at: Date }) {
      const deployment = yield* sites.deployment(ref.businessId, ref.itemId)
      if (deployment === undefined) {
        return yield* Effect.fail(new CommandRejected({ reason: "no_site", message: "the entity has no deployed site yet: update the site first" }))
      }
      const topics = dailyTopics(deployment.facts, options.date)
      for (let attempt = 0; attempt < 3; attempt++) {
        const existing = yield* sites.posts(ref.businessId, ref.itemId)
        const usedToday = new Set(existing.filter((p) => p.date === options.date).map((p) => p.topic))
        const topic = topics.find((t) => !usedToday.has(t)) ?? topics[usedToday.size % Math.max(1, topics.length)] ?? "news"
        const post = composePost(deployment.facts, topic, options.date)
        const taken = new Set(existing.map((p) => p.slug))
        let slug = postSlug(post.slug)
        for (let n = 2; taken.has(slug); n++) slug = `${postSlug(post.slug).slice(0, 56)}-${n}`
        const sent = yield* Effect.either(commands.send(ref, new PublishPost({
          businessId: ref.businessId,
          itemId: ref.itemId,
          date: options.date,
          slug,
          title: post.title,
          summary: post.summary,
          bodyParagraphs: post.bodyParagraphs,
          topic,
          at: options.at.toISOString()
        })))
        if (Either.isRight(sent)) {
          return { url: blogPostUrl(yield* siteUrlOf(ref), { date: options.date, slug }), position: sent.right.lastPosition }
        }
        // A concurrent post took this topic or slug: read again and take the next.
        if (sent.left.reason !== "already_exists") return yield* Effect.fail(sent.left)
      }
      return yield* Effect.fail(new CommandRejected({ reason: "already_exists", message: "no free topic for another post today" }))
    })

    return { deploy, publishPost, siteUrlOf, factsOf }
  }),
  dependencies: [Entities.Default, Prompts.Default, Sites.Default, SiteHostRegistry.Default, EntityCommands.Default]
}) {}
