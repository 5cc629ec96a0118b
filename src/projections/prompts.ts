/**
 * Read model of prompt sets and their latest checks: each entity's prompt sets by version
 * (`prompt_sets`), per prompt and platform the newest check with the engine and model that
 * answered it and its event id (`prompt_checks`), which `GET /api/prompts` and the pipelines
 * read, and the engine and model each platform answered with in each job (`job_engines`), which
 * job details show. Answer texts are not copied here: the check's event holds them, read by id.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { type CheckedAnswer, checkFromStored } from "../domain/check-events.ts"
import { fromStored, type PromptsGenerated } from "../domain/entity-events.ts"
import type { PlatformKey } from "../domain/platforms.ts"
import type { RecordedEvent } from "../eventstore/event-store.ts"
import type { Projection } from "./projection.ts"

export const promptsProjection: Projection = {
  name: "prompts",
  version: 3,
  eventTypes: ["PromptsGenerated", "PlatformChecked"],
  tables: ["prompt_sets", "prompt_checks", "job_engines"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS prompt_sets (
          business_id text NOT NULL,
          item_id text NOT NULL,
          set_version integer NOT NULL,
          prompts jsonb NOT NULL,
          generator text NOT NULL,
          generated_at timestamptz NOT NULL,
          PRIMARY KEY (business_id, item_id, set_version)
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS prompt_checks (
          business_id text NOT NULL,
          item_id text NOT NULL,
          prompt text NOT NULL,
          platform text NOT NULL,
          status text NOT NULL,
          visible boolean NOT NULL,
          position integer,
          sentiment text,
          citations jsonb NOT NULL,
          checked_at timestamptz NOT NULL,
          log_position bigint NOT NULL,
          check_id text NOT NULL,
          engine text,
          model text,
          PRIMARY KEY (business_id, item_id, prompt, platform)
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS job_engines (
          job_id text NOT NULL,
          platform text NOT NULL,
          engine text NOT NULL,
          model text NOT NULL,
          PRIMARY KEY (job_id, platform, engine, model)
        )`
    ], { discard: true })),
  apply: (recorded) => applyPrompts([recorded]),
  // A page in two statements, one per table: checks arrive eight per analysis, and a statement
  // per event was most of this read model's cost.
  applyPage: (events) => applyPrompts(events)
}

/**
 * Applies events in commit order, leaving the rows one-by-one application would: a prompt set is
 * kept as first recorded (its version is its key), and per prompt and platform the check with
 * the newest (checked_at, log position) wins, so a check replayed out of order never overwrites
 * a newer one. Idempotent: applying a page again changes nothing.
 */
