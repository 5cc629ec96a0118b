/** At start-up, starts again every onboarding job that is queued or running (see `resumer.ts`). */
import { Effect, Schema } from "effect"
import { Jobs } from "../projections/jobs.ts"
import { Onboarding, OnboardingRequest } from "./onboarding-workflow.ts"
import { resumerLayer } from "./resumer.ts"

const decodeRequest = Schema.decodeUnknown(OnboardingRequest)

// A request this version cannot read is left as it is.
export const JobResumerLive = resumerLayer("jobs", Effect.flatMap(Jobs, (jobs) => jobs.open))((job) =>
  Effect.flatMap(Effect.option(decodeRequest(job.request)), (request) =>
    request._tag === "Some" ? Onboarding.execute(request.value, { discard: true }) : Effect.void)
)
