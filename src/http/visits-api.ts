/**
 * AI-crawler visits: the public webhook the tracking script posts to, and the statistics.
 *
 * The webhook is its own group, without the Authentication middleware (decisions.md: public),
 * guarded by a per-address rate limit and answering CORS preflights, since the script posts
 * JSON cross-origin from the generated sites.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { isIpAddress } from "../domain/ip-ranges.ts"
import { PlatformKey } from "../domain/platforms.ts"
import { PageType } from "../domain/visit-events.ts"
import { Authentication } from "./authentication.ts"
import { Forbidden, NotFound, RateLimited, Unavailable } from "./errors.ts"
import { VisitWebhookGuard } from "./rate-limiter.ts"
import { OptionalItemId, Slug } from "./schemas.ts"
import { isPageUrl, MAX_IP_ADDRESS, MAX_PAGE_TITLE, MAX_PAGE_URL, MAX_REFERRER, MAX_USER_AGENT } from "./visit-payload.ts"

/** The public webhook the tracking script posts visits to. */
export const VISIT_WEBHOOK_PATH = "/api/ai-recommendation-store"

const textUpTo = (max: number) => Schema.String.pipe(Schema.maxLength(max, { message: () => `expected at most ${max} characters` }))

const PageUrl = textUpTo(MAX_PAGE_URL).pipe(Schema.filter((value) => isPageUrl(value) || "expected an absolute http(s) URL"))

const IpAddress = textUpTo(MAX_IP_ADDRESS).pipe(Schema.filter((value) => isIpAddress(value) || "expected an IPv4 or IPv6 address"))

const optionalText = (max: number) => Schema.optional(Schema.NullOr(textUpTo(max)))

export class RecordVisitRequest extends Schema.Class<RecordVisitRequest>("RecordVisitRequest")({
  business_id: Slug,
  item_id: OptionalItemId,
  page_url: PageUrl,
  page_type: Schema.optionalWith(PageType, { nullable: true, default: () => "ai_site" as const }),
  page_title: optionalText(MAX_PAGE_TITLE),
  user_agent: textUpTo(MAX_USER_AGENT).pipe(Schema.minLength(1, { message: () => "expected a user agent" })),
  ip_address: Schema.optional(Schema.NullOr(IpAddress)),
  referrer: optionalText(MAX_REFERRER)
}) {}

export class RecordVisitResponse extends Schema.Class<RecordVisitResponse>("RecordVisitResponse")({
  status: Schema.Literal("success", "ignored"),
  platform_id: Schema.NullOr(PlatformKey),
  platform_name: Schema.NullOr(Schema.String),
  message: Schema.String
}) {}

const PlatformVisits = Schema.Struct({ total_visits: Schema.Int })

export class BotVisitStats extends Schema.Class<BotVisitStats>("BotVisitStats")({
  business_id: Schema.String,
  item_id: Schema.NullOr(Schema.String),
  total_visits: Schema.Int,
  unique_platforms: Schema.Int,
  platforms: Schema.Struct({
    ai_platform_1: PlatformVisits,
    ai_platform_2: PlatformVisits,
    ai_platform_3: PlatformVisits,
    ai_platform_4: PlatformVisits,
    ai_platform_5: PlatformVisits,
    ai_platform_6: PlatformVisits,
    ai_platform_7: PlatformVisits,
    ai_platform_8: PlatformVisits
  }),
  period_start: Schema.String,
  period_end: Schema.String
}) {}

const DAYS_MESSAGE = "expected an integer from 1 to 365"

/** `days`: digits only (no `7.0`, `1e2`, ` 7`), 1 to 365. */
const Days = Schema.compose(
  Schema.String.pipe(Schema.pattern(/^[0-9]{1,6}$/, { message: () => DAYS_MESSAGE })),
  Schema.NumberFromString
).pipe(Schema.filter((n) => (Number.isInteger(n) && n >= 1 && n <= 365) || DAYS_MESSAGE))

export class VisitWebhookApi extends HttpApiGroup.make("visitWebhook")
  .add(
    HttpApiEndpoint.post("recordVisit", VISIT_WEBHOOK_PATH)
      .setPayload(RecordVisitRequest)
      .addSuccess(RecordVisitResponse)
      .addError(NotFound)
      .addError(RateLimited)
      .addError(Unavailable)
      .middleware(VisitWebhookGuard)
  )
  .add(
    HttpApiEndpoint.options("recordVisitPreflight", VISIT_WEBHOOK_PATH)
      .addSuccess(HttpApiSchema.NoContent)
      .annotate(OpenApi.Exclude, true)
  )
  .annotate(OpenApi.Description, "Public: the tracking script of the generated sites reports AI-crawler visits here.")
{}

export class BotVisitsApi extends HttpApiGroup.make("botVisits")
  .add(
    HttpApiEndpoint.get("botVisitStats", "/api/bot-visits/:business_id/stats")
      .setPath(Schema.Struct({ business_id: Slug }))
      .setUrlParams(Schema.Struct({ item_id: Schema.optional(Slug), days: Schema.optional(Days) }))
      .addSuccess(BotVisitStats)
  )
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Unavailable)
  .middleware(Authentication)
{}