const applyPrompts = (events: ReadonlyArray<RecordedEvent>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const sets: Array<Record<string, unknown>> = []
    const checks: Array<Record<string, unknown>> = []
    const engines = new Map<string, Record<string, unknown>>()
    for (const recorded of events) {
      if (recorded.type === "PromptsGenerated") {
        const event = fromStored(recorded) as PromptsGenerated
        sets.push({
          ord: sets.length,
          business_id: event.businessId,
          item_id: event.itemId ?? "",
          set_version: event.setVersion,
          prompts: event.prompts,
          generator: event.generator,
          generated_at: event.generatedAt
        })
      } else {
        const check = checkFromStored(recorded)
        checks.push({
          business_id: check.businessId,
          item_id: check.itemId ?? "",
          prompt: check.prompt,
          platform: check.platform,
          status: check.status,
          visible: check.visible,
          position: check.position,
          sentiment: check.sentiment,
          citations: check.answers[0]?.citations ?? [],
          checked_at: check.checkedAt,
          log_position: recorded.position.toString(),
          check_id: recorded.eventId,
          // Every sample of a check is asked of the same engine; a failed check answered nothing.
          engine: check.answers[0]?.engine ?? null,
          model: check.answers[0]?.model ?? null
        })
        // A job's checks carry its id as their correlation (see `CheckRecorder.record`).
        const jobId = recorded.metadata.correlationId
        for (const answer of jobId === null ? [] : check.answers) {
          const row = { job_id: jobId, platform: check.platform, engine: answer.engine, model: answer.model }
          engines.set(JSON.stringify(row), row)
        }
      }
    }
    if (sets.length > 0) {
      // In commit order, so of two sets with one key the first recorded stays, as one by one.
      yield* sql`
        INSERT INTO prompt_sets (business_id, item_id, set_version, prompts, generator, generated_at)
        SELECT business_id, item_id, set_version, prompts, generator, generated_at
        FROM jsonb_to_recordset(${JSON.stringify(sets)}::jsonb) AS s(ord integer, business_id text, item_id text,
          set_version integer, prompts jsonb, generator text, generated_at timestamptz)
        ORDER BY ord
        ON CONFLICT DO NOTHING`
    }
    if (checks.length > 0) {
      // One row per key (an upsert may touch a row once per statement): the newest of the page,
      // which then meets the stored row under the same rule.
      yield* sql`
        INSERT INTO prompt_checks (business_id, item_id, prompt, platform, status, visible, position, sentiment,
          citations, checked_at, log_position, check_id, engine, model)
        SELECT DISTINCT ON (business_id, item_id, prompt, platform) business_id, item_id, prompt, platform, status, visible,
          position, sentiment, citations, checked_at, log_position, check_id, engine, model
        FROM jsonb_to_recordset(${JSON.stringify(checks)}::jsonb) AS c(business_id text, item_id text, prompt text,
          platform text, status text, visible boolean, position integer, sentiment text, citations jsonb,
          checked_at timestamptz, log_position bigint, check_id text, engine text, model text)
        ORDER BY business_id, item_id, prompt, platform, checked_at DESC, log_position DESC
        ON CONFLICT (business_id, item_id, prompt, platform) DO UPDATE
          SET status = excluded.status, visible = excluded.visible, position = excluded.position,
            sentiment = excluded.sentiment, citations = excluded.citations, checked_at = excluded.checked_at,
            log_position = excluded.log_position, check_id = excluded.check_id, engine = excluded.engine,
            model = excluded.model
          WHERE (excluded.checked_at, excluded.log_position) >= (prompt_checks.checked_at, prompt_checks.log_position)`
    }
    if (engines.size > 0) {
      yield* sql`
        INSERT INTO job_engines (job_id, platform, engine, model)
        SELECT job_id, platform, engine, model
        FROM jsonb_to_recordset(${JSON.stringify([...engines.values()])}::jsonb) AS e(job_id text, platform text, engine text, model text)
        ON CONFLICT DO NOTHING`
    }
  })

export interface PromptSet {
  readonly setVersion: number
  readonly prompts: ReadonlyArray<string>
  readonly generator: string
  readonly generatedAt: Date
}

export interface PromptCheckRow {
  readonly prompt: string
  readonly platform: PlatformKey
  readonly status: "answered" | "failed"
  readonly visible: boolean
  readonly position: number | null
  readonly sentiment: string | null
  readonly citations: ReadonlyArray<string>
  readonly checked_at: Date
  readonly check_id: string
  readonly engine: EngineKind | null
  readonly model: string | null
}

export type EngineKind = CheckedAnswer["engine"]

export interface JobEngineRow {
  readonly platform: PlatformKey
  readonly engine: EngineKind
  readonly model: string
}

/** Queries over the prompts read model. */
export class Prompts extends Effect.Service<Prompts>()("Prompts", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const currentSet = (businessId: string, itemId: string | null) =>
      sql<{ set_version: number; prompts: ReadonlyArray<string>; generator: string; generated_at: Date }>`
        SELECT set_version, prompts, generator, generated_at FROM prompt_sets
        WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}
        ORDER BY set_version DESC LIMIT 1`.pipe(
        Effect.map((rows): PromptSet | undefined =>
          rows[0] && {
            setVersion: rows[0].set_version,
            prompts: rows[0].prompts,
            generator: rows[0].generator,
            generatedAt: rows[0].generated_at
          }
        ),
        Effect.orDie
      )

    const latestChecks = (businessId: string, itemId: string | null) =>
      sql<PromptCheckRow>`
        SELECT prompt, platform, status, visible, position, sentiment, citations, checked_at, check_id, engine, model
        FROM prompt_checks
        WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}`.pipe(Effect.orDie)

    /** The engines and models the platforms answered a job's checks with, by platform. */
    const enginesOfJob = (jobId: string) =>
      sql<JobEngineRow>`
        SELECT platform, engine, model FROM job_engines WHERE job_id = ${jobId} ORDER BY platform, engine, model`.pipe(Effect.orDie)

    return { currentSet, latestChecks, enginesOfJob }
  })
}) {}
