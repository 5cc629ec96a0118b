/**
 * The public visit webhook's guard: a rate limit per client address
 * (`WEBHOOK_RATE_LIMIT_PER_MINUTE`, 429 with `Retry-After`) and `Access-Control-Allow-Origin: *`
 * on its responses, errors included, since the tracking script posts from the sites' own
 * origins. It runs before the body is read, so a flood of bad bodies is limited too.
 */
import { HttpApiMiddleware, HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Clock, Effect, Layer } from "effect"
import { clientAddressOf } from "./client-address.ts"
import { AppConfig } from "../config/app-config.ts"
import { KeyedTokenBuckets } from "../concurrency/token-bucket.ts"
import { parseIp } from "../domain/ip-ranges.ts"
import { RateLimited, rateLimited } from "./errors.ts"

/** One key per IPv4 address, one per IPv6 /64 (a single host usually holds a whole /64). */
export const rateKeyOf = (address: string | null): string => {
  if (address === null) return "unknown"
  const ip = parseIp(address)
  if (ip === undefined) return address
  return ip.version === 4 ? address : `${(ip.value >> 64n).toString(16)}::/64`
}

export class VisitWebhookGuard extends HttpApiMiddleware.Tag<VisitWebhookGuard>()("VisitWebhookGuard", {
  failure: RateLimited
}) {}

export const CORS_ALLOW_ORIGIN = { "access-control-allow-origin": "*" } as const

const allowAnyOrigin = HttpApp.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeaders(response, CORS_ALLOW_ORIGIN))
)

/**
 * A per-address limit of `perMinute` requests (token buckets per address, `KeyedTokenBuckets`):
 * `take` spends a token for the connection's address, or answers the 429 to send (`what` names
 * the requests in its message).
 */
export const perAddressLimit = (perMinute: number, what: string) => {
  // A minute's allowance at once, then `perMinute / 60` a second.
  const buckets = new KeyedTokenBuckets({ capacity: perMinute, intervalMs: 60_000 / perMinute })
  const take = (clientAddress: string | null, nowMs: number): RateLimited | undefined => {
    const waitMs = buckets.take(rateKeyOf(clientAddress), nowMs)
    if (waitMs === 0) return undefined
    return new RateLimited({
      status: "error",
      code: "rate_limited",
      message: `at most ${perMinute} ${what} a minute per address; retry later`,
      retry_after: Math.max(1, Math.ceil(waitMs / 1000))
    })
  }
  return { take }
}

/** The webhook's per-address limit: one set of buckets for the fast lane and the HttpApi guard. */
export class VisitWebhookLimit extends Effect.Service<VisitWebhookLimit>()("VisitWebhookLimit", {
  effect: Effect.map(AppConfig, (config) => perAddressLimit(config.webhookRateLimitPerMinute, "visits"))
}) {}

export const VisitWebhookGuardLive = Layer.effect(
  VisitWebhookGuard,
  Effect.map(VisitWebhookLimit, (limit) =>
    VisitWebhookGuard.of(Effect.gen(function*() {
      yield* allowAnyOrigin
      const request = yield* HttpServerRequest.HttpServerRequest
      // The connection's address: no trusted proxy is configured, and a forwarded header is
      // whatever the client wants it to be.
      const refused = limit.take(clientAddressOf(request), yield* Clock.currentTimeMillis)
      if (refused !== undefined) return yield* rateLimited(refused.code, refused.message, refused.retry_after)
    })))
)
