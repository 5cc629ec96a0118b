/**
 * Handlers of the visit webhook and the visit statistics.
 *
 * Decisions (decisions.md leaves them open):
 * - Verification trusts the connection's address only. No trusted proxy is configured, and a
 *   forwarded header or the body's `ip_address` is whatever the caller writes there; the
 *   body's address is recorded as reported (the connection's when absent).
 * - An unknown or deleted product is 404 like an unknown business; the entity is checked
 *   before the user agent, so the answer does not depend on who visits.
 * - Read-your-writes: the answer waits until the statistics count the visit (a wait is a
 *   callback on the runner, cheap per request).
 */
import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { clientAddressOf, VisitRecorder } from "../actors/visit-recorder.ts"
import { WallClock } from "../config/wall-clock.ts"
import { canonicalAddress } from "../domain/ip-ranges.ts"
import { BotVisits } from "../projections/bot-visits.ts"
import { SightlineApi } from "./api.ts"
import { awaitProjections } from "./read-your-writes.ts"
import { requireOrganization } from "./authorize.ts"
import { findEntity } from "./entity-lookup.ts"
import { CORS_ALLOW_ORIGIN, VisitWebhookGuardLive } from "./rate-limiter.ts"
import { BotVisitStats, RecordVisitResponse } from "./visits-api.ts"

/** Browsers cache the preflight for a day: the script posts once per page view. */
const PREFLIGHT_HEADERS = {
  ...CORS_ALLOW_ORIGIN,
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type",
  "access-control-max-age": "86400"
}

const emptyToNull = (value: string | null | undefined) => value === undefined || value === null || value.trim() === "" ? null : value

export const VisitWebhookHandlers = HttpApiBuilder.group(SightlineApi, "visitWebhook", (handlers) =>
  Effect.gen(function*() {
    const recorder = yield* VisitRecorder
    return handlers
      .handle("recordVisit", ({ payload, request }) =>
        Effect.gen(function*() {
          const itemId = payload.item_id ?? null
          yield* findEntity({ businessId: payload.business_id, itemId, allowDeleted: false })
          // Verification trusts the connection's address only (see the top of this file).
          const clientAddress = clientAddressOf(request)
          const outcome = yield* recorder.record({
            businessId: payload.business_id,
            itemId,
            pageUrl: payload.page_url.trim(),
            pageType: payload.page_type,
            pageTitle: emptyToNull(payload.page_title),
            userAgent: payload.user_agent,
            ipAddress: payload.ip_address == null ? clientAddress : canonicalAddress(payload.ip_address),
            clientAddress,
            referrer: emptyToNull(payload.referrer),
            source: "script"
          })
          if (outcome.status === "success") yield* awaitProjections(outcome.recordedAt, ["bot_visits"])
          return new RecordVisitResponse({
            status: outcome.status,
            platform_id: outcome.platform_id,
            platform_name: outcome.platform_name,
            message: outcome.message
          })
        }))
      .handle("recordVisitPreflight", () => Effect.succeed(HttpServerResponse.empty({ status: 204, headers: PREFLIGHT_HEADERS })))
  }))

export const BotVisitsHandlers = HttpApiBuilder.group(SightlineApi, "botVisits", (handlers) =>
  Effect.gen(function*() {
    const visits = yield* BotVisits
    const clock = yield* WallClock
    return handlers.handle("botVisitStats", ({ path, urlParams }) =>
      Effect.gen(function*() {
        yield* requireOrganization(path.business_id, "read")
        const itemId = urlParams.item_id ?? null
        // A deleted product's visits stay readable, like its scores.
        yield* findEntity({ businessId: path.business_id, itemId, allowDeleted: true })
        const counts = yield* visits.stats(path.business_id, itemId, urlParams.days ?? 7, yield* clock.now)
        const platform = (n: number) => ({ total_visits: n })
        return new BotVisitStats({
          business_id: path.business_id,
          item_id: itemId,
          total_visits: counts.total,
          unique_platforms: counts.uniquePlatforms,
          platforms: {
            ai_platform_1: platform(counts.byPlatform.ai_platform_1),
            ai_platform_2: platform(counts.byPlatform.ai_platform_2),
            ai_platform_3: platform(counts.byPlatform.ai_platform_3),
            ai_platform_4: platform(counts.byPlatform.ai_platform_4),
            ai_platform_5: platform(counts.byPlatform.ai_platform_5),
            ai_platform_6: platform(counts.byPlatform.ai_platform_6),
            ai_platform_7: platform(counts.byPlatform.ai_platform_7),
            ai_platform_8: platform(counts.byPlatform.ai_platform_8)
          },
          period_start: counts.periodStart.toISOString(),
          period_end: counts.periodEnd.toISOString()
        })
      }))
  }))

/** Both groups, with the webhook's guard (rate limit, CORS). */
export const VisitsHandlers = Layer.mergeAll(VisitWebhookHandlers, BotVisitsHandlers).pipe(Layer.provide(VisitWebhookGuardLive))
