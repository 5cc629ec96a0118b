/**
 * AI-crawler visits: the public webhook the tracking script posts to, and the statistics.
 *
 * The webhook is its own group, without the Authentication middleware (docs/decisions.md: public),
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
import { operation } from "./openapi-document.ts"
import { VisitWebhookGuard } from "./rate-limiter.ts"
import { BusinessSlug, OptionalItemId, OptionalItemParam } from "./schemas.ts"
import { isPageUrl, MAX_IP_ADDRESS, MAX_PAGE_TITLE, MAX_PAGE_URL, MAX_REFERRER, MAX_USER_AGENT } from "./fast-lane/visit-payload.ts"

/** The public webhook the tracking script posts visits to. */
export const VISIT_WEBHOOK_PATH = "/api/ai-recommendation-store"

const textUpTo = (max: number) => Schema.String.pipe(Schema.maxLength(max, { message: () => `expected at most ${max} characters` }))

const PageUrl = textUpTo(MAX_PAGE_URL).pipe(Schema.filter((value) => isPageUrl(value) || "expected an absolute http(s) URL"))

const IpAddress = textUpTo(MAX_IP_ADDRESS).pipe(Schema.filter((value) => isIpAddress(value) || "expected an IPv4 or IPv6 address"))

const optionalText = (max: number, example: string) => Schema.optional(Schema.NullOr(textUpTo(max)).annotations({ examples: [example] }))

export class RecordVisitRequest extends Schema.Class<RecordVisitRequest>("RecordVisitRequest")({
  business_id: BusinessSlug,
  item_id: OptionalItemId,
  // A filter is left out of the OpenAPI schema (with its example) unless it has a jsonSchema annotation.
  page_url: PageUrl.annotations({
    description: "The visited page, an absolute http(s) URL.",
    examples: ["https://bluedoorbakery-example.sites.example.com/menu/"],
    jsonSchema: {}
  }),
  page_type: Schema.optionalWith(PageType, { nullable: true, default: () => "ai_site" as const }),
  page_title: optionalText(MAX_PAGE_TITLE, "Menu | Blue Door Bakery"),
  user_agent: textUpTo(MAX_USER_AGENT).pipe(Schema.minLength(1, { message: () => "expected a user agent" })).annotations({
    description: "The visitor's User-Agent, as the tracking script saw it.",
    examples: ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot"]
  }),
  ip_address: Schema.optional(Schema.NullOr(IpAddress).annotations({
    description: "Informational: verification uses the connection's address only.",
    examples: ["20.171.207.12"]
  })),
  referrer: optionalText(MAX_REFERRER, "https://chatgpt.com/")
}) {}

export class RecordVisitResponse extends Schema.Class<RecordVisitResponse>("RecordVisitResponse")({
  status: Schema.Literal("success", "ignored"),
  platform_id: Schema.NullOr(PlatformKey).annotations({ examples: ["ai_platform_1"] }),
  platform_name: Schema.NullOr(Schema.String).annotations({ examples: ["ChatGPT"] }),
  message: Schema.String.annotations({ examples: ["Visit from ChatGPT recorded"] })
}) {}

const PlatformVisits = Schema.Struct({ total_visits: Schema.Int })

export class BotVisitStats extends Schema.Class<BotVisitStats>("BotVisitStats")({
  business_id: Schema.String.annotations({ examples: ["blue-door-bakery"] }),
  item_id: Schema.NullOr(Schema.String).annotations({ examples: [null] }),
  total_visits: Schema.Int.annotations({ examples: [128] }),
  unique_platforms: Schema.Int.annotations({ examples: [4] }),
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
  period_start: Schema.String.annotations({ examples: ["2026-10-30T00:00:00.000Z"] }),
  period_end: Schema.String.annotations({ examples: ["2026-11-05T14:03:27.512Z"] })
}) {}

const DAYS_MESSAGE = "expected an integer from 1 to 365"

/** `days`: digits only (no `7.0`, `1e2`, ` 7`), 1 to 365. */
const Days = Schema.compose(
  Schema.String.pipe(Schema.pattern(/^[0-9]{1,6}$/, {
    message: () => DAYS_MESSAGE,
    description: "How many UTC days to count, today included: 1 to 365 (default 7).",
    examples: ["30"]
  })),
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
      .annotateContext(operation({
        summary: "Record a visit to a generated site",
        access: "public",
        description:
          "The tracking script of the generated sites posts each page view here (cross-origin: every answer, errors included, carries `Access-Control-Allow-Origin: *`, and `OPTIONS` answers the preflight). A visit by a known AI crawler, verified by the connection's address where the vendor publishes its ranges, is recorded and counted in the bot-visit statistics (`status: success`); anything else is answered `status: ignored` and not recorded. Limited per client address (`WEBHOOK_RATE_LIMIT_PER_MINUTE`, default 600 a minute).",
        errors: [
          "400 `invalid_request` or `invalid_json`: the body is not JSON or a field is invalid (e.g. `page_url` not an absolute http(s) URL, `user_agent` empty).",
          "404 `business_not_found` or `product_not_found`: no such business, or no such product of it.",
          "413 `payload_too_large`: the body is over 1 MiB.",
          "429 `rate_limited`: over the per-address limit; `Retry-After` and `retry_after` give the seconds to wait.",
          "503 `unavailable`: too many visits are waiting to be recorded; retry shortly."
        ]
      }))
  )
  .add(
    HttpApiEndpoint.options("recordVisitPreflight", VISIT_WEBHOOK_PATH)
      .addSuccess(HttpApiSchema.NoContent)
      .annotate(OpenApi.Exclude, true)
  )
  .annotateContext(OpenApi.annotations({ title: "Visit webhook", description: "Public: the tracking script of the generated sites reports AI-crawler visits here." }))
{}

export class BotVisitsApi extends HttpApiGroup.make("botVisits")
  .add(
    HttpApiEndpoint.get("botVisitStats", "/api/bot-visits/:business_id/stats")
      .setPath(Schema.Struct({ business_id: BusinessSlug }))
      .setUrlParams(Schema.Struct({
        item_id: OptionalItemParam,
        days: Schema.optional(Days)
      }))
      .addSuccess(BotVisitStats)
      .annotateContext(operation({
        summary: "AI-crawler visit statistics",
        access: "organizationRead",
        description:
          "How many visits by AI crawlers the sites of the business (or of a product) received over the last `days` UTC days, today included, in total and per platform. It counts every visit answered before the request. A deleted product's visits stay readable.",
        errors: [
          "400 `invalid_request`: `business_id` or `item_id` is not a slug, or `days` is not an integer from 1 to 365.",
          "403 `forbidden`: another organization's token.",
          "404 `business_not_found` or `product_not_found`: no such business, or no such product of it.",
          "503 `projection_lagging`: the statistics have not caught up with the visits answered so far; retry shortly."
        ]
      }))
  )
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Unavailable)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Bot visits", description: "Statistics of the AI-crawler visits to the generated sites." }))
{}
