import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Clock, Effect, Option } from "effect"
import { RankingKeeper } from "../writers/ranking-keeper.ts"
import { clientAddressOf } from "./client-address.ts"
import { AppConfig } from "../config/app-config.ts"
import { WallClock } from "../config/wall-clock.ts"
import { normalizeUrl, parseWebUrl } from "../domain/url.ts"
import { SightlineApi } from "./api.ts"
import { badRequest, rateLimited } from "./errors.ts"
import { perAddressLimit } from "./rate-limiter.ts"

export const RankingHandlers = HttpApiBuilder.group(SightlineApi, "ranking", (handlers) =>
  Effect.gen(function*() {
    const keeper = yield* RankingKeeper
    const clock = yield* WallClock
    const config = yield* AppConfig
    // Public and writing (a new URL's score is stored): limited per client address.
    const limit = perAddressLimit(config.rankingRateLimitPerMinute, "ranking-score requests")
    return handlers.handle("rankingScore", ({ urlParams }) =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const refused = limit.take(clientAddressOf(request), yield* Clock.currentTimeMillis)
        if (refused !== undefined) return yield* rateLimited(refused.code, refused.message, refused.retry_after)
        const url = parseWebUrl(urlParams.url)
        if (Option.isNone(url)) return yield* Effect.fail(badRequest("url: expected an http(s) web address"))
        return { score: yield* keeper.scoreOf(normalizeUrl(url.value), yield* clock.now) }
      }))
  }))
