/**
 * A daily run as a durable workflow: it fixes the entities it covers (active ones; deleted
 * products excluded), runs each one's day (`DailyEntity`) with bounded concurrency, and
 * records which failed. A failed entity never blocks the others.
 */
import { Activity, Workflow } from "@effect/workflow"
import { Effect, Schema } from "effect"
import { DailyJournal } from "../writers/daily-journal.ts"
import { AppConfig } from "../config/app-config.ts"
import { WallClock } from "../config/wall-clock.ts"
import { DailyRunFinished, DailyRunStarted, dailyRunStreamOf } from "../domain/daily-run-events.ts"
import { BusinessId, ItemId } from "../domain/entity-ref.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { Entities } from "../projections/entities.ts"
import { Prompts } from "../projections/prompts.ts"
import { refOfRow } from "../projections/row-ref.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { DailyEntity } from "./daily-entity-workflow.ts"

export const DailyRunRequest = Schema.Struct({
  runId: Schema.String,
  date: Schema.String,
  businessId: Schema.NullOr(Schema.String)
})
export type DailyRunRequest = typeof DailyRunRequest.Type

export const DailyRun = Workflow.make({
  name: "DailyRun",
  payload: DailyRunRequest,
  idempotencyKey: (request) => request.runId
})

const Member = Schema.Struct({ businessId: BusinessId, itemId: Schema.NullOr(ItemId), prompts: Schema.Int })

/**
 * The run's entities, fixed once: businesses before their products. Every entity recorded
 * before the run started is in it: the read models are first brought up to the log's last
 * commit (a lagging projection past the wait limit is logged, and the run goes on with what
 * the read models hold).
 */
const membersOf = (request: DailyRunRequest) =>
  Effect.gen(function*() {
    const recorded = yield* (yield* EventStore).lastCommitted
    yield* (yield* ProjectionRunner).waitFor(recorded, ["entities", "prompts"]).pipe(
      Effect.catchAll((lagging) => Effect.logWarning(`daily run ${request.runId}: ${lagging.projections.join(", ")} still behind; reading the entities as they are`))
    )
    const rows = yield* (yield* Entities).list({ businessId: request.businessId ?? undefined })
    const prompts = yield* Prompts
    const members = yield* Effect.forEach(rows, (row) => {
      const { businessId, itemId } = refOfRow(row)
      return Effect.map(prompts.currentSet(businessId, itemId), (set) => ({
        businessId,
        itemId,
        prompts: set?.prompts.length ?? 0
      }))
    })
    const at = (yield* (yield* WallClock).now).toISOString()
    yield* (yield* DailyJournal).record(
      dailyRunStreamOf(request.runId),
      "started",
      new DailyRunStarted({ runId: request.runId, date: request.date, entities: members, at })
    )
    return members
  })

export const DailyRunLive = DailyRun.toLayer((request) =>
  Effect.gen(function*() {
    const { schedulerConcurrency } = yield* AppConfig
    const members = yield* Activity.make({ name: "entities", success: Schema.Array(Member), execute: membersOf(request) })
    const outcomes = yield* Effect.forEach(members, (member) =>
      DailyEntity.execute({ date: request.date, businessId: member.businessId, itemId: member.itemId }).pipe(
        Effect.map((outcome) => ({ ...member, ...outcome }))
      ), { concurrency: schedulerConcurrency })
    const failedEntities = outcomes
      .filter((entity) => entity.outcome === "failed")
      .map(({ businessId, errors, itemId }) => ({ businessId, itemId, errors }))
    const at = (yield* (yield* WallClock).now).toISOString()
    yield* (yield* DailyJournal).record(
      dailyRunStreamOf(request.runId),
      "finished",
      new DailyRunFinished({ runId: request.runId, outcome: failedEntities.length === 0 ? "succeeded" : "failed", failedEntities, at })
    )
  })
)
