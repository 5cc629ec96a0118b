/**
 * Starting daily runs, by the built-in cron, by `POST /api/scheduler/runs` and at start-up for
 * runs a crash left open. A run is named by its day (and business), so starting it twice the
 * same day answers the same run and adds nothing.
 */
import { ClusterCron } from "@effect/cluster"
import { Effect, Layer } from "effect"
import { DailyJournal } from "../writers/daily-journal.ts"
import { AppConfig } from "../config/app-config.ts"
import { WallClock } from "../config/wall-clock.ts"
import { utcDay } from "../domain/calendar-date.ts"
import { DailyRunQueued, dailyRunStreamOf, runIdOf } from "../domain/daily-run-events.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { SchedulerRuns } from "../projections/scheduler-runs.ts"
import { resumerLayer } from "../pipeline/resumer.ts"
import { DailyRun } from "./daily-run-workflow.ts"

export interface RunRequest {
  readonly date: string
  readonly businessId: string | null
  readonly trigger: "cron" | "manual"
}

export class DailyRuns extends Effect.Service<DailyRuns>()("DailyRuns", {
  effect: Effect.gen(function*() {
    const journal = yield* DailyJournal
    const clock = yield* WallClock
    const runner = yield* ProjectionRunner

    /** Queues the run (once per name) and starts its workflow; answers its id once it is readable. */
    const start = Effect.fn("DailyRuns.start")(function*(request: RunRequest) {
      const runId = runIdOf(request.date, request.businessId)
      const at = (yield* clock.now).toISOString()
      const queued = yield* journal.record(dailyRunStreamOf(runId), "queued", new DailyRunQueued({ runId, ...request, at }))
      yield* runner.waitFor(queued.lastPosition, ["scheduler_runs"]).pipe(Effect.orDie)
      yield* DailyRun.execute({ runId, date: request.date, businessId: request.businessId }, { discard: true })
      return runId
    })

    return { start }
  }),
  dependencies: [DailyJournal.Default]
}) {}

/** The built-in daily run: a cluster cron, so one runner fires it however many run. */
export const DailyCronLive = Layer.unwrapEffect(Effect.gen(function*() {
  const { schedulerCron } = yield* AppConfig
  if (schedulerCron._tag === "Off") return Layer.empty
  return ClusterCron.make({
    name: "DailyRun",
    cron: schedulerCron.cron,
    execute: Effect.gen(function*() {
      const date = utcDay(yield* (yield* WallClock).now)
      const runId = yield* (yield* DailyRuns).start({ date, businessId: null, trigger: "cron" })
      yield* Effect.logInfo(`daily run ${runId} started`)
    })
  })
}))

/** At start-up, starts again every daily run left queued or running (see `resumer.ts`). */
export const DailyRunResumerLive = resumerLayer("daily runs", Effect.flatMap(SchedulerRuns, (runs) => runs.open))((run) =>
  DailyRun.execute({ runId: run.run_id, date: run.date, businessId: run.business_id }, { discard: true })
)
