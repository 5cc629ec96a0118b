/** Visibility checks, scores, history and prompts. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { DOUBT_KINDS } from "../domain/mention/doubt.ts"
import { PlatformKey } from "../domain/platforms.ts"
import { Authentication } from "./authentication.ts"
import { BadGateway, Forbidden, NotFound, Unavailable } from "./errors.ts"
import { operation } from "./openapi-document.ts"
import { BusinessSlug, OptionalItemId, OptionalItemParam, PromptText } from "./schemas.ts"

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

const Prompt = PromptText.annotations({ examples: ["best sourdough bakery in Asheville"] })

export class AnalyzeRequest extends Schema.Class<AnalyzeRequest>("AnalyzeVisibilityRequest")({
  business_id: BusinessSlug,
  prompt: Prompt,
  item_id: OptionalItemId
}) {}

export class AnalyzeResponse extends Schema.Class<AnalyzeResponse>("AnalyzeVisibilityResponse")({
  status: Schema.Literal("success"),
  prompt: Schema.String.annotations({ examples: ["best sourdough bakery in Asheville"] }),
  ...flagFields,
  /** Platforms whose check failed: their flag is false, and the check is unmeasured. */
  failed_platforms: Schema.Array(PlatformKey)
}) {}

export const PromptResultInput = Schema.Struct({
  prompt: Prompt,
  ...flagFields,
  failed_platforms: Schema.optional(Schema.Array(PlatformKey))
})

export class StoreScoreRequest extends Schema.Class<StoreScoreRequest>("StoreVisibilityScoreRequest")({
  business_id: BusinessSlug,
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
  visibilityScore: Schema.Struct({
    value: Schema.Int.annotations({ examples: [38] }),
    trend: Schema.String.annotations({ description: "Change against the score of 7 days earlier, always signed.", examples: ["+12%"] })
  }),
  history: Schema.Array(Schema.Struct({
    date: Schema.String.annotations({ examples: ["Nov 05"] }),
    value: Schema.Int.annotations({ examples: [34] }),
    revised: Schema.optionalWith(Schema.Literal(true), { exact: true }).annotations({
      description: "Present when the day's score, computed by the service from its checks, was revised since: " +
        "its checks judged again by a newer mention detector or with names declared since. `value` is the revised value."
    }),
    stored_value: Schema.optionalWith(Schema.Int, { exact: true }).annotations({
      description: "With `revised`: the value as first stored.",
      examples: [31]
    })
  }))
}) {}

const Engine = Schema.Literal("local", "openai-compatible").annotations({
  description: "`local`: the built-in stand-in engine (retrieval over this service's own documents, not the real assistant); " +
    "`openai-compatible`: the endpoint configured with `AI_PLATFORM_<N>_BASE_URL`.",
  examples: ["local"]
})

const Model = Schema.String.annotations({ examples: ["sightline-local-listwise"] })

const AdjudicationDetail = Schema.Struct({
  status: Schema.Literal("adjudicated", "failed", "skipped").annotations({
    description: "`adjudicated`: the model answered and its verdict is the answer's; `failed`: it did not (error, time-out, " +
      "an answer out of shape), and the rule verdict stands; `skipped`: the model was not asked, the day's calls having " +
      "reached `MENTION_ADJUDICATOR_DAILY_LIMIT` (`reason` \"daily adjudication limit reached\"), and the rule verdict stands."
  }),
  model: Schema.String.annotations({ description: "The model asked (`LLM_MODEL`).", examples: ["gpt-4o-mini"] }),
  doubt: Schema.Literal(...DOUBT_KINDS).annotations({
    description: "Why the rule verdict was in doubt.",
    examples: ["disclaimer"]
  }),
  sentence: Schema.String.annotations({
    description: "The one sentence the model was asked about (at most 600 characters).",
    examples: ["Reviews of Blue Door Bakery could not be confirmed, but its rye is a local favourite."]
  }),
  rule_visible: Schema.Boolean.annotations({ description: "The rule engine's verdict on the answer.", examples: [false] }),
  visible: Schema.NullOr(Schema.Boolean).annotations({ description: "The model's verdict; null when it failed.", examples: [true] }),
  sentiment: Schema.NullOr(Schema.String).annotations({ examples: ["positive"] }),
  reason: Schema.String.annotations({
    description: "The model's reason (at most 200 characters), or why it failed or was not asked.",
    examples: ["The sentence recommends its rye despite the caveat about reviews."]
  }),
  usage: Schema.NullOr(Schema.Struct({
    prompt_tokens: Schema.Int.annotations({ examples: [312] }),
    completion_tokens: Schema.Int.annotations({ examples: [41] })
  })).annotations({
    description: "The tokens the call used, as the model reported them; null when it was not asked, reported none, " +
      "or was asked before usage was recorded."
  })
})

