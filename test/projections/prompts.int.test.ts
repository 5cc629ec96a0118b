import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkToStored, PlatformChecked } from "../../src/domain/check-events.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { PromptsGenerated, toStored } from "../../src/domain/entity-events.ts"
import type { PlatformKey } from "../../src/domain/platforms.ts"
import type { StoredEvent } from "../../src/domain/stored-event.ts"
import type { RecordedEvent } from "../../src/eventstore/event-store.ts"
import { Prompts, promptsProjection } from "../../src/projections/prompts.ts"
import { layerFor, testDatabases } from "../support/databases.ts"

/** An event id the same each time a position is recorded, as a replay reads it. */
const eventIdAt = (position: number) => `00000000-0000-4000-8000-${position.toString().padStart(12, "0")}`

const recorded = (stored: StoredEvent, position: number, correlationId: string | null = null): RecordedEvent => ({
  ...stored,
  transactionId: 1000n,
  position: BigInt(position),
  streamId: "checks-business:test",
  streamVersion: position,
  eventId: eventIdAt(position),
  metadata: { correlationId, causationId: null },
  recordedAt: new Date("2026-11-24T10:00:00.000Z")
})

const check = (
  businessId: string,
  prompt: string,
  platform: PlatformKey,
  checkedAt: string,
  outcome: { readonly visible: boolean; readonly citations: ReadonlyArray<string> } | "failed",
  engine: { readonly engine: "local" | "openai-compatible"; readonly model: string } = { engine: "openai-compatible", model: "gpt-4o-mini" }
) =>
  checkToStored(new PlatformChecked({
    businessId: businessId as BusinessId,
    itemId: null,
    prompt,
    platform,
    status: outcome === "failed" ? "failed" : "answered",
    answers: outcome === "failed" ? [] : [{
      text: "Try Crumb.",
      citations: outcome.citations,
      ...engine,
      latencyMs: 300,
      costUsd: null,
      visible: outcome.visible,
      position: outcome.visible ? 1 : null,
      sentiment: outcome.visible ? "positive" : null
    }],
    visible: outcome !== "failed" && outcome.visible,
    visibleShare: outcome !== "failed" && outcome.visible ? 1 : 0,
    position: outcome !== "failed" && outcome.visible ? 1 : null,
    sentiment: outcome !== "failed" && outcome.visible ? "positive" : null,
    error: outcome === "failed" ? { reason: "timeout", message: "No answer within 60000 ms" } : null,
    samplesRequested: 1,
    checkedAt
  }))

const promptSet = (businessId: string, prompts: ReadonlyArray<string>) =>
  toStored(new PromptsGenerated({
    businessId: businessId as BusinessId,
    itemId: null,
    setVersion: 1,
    prompts,
    generator: "builtin",
    generatedAt: "2026-11-24T09:00:00.000Z"
  }))

/** A page with out-of-order, repeated and failed checks and a prompt set recorded twice. */
const pageFor = (businessId: string) => [
  recorded(check(businessId, "best bakery?", "ai_platform_1", "2026-11-24T10:00:02.000Z", { visible: true, citations: ["https://crumb.example/"] }), 10),
  // Older than the check before it, though later in the log: it must not win.
  recorded(check(businessId, "best bakery?", "ai_platform_1", "2026-11-24T10:00:01.000Z", { visible: false, citations: [] }), 11),
  recorded(check(businessId, "best bakery?", "ai_platform_2", "2026-11-24T10:00:01.000Z", "failed"), 12),
  recorded(check(businessId, "best bakery?", "ai_platform_2", "2026-11-24T10:00:03.000Z", { visible: true, citations: ["https://a.example/", "https://b.example/"] }), 13),
  recorded(promptSet(businessId, ["best bakery?", "cheap bread?"]), 14),
  recorded(promptSet(businessId, ["a set recorded second under the same version"]), 15),
  recorded(check(businessId, "cheap bread?", "ai_platform_1", "2026-11-24T10:00:01.000Z", "failed"), 16)
]

const answered = { engine: "openai-compatible", model: "gpt-4o-mini" }
const failed = { engine: null, model: null }

const expectedChecks = [
  { prompt: "best bakery?", platform: "ai_platform_1", status: "answered", visible: true, position: 1, sentiment: "positive", citations: ["https://crumb.example/"], checked_at: "2026-11-24T10:00:02.000Z", log_position: "10", check_id: eventIdAt(10), ...answered },
  { prompt: "best bakery?", platform: "ai_platform_2", status: "answered", visible: true, position: 1, sentiment: "positive", citations: ["https://a.example/", "https://b.example/"], checked_at: "2026-11-24T10:00:03.000Z", log_position: "13", check_id: eventIdAt(13), ...answered },
  { prompt: "cheap bread?", platform: "ai_platform_1", status: "failed", visible: false, position: null, sentiment: null, citations: [], checked_at: "2026-11-24T10:00:01.000Z", log_position: "16", check_id: eventIdAt(16), ...failed }
]

