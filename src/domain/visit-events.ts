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
import { isSlug } from "./slug.ts"
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

const PAGE_TYPES: ReadonlySet<unknown> = new Set(PageType.literals)
const CRAWLER_KINDS: ReadonlySet<unknown> = new Set(CrawlerKind.literals)
const VISIT_SOURCES: ReadonlySet<unknown> = new Set(VisitSource.literals)
const PLATFORMS: ReadonlySet<unknown> = new Set(PlatformKey.literals)
const isText = (value: unknown): value is string => typeof value === "string"
const isTextOrNull = (value: unknown) => value === null || typeof value === "string"
const isSlugText = (value: unknown) => typeof value === "string" && isSlug(value)

/**
 * The field of a visit that its schema would refuse, if any: the schema's rules as plain
 * predicates (test/domain/visit-events.test.ts holds the two to the same verdicts). Every
 * recorded visit and every counted one passes here, and the schema's encoder and decoder cost
 * a tenth of a visit's CPU for what these few comparisons decide.
 */
const refusedField = (fields: Readonly<Record<string, unknown>>): string | undefined => {
  if (!isSlugText(fields.businessId)) return "businessId"
  if (!(fields.itemId === null || isSlugText(fields.itemId))) return "itemId"
  if (!isText(fields.pageUrl)) return "pageUrl"
  if (!PAGE_TYPES.has(fields.pageType)) return "pageType"
  if (!isTextOrNull(fields.pageTitle)) return "pageTitle"
  if (!isText(fields.userAgent)) return "userAgent"
  if (!isTextOrNull(fields.ipAddress)) return "ipAddress"
  if (!isTextOrNull(fields.referrer)) return "referrer"
  if (!PLATFORMS.has(fields.platform)) return "platform"
  if (!isText(fields.platformName)) return "platformName"
  if (!CRAWLER_KINDS.has(fields.kind)) return "kind"
  if (!isText(fields.token)) return "token"
  if (typeof fields.verified !== "boolean") return "verified"
  if (!VISIT_SOURCES.has(fields.source)) return "source"
  if (!isText(fields.visitKey)) return "visitKey"
  if (!isText(fields.visitedAt)) return "visitedAt"
  return undefined
}

/**
 * The stored form of a visit built from its plain fields: what `visitToStored` gives for the
 * same event (every field is stored as it is: strings, nulls, a boolean), without constructing
 * the class or running its schema. Throws on a field the schema would refuse.
 */
export const visitFieldsToStored = (fields: BotVisitedFields) => {
  const refused = refusedField(fields as unknown as Record<string, unknown>)
  if (refused !== undefined) throw new Error(`BotVisited: ${refused} is not valid`)
  return {
    type: "BotVisited" as const,
    schemaVersion: VISIT_EVENT_VERSION,
    // Only the schema's fields, as its encoder leaves them.
    data: {
      businessId: fields.businessId,
      itemId: fields.itemId,
      pageUrl: fields.pageUrl,
      pageType: fields.pageType,
      pageTitle: fields.pageTitle,
      userAgent: fields.userAgent,
      ipAddress: fields.ipAddress,
      referrer: fields.referrer,
      platform: fields.platform,
      platformName: fields.platformName,
      kind: fields.kind,
      token: fields.token,
      verified: fields.verified,
      source: fields.source,
      visitKey: fields.visitKey,
      visitedAt: fields.visitedAt
    }
  }
}

/** What the daily roll-up of visits reads of one: a fifth of the event's fields. */
export interface CountedVisit {
  readonly businessId: BusinessId
  readonly itemId: ItemId | null
  readonly platform: PlatformKey
  readonly verified: boolean
  readonly visitedAt: string
}

/** The fields of a visit's data `countedVisitOf` reads: all a reader of counts needs. */
export const COUNTED_VISIT_FIELDS = ["businessId", "itemId", "platform", "verified", "visitedAt"] as const

/**
 * Those fields of a stored BotVisited, checked as its schema checks them (the roll-up reads
 * every visit; decoding the whole event cost several times more). Every version so far has them
 * as version 1 does. Throws on a field the schema would refuse.
 */
export const countedVisitOf = (stored: { readonly data: unknown }): CountedVisit => {
  const data = stored.data as Record<string, unknown> | null
  if (typeof data !== "object" || data === null) throw new Error("BotVisited: the stored data is not an object")
  const { businessId, itemId, platform, verified, visitedAt } = data
  if (!isSlugText(businessId)) throw new Error("BotVisited: businessId is not valid")
  if (!(itemId === null || isSlugText(itemId))) throw new Error("BotVisited: itemId is not valid")
  if (!PLATFORMS.has(platform)) throw new Error("BotVisited: platform is not valid")
  if (typeof verified !== "boolean") throw new Error("BotVisited: verified is not valid")
  if (!isText(visitedAt)) throw new Error("BotVisited: visitedAt is not valid")
  return {
    businessId: businessId as BusinessId,
    itemId: itemId as ItemId | null,
    platform: platform as PlatformKey,
    verified,
    visitedAt
  }
}

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

/** SHA-256 of a text's UTF-8 bytes as 64 lower-case hex characters (`sha256Hex`, or the platform's own). */
export type Sha256Hex = (text: string) => string

const keyAt = (input: VisitKeyInput, minute: number, hash: Sha256Hex) =>
  hash([
    "visit/1",
    input.businessId,
    input.itemId ?? "",
    pageIdentity(input.pageUrl),
    input.platform,
    input.userAgent.trim(),
    String(minute)
  ].join("\u0000"))

/**
 * The visit's key: equal for the server-side record and the script's post of one visit. `hash`
 * must be SHA-256 (the recorder passes node's, several times faster than this plain-JS one).
 */
export const visitKeyOf = (input: VisitKeyInput, visitedAt: Date, hash: Sha256Hex = sha256Hex): string =>
  keyAt(input, minuteOf(visitedAt), hash)

/** The key the same visit would have had a minute earlier (a post crossing a minute boundary). */
export const previousMinuteKey = (input: VisitKeyInput, visitedAt: Date, hash: Sha256Hex = sha256Hex): string =>
  keyAt(input, minuteOf(visitedAt) - 1, hash)
