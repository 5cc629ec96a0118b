import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { WallClock } from "../config/wall-clock.ts"
import { isCalendarDate, utcDay } from "../domain/calendar-date.ts"
import type { RunView } from "../projections/scheduler-runs.ts"
import { SchedulerRuns } from "../projections/scheduler-runs.ts"
import { DailyRuns } from "../scheduler/daily-runs.ts"
import { SightlineApi } from "./api.ts"
import { requireService } from "./authorize.ts"
import { badRequest, notFound } from "./errors.ts"
import { findEntity } from "./entity-lookup.ts"
import { RunResponse } from "./scheduler-api.ts"

const responseOf = (run: RunView) =>
  new RunResponse({
    run_id: run.runId,
    date: run.date,
    business_id: run.businessId,
    trigger: run.trigger,
    state: run.state,
    entities: run.entities,
    steps: run.steps,
    failed_entities: run.failedEntities.map((entity) => ({ business_id: entity.businessId, item_id: entity.itemId, errors: entity.errors })),
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null
  })

export const SchedulerHandlers = HttpApiBuilder.group(SightlineApi, "scheduler", (handlers) =>
  Effect.gen(function*() {
    const dailyRuns = yield* DailyRuns
    const runs = yield* SchedulerRuns
    const clock = yield* WallClock

    return handlers
      .handle("startRun", ({ payload }) =>
        Effect.gen(function*() {
          yield* requireService
          const today = utcDay(yield* clock.now)
          const date = payload.date ?? today
          if (!isCalendarDate(date)) return yield* Effect.fail(badRequest("date: not a calendar date"))
          // A day's posts and deployment are that day's: a day to come cannot be run yet.
          if (date > today) return yield* Effect.fail(badRequest(`date: ${date} is after today (${today}, UTC)`))
          const businessId = payload.business_id ?? null
          if (businessId !== null) yield* findEntity({ businessId, itemId: null, allowDeleted: false })
          return { run_id: yield* dailyRuns.start({ date, businessId, trigger: "manual" }) }
        }))
      .handle("runs", ({ urlParams }) =>
        Effect.gen(function*() {
          yield* requireService
          return { runs: (yield* runs.recent(urlParams.limit ?? 20)).map(responseOf) }
        }))
      .handle("run", ({ path }) =>
        Effect.gen(function*() {
          yield* requireService
          const run = yield* runs.find(path.run_id)
          if (run === undefined) return yield* Effect.fail(notFound("not_found", `daily run ${path.run_id} not found`))
          return responseOf(run)
        }))
  }))
