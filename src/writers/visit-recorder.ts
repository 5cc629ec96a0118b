/**
 * Records visits by AI crawlers: the single writer of the `visits-*` streams. Visits are many
 * and order-free, so they bypass the entity actors and append with expected version "any"
 * (docs/architecture.md allows it for visits). Their event ids derive from the visit key
 * (`visit-events.ts`), so the server-side record and the tracking script's post of one visit
 * collapse into one event, and a retried post records nothing new. The appends go through the
 * group commit of `visit-batcher.ts`.
 */
import { Cause, Effect } from "effect"
import { hash } from "node:crypto"
import { WallClock } from "../config/wall-clock.ts"
import { detectCrawler, isSpoofedGoogleExtended } from "../domain/crawler-detection.ts"
import type { BusinessId, ItemId } from "../domain/entity-ref.ts"
import { canonicalAddress, isVerified } from "../domain/ip-ranges.ts"
import { cleanText } from "../domain/text.ts"
import { PLATFORM_NAMES, type PlatformKey } from "../domain/platforms.ts"
import {
  type BotVisitedFields,
  type PageType,
  previousMinuteKey,
  visitKeyOf,
  type VisitSource,
  visitsStreamOf
} from "../domain/visit-events.ts"
import { eventIdFor } from "../eventstore/event-id.ts"
import type { GlobalPosition } from "../eventstore/event-store.ts"
import { VisitBatcher } from "./visit-batcher.ts"

export interface VisitInput {
  readonly businessId: BusinessId
  readonly itemId: ItemId | null
  readonly pageUrl: string
  readonly pageType: PageType
  readonly pageTitle: string | null
  readonly userAgent: string
  /** The address recorded with the visit. */
  readonly ipAddress: string | null
  /** The address the request came from: the only one verification trusts. */
  readonly clientAddress: string | null
  readonly referrer: string | null
  readonly source: VisitSource
}

/** What the hosting of generated sites passes for each page it serves. */
export interface ServerSideVisit {
  readonly businessId: BusinessId
  readonly itemId: ItemId | null
  /** The page's full URL as served (`https://acme-com.sites.example/blog/2026-10-01/x/`). */
  readonly pageUrl: string
  readonly pageTitle: string | null
  /** The request's `User-Agent` header ("" when absent). */
  readonly userAgent: string
  /** The connection's address. */
  readonly ipAddress: string | null
  /** The request's `Referer` header. */
  readonly referrer: string | null
  /** Default: `blog_post` under `/blog/<...>`, `ai_site` elsewhere. */
  readonly pageType?: PageType | undefined
}

export type VisitOutcome =
  | {
    readonly status: "success"
    readonly platform_id: PlatformKey
    readonly platform_name: string
    readonly message: string
    /** Where the visit's event sits in the log (read-your-writes waits for it). */
    readonly recordedAt: GlobalPosition
    /** The visit was already recorded (the other way, or a retried post): nothing new written. */
    readonly duplicate: boolean
    readonly verified: boolean
  }
  | {
    readonly status: "ignored"
    readonly platform_id: null
    readonly platform_name: null
    readonly message: string
  }

const IGNORED_MESSAGE = "the user agent matches no AI platform; nothing was recorded"
const SPOOFED_MESSAGE = "Google-Extended is a robots.txt token that Google never sends as a user agent; nothing was recorded"

/** Node's SHA-256 for the visit keys: the domain's plain-JS one cost a twentieth of a visit's CPU. */
const sha256 = (text: string) => hash("sha256", text, "hex")

/** `/blog/<date>/<slug>/` is a post; anything else on a generated site is the site itself. */
const pageTypeOf = (pageUrl: string): PageType => {
  try {
    return /^\/blog\/[^/]+/.test(new URL(pageUrl).pathname) ? "blog_post" : "ai_site"
  } catch {
    return "ai_site"
  }
}

