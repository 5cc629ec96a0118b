/**
 * Handlers of the visit webhook (its work is in `visit-webhook.ts`, shared with the fast lane)
 * and the visit statistics.
 */
import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { clientAddressOf } from "./client-address.ts"
import { WallClock } from "../config/wall-clock.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { BotVisits } from "../projections/bot-visits.ts"
import { SightlineApi } from "./api.ts"
import { awaitProjections } from "./read-your-writes.ts"
import { requireOrganization } from "./authorize.ts"
import { findEntity } from "./entity-lookup.ts"
import { VisitWebhookGuardLive } from "./rate-limiter.ts"
import { makeRecordVisit, PREFLIGHT_HEADERS } from "./fast-lane/visit-webhook.ts"
import { BotVisitStats } from "./visits-api.ts"

export const VisitWebhookHandlers = HttpApiBuilder.group(SightlineApi, "visitWebhook", (handlers) =>
  Effect.map(makeRecordVisit, (recordVisit) =>
    handlers
      // Verification trusts the connection's address only (see visit-webhook.ts).
      .handle("recordVisit", ({ payload, request }) => Effect.flatten(Effect.promise(() => recordVisit(payload, clientAddressOf(request)))))
      .handle("recordVisitPreflight", () => Effect.succeed(HttpServerResponse.empty({ status: 204, headers: PREFLIGHT_HEADERS })))
  ))

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
        // Visits are answered before this read model counts them: it catches up with every
        // visit committed so far before it is read (see visit-webhook.ts).
        yield* awaitProjections(yield* (yield* EventStore).lastCommitted, ["bot_visits"])
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
