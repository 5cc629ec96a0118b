/** Onboarding: `generate-all`, `generate-prompts`, and the jobs they start. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./authentication.ts"
import { Forbidden, NotFound, Unavailable } from "./errors.ts"
import { Slug } from "./schemas.ts"

const WebUrl = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2048))

export class GenerateAllRequest extends Schema.Class<GenerateAllRequest>("GenerateAllRequest")({
  url: WebUrl,
  org_slug: Slug,
  products: Schema.optional(Schema.Array(Schema.Struct({
    item_id: Slug,
    url: WebUrl,
    name: Schema.optional(Schema.String.pipe(Schema.maxLength(200)))
  })).pipe(Schema.maxItems(50))),
  max_pages: Schema.optional(Schema.Int.pipe(Schema.between(1, 200))),
  force_refresh: Schema.optional(Schema.Boolean)
}) {}

const Process = { prompts_visibility: Schema.Boolean, live_identity: Schema.Boolean }

export class GenerateAllResponse extends Schema.Class<GenerateAllResponse>("GenerateAllResponse")({
  status: Schema.Literal("accepted"),
  message: Schema.String,
  processes: Schema.Struct({
    business: Schema.Struct(Process),
    products: Schema.Array(Schema.Struct({ item_id: Schema.String, ...Process }))
  }),
  job_id: Schema.String
}) {}

export class GeneratePromptsRequest extends Schema.Class<GeneratePromptsRequest>("GeneratePromptsRequest")({
  url: WebUrl,
  org_slug: Slug,
  item_id: Schema.optional(Schema.NullOr(Slug)),
  max_pages: Schema.optional(Schema.Int.pipe(Schema.between(1, 50))),
  regenerate: Schema.optional(Schema.Boolean)
}) {}

export class GeneratePromptsResponse extends Schema.Class<GeneratePromptsResponse>("GeneratePromptsResponse")({
  status: Schema.Literal("accepted"),
  message: Schema.String,
  pipeline: Schema.Tuple(Schema.Literal("generate_prompts"), Schema.Literal("analyze_visibility")),
  job_id: Schema.String
}) {}

export class JobResponse extends Schema.Class<JobResponse>("JobResponse")({
  job_id: Schema.String,
  kind: Schema.String,
  business_id: Schema.String,
  state: Schema.Literal("queued", "running", "succeeded", "failed"),
  steps: Schema.Array(Schema.Struct({
    name: Schema.String,
    pipeline_step: Schema.Literal("generate_prompts", "analyze_visibility", "live_identity").annotations({
      description: "The documented pipeline step this step belongs to: generate_prompts (crawl, prompts) and " +
        "analyze_visibility (visibility, score), as generate-prompts lists them in `pipeline`; live_identity (site), " +
        "the generate-all process of that name."
    }),
    state: Schema.String,
    done: Schema.Int,
    failed: Schema.Int,
    total: Schema.Int,
    detail: Schema.NullOr(Schema.String)
  })),
  progress: Schema.Struct({ done: Schema.Int, total: Schema.Int }),
  errors: Schema.Array(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
}) {}

export class PipelineApi extends HttpApiGroup.make("pipeline")
  .add(
    HttpApiEndpoint.post("generateAll", "/api/generate-all")
      .setPayload(GenerateAllRequest)
      .addSuccess(GenerateAllResponse, { status: 202 })
  )
  .add(
    HttpApiEndpoint.post("generatePrompts", "/api/generate-prompts")
      .setPayload(GeneratePromptsRequest)
      .addSuccess(GeneratePromptsResponse, { status: 202 })
  )
  .add(
    HttpApiEndpoint.get("job", "/api/jobs/:job_id")
      .setPath(Schema.Struct({ job_id: Schema.String.pipe(Schema.maxLength(100)) }))
      .addSuccess(JobResponse)
  )
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Unavailable)
  .middleware(Authentication)
{}
