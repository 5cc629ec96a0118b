/**
 * Read model of daily runs: each run, the entities it covers, and each entity's daily progress
 * per step. A run's counts are its entities' counts for its date, so two runs of one day that
 * share an entity show the same work once each.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { DAILY_STEPS, type DailyStep, dailyFromStored, POSTS_PER_DAY } from "../domain/daily-run-events.ts"
import type { Projection } from "./projection.ts"

export const schedulerRunsProjection: Projection = {
  name: "scheduler_runs",
  version: 1,
  eventTypes: ["DailyRunQueued", "DailyRunStarted", "DailyRunFinished", "DailyStepProgressed", "DailyEntityFinished"],
  tables: ["scheduler_runs", "scheduler_run_entities", "daily_entity_steps", "daily_entities"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS scheduler_runs (
          run_id text PRIMARY KEY,
          date text NOT NULL,
          business_id text,
          trigger text NOT NULL,
          state text NOT NULL,
          created_at timestamptz NOT NULL,
          started_at timestamptz,
          finished_at timestamptz
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS scheduler_run_entities (
          run_id text NOT NULL,
          business_id text NOT NULL,
          item_id text NOT NULL,
          prompts integer NOT NULL,
          PRIMARY KEY (run_id, business_id, item_id)
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS daily_entity_steps (
          date text NOT NULL,
          business_id text NOT NULL,
          item_id text NOT NULL,
          step text NOT NULL,
          done integer NOT NULL,
          failed integer NOT NULL,
          total integer NOT NULL,
          PRIMARY KEY (date, business_id, item_id, step)
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS daily_entities (
          date text NOT NULL,
          business_id text NOT NULL,
          item_id text NOT NULL,
          outcome text NOT NULL,
          errors jsonb NOT NULL,
          finished_at timestamptz NOT NULL,
          PRIMARY KEY (date, business_id, item_id)
        )`
    ], { discard: true })),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const event = dailyFromStored(recorded)
      switch (event._tag) {
        case "DailyRunQueued":
          yield* sql`
            INSERT INTO scheduler_runs (run_id, date, business_id, trigger, state, created_at)
            VALUES (${event.runId}, ${event.date}, ${event.businessId}, ${event.trigger}, 'queued', ${event.at})
            ON CONFLICT (run_id) DO NOTHING`
          return
        case "DailyRunStarted":
          yield* sql`UPDATE scheduler_runs SET state = 'running', started_at = ${event.at} WHERE run_id = ${event.runId} AND state = 'queued'`
          for (const entity of event.entities) {
            yield* sql`
              INSERT INTO scheduler_run_entities (run_id, business_id, item_id, prompts)
              VALUES (${event.runId}, ${entity.businessId}, ${entity.itemId ?? ""}, ${entity.prompts})
              ON CONFLICT DO NOTHING`
          }
          return
        case "DailyRunFinished":
          yield* sql`UPDATE scheduler_runs SET state = ${event.outcome}, finished_at = ${event.at} WHERE run_id = ${event.runId}`
          return
        case "DailyStepProgressed":
          // Counts only grow: a progress event replayed late never moves them back.
          yield* sql`
            INSERT INTO daily_entity_steps (date, business_id, item_id, step, done, failed, total)
            VALUES (${event.date}, ${event.businessId}, ${event.itemId ?? ""}, ${event.step}, ${event.done}, ${event.failed}, ${event.total})
            ON CONFLICT (date, business_id, item_id, step) DO UPDATE SET
              done = GREATEST(daily_entity_steps.done, EXCLUDED.done),
              failed = GREATEST(daily_entity_steps.failed, EXCLUDED.failed),
              total = EXCLUDED.total`
          return
        case "DailyEntityFinished":
          yield* sql`
            INSERT INTO daily_entities (date, business_id, item_id, outcome, errors, finished_at)
            VALUES (${event.date}, ${event.businessId}, ${event.itemId ?? ""}, ${event.outcome}, ${JSON.stringify(event.errors)}::jsonb, ${event.at})
            ON CONFLICT (date, business_id, item_id) DO NOTHING`
          return
      }
    })
}

export interface StepCounts {
  readonly total: number
  readonly done: number
  readonly failed: number
  readonly remaining: number
}

export interface RunView {
  readonly runId: string
  readonly date: string
  readonly businessId: string | null
  readonly trigger: string
  readonly state: "queued" | "running" | "succeeded" | "failed"
  readonly createdAt: Date
  readonly startedAt: Date | null
  readonly finishedAt: Date | null
  readonly entities: StepCounts
  readonly steps: Readonly<Record<DailyStep, StepCounts>>
  readonly failedEntities: ReadonlyArray<{ readonly businessId: string; readonly itemId: string | null; readonly errors: ReadonlyArray<string> }>
}

interface RunRow {
  readonly run_id: string
  readonly date: string
  readonly business_id: string | null
  readonly trigger: string
  readonly state: RunView["state"]
  readonly created_at: Date
  readonly started_at: Date | null
  readonly finished_at: Date | null
}

const counts = (total: number, done: number, failed: number): StepCounts => ({
  total,
  done,
  failed,
  remaining: Math.max(0, total - done - failed)
})

/** Planned work of one entity per step; an entity's own progress may say more (its prompts). */
const plannedTotal = (step: DailyStep, prompts: number) =>
  step === "blog" ? POSTS_PER_DAY : step === "analyze" ? prompts : 1

