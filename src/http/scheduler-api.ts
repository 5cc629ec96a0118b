/** The daily run: start one by hand, follow its progress (internal: service keys). */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { BusinessId } from "../domain/entity-ref.ts"
import { Authentication } from "./authentication.ts"
import { Forbidden, NotFound } from "./errors.ts"
import { operation } from "./openapi-document.ts"

export class StartRunRequest extends Schema.Class<StartRunRequest>("StartRunRequest")({
  business_id: Schema.optional(Schema.NullOr(BusinessId).annotations({
    description: "Run only this business and its products; null or absent for every active entity.",
    examples: [BusinessId.make("blue-door-bakery")]
  })),
  /** The UTC day to run, `YYYY-MM-DD`; default today. */
  date: Schema.optional(Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, {
    message: () => "expected a date as YYYY-MM-DD",
    description: "The UTC day to run, YYYY-MM-DD, today or earlier (default today).",
    examples: ["2026-11-05"]
  })))
}) {}

const Counts = Schema.Struct({ total: Schema.Int, done: Schema.Int, failed: Schema.Int, remaining: Schema.Int })

const RunId = Schema.String.annotations({ examples: ["3f8e2a7c-5b1d-4e9a-8c6f-0d2b4a6e8c10"] })

export class RunResponse extends Schema.Class<RunResponse>("RunResponse")({
  run_id: RunId,
  date: Schema.String.annotations({ examples: ["2026-11-05"] }),
  business_id: Schema.NullOr(Schema.String).annotations({ examples: [null] }),
  trigger: Schema.String.annotations({ examples: ["manual"] }),
  state: Schema.Literal("queued", "running", "succeeded", "failed"),
  entities: Counts,
  steps: Schema.Struct({ site: Counts, blog: Counts, analyze: Counts, score: Counts }),
  failed_entities: Schema.Array(Schema.Struct({
    business_id: Schema.String,
    item_id: Schema.NullOr(Schema.String),
    errors: Schema.Array(Schema.String)
  })),
  created_at: Schema.String.annotations({ examples: ["2026-11-05T06:00:00.114Z"] }),
  started_at: Schema.NullOr(Schema.String).annotations({ examples: ["2026-11-05T06:00:00.532Z"] }),
  finished_at: Schema.NullOr(Schema.String).annotations({ examples: [null] })
}) {}

export class SchedulerApi extends HttpApiGroup.make("scheduler")
  .add(
    HttpApiEndpoint.post("startRun", "/api/scheduler/runs")
      .setPayload(StartRunRequest)
      .addSuccess(Schema.Struct({ run_id: RunId }), { status: 202 })
      .addError(NotFound)
      .annotateContext(operation({
        summary: "Start a daily run by hand",
        access: "service",
        description:
          "Starts the daily run (deploy each entity's site, publish its blog post, check its prompts, store its score) for a day and answers its id at once; follow it with `GET /api/scheduler/runs/{run_id}`. The scheduler starts one every day by itself.",
        errors: [
          "400 `invalid_request`: `date` is not a calendar date or is after today (UTC), or `business_id` is not a slug.",
          "403 `forbidden`: a user token.",
          "404 `business_not_found`: no such active business."
        ]
      }))
  )
  .add(
    HttpApiEndpoint.get("runs", "/api/scheduler/runs")
      .setUrlParams(Schema.Struct({
        limit: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 100)).annotations({
          jsonSchema: { type: "string", description: "How many runs, 1 to 100 (default 20).", examples: ["20"] }
        }))
      }))
      .addSuccess(Schema.Struct({ runs: Schema.Array(RunResponse) }))
      .annotateContext(operation({
        summary: "Recent daily runs",
        access: "service",
        description: "The most recent daily runs, newest first, with their progress per step (`limit`: 1 to 100, default 20).",
        errors: ["400 `invalid_request`: `limit` is not an integer from 1 to 100.", "403 `forbidden`: a user token."]
      }))
  )
  .add(
    HttpApiEndpoint.get("run", "/api/scheduler/runs/:run_id")
      .setPath(Schema.Struct({ run_id: Schema.String.pipe(Schema.maxLength(200)).annotations({ examples: ["3f8e2a7c-5b1d-4e9a-8c6f-0d2b4a6e8c10"] }) }))
      .addSuccess(RunResponse)
      .addError(NotFound)
      .annotateContext(operation({
        summary: "One daily run's progress",
        access: "service",
        description:
          "A daily run's state, its counts of entities and of each step (site, blog, analyze, score) done, failed and remaining, and the entities that failed with their errors.",
        errors: ["400 `invalid_request`: `run_id` is over 200 characters.", "403 `forbidden`: a user token.", "404 `not_found`: no such run."]
      }))
  )
  .addError(Forbidden)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Daily run", description: "The daily run: start one by hand and follow its progress (service API keys only)." }))
{}
