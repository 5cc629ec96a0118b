/**
 * Read model of prompt sets and their latest checks: each entity's prompt sets by version
 * (`prompt_sets`), per prompt and platform the newest check with the engine and model that
 * answered it and its event id (`prompt_checks`), which `GET /api/prompts` and the pipelines
 * read, and the engine and model each platform answered with in each job (`job_engines`), which
 * job details show. Answer texts are not copied here: the check's event holds them, read by id.
 *
 * A check's flag here is today's detector's (docs/api.md, "Re-judged checks"): a check judged by
 * another detector version, or with other declared names than the entity's now
 * (`prompt_targets`), is judged again from its stored answers when it is applied, and the rows
 * of an entity whose names change are judged again then. The verdicts are derived from the log
 * and the code, like any read model, so they are not events: a new detector rebuilds this model
 * (its version includes `DETECTOR_VERSION`), and the verdict each check recorded stays in its event.
 * Judging again never asks a model: an answer's stored adjudication stands while the sentence in
 * doubt is the one it was asked about, the rule's verdict otherwise (`judgeAnswers`).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { type Adjudication, type CheckedAnswer, checkFromStored, type PlatformChecked } from "../domain/check-events.ts"
import { judgementOf, namesVersionOf, recordedAdjudications } from "../domain/check-judgement.ts"
import { fromStored, type PromptsGenerated } from "../domain/entity-events.ts"
import { declaredTargetOf } from "../domain/entity-names.ts"
import type { MentionTarget } from "../domain/mention/index.ts"
import { DETECTOR_VERSION } from "../domain/mention/version.ts"
import type { PlatformKey } from "../domain/platforms.ts"
import type { RecordedEvent } from "../eventstore/event-store.ts"
import type { Projection } from "./projection.ts"

/** This read model's own shape; its version adds the detector's, so a new detector rebuilds it. */
const MODEL_VERSION = 5

