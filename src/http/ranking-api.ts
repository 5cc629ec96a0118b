/** The public, pre-signup ranking score of a website. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { RateLimited } from "./errors.ts"
import { operation } from "./openapi-document.ts"

export class RankingApi extends HttpApiGroup.make("ranking")
  .add(
    HttpApiEndpoint.get("rankingScore", "/api/ranking-score")
      .setUrlParams(Schema.Struct({
        url: Schema.String.pipe(Schema.maxLength(2048)).annotations({
          description: "The website's http(s) address.",
          examples: ["https://bluedoorbakery.example"]
        })
      }))
      .addSuccess(Schema.Struct({ score: Schema.Int.annotations({ examples: [41] }) }))
      .addError(RateLimited)
      .annotateContext(operation({
        summary: "Ranking score of a website (before signing up)",
        access: "public",
        description:
          "The pre-signup ranking score of a website, 32 to 49. A new address gets a score that is stored and kept: the same address (normalized) always answers the same score, and `POST /api/business` with that URL starts from it.",
        errors: [
          "400 `invalid_request`: `url` is missing, over 2,048 characters or not an http(s) address.",
          "429 `rate_limited`: over the per-address limit (`RANKING_RATE_LIMIT_PER_MINUTE`, default 60 a minute); `Retry-After` and `retry_after` give the seconds to wait."
        ]
      }))
  )
  .annotateContext(OpenApi.annotations({ title: "Ranking score", description: "Public: the pre-signup ranking score of a website." }))
{}