const PlatformDetail = Schema.Struct({
  visible: Schema.Boolean,
  status: Schema.Literal("answered", "failed"),
  position: Schema.NullOr(Schema.Int).annotations({ examples: [2] }),
  sentiment: Schema.NullOr(Schema.String).annotations({ examples: ["positive"] }),
  citations: Schema.Array(Schema.String).annotations({ examples: [["https://bluedoorbakery.example/"]] }),
  checked_at: Schema.String.annotations({ examples: ["2026-11-05T06:12:44.031Z"] }),
  engine: Schema.NullOr(Engine).annotations({ description: "The engine that answered; null when the check failed." }),
  model: Schema.NullOr(Model).annotations({ description: "The model that answered; null when the check failed." }),
  answer_url: Schema.String.annotations({
    description: "Where the answer's text is: `GET` it with the same credentials.",
    examples: ["/api/prompts/blue-door-bakery/answers/6f1c2a9e-41d3-5b7a-9c0e-2d4f6a8b0c1e"]
  }),
  detector_version: Schema.Int.annotations({
    description: "The mention detector version the flag comes from; 0: a detector from before versions were recorded.",
    examples: [1]
  }),
  names_version: Schema.NullOr(Schema.String).annotations({
    description: "The declared names the flag comes from: `none`, or a fingerprint of the aliases and not_aliases; null: unknown.",
    examples: ["none"]
  }),
  rejudged: Schema.Boolean.annotations({
    description: "The flag was judged again from the stored answers (a newer detector, or names declared since), " +
      "so it may differ from the verdict `answer_url` shows as recorded.",
    examples: [false]
  }),
  rule_visible: Schema.Boolean.annotations({
    description: "The rule engine's flag alone. It differs from `visible` only when the adjudicator (configured with `LLM_*`) " +
      "decided an answer whose rule verdict was in doubt; see `adjudications`.",
    examples: [false]
  }),
  adjudications: Schema.Array(AdjudicationDetail).annotations({
    description: "One per answer whose rule verdict was in doubt and was put to the adjudicator; empty without `LLM_*`."
  })
})

export class CheckAnswerResponse extends Schema.Class<CheckAnswerResponse>("CheckAnswerResponse")({
  check_id: Schema.String.annotations({ examples: ["6f1c2a9e-41d3-5b7a-9c0e-2d4f6a8b0c1e"] }),
  business_id: Schema.String.annotations({ examples: ["blue-door-bakery"] }),
  item_id: Schema.NullOr(Schema.String).annotations({ examples: [null] }),
  prompt: Schema.String.annotations({ examples: ["best sourdough bakery in Asheville"] }),
  platform: PlatformKey,
  status: Schema.Literal("answered", "failed"),
  visible: Schema.Boolean,
  position: Schema.NullOr(Schema.Int).annotations({ examples: [2] }),
  sentiment: Schema.NullOr(Schema.String).annotations({ examples: ["positive"] }),
  checked_at: Schema.String.annotations({ examples: ["2026-11-05T06:12:44.031Z"] }),
  engine: Schema.NullOr(Engine),
  model: Schema.NullOr(Model),
  error: Schema.NullOr(Schema.Struct({
    reason: Schema.String.annotations({ examples: ["timeout"] }),
    message: Schema.String.annotations({ examples: ["No answer within 60000 ms"] })
  })).annotations({ description: "Why the check failed; null when it was answered." }),
  answers: Schema.Array(Schema.Struct({
    text: Schema.String.annotations({ examples: ["For sourdough in Asheville, Blue Door Bakery is a local favourite..."] }),
    citations: Schema.Array(Schema.String).annotations({ examples: [["https://bluedoorbakery.example/"]] }),
    engine: Engine,
    model: Model,
    latency_ms: Schema.Number.annotations({ examples: [812] }),
    cost_usd: Schema.NullOr(Schema.Number).annotations({ examples: [0.00021] }),
    visible: Schema.Boolean,
    position: Schema.NullOr(Schema.Int).annotations({ examples: [1] }),
    sentiment: Schema.NullOr(Schema.String).annotations({ examples: ["positive"] }),
    adjudication: Schema.NullOr(AdjudicationDetail).annotations({
      description: "The adjudicator's reading of this answer as recorded, when its rule verdict was in doubt and `LLM_*` was set; " +
        "`visible`, `position` and `sentiment` above are then the adjudicated verdict when it answered."
    })
  })).annotations({ description: "One answer per sample (`AI_VISIBILITY_SAMPLES`); empty when the check failed." })
}) {}

export const CheckAnswerPath = Schema.Struct({
  business_id: BusinessSlug,
  check_id: Schema.UUID.annotations({ examples: ["6f1c2a9e-41d3-5b7a-9c0e-2d4f6a8b0c1e"] })
})

export class PromptsResponse extends Schema.Class<PromptsResponse>("PromptsResponse")({
  business_id: Schema.String.annotations({ examples: ["blue-door-bakery"] }),
  item_id: Schema.NullOr(Schema.String).annotations({ examples: [null] }),
  set_version: Schema.NullOr(Schema.Int).annotations({ examples: [1] }),
  generated_at: Schema.NullOr(Schema.String).annotations({ examples: ["2026-11-05T06:02:10.118Z"] }),
  prompts: Schema.Array(Schema.Struct({
    prompt: Schema.String.annotations({ examples: ["best sourdough bakery in Asheville"] }),
    ...flagFields,
    platforms: Schema.Record({ key: Schema.String, value: PlatformDetail })
  }))
}) {}

