/**
 * Background jobs (onboarding: `generate-all`, `generate-prompts`) and their progress, as the
 * events of one stream per job (`job-<id>`). Progress events carry their own counts, so a
 * step re-run after a crash records the same events again and the log keeps them once.
 */
import { Schema } from "effect"
import { storedCodec } from "./stored-event.ts"

export const JobKind = Schema.Literal("generate-all", "generate-prompts")
export type JobKind = typeof JobKind.Type

export class JobQueued extends Schema.TaggedClass<JobQueued>()("JobQueued", {
  jobId: Schema.String,
  kind: JobKind,
  businessId: Schema.String,
  /** The request as accepted, for operators. */
  request: Schema.Unknown,
  /** Steps in display order with their planned totals. */
  steps: Schema.Array(Schema.Struct({ name: Schema.String, total: Schema.Int })),
  queuedAt: Schema.String
}) {}

export class JobStepProgressed extends Schema.TaggedClass<JobStepProgressed>()("JobStepProgressed", {
  jobId: Schema.String,
  step: Schema.String,
  done: Schema.Int,
  failed: Schema.Int,
  total: Schema.Int,
  at: Schema.String
}) {}

export class JobStepCompleted extends Schema.TaggedClass<JobStepCompleted>()("JobStepCompleted", {
  jobId: Schema.String,
  step: Schema.String,
  outcome: Schema.Literal("succeeded", "failed", "skipped"),
  detail: Schema.NullOr(Schema.String),
  at: Schema.String
}) {}

/**
 * How a job ended: `succeeded`; `succeeded_with_errors` when a step failed but its entity went
 * on from facts it already had (a crawl that failed, the last good crawl's facts used), the
 * errors listed; `failed` when an entity could not be completed.
 */
export const JobOutcome = Schema.Literal("succeeded", "succeeded_with_errors", "failed")

export class JobFinished extends Schema.TaggedClass<JobFinished>()("JobFinished", {
  jobId: Schema.String,
  outcome: JobOutcome,
  errors: Schema.Array(Schema.String),
  at: Schema.String
}) {}

export const JobEvent = Schema.Union(JobQueued, JobStepProgressed, JobStepCompleted, JobFinished)
export type JobEvent = typeof JobEvent.Type

export const JOB_EVENT_VERSION = 1
const codec = storedCodec(JobEvent, () => JOB_EVENT_VERSION)
export const jobToStored = codec.toStored
export const jobFromStored = codec.fromStored

export const jobStreamOf = (jobId: string) => `job-${jobId}`

/** One stream per business holding who runs onboarding now: a second request finds the first. */
export const jobLockStreamOf = (businessId: string) => `joblock-${businessId}`

export class JobLockTaken extends Schema.TaggedClass<JobLockTaken>()("JobLockTaken", {
  jobId: Schema.String,
  at: Schema.String
}) {}

export class JobLockReleased extends Schema.TaggedClass<JobLockReleased>()("JobLockReleased", {
  jobId: Schema.String,
  at: Schema.String
}) {}

export const JobLockEvent = Schema.Union(JobLockTaken, JobLockReleased)
const lockCodec = storedCodec(JobLockEvent, () => JOB_EVENT_VERSION)
export const lockToStored = lockCodec.toStored
export const lockFromStored = lockCodec.fromStored