export class VisitRecorder extends Effect.Service<VisitRecorder>()("VisitRecorder", {
  effect: Effect.gen(function*() {
    const clock = yield* WallClock
    const { enqueue } = yield* VisitBatcher

    /**
     * Detects the crawler, verifies its address, and records the visit; ignores everything else.
     * A promise: the webhook's fast lane calls it per visit (see visit-batcher.ts).
     */
    const recordNow = async (input: VisitInput): Promise<VisitOutcome> => {
      const detection = detectCrawler(input.userAgent)
      if (detection === null) {
        return {
          status: "ignored",
          platform_id: null,
          platform_name: null,
          message: isSpoofedGoogleExtended(input.userAgent) ? SPOOFED_MESSAGE : IGNORED_MESSAGE
        }
      }
      const visitedAt = clock.unsafeNow()
      const keyInput = {
        businessId: input.businessId,
        itemId: input.itemId,
        pageUrl: input.pageUrl,
        platform: detection.platform,
        userAgent: input.userAgent
      }
      const visitKey = visitKeyOf(keyInput, visitedAt, sha256)
      const platformName = PLATFORM_NAMES[detection.platform]
      const verified = isVerified(input.clientAddress, detection.vendor)
      const event: BotVisitedFields = {
        businessId: input.businessId,
        itemId: input.itemId,
        pageUrl: input.pageUrl,
        pageType: input.pageType,
        pageTitle: input.pageTitle,
        userAgent: input.userAgent,
        ipAddress: input.ipAddress === null ? null : canonicalAddress(input.ipAddress),
        referrer: input.referrer,
        platform: detection.platform,
        platformName,
        kind: detection.kind,
        token: detection.token,
        verified,
        source: input.source,
        visitKey,
        visitedAt: visitedAt.toISOString()
      }
      const committed = await enqueue({
        event,
        eventId: eventIdFor(`visit:${visitKey}`, 0),
        streamId: visitsStreamOf(input.businessId, visitedAt),
        // Only a script post looks back: it follows the page load, never precedes it.
        lookBackId: input.source === "script" ? eventIdFor(`visit:${previousMinuteKey(keyInput, visitedAt, sha256)}`, 0) : null
      })
      return {
        status: "success",
        platform_id: detection.platform,
        platform_name: platformName,
        message: `Visit from ${platformName} recorded`,
        recordedAt: committed.position,
        duplicate: committed.duplicate,
        verified
      }
    }

    const record = (input: VisitInput): Effect.Effect<VisitOutcome> => Effect.promise(() => recordNow(input))

    /**
     * For the hosting of generated sites: records the request of a served page when it comes
     * from an AI crawler. Never fails (a failure is logged: serving the page matters more);
     * costs one detection for an ordinary visitor and, for a crawler, the wait for its batch to
     * commit (longer while earlier batches commit), so the hosting may fork it rather than wait.
     */
    const recordServerSide = (visit: ServerSideVisit): Effect.Effect<VisitOutcome | undefined> =>
      record({
        businessId: visit.businessId,
        itemId: visit.itemId,
        // Taken from the served request, not checked like a webhook body: made storable here,
        // so a stray byte in a header or path never costs the visit.
        pageUrl: cleanText(visit.pageUrl),
        pageType: visit.pageType ?? pageTypeOf(visit.pageUrl),
        pageTitle: visit.pageTitle === null ? null : cleanText(visit.pageTitle),
        userAgent: cleanText(visit.userAgent),
        ipAddress: visit.ipAddress,
        clientAddress: visit.ipAddress,
        referrer: visit.referrer === null ? null : cleanText(visit.referrer),
        source: "server"
      }).pipe(
        Effect.catchAllCause((cause) =>
          Cause.isInterruptedOnly(cause)
            ? Effect.interrupt
            // Never silent: the page was served, but a crawler's visit of it is missing.
            : Effect.as(
              Effect.logError("visits: a server-side visit was not recorded", cause).pipe(
                Effect.annotateLogs({ businessId: visit.businessId, itemId: visit.itemId ?? "" })
              ),
              undefined
            )
        )
      )

    return { record, recordNow, recordServerSide }
  }),
  dependencies: [VisitBatcher.Default]
}) {}
