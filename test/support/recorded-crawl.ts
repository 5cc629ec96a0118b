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