export const promptsProjection: Projection = {
  name: "prompts",
  version: MODEL_VERSION * 1000 + DETECTOR_VERSION,
  eventTypes: ["PromptsGenerated", "PlatformChecked", "BusinessCreated", "ProductRegistered", "NamesDeclared"],
  tables: ["prompt_sets", "prompt_checks", "job_engines", "prompt_targets"],
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
          detector_version integer NOT NULL,
          names_version text,
          rejudged boolean NOT NULL,
          rule_visible boolean NOT NULL,
          adjudications jsonb NOT NULL,
          PRIMARY KEY (business_id, item_id, prompt, platform)
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS job_engines (
          job_id text NOT NULL,
          platform text NOT NULL,
          engine text NOT NULL,
          model text NOT NULL,
          PRIMARY KEY (job_id, platform, engine, model)
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS prompt_targets (
          business_id text NOT NULL,
          item_id text NOT NULL,
          name text,
          url text,
          aliases jsonb NOT NULL,
          not_aliases jsonb NOT NULL,
          names_version text NOT NULL,
          PRIMARY KEY (business_id, item_id)
        )`
    ], { discard: true })),
  apply: (recorded) => applyPrompts([recorded]),
  // A page in two statements, one per table: checks arrive eight per analysis, and a statement
  // per event was most of this read model's cost.
  applyPage: (events) => applyPrompts(events)
}

interface TargetRow {
  readonly business_id: string
  readonly item_id: string
  readonly name: string | null
  readonly url: string | null
  readonly aliases: ReadonlyArray<string>
  readonly not_aliases: ReadonlyArray<string>
  readonly names_version: string
}

/** What judges an entity's checks: its detector target and the names version it stands for. */
interface Judge {
  readonly target: MentionTarget
  readonly namesVersion: string
}

const judgeOf = (row: TargetRow): Judge => {
  const declared = { aliases: row.aliases, notAliases: row.not_aliases }
  return {
    target: declaredTargetOf({ itemId: row.item_id === "" ? null : row.item_id, name: row.name, url: row.url, declared }),
    namesVersion: row.names_version
  }
}

const entityKey = (businessId: string, itemId: string) => `${businessId}\u0000${itemId}`

/** A check's row, its flag judged by `judge` (as recorded when there is none: the entity is unknown here). */
const checkRow = (recorded: RecordedEvent, check: PlatformChecked, judge: Judge | undefined) => {
  const judgement = judge === undefined
    ? { ...check, ...recordedAdjudications(check), rejudged: false }
    : judgementOf(check, judge.target, judge.namesVersion)
  return {
    business_id: check.businessId,
    item_id: check.itemId ?? "",
    prompt: check.prompt,
    platform: check.platform,
    status: check.status,
    visible: judgement.visible,
    position: judgement.position,
    sentiment: judgement.sentiment,
    citations: check.answers[0]?.citations ?? [],
    checked_at: check.checkedAt,
    log_position: recorded.position.toString(),
    check_id: recorded.eventId,
    // Every sample of a check is asked of the same engine; a failed check answered nothing.
    engine: check.answers[0]?.engine ?? null,
    model: check.answers[0]?.model ?? null,
    detector_version: judgement.detectorVersion,
    names_version: judgement.namesVersion,
    rejudged: judgement.rejudged,
    rule_visible: judgement.ruleVisible,
    adjudications: judgement.adjudications
  }
}

/**
 * Applies events in commit order, leaving the rows one-by-one application would: a prompt set is
 * kept as first recorded (its version is its key), and per prompt and platform the check with
 * the newest (checked_at, log position) wins, so a check replayed out of order never overwrites
 * a newer one. Idempotent: applying a page again changes nothing. An entity's event (created,
 * registered, names declared) ends a run of checks: the checks before it are written first, so
 * that judging the stored rows again sees them.
 */
const applyPrompts = (events: ReadonlyArray<RecordedEvent>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const sets: Array<Record<string, unknown>> = []
    let checks: Array<Record<string, unknown>> = []
    const engines = new Map<string, Record<string, unknown>>()
    const judges = new Map<string, Judge | undefined>()

    const judgeFor = (businessId: string, itemId: string) =>
      Effect.gen(function*() {
        const key = entityKey(businessId, itemId)
        if (judges.has(key)) return judges.get(key)
        const [row] = yield* sql<TargetRow>`
          SELECT * FROM prompt_targets WHERE business_id = ${businessId} AND item_id = ${itemId}`
        const judge = row === undefined ? undefined : judgeOf(row)
        judges.set(key, judge)
        return judge
      })

    const flushChecks = Effect.suspend(() => {
      const page = checks
      checks = []
      return page.length === 0 ? Effect.void : writeChecks(page)
    })

    for (const recorded of events) {
      switch (recorded.type) {
        case "PromptsGenerated": {
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
          break
        }
        case "PlatformChecked": {
          const check = checkFromStored(recorded)
          const judge = check.status === "answered" ? yield* judgeFor(check.businessId, check.itemId ?? "") : undefined
          checks.push(checkRow(recorded, check, judge))
          // A job's checks carry its id as their correlation (see `CheckRecorder.record`).
          const jobId = recorded.metadata.correlationId
          for (const answer of jobId === null ? [] : check.answers) {
            const row = { job_id: jobId, platform: check.platform, engine: answer.engine, model: answer.model }
            engines.set(JSON.stringify(row), row)
          }
          break
        }
        case "BusinessCreated":
        case "ProductRegistered":
        case "NamesDeclared": {
          yield* flushChecks
          const event = fromStored(recorded)
          const businessId = event.businessId
          const itemId = event._tag === "BusinessCreated" ? "" : (event as { readonly itemId: string | null }).itemId ?? ""
          judges.delete(entityKey(businessId, itemId))
          if (event._tag === "BusinessCreated") {
            yield* sql`
              INSERT INTO prompt_targets (business_id, item_id, name, url, aliases, not_aliases, names_version)
              VALUES (${businessId}, '', ${event.businessName}, ${event.businessUrl}, '[]'::jsonb, '[]'::jsonb, 'none')
              ON CONFLICT (business_id, item_id) DO NOTHING`
          } else if (event._tag === "ProductRegistered") {
            yield* sql`
              INSERT INTO prompt_targets (business_id, item_id, name, url, aliases, not_aliases, names_version)
              VALUES (${businessId}, ${itemId}, ${event.name}, ${event.url}, '[]'::jsonb, '[]'::jsonb, 'none')
              ON CONFLICT (business_id, item_id) DO UPDATE SET name = excluded.name, url = excluded.url`
          } else if (event._tag === "NamesDeclared") {
            const namesVersion = namesVersionOf({ aliases: event.aliases, notAliases: event.notAliases })
            const updated = yield* sql<TargetRow>`
              UPDATE prompt_targets
              SET aliases = ${JSON.stringify(event.aliases)}::jsonb, not_aliases = ${JSON.stringify(event.notAliases)}::jsonb,
                names_version = ${namesVersion}
              WHERE business_id = ${businessId} AND item_id = ${itemId}
              RETURNING *`
            if (updated[0] !== undefined) yield* judgeStoredChecks(judgeOf(updated[0]), businessId, itemId)
          }
          break
        }
      }
    }
    yield* flushChecks
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
    if (engines.size > 0) {
      yield* sql`
        INSERT INTO job_engines (job_id, platform, engine, model)
        SELECT job_id, platform, engine, model
        FROM jsonb_to_recordset(${JSON.stringify([...engines.values()])}::jsonb) AS e(job_id text, platform text, engine text, model text)
        ON CONFLICT DO NOTHING`
    }
  })

const writeChecks = (checks: ReadonlyArray<Record<string, unknown>>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    // One row per key (an upsert may touch a row once per statement): the newest of the page,
    // which then meets the stored row under the same rule.
    sql`
      INSERT INTO prompt_checks (business_id, item_id, prompt, platform, status, visible, position, sentiment,
        citations, checked_at, log_position, check_id, engine, model, detector_version, names_version, rejudged,
        rule_visible, adjudications)
      SELECT DISTINCT ON (business_id, item_id, prompt, platform) business_id, item_id, prompt, platform, status, visible,
        position, sentiment, citations, checked_at, log_position, check_id, engine, model, detector_version, names_version, rejudged,
        rule_visible, adjudications
      FROM jsonb_to_recordset(${JSON.stringify(checks)}::jsonb) AS c(business_id text, item_id text, prompt text,
        platform text, status text, visible boolean, position integer, sentiment text, citations jsonb,
        checked_at timestamptz, log_position bigint, check_id text, engine text, model text, detector_version integer,
        names_version text, rejudged boolean, rule_visible boolean, adjudications jsonb)
      ORDER BY business_id, item_id, prompt, platform, checked_at DESC, log_position DESC
      ON CONFLICT (business_id, item_id, prompt, platform) DO UPDATE
        SET status = excluded.status, visible = excluded.visible, position = excluded.position,
          sentiment = excluded.sentiment, citations = excluded.citations, checked_at = excluded.checked_at,
          log_position = excluded.log_position, check_id = excluded.check_id, engine = excluded.engine,
          model = excluded.model, detector_version = excluded.detector_version, names_version = excluded.names_version,
          rejudged = excluded.rejudged, rule_visible = excluded.rule_visible, adjudications = excluded.adjudications
        WHERE (excluded.checked_at, excluded.log_position) >= (prompt_checks.checked_at, prompt_checks.log_position)`)

/** Rows of an entity's checks judged again from their events (in the log, `events`) after its names changed. */
const judgeStoredChecks = (judge: Judge, businessId: string, itemId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const stored = yield* sql<{ data: unknown; event_type: string; event_id: string }>`
      SELECT e.event_id::text AS event_id, e.event_type, e.data FROM prompt_checks c
      JOIN events e ON e.event_id = c.check_id::uuid
      WHERE c.business_id = ${businessId} AND c.item_id = ${itemId} AND c.status = 'answered'`
    const rows = stored.map((event) => {
      const check = checkFromStored({ type: event.event_type, data: event.data })
      const judgement = judgementOf(check, judge.target, judge.namesVersion)
      return {
        check_id: event.event_id,
        visible: judgement.visible,
        position: judgement.position,
        sentiment: judgement.sentiment,
        detector_version: judgement.detectorVersion,
        names_version: judgement.namesVersion,
        rejudged: judgement.rejudged,
        rule_visible: judgement.ruleVisible,
        adjudications: judgement.adjudications
      }
    })
    if (rows.length === 0) return
    yield* sql`
      UPDATE prompt_checks c
      SET visible = j.visible, position = j.position, sentiment = j.sentiment, detector_version = j.detector_version,
        names_version = j.names_version, rejudged = j.rejudged, rule_visible = j.rule_visible, adjudications = j.adjudications
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS j(check_id text, visible boolean, position integer,
        sentiment text, detector_version integer, names_version text, rejudged boolean, rule_visible boolean, adjudications jsonb)
      WHERE c.business_id = ${businessId} AND c.item_id = ${itemId} AND c.check_id = j.check_id`
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
  /** The detector version its flag comes from (0: unknown, recorded before versions were). */
  readonly detector_version: number
  /** The declared names its flag comes from (`namesVersionOf`); null: unknown. */
  readonly names_version: string | null
  /** The flag was judged again from the stored answers, not as recorded with the check. */
  readonly rejudged: boolean
  /** The rule engine's flag alone; differs from `visible` when adjudications decided it. */
  readonly rule_visible: boolean
  /** The adjudications the flag stands with (docs/mention-accuracy.md, "Adjudicator"). */
  readonly adjudications: ReadonlyArray<Adjudication>
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
        SELECT prompt, platform, status, visible, position, sentiment, citations, checked_at, check_id, engine, model,
          detector_version, names_version, rejudged, rule_visible, adjudications
        FROM prompt_checks
        WHERE business_id = ${businessId} AND item_id = ${itemId ?? ""}`.pipe(Effect.orDie)

    /** The engines and models the platforms answered a job's checks with, by platform. */
    const enginesOfJob = (jobId: string) =>
      sql<JobEngineRow>`
        SELECT platform, engine, model FROM job_engines WHERE job_id = ${jobId} ORDER BY platform, engine, model`.pipe(Effect.orDie)

    return { currentSet, latestChecks, enginesOfJob }
  })
}) {}
