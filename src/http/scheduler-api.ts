/** The daily run: start one by hand, follow its progress (internal: service keys). */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./authentication.ts"
import { Forbidden, NotFound, Unavailable } from "./errors.ts"
import { Slug } from "./schemas.ts"

export class StartRunRequest extends Schema.Class<StartRunRequest>("StartRunRequest")({
  business_id: Schema.optional(Schema.NullOr(Slug)),
  /** The UTC day to run, `YYYY-MM-DD`; default today. */
  date: Schema.optional(Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => "expected a date as YYYY-MM-DD" })))
}) {}

const Counts = Schema.Struct({ total: Schema.Int, done: Schema.Int, failed: Schema.Int, remaining: Schema.Int })

export class RunResponse extends Schema.Class<RunResponse>("RunResponse")({
  run_id: Schema.String,
  date: Schema.String,
  business_id: Schema.NullOr(Schema.String),
  trigger: Schema.String,
  state: Schema.Literal("queued", "running", "succeeded", "failed"),
  entities: Counts,
  steps: Schema.Struct({ site: Counts, blog: Counts, analyze: Counts, score: Counts }),
  failed_entities: Schema.Array(Schema.Struct({
    business_id: Schema.String,
    item_id: Schema.NullOr(Schema.String),
    errors: Schema.Array(Schema.String)
  })),
  created_at: Schema.String,
  started_at: Schema.NullOr(Schema.String),
  finished_at: Schema.NullOr(Schema.String)
}) {}

export class SchedulerApi extends HttpApiGroup.make("scheduler")
  .add(
    HttpApiEndpoint.post("startRun", "/api/scheduler/runs")
      .setPayload(StartRunRequest)
      .addSuccess(Schema.Struct({ run_id: Schema.String }), { status: 202 })
  )
  .add(
    HttpApiEndpoint.get("runs", "/api/scheduler/runs")
      .setUrlParams(Schema.Struct({ limit: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 100))) }))
      .addSuccess(Schema.Struct({ runs: Schema.Array(RunResponse) }))
  )
  .add(
    HttpApiEndpoint.get("run", "/api/scheduler/runs/:run_id")
      .setPath(Schema.Struct({ run_id: Schema.String.pipe(Schema.maxLength(200)) }))
      .addSuccess(RunResponse)
  )
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Unavailable)
  .middleware(Authentication)
{}
