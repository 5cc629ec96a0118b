/** Onboarding: `generate-all`, `generate-prompts`, and the jobs they start. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { BusinessId, ItemId } from "../domain/entity-ref.ts"
import { PlatformKey } from "../domain/platforms.ts"
import { Authentication } from "./authentication.ts"
import { AliasList, NotAliasList } from "./entity-names-api.ts"
import { Forbidden, NotFound, Unavailable } from "./errors.ts"
import { operation } from "./openapi-document.ts"
import { OptionalItemId } from "./schemas.ts"

const WebUrl = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2048))

const SiteUrl = WebUrl.annotations({ description: "The website to crawl, an http(s) address.", examples: ["https://bluedoorbakery.example"] })

const OrgSlug = BusinessId.annotations({ description: "The business's slug (the organization's).", examples: [BusinessId.make("blue-door-bakery")] })

const JobId = Schema.String.annotations({ examples: ["5d0c9a3e-7f21-4b6a-9e8d-1c2b3a4f5e60"] })

export class GenerateAllRequest extends Schema.Class<GenerateAllRequest>("GenerateAllRequest")({
  url: SiteUrl,
  org_slug: OrgSlug,
  products: Schema.optional(Schema.Array(Schema.Struct({
    item_id: ItemId.annotations({ examples: [ItemId.make("sourdough-loaf")] }),
    url: WebUrl.annotations({ examples: ["https://bluedoorbakery.example/shop/sourdough-loaf"] }),
    name: Schema.optional(Schema.String.pipe(Schema.maxLength(200)).annotations({ examples: ["Sourdough Loaf"] })),
    /** Absent: the product keeps the list it has (none for a new product). */
    aliases: Schema.optional(AliasList),
    not_aliases: Schema.optional(NotAliasList)
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
  job_id: JobId
}) {}

export class GeneratePromptsRequest extends Schema.Class<GeneratePromptsRequest>("GeneratePromptsRequest")({
  url: SiteUrl,
  org_slug: OrgSlug,
  item_id: OptionalItemId,
  max_pages: Schema.optional(Schema.Int.pipe(Schema.between(1, 50))),
  regenerate: Schema.optional(Schema.Boolean)
}) {}

export class GeneratePromptsResponse extends Schema.Class<GeneratePromptsResponse>("GeneratePromptsResponse")({
  status: Schema.Literal("accepted"),
  message: Schema.String,
  pipeline: Schema.Tuple(Schema.Literal("generate_prompts"), Schema.Literal("analyze_visibility")),
  job_id: JobId
}) {}

export class JobResponse extends Schema.Class<JobResponse>("JobResponse")({
  job_id: JobId,
  kind: Schema.String.annotations({ examples: ["generate-all"] }),
  business_id: Schema.String.annotations({ examples: ["blue-door-bakery"] }),
  state: Schema.Literal("queued", "running", "succeeded", "succeeded_with_errors", "failed"),
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
  engines: Schema.Array(Schema.Struct({
    platform: PlatformKey,
    engine: Schema.Literal("local", "openai-compatible"),
    model: Schema.String.annotations({ examples: ["sightline-local-listwise"] })
  })).annotations({
    description: "The engine and model each platform answered this job's checks with, by platform (`local` is the " +
      "built-in stand-in engine, not the real assistant); a platform that answered none of them is not listed."
  }),
  created_at: Schema.String.annotations({ examples: ["2026-11-05T14:03:27.512Z"] }),
  updated_at: Schema.String.annotations({ examples: ["2026-11-05T14:05:02.907Z"] })
}) {}

export class PipelineApi extends HttpApiGroup.make("pipeline")
  .add(
    HttpApiEndpoint.post("generateAll", "/api/generate-all")
      .setPayload(GenerateAllRequest)
      .addSuccess(GenerateAllResponse, { status: 202 })
      .addError(Unavailable)
      .annotateContext(operation({
        summary: "Onboard a business and its products",
        access: "organizationWrite",
        description:
          "Starts onboarding in the background and answers at once with the job to follow (`GET /api/jobs/{job_id}`): crawl the site, generate the prompts and analyze visibility for the business and each product (up to 50), and build their sites. A business record is created when the slug has none. While a job runs for the business, the same job is answered.",
        errors: [
          "400 `invalid_request`: a field is invalid (e.g. `url` not an http(s) address, an `item_id` twice, over 50 products, an empty name in a product's `aliases` or `not_aliases`, more than 20 of them, or one in both lists).",
          "403 `forbidden`: another organization or a member.",
          "503 `projection_lagging`: the job was queued but is not readable yet."
        ]
      }))
  )
  .add(
    HttpApiEndpoint.post("generatePrompts", "/api/generate-prompts")
      .setPayload(GeneratePromptsRequest)
      .addSuccess(GeneratePromptsResponse, { status: 202 })
      .addError(Unavailable)
      .annotateContext(operation({
        summary: "Generate prompts and analyze visibility",
        access: "organizationWrite",
        description:
          "Starts the two-step pipeline (`generate_prompts`, then `analyze_visibility`) for the business or one product in the background and answers at once with the job to follow. Existing prompts are kept unless `regenerate` is true.",
        errors: [
          "400 `invalid_request`: a field is invalid (e.g. `url` not an http(s) address, `max_pages` outside 1 to 50).",
          "403 `forbidden`: another organization or a member.",
          "503 `projection_lagging`: the job was queued but is not readable yet."
        ]
      }))
  )
  .add(
    HttpApiEndpoint.get("job", "/api/jobs/:job_id")
      .setPath(Schema.Struct({ job_id: Schema.String.pipe(Schema.maxLength(100)).annotations({ examples: ["5d0c9a3e-7f21-4b6a-9e8d-1c2b3a4f5e60"] }) }))
      .addSuccess(JobResponse)
      .addError(NotFound)
      .annotateContext(operation({
        summary: "An onboarding job's progress",
        access: "organizationRead",
        description: "The state of an onboarding job, each step's progress, the errors of failed steps, and the engine and model each platform answered its checks with.",
        errors: [
          "400 `invalid_request`: `job_id` is over 100 characters.",
          "403 `forbidden`: another organization's token.",
          "404 `job_not_found`: no such job (answered before the organization is known)."
        ]
      }))
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Onboarding", description: "Onboarding: generate-all, generate-prompts and the jobs they start." }))
{}