export const ItemQuery = Schema.Struct({
  item_id: OptionalItemParam
})

export const VisibilityScorePath = Schema.Struct({ org_slug: BusinessSlug })

const NOT_FOUND = "404 `business_not_found` or `product_not_found`: no such business, or no such product of it."

export class VisibilityApi extends HttpApiGroup.make("visibility")
  .add(
    HttpApiEndpoint.post("analyzeVisibility", "/api/cron/analyze-visibility")
      .setPayload(AnalyzeRequest)
      .addSuccess(AnalyzeResponse)
      .addError(BadGateway)
      .addError(Unavailable)
      .annotateContext(operation({
        summary: "Check one prompt on the 8 AI platforms",
        access: "service",
        description:
          "Asks the prompt on each of the 8 platforms (`ai_platform_1` to `ai_platform_8`) and answers whether the business (or product) is mentioned on each. Every check is recorded, failed ones too; a platform whose check failed is `false` and listed in `failed_platforms`.",
        errors: [
          "400 `invalid_request`: a field is invalid (e.g. `prompt` empty, over 2,000 characters or with leading or trailing spaces).",
          "403 `forbidden`: a user token.",
          NOT_FOUND,
          "502 `platforms_unavailable`: every platform failed to answer (the failed checks were recorded).",
          "503 `projection_lagging`: the checks were recorded but are not readable yet."
        ]
      }))
  )
  .add(
    HttpApiEndpoint.post("storeVisibilityScore", "/api/cron/store-visibility-score")
      .setPayload(StoreScoreRequest)
      .addSuccess(StoreScoreResponse)
      .addError(Unavailable)
      .annotateContext(operation({
        summary: "Store a visibility score from prompt results",
        access: "service",
        description:
          "Computes and stores the visibility score of a business (or product) from per-prompt platform flags: `overall_score = round(total_true / (prompts × 8) × 100)`, each platform's score `round(true_N / prompts × 100)` (half up). A platform named in a prompt's `failed_platforms` counts as not visible and as an unmeasured check.",
        errors: [
          "400 `invalid_request`: `results` empty or over 1,000 prompts, a duplicate prompt (case and spacing ignored), a missing flag.",
          "403 `forbidden`: a user token.",
          NOT_FOUND,
          "503 `projection_lagging`: the score was recorded but is not readable yet."
        ]
      }))
  )
  .add(
    HttpApiEndpoint.get("visibilityScore", "/api/visibility-score/:org_slug")
      .setPath(VisibilityScorePath)
      .setUrlParams(ItemQuery)
      .addSuccess(VisibilityScoreResponse)
      .annotateContext(operation({
        summary: "Current visibility score, trend and history",
        access: "organizationRead",
        description:
          "The latest visibility score of the business (or of a product with `item_id`), its trend against the score stored at or before 7 days earlier, and its history: one entry per UTC day (the day's last score), oldest first, the last 6 months. No score yet: `{ \"value\": 0, \"trend\": \"+0%\" }` and an empty history.",
        errors: ["400 `invalid_request`: `org_slug` or `item_id` is not a slug.", "403 `forbidden`: another organization's token.", NOT_FOUND]
      }))
  )
  .add(
    HttpApiEndpoint.get("prompts", "/api/prompts/:business_id")
      .setPath(Schema.Struct({ business_id: BusinessSlug }))
      .setUrlParams(ItemQuery)
      .addSuccess(PromptsResponse)
      .annotateContext(operation({
        summary: "Current prompts and their latest checks",
        access: "organizationRead",
        description:
          "The current prompt set of the business (or product) with, for each prompt, whether each platform mentioned it and the details of its latest check (position, sentiment, citations, the engine and model that answered, and `answer_url`, the link to the answer's text). A deleted product's prompts stay readable.",
        errors: ["400 `invalid_request`: `business_id` or `item_id` is not a slug.", "403 `forbidden`: another organization's token.", NOT_FOUND]
      }))
  )
  .add(
    HttpApiEndpoint.get("checkAnswer", "/api/prompts/:business_id/answers/:check_id")
      .setPath(CheckAnswerPath)
      .addSuccess(CheckAnswerResponse)
      .annotateContext(operation({
        summary: "The answer behind one check",
        access: "organizationRead",
        description:
          "What one platform answered to one prompt, as recorded: the text of each sample, its citations, the engine and model that wrote it, its latency and cost, and what the mention detector read in it. The link is each check's `answer_url` in `GET /api/prompts/{business_id}`; it is read from the check's own event, so a link once given keeps answering after newer checks replace it.",
        errors: [
          "400 `invalid_request`: `business_id` is not a slug or `check_id` not a UUID.",
          "403 `forbidden`: another organization's token.",
          "404 `business_not_found`: no such business; `answer_not_found`: no such check of this business."
        ]
      }))
  )
  .addError(Forbidden)
  .addError(NotFound)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Visibility", description: "Visibility checks on the 8 AI platforms, scores, their history and the prompts." }))
{}
