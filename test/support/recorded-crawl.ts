/**
 * A crawl of an entity's website recorded straight into its crawl stream, as the onboarding
 * step records one: for suites that deploy a site without running an onboarding (a site is
 * never published from nothing, so it needs a crawled page to be written from).
 */
import { Effect } from "effect"
import { crawlStreamOf, crawlToStored, SiteCrawled } from "../../src/domain/crawl-events.ts"
import type { EntityRef } from "../../src/domain/entity-ref.ts"
import { eventIdFor } from "../../src/eventstore/event-id.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import type { RunningService } from "./service.ts"

/**
 * What a small bakery's home page says besides what it is: enough facts for a day's 15 posts
 * that are not near-duplicates of each other (a post is written only from the facts, so one
 * sentence of them gives a few posts before every draft repeats one; see post-writer.ts).
 */
export const BAKERY_DETAILS = [
  "We bake sourdough bread every morning from 6am.",
  "Our country sourdough loaf is 8 dollars and our seeded rye is 9 dollars.",
  "Croissants are laminated by hand over three days with cultured butter.",
  "We bake custom birthday cakes to order with a week's notice.",
  "The shop is open Tuesday to Sunday, 7am to 3pm, and closed on Mondays.",
  "Call us at 828-555-0143 or write to hello@sunrise-bakery.example to order.",
  "You will find us at 41 Haywood Road in West Asheville.",
  "Unsold bread goes to a local food pantry at the end of each day.",
  "Gluten-free brownies are baked every Friday in a cleaned kitchen."
].join(" ")

/** A page's text: `text`, then the bakery's details. */
export const withDetails = (text: string) => `${text} ${BAKERY_DETAILS}`

/** One home page at `url` saying what the entity is. */
export const recordCrawl = (runtime: RunningService["runtime"], ref: EntityRef, url: string, text = "A small business with a website.") =>
  runtime.runPromise(Effect.gen(function*() {
    const store = yield* EventStore
    const event = new SiteCrawled({
      businessId: ref.businessId,
      itemId: ref.itemId,
      startUrl: url,
      siteName: null,
      pages: [{ url, title: "Home", description: text, headings: [], text, jsonLd: [], products: [] }],
      disallowed: [],
      crawledAt: "2026-11-20T08:00:00.000Z"
    })
    yield* store.append(crawlStreamOf(ref), "any", [{ eventId: eventIdFor(`test-crawl:${ref.businessId}:${ref.itemId ?? ""}`, 0), ...crawlToStored(event) }])
  }))
