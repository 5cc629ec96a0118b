/** Read model of background jobs: state, steps and progress counts, errors. */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { jobFromStored } from "../domain/job-events.ts"
import type { Projection } from "./projection.ts"

export const jobsProjection: Projection = {
  name: "jobs",
  version: 1,
  eventTypes: ["JobQueued", "JobStepProgressed", "JobStepCompleted", "JobFinished"],
  tables: ["jobs", "job_steps"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS jobs (
          job_id text PRIMARY KEY,
          kind text NOT NULL,
          business_id text NOT NULL,
          state text NOT NULL,
          request jsonb NOT NULL,
          errors jsonb NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS job_steps (
          job_id text NOT NULL,
          step text NOT NULL,
          ordinal integer NOT NULL,
          state text NOT NULL,
          done integer NOT NULL,
          failed integer NOT NULL,
          total integer NOT NULL,
          detail text,
          updated_at timestamptz NOT NULL,
          PRIMARY KEY (job_id, step)
        )`
    ], { discard: true })),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const event = jobFromStored(recorded)
      switch (event._tag) {
        case "JobQueued": {
          yield* sql`
            INSERT INTO jobs (job_id, kind, business_id, state, request, errors, created_at, updated_at)
            VALUES (${event.jobId}, ${event.kind}, ${event.businessId}, 'queued', ${JSON.stringify(event.request)}::jsonb,
              '[]'::jsonb, ${event.queuedAt}, ${event.queuedAt})
            ON CONFLICT (job_id) DO NOTHING`
          for (const [ordinal, step] of event.steps.entries()) {
            yield* sql`
              INSERT INTO job_steps (job_id, step, ordinal, state, done, failed, total, detail, updated_at)
              VALUES (${event.jobId}, ${step.name}, ${ordinal}, 'pending', 0, 0, ${step.total}, NULL, ${event.queuedAt})
              ON CONFLICT (job_id, step) DO NOTHING`
          }
          return
        }
        case "JobStepProgressed": {
          // Counts only grow: a progress event replayed late never moves them back.
          yield* sql`
            UPDATE job_steps SET state = CASE WHEN state = 'pending' THEN 'running' ELSE state END,
              done = GREATEST(done, ${event.done}), failed = GREATEST(failed, ${event.failed}),
              total = ${event.total}, updated_at = ${event.at}
            WHERE job_id = ${event.jobId} AND step = ${event.step}`
          yield* sql`UPDATE jobs SET state = 'running', updated_at = ${event.at} WHERE job_id = ${event.jobId} AND state = 'queued'`
          return
        }
        case "JobStepCompleted": {
          yield* sql`
            UPDATE job_steps SET state = ${event.outcome}, detail = ${event.detail}, updated_at = ${event.at},
              done = CASE WHEN ${event.outcome} = 'succeeded' THEN GREATEST(done, total - failed) ELSE done END
            WHERE job_id = ${event.jobId} AND step = ${event.step}`
          yield* sql`UPDATE jobs SET state = 'running', updated_at = ${event.at} WHERE job_id = ${event.jobId} AND state = 'queued'`
          return
        }
        case "JobFinished": {
          yield* sql`
            UPDATE jobs SET state = ${event.outcome}, errors = ${JSON.stringify(event.errors)}::jsonb, updated_at = ${event.at}
            WHERE job_id = ${event.jobId}`
          return
        }
      }
    })
}

export interface JobView {
  readonly job_id: string
  readonly kind: string
  readonly business_id: string
  readonly state: string
  readonly request: unknown
  readonly errors: ReadonlyArray<string>
  readonly created_at: Date
  readonly updated_at: Date
  readonly steps: ReadonlyArray<{
    readonly step: string
    readonly state: string
    readonly done: number
    readonly failed: number
    readonly total: number
    readonly detail: string | null
  }>
}

export class Jobs extends Effect.Service<Jobs>()("Jobs", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const find = (jobId: string) =>
      Effect.gen(function*() {
        const [job] = yield* sql<Omit<JobView, "steps">>`SELECT * FROM jobs WHERE job_id = ${jobId}`
        if (job === undefined) return undefined
        const steps = yield* sql<JobView["steps"][number]>`
          SELECT step, state, done, failed, total, detail FROM job_steps WHERE job_id = ${jobId} ORDER BY ordinal`
        return { ...job, steps } satisfies JobView
      }).pipe(Effect.orDie, Effect.withSpan("Jobs.find"))

    /** Jobs not finished yet, oldest first: started again at start-up. */
    const open = sql<{ job_id: string; request: unknown }>`
      SELECT job_id, request FROM jobs WHERE state IN ('queued', 'running') ORDER BY created_at`.pipe(Effect.orDie)

    return { find, open }
  })
}) {}
