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
import { parseIp } from "../domain/ip-ranges.ts"
import { RateLimited, rateLimited } from "./errors.ts"

export type TakeResult = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number }

interface Bucket {
  tokens: number
  at: number
}

/**
 * Token buckets per key, in memory: each holds up to a minute's allowance and refills
 * continuously, so `perMinute` requests may come at once and then `perMinute / 60` a second.
 * The map is bounded: past `maxKeys` the least recently seen key is dropped (it comes back
 * with a full bucket, which is what an idle key would have anyway).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>()
  private readonly perMs: number

  constructor(readonly perMinute: number, readonly maxKeys = 50_000) {
    this.perMs = perMinute / 60_000
  }

  take(key: string, nowMs: number): TakeResult {
    const found = this.buckets.get(key)
    const bucket = found ?? { tokens: this.perMinute, at: nowMs }
    if (found !== undefined) {
      bucket.tokens = Math.min(this.perMinute, bucket.tokens + Math.max(0, nowMs - bucket.at) * this.perMs)
      bucket.at = nowMs
      this.buckets.delete(key)
    }
    // Re-inserted last: the map's order is least recently seen first.
    this.buckets.set(key, bucket)
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next()
      if (oldest.done !== true) this.buckets.delete(oldest.value)
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return { allowed: true }
    }
    return { allowed: false, retryAfterSeconds: Math.ceil((1 - bucket.tokens) / this.perMs / 1000) }
  }

  get size() {
    return this.buckets.size
  }
}

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
 * A per-address limit of `perMinute` requests: `take` spends a token for the connection's
 * address, or answers the 429 to send (`what` names the requests in its message).
 */
export const perAddressLimit = (perMinute: number, what: string) => {
  const buckets = new TokenBuckets(perMinute)
  const take = (clientAddress: string | null, nowMs: number): RateLimited | undefined => {
    const decision = buckets.take(rateKeyOf(clientAddress), nowMs)
    if (decision.allowed) return undefined
    return new RateLimited({
      status: "error",
      code: "rate_limited",
      message: `at most ${perMinute} ${what} a minute per address; retry later`,
      retry_after: Math.max(1, Math.ceil(decision.retryAfterSeconds))
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
