import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { RankingKeeper } from "../actors/ranking-keeper.ts"
import { WallClock } from "../config/wall-clock.ts"
import { normalizeUrl, parseWebUrl } from "../domain/url.ts"
import { SightlineApi } from "./api.ts"
import { badRequest } from "./errors.ts"

export const RankingHandlers = HttpApiBuilder.group(SightlineApi, "ranking", (handlers) =>
  Effect.gen(function*() {
    const keeper = yield* RankingKeeper
    const clock = yield* WallClock
    return handlers.handle("rankingScore", ({ urlParams }) =>
      Effect.gen(function*() {
        const url = parseWebUrl(urlParams.url)
        if (Option.isNone(url)) return yield* Effect.fail(badRequest("url: expected an http(s) web address"))
        return { score: yield* keeper.scoreOf(normalizeUrl(url.value), yield* clock.now) }
      }))
  }))
