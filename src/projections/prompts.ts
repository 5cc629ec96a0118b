/**
 * Read model of prompt sets and their latest checks: each entity's prompt sets by version
 * (`prompt_sets`), and per prompt and platform the newest check (`prompt_checks`), which
 * `GET /api/prompts` and the pipelines read.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { checkFromStored } from "../domain/check-events.ts"
import { fromStored, type PromptsGenerated } from "../domain/entity-events.ts"
import type { PlatformKey } from "../domain/platforms.ts"
import type { RecordedEvent } from "../eventstore/event-store.ts"
import type { Projection } from "./projection.ts"

export const promptsProjection: Projection = {
  name: "prompts",
  version: 1,
  eventTypes: ["PromptsGenerated", "PlatformChecked"],
  tables: ["prompt_sets", "prompt_checks"],
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
          PRIMARY KEY (business_id, item_id, prompt, platform)
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
          log_position: recorded.position.toString()
        })
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
          citations, checked_at, log_position)
        SELECT DISTINCT ON (business_id, item_id, prompt, platform) business_id, item_id, prompt, platform, status, visible,
          position, sentiment, citations, checked_at, log_position
        FROM jsonb_to_recordset(${JSON.stringify(checks)}::jsonb) AS c(business_id text, item_id text, prompt text,
          platform text, status text, visible boolean, position integer, sentiment text, citations jsonb,
          checked_at timestamptz, log_position bigint)
        ORDER BY business_id, item_id, prompt, platform, checked_at DESC, log_position DESC
        ON CONFLICT (business_id, item_id, prompt, platform) DO UPDATE
          SET status = excluded.status, visible = excluded.visible, position = excluded.position,
            sentiment = excluded.sentiment, citations = excluded.citations, checked_at = excluded.checked_at,
            log_position = excluded.log_position
          WHERE (excluded.checked_at, excluded.log_position) >= (prompt_checks.checked_at, prompt_checks.log_position)`
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
        SELECT prompt, platform, status, visible, position, sentiment, citations, checked_at FROM prompt_checks
        WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}`.pipe(Effect.orDie)

    return { currentSet, latestChecks }
  })
}) {}