const readModel = (businessId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const checks = yield* sql<{ prompt: string; platform: string; status: string; visible: boolean; position: number | null; sentiment: string | null; citations: unknown; checked_at: Date; log_position: string; check_id: string; engine: string | null; model: string | null }>`
      SELECT prompt, platform, status, visible, position, sentiment, citations, checked_at, log_position::text AS log_position,
        check_id, engine, model
      FROM prompt_checks WHERE business_id = ${businessId} ORDER BY prompt, platform`
    const sets = yield* sql<{ set_version: number; prompts: unknown; generator: string }>`
      SELECT set_version, prompts, generator FROM prompt_sets WHERE business_id = ${businessId} ORDER BY set_version`
    return {
      checks: checks.map((row) => ({ ...row, checked_at: row.checked_at.toISOString() })),
      sets
    }
  })

for (const database of testDatabases) {
  describe(`prompts projection (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<SqlClient.SqlClient, unknown>
    let release = async () => {}

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(layerFor(created.target) as Layer.Layer<SqlClient.SqlClient>)
      await runtime.runPromise(promptsProjection.setup)
    })
    afterAll(async () => {
      await runtime.dispose()
      await release()
    })

    const inTransaction = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
      runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.withTransaction(effect)))

    it("applies a page in one go to exactly the rows of one-by-one application, and again to the same rows", async () => {
      const paged = `paged-${randomUUID().slice(0, 8)}`
      const single = `single-${randomUUID().slice(0, 8)}`
      await inTransaction(promptsProjection.applyPage!(pageFor(paged)))
      await inTransaction(Effect.forEach(pageFor(single), promptsProjection.apply, { discard: true }))

      const expected = {
        checks: expectedChecks,
        sets: [{ set_version: 1, prompts: ["best bakery?", "cheap bread?"], generator: "builtin" }]
      }
      expect(await runtime.runPromise(readModel(paged))).toEqual(expected)
      expect(await runtime.runPromise(readModel(single))).toEqual(expected)

      // A page applied twice (a runner that crashed before its checkpoint moved) changes nothing.
      await inTransaction(promptsProjection.applyPage!(pageFor(paged)))
      expect(await runtime.runPromise(readModel(paged))).toEqual(expected)
    })

    it("never lets a page's older check overwrite a newer stored one", async () => {
      const business = `newer-${randomUUID().slice(0, 8)}`
      await inTransaction(promptsProjection.apply(recorded(
        check(business, "best bakery?", "ai_platform_1", "2026-11-24T11:00:00.000Z", { visible: false, citations: ["https://late.example/"] }),
        5
      )))
      await inTransaction(promptsProjection.applyPage!(pageFor(business)))
      const { checks } = await runtime.runPromise(readModel(business))
      expect(checks[0]).toEqual({
        prompt: "best bakery?",
        platform: "ai_platform_1",
        status: "answered",
        visible: false,
        position: null,
        sentiment: null,
        citations: ["https://late.example/"],
        checked_at: "2026-11-24T11:00:00.000Z",
        log_position: "5",
        check_id: eventIdAt(5),
        ...answered
      })
      expect(checks.slice(1)).toEqual(expectedChecks.slice(1))
    })
  
    it("keeps, per job, the engine and model each platform answered its checks with, once, never a failed check's", async () => {
      const business = `engines-${randomUUID().slice(0, 8)}`
      const job = `job-${randomUUID()}`
      const local = { engine: "local", model: "sightline-local-listwise" } as const
      await inTransaction(promptsProjection.applyPage!([
        recorded(check(business, "best bakery?", "ai_platform_1", "2026-11-24T10:00:01.000Z", { visible: true, citations: [] }, local), 30, job),
        recorded(check(business, "cheap bread?", "ai_platform_1", "2026-11-24T10:00:01.000Z", { visible: false, citations: [] }, local), 31, job),
        recorded(check(business, "best bakery?", "ai_platform_2", "2026-11-24T10:00:01.000Z", { visible: true, citations: [] }), 32, job),
        recorded(check(business, "best bakery?", "ai_platform_3", "2026-11-24T10:00:01.000Z", "failed"), 33, job),
        // Another job's, and a check outside any job (analyze-visibility), are not this job's.
        recorded(check(business, "best bakery?", "ai_platform_4", "2026-11-24T10:00:02.000Z", { visible: true, citations: [] }), 34, `job-${randomUUID()}`),
        recorded(check(business, "best bakery?", "ai_platform_5", "2026-11-24T10:00:02.000Z", { visible: true, citations: [] }), 35)
      ]))
      const engines = await runtime.runPromise(Effect.flatMap(Prompts, (prompts) => prompts.enginesOfJob(job)).pipe(Effect.provide(Prompts.Default)))
      expect(engines).toEqual([
        { platform: "ai_platform_1", engine: "local", model: "sightline-local-listwise" },
        { platform: "ai_platform_2", engine: "openai-compatible", model: "gpt-4o-mini" }
      ])
    })
  })
}
