/** The public, pre-signup ranking score of a website. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Unavailable } from "./errors.ts"

export class RankingApi extends HttpApiGroup.make("ranking")
  .add(
    HttpApiEndpoint.get("rankingScore", "/api/ranking-score")
      .setUrlParams(Schema.Struct({ url: Schema.String.pipe(Schema.maxLength(2048)) }))
      .addSuccess(Schema.Struct({ score: Schema.Int }))
      .addError(Unavailable)
  )
{}