export class SchedulerRuns extends Effect.Service<SchedulerRuns>()("SchedulerRuns", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const viewOf = (run: RunRow) =>
      Effect.gen(function*() {
        const members = yield* sql<{ business_id: string; item_id: string; prompts: number }>`
          SELECT business_id, item_id, prompts FROM scheduler_run_entities WHERE run_id = ${run.run_id}`
        const steps = yield* sql<{ business_id: string; item_id: string; step: DailyStep; done: number; failed: number; total: number }>`
          SELECT s.business_id, s.item_id, s.step, s.done, s.failed, s.total
          FROM daily_entity_steps s JOIN scheduler_run_entities m
            ON m.run_id = ${run.run_id} AND m.business_id = s.business_id AND m.item_id = s.item_id
          WHERE s.date = ${run.date}`
        const finished = yield* sql<{ business_id: string; item_id: string; outcome: string; errors: ReadonlyArray<string> }>`
          SELECT d.business_id, d.item_id, d.outcome, d.errors
          FROM daily_entities d JOIN scheduler_run_entities m
            ON m.run_id = ${run.run_id} AND m.business_id = d.business_id AND m.item_id = d.item_id
          WHERE d.date = ${run.date}`
        const progress = new Map(steps.map((row) => [`${row.business_id}/${row.item_id}/${row.step}`, row]))
        const perStep = Object.fromEntries(DAILY_STEPS.map((step) => {
          let total = 0, done = 0, failed = 0
          for (const member of members) {
            const row = progress.get(`${member.business_id}/${member.item_id}/${step}`)
            total += row?.total ?? plannedTotal(step, member.prompts)
            done += row?.done ?? 0
            failed += row?.failed ?? 0
          }
          return [step, counts(total, done, failed)]
        })) as Record<DailyStep, StepCounts>
        const failedEntities = finished.filter((row) => row.outcome === "failed")
        return {
          runId: run.run_id,
          date: run.date,
          businessId: run.business_id,
          trigger: run.trigger,
          state: run.state,
          createdAt: run.created_at,
          startedAt: run.started_at,
          finishedAt: run.finished_at,
          entities: counts(members.length, finished.length - failedEntities.length, failedEntities.length),
          steps: perStep,
          failedEntities: failedEntities.map((row) => ({
            businessId: row.business_id,
            itemId: row.item_id === "" ? null : row.item_id,
            errors: typeof row.errors === "string" ? JSON.parse(row.errors) : row.errors
          }))
        } satisfies RunView
      })

    const find = (runId: string) =>
      Effect.gen(function*() {
        const [run] = yield* sql<RunRow>`SELECT * FROM scheduler_runs WHERE run_id = ${runId}`
        return run === undefined ? undefined : yield* viewOf(run)
      }).pipe(Effect.orDie, Effect.withSpan("SchedulerRuns.find"))

    /** The newest runs first. */
    const recent = (limit: number) =>
      Effect.gen(function*() {
        const runs = yield* sql<RunRow>`SELECT * FROM scheduler_runs ORDER BY created_at DESC, run_id DESC LIMIT ${limit}`
        return yield* Effect.forEach(runs, viewOf)
      }).pipe(Effect.orDie, Effect.withSpan("SchedulerRuns.recent"))

    /** Runs not finished yet, oldest first: started again at start-up. */
    const open = sql<{ run_id: string; date: string; business_id: string | null; trigger: "cron" | "manual" }>`
      SELECT run_id, date, business_id, trigger FROM scheduler_runs WHERE state IN ('queued', 'running') ORDER BY created_at`.pipe(Effect.orDie)

    return { find, recent, open }
  })
}) {}
