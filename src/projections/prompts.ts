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
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      if (recorded.type === "PromptsGenerated") {
        const event = fromStored(recorded) as PromptsGenerated
        yield* sql`
          INSERT INTO prompt_sets (business_id, item_id, set_version, prompts, generator, generated_at)
          VALUES (${event.businessId}, ${event.itemId ?? ""}, ${event.setVersion}, ${JSON.stringify(event.prompts)}::jsonb,
            ${event.generator}, ${event.generatedAt})
          ON CONFLICT DO NOTHING`
        return
      }
      const check = checkFromStored(recorded)
      // Newest check wins; a check replayed out of order never overwrites a newer one.
      yield* sql`
        INSERT INTO prompt_checks (business_id, item_id, prompt, platform, status, visible, position, sentiment,
          citations, checked_at, log_position)
        VALUES (${check.businessId}, ${check.itemId ?? ""}, ${check.prompt}, ${check.platform}, ${check.status},
          ${check.visible}, ${check.position}, ${check.sentiment},
          ${JSON.stringify(check.answers[0]?.citations ?? [])}::jsonb, ${check.checkedAt}, ${recorded.position.toString()})
        ON CONFLICT (business_id, item_id, prompt, platform) DO UPDATE
          SET status = excluded.status, visible = excluded.visible, position = excluded.position,
            sentiment = excluded.sentiment, citations = excluded.citations, checked_at = excluded.checked_at,
            log_position = excluded.log_position
          WHERE (excluded.checked_at, excluded.log_position) >= (prompt_checks.checked_at, prompt_checks.log_position)`
    })
}

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
