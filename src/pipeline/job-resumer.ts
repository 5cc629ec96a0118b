/**
 * At start-up, starts again every job that is queued or running. The cluster resumes the
 * workflows it had accepted by itself; this covers a crash between a job being queued and its
 * workflow being accepted. Starting a workflow is idempotent by job id, so a job that is
 * running anyway is not started twice.
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Schema } from "effect"
import { Onboarding, OnboardingRequest } from "./onboarding-workflow.ts"

const decodeRequest = Schema.decodeUnknown(OnboardingRequest)

export const JobResumerLive = Layer.scopedDiscard(
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const resume = Effect.gen(function*() {
      const open = yield* sql<{ job_id: string; request: unknown }>`
        SELECT job_id, request FROM jobs WHERE state IN ('queued', 'running') ORDER BY created_at`
      for (const job of open) {
        const request = yield* Effect.option(decodeRequest(job.request))
        if (request._tag === "Some") yield* Onboarding.execute(request.value, { discard: true })
      }
      if (open.length > 0) yield* Effect.logInfo(`resumed ${open.length} open jobs`)
    }).pipe(Effect.catchAllCause((cause) => Effect.logWarning("could not resume open jobs", cause)))
    yield* Effect.forkScoped(Effect.delay(resume, "1 second"))
  })
)
