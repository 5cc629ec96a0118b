import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { WallClock } from "../config/wall-clock.ts"
import { utcDay } from "../domain/calendar-date.ts"
import { refOf } from "../domain/entity-ref.ts"
import { parseWebUrl } from "../domain/url.ts"
import { dailyDeployCommandId, SiteBuilder } from "../pipeline/site-builder.ts"
import { SightlineApi } from "./api.ts"
import { requireService } from "./authorize.ts"
import { toApiError } from "./command-rejection.ts"
import { badRequest } from "./errors.ts"
import { findEntity } from "./entity-lookup.ts"
import { awaitProjections } from "./read-your-writes.ts"

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
            Effect.catchTag("CommandRejected", (rejected) => toApiError("DeploySite", rejected, { entity: ref, now }))
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
          // Dated the UTC day it is written, by the service's clock.
          const published = yield* builder.publishPost(ref, { at: now }).pipe(
            Effect.catchTag("CommandRejected", (rejected) => toApiError("PublishPost", rejected, { entity: ref, now }))
          )
          yield* awaitProjections(published.position, ["sites"])
          return { status: "success" as const, blog_url: published.url }
        }))
  }))
