import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { WallClock } from "../config/wall-clock.ts"
import type { BusinessId, EntityRef, ItemId } from "../domain/entity-ref.ts"
import { utcDay } from "../domain/scoring.ts"
import { parseWebUrl } from "../domain/url.ts"
import { dailyDeployCommandId, SiteBuilder } from "../pipeline/site-builder.ts"
import { SightlineApi } from "./api.ts"
import { requireService } from "./authorize.ts"
import {
  badRequest,
  commandFailure,
  Conflict,
  type InternalError,
  type NotFound,
  notFound,
  type RateLimited,
  rateLimited,
  type Unavailable
} from "./errors.ts"
import { findEntity } from "./entity-lookup.ts"
import { awaitProjections } from "./read-your-writes.ts"

const refOf = (businessId: string, itemId: string | null | undefined): EntityRef => ({
  businessId: businessId as BusinessId,
  itemId: (itemId ?? null) as ItemId | null
})

const secondsToNextUtcDay = (now: Date) => {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  return Math.ceil((next - now.getTime()) / 1000)
}

export const SitesHandlers = HttpApiBuilder.group(SightlineApi, "sites", (handlers) =>
  Effect.gen(function*() {
    const builder = yield* SiteBuilder
    const clock = yield* WallClock

    return handlers
      .handle("updateSite", ({ payload }) =>
        Effect.gen(function*() {
          yield* requireService
          if (Option.isNone(parseWebUrl(payload.url))) return yield* Effect.fail(badRequest("url: expected an http(s) web address"))
          const ref = refOf(payload.business_id, payload.item_id)
          yield* findEntity({ businessId: ref.businessId, itemId: ref.itemId, allowDeleted: false })
          const now = yield* clock.now
          const day = utcDay(now)
          // One deployment per entity per UTC day: the same command id, so a repeat is a no-op.
          const deployed = yield* builder.deploy(ref, { day, at: now, force: false, commandId: dailyDeployCommandId(ref, day) }).pipe(
            Effect.catchTag("CommandRejected", (rejected) =>
              Effect.fail(rejected.reason === "not_found" ? notFound("not_found", rejected.message) : commandFailure(rejected.reason)))
          )
          yield* awaitProjections(deployed.position, ["sites"])
          return { status: "success" as const, deployment_url: deployed.url }
        }))
      .handle("createBlog", ({ payload }) =>
        Effect.gen(function*() {
          yield* requireService
          const ref = refOf(payload.business_id, payload.item_id)
          yield* findEntity({ businessId: ref.businessId, itemId: ref.itemId, allowDeleted: false })
          const now = yield* clock.now
          const published = yield* builder.publishPost(ref, { date: utcDay(now), at: now }).pipe(
            Effect.catchTag("CommandRejected", (rejected): Effect.Effect<never, RateLimited | Conflict | NotFound | InternalError | Unavailable> => {
              switch (rejected.reason) {
                case "daily_limit":
                  return rateLimited("daily_limit_reached", rejected.message, secondsToNextUtcDay(now))
                case "no_site":
                  return Effect.fail(new Conflict({ status: "error", code: "site_not_deployed", message: rejected.message }))
                case "not_found":
                  return Effect.fail(notFound("not_found", rejected.message))
                default:
                  return Effect.fail(commandFailure(rejected.reason))
              }
            })
          )
          yield* awaitProjections(published.position, ["sites"])
          return { status: "success" as const, blog_url: published.url }
        }))
  }))
