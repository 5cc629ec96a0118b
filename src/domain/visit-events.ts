/**
 * A visit by an AI crawler to a page of a tracked entity's site (docs/decisions.md, Visits).
 *
 * Visits are many and order-free, so they bypass the entity actors (docs/architecture.md
 * allows this for visits): each is appended with expected version "any" to a stream per business and
 * UTC day, `visits-<businessId>-<YYYY-MM-DD>`, which keeps every stream short.
 *
 * **A visit seen both ways is counted once.** A page of a hosted site is recorded server-side
 * from the request itself, and again when a crawler that runs JavaScript executes the tracking
 * script, which posts the same visit to the webhook. Both records get the same `visitKey`, and
 * the event id derives from it, so the second append of that id writes nothing. The key is a
 * hash of:
 * - the business and the item;
 * - the page URL reduced to host and path: scheme, port, query, fragment and trailing `/`
 *   dropped (behind a TLS proxy the hosting sees `http` while the browser reports `https`;
 *   the script's `location.href` may carry a query the server-side record leaves out);
 * - the platform and the exact user agent — not the client address: the script's request may
 *   leave from another egress address than the page fetch (crawler fleets, dual-stack), and
 *   the script sends no address at all;
 * - the UTC minute of the visit.
 *
 * **Window: the UTC minute.** A crawler fetching the same page again within the minute is
 * counted once (re-fetches that close are retries, not new visits), and the script's post,
 * which follows the page load by well under a minute, falls in the same minute — or in the
 * next one when the page was served in the last seconds of a minute. For that case the
 * recorder also treats a script post as a duplicate of a server-side record of the previous
 * minute (`previousMinuteKey`). The cost: two distinct crawler instances with one user agent
 * fetching one page within the same minute count once.
 */
import { Schema } from "effect"
import { BusinessId, ItemId } from "./entity-ref.ts"
import { PlatformKey } from "./platforms.ts"
import { sha256Hex } from "./sha256.ts"
import { storedCodec } from "./stored-event.ts"

export const PageType = Schema.Literal("website", "blog_post", "ai_site")
export type PageType = typeof PageType.Type

export const CrawlerKind = Schema.Literal("training_crawler", "search_indexer", "user_triggered_fetch")

export const VisitSource = Schema.Literal("script", "server")
export type VisitSource = typeof VisitSource.Type

export class BotVisited extends Schema.TaggedClass<BotVisited>()("BotVisited", {
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  pageUrl: Schema.String,
  pageType: PageType,
  pageTitle: Schema.NullOr(Schema.String),
  userAgent: Schema.String,
  /** As reported: the webhook's `ip_address` when given, else the connection's address. */
  ipAddress: Schema.NullOr(Schema.String),
  referrer: Schema.NullOr(Schema.String),
  platform: PlatformKey,
  platformName: Schema.String,
  kind: CrawlerKind,
  /** The user-agent token that matched (`GPTBot`). */
  token: Schema.String,
  /** The connection's address lies in the vendor's published ranges for that token. */
  verified: Schema.Boolean,
  source: VisitSource,
  visitKey: Schema.String,
  visitedAt: Schema.String
}) {}

export const VISIT_EVENT_VERSION = 1

const codec = storedCodec(BotVisited, () => VISIT_EVENT_VERSION)

export const visitToStored = codec.toStored
export const visitFromStored = codec.fromStored

/** A BotVisited's fields, as a plain object. */
export type BotVisitedFields = Omit<BotVisited, "_tag">

const { _tag: _, ...visitFields } = BotVisited.fields
const encodeFields = Schema.encodeSync(Schema.Struct(visitFields))

/**
 * The stored form of a visit built from its plain fields: what `visitToStored` gives for the
 * same event, without constructing the class (a cost per recorded visit). Encoding validates.
 */
export const visitFieldsToStored = (fields: BotVisitedFields) => ({
  type: "BotVisited" as const,
  schemaVersion: VISIT_EVENT_VERSION,
  data: encodeFields(fields)
})

/** What the daily roll-up of visits reads of one: a fifth of the event's fields. */
const CountedVisit = Schema.Struct({
  businessId: BusinessId,
  itemId: Schema.NullOr(ItemId),
  platform: PlatformKey,
  verified: Schema.Boolean,
  visitedAt: Schema.String
})
const decodeCounted = Schema.decodeUnknownSync(CountedVisit)

/**
 * Those fields of a stored BotVisited, decoded alone (the roll-up reads every visit; the whole
 * event costs several times more to decode). Every version so far has them as version 1 does.
 */
export const countedVisitOf = (stored: { readonly data: unknown }): typeof CountedVisit.Type => decodeCounted(stored.data)

/** `visits-acme-2026-10-01`: one stream per business and UTC day. */
export const visitsStreamOf = (businessId: string, visitedAt: Date): string =>
  `visits-${businessId}-${visitedAt.toISOString().slice(0, 10)}`

/** Host and path of a page, the identity of "the same page" for the visit key (see above). */
export const pageIdentity = (pageUrl: string): string => {
  try {
    const url = new URL(pageUrl.trim())
    const host = url.hostname.toLowerCase().replace(/\.$/, "")
    return `${host}${url.pathname.replace(/\/+$/, "")}`
  } catch {
    return pageUrl.trim()
  }
}

export interface VisitKeyInput {
  readonly businessId: string
  readonly itemId: string | null
  readonly pageUrl: string
  readonly platform: string
  readonly userAgent: string
}

const MINUTE_MS = 60_000

/** The UTC minute of an instant, as minutes since the epoch. */
export const minuteOf = (instant: Date): number => Math.floor(instant.getTime() / MINUTE_MS)

const keyAt = (input: VisitKeyInput, minute: number) =>
  sha256Hex([
    "visit/1",
    input.businessId,
    input.itemId ?? "",
    pageIdentity(input.pageUrl),
    input.platform,
    input.userAgent.trim(),
    String(minute)
  ].join("\u0000"))

/** The visit's key: equal for the server-side record and the script's post of one visit. */
export const visitKeyOf = (input: VisitKeyInput, visitedAt: Date): string => keyAt(input, minuteOf(visitedAt))

/** The key the same visit would have had a minute earlier (a post crossing a minute boundary). */
export const previousMinuteKey = (input: VisitKeyInput, visitedAt: Date): string => keyAt(input, minuteOf(visitedAt) - 1)
