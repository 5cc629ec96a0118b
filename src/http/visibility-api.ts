/** Visibility checks, scores, history and prompts. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { PlatformKey } from "../domain/platforms.ts"
import { Authentication } from "./authentication.ts"
import { BadGateway, Forbidden, NotFound, Unavailable } from "./errors.ts"
import { OptionalItemId, PromptText, Slug } from "./schemas.ts"

const flagFields = {
  ai_platform_1: Schema.Boolean,
  ai_platform_2: Schema.Boolean,
  ai_platform_3: Schema.Boolean,
  ai_platform_4: Schema.Boolean,
  ai_platform_5: Schema.Boolean,
  ai_platform_6: Schema.Boolean,
  ai_platform_7: Schema.Boolean,
  ai_platform_8: Schema.Boolean
}

export class AnalyzeRequest extends Schema.Class<AnalyzeRequest>("AnalyzeVisibilityRequest")({
  business_id: Slug,
  prompt: PromptText,
  item_id: OptionalItemId
}) {}

export class AnalyzeResponse extends Schema.Class<AnalyzeResponse>("AnalyzeVisibilityResponse")({
  status: Schema.Literal("success"),
  prompt: Schema.String,
  ...flagFields,
  /** Platforms whose check failed: their flag is false, and the check is unmeasured. */
  failed_platforms: Schema.Array(PlatformKey)
}) {}

export const PromptResultInput = Schema.Struct({
  prompt: PromptText,
  ...flagFields,
  failed_platforms: Schema.optional(Schema.Array(PlatformKey))
})

export class StoreScoreRequest extends Schema.Class<StoreScoreRequest>("StoreVisibilityScoreRequest")({
  business_id: Slug,
  item_id: OptionalItemId,
  results: Schema.Array(PromptResultInput).pipe(
    Schema.minItems(1, { message: () => "results must hold at least one prompt" }),
    Schema.maxItems(1000)
  )
}) {}

export class StoreScoreResponse extends Schema.Class<StoreScoreResponse>("StoreVisibilityScoreResponse")({
  status: Schema.Literal("success"),
  overall_score: Schema.Int,
  prompts_analyzed: Schema.Int,
  total_true: Schema.Int,
  platform_scores: Schema.Struct({
    ai_platform_1_score: Schema.Int,
    ai_platform_2_score: Schema.Int,
    ai_platform_3_score: Schema.Int,
    ai_platform_4_score: Schema.Int,
    ai_platform_5_score: Schema.Int,
    ai_platform_6_score: Schema.Int,
    ai_platform_7_score: Schema.Int,
    ai_platform_8_score: Schema.Int
  }),
  unmeasured_checks: Schema.Int
}) {}

export class VisibilityScoreResponse extends Schema.Class<VisibilityScoreResponse>("VisibilityScoreResponse")({
  visibilityScore: Schema.Struct({ value: Schema.Int, trend: Schema.String }),
  history: Schema.Array(Schema.Struct({ date: Schema.String, value: Schema.Int }))
}) {}

const PlatformDetail = Schema.Struct({
  visible: Schema.Boolean,
  status: Schema.Literal("answered", "failed"),
  position: Schema.NullOr(Schema.Int),
  sentiment: Schema.NullOr(Schema.String),
  citations: Schema.Array(Schema.String),
  checked_at: Schema.String
})

export class PromptsResponse extends Schema.Class<PromptsResponse>("PromptsResponse")({
  business_id: Schema.String,
  item_id: Schema.NullOr(Schema.String),
  set_version: Schema.NullOr(Schema.Int),
  generated_at: Schema.NullOr(Schema.String),
  prompts: Schema.Array(Schema.Struct({
    prompt: Schema.String,
    ...flagFields,
    platforms: Schema.Record({ key: Schema.String, value: PlatformDetail })
  }))
}) {}

export const ItemQuery = Schema.Struct({ item_id: Schema.optional(Slug) })

export const VisibilityScorePath = Schema.Struct({ org_slug: Slug })

export class VisibilityApi extends HttpApiGroup.make("visibility")
  .add(
    HttpApiEndpoint.post("analyzeVisibility", "/api/cron/analyze-visibility")
      .setPayload(AnalyzeRequest)
      .addSuccess(AnalyzeResponse)
      .addError(BadGateway)
  )
  .add(
    HttpApiEndpoint.post("storeVisibilityScore", "/api/cron/store-visibility-score")
      .setPayload(StoreScoreRequest)
      .addSuccess(StoreScoreResponse)
  )
  .add(
    HttpApiEndpoint.get("visibilityScore", "/api/visibility-score/:org_slug")
      .setPath(VisibilityScorePath)
      .setUrlParams(ItemQuery)
      .addSuccess(VisibilityScoreResponse)
  )
  .add(
    HttpApiEndpoint.get("prompts", "/api/prompts/:business_id")
      .setPath(Schema.Struct({ business_id: Slug }))
      .setUrlParams(ItemQuery)
      .addSuccess(PromptsResponse)
  )
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Unavailable)
  .middleware(Authentication)
{}
