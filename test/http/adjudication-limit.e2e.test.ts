/**
 * The adjudicator's daily limit over the running service (`MENTION_ADJUDICATOR_DAILY_LIMIT`):
 * the 8 platforms at a loopback OpenAI-compatible server whose answer names the business only
 * inside a knowledge disclaimer (every answer in doubt), `LLM_*` at a second one playing the
 * adjudicating model, a limit of 12 calls a day. The first prompt's 8 doubts are asked; of the
 * second's, 4 are and 4 keep the rule's verdict with "daily adjudication limit reached", shown in
 * `GET /api/prompts`; after a restart on the same data the day's 12 calls are counted from the
 * log, and the third prompt's doubts are not asked at all.
 */
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import type { DatabaseTarget } from "../../src/db/database.ts"
import { RecordPrompts } from "../../src/domain/entity-decider.ts"
import { type BusinessId, refOf } from "../../src/domain/entity-ref.ts"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}`, "content-type": "application/json" }
const SLUG = "northwind-optics"
const PROMPTS = ["best opticians in town?", "where to get glasses fitted?", "who repairs frames?"]
const SENTENCE = "Reviews of Northwind Optics could not be confirmed."
const ANSWER = `${SENTENCE} For frames, Clearview Eyewear is the safe pick.`
const VERDICT = JSON.stringify({ visible: true, sentiment: "neutral", reason: "Named as an optician to consider." })
const USAGE = { prompt_tokens: 305, completion_tokens: 22 }
const SKIPPED = {
  status: "skipped", model: "judge-1", doubt: "disclaimer", sentence: SENTENCE, rule_visible: false, visible: null, sentiment: null,
  reason: "daily adjudication limit reached", usage: null
}

describe("mention adjudicator's daily limit (embedded, restarted)", () => {
  let service: RunningService | undefined
  let engine: OpenAiCompatibleServer
  let model: OpenAiCompatibleServer
  const dataDir = mkdtempSync(join(tmpdir(), "sightline-adjudication-limit-"))
  const target: DatabaseTarget = { _tag: "Embedded", dataDir: join(dataDir, "pglite") }
  const env = () => ({
    ...Object.fromEntries(PLATFORM_KEYS.flatMap((_, i) => [[`AI_PLATFORM_${i + 1}_BASE_URL`, engine.baseUrl], [`AI_PLATFORM_${i + 1}_MODEL`, "fixed"]])),
    AI_PLATFORM_MAX_RETRIES: "0",
    LLM_BASE_URL: model.baseUrl,
    LLM_MODEL: "judge-1",
    MENTION_ADJUDICATOR_DAILY_LIMIT: "12",
    SCHEDULER_CRON: "off"
  })

  const call = async (method: string, path: string, body?: unknown) =>
    json(await fetch(`${service!.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
  const adjudicationsOf = async (prompt: string) => {
    const { body, status } = await call("GET", `/api/prompts/${SLUG}`)
    expect(status).toBe(200)
    const row = (body.prompts as Array<any>).find((p) => p.prompt === prompt)
    return PLATFORM_KEYS.map((key) => ({ visible: row.platforms[key].visible, adjudications: row.platforms[key].adjudications }))
  }

  beforeAll(async () => {
    engine = await startOpenAiCompatibleServer({ otherwise: { kind: "answer", content: ANSWER } })
    model = await startOpenAiCompatibleServer({ otherwise: { kind: "answer", content: VERDICT, usage: USAGE } })
    service = await startService(target, env())
    expect((await call("POST", "/api/business", { business_name: "Northwind Optics", business_url: `https://${SLUG}.example`, org_slug: SLUG })).status).toBe(201)
    const ref = refOf(SLUG as BusinessId)
    await service.runtime.runPromise(Effect.gen(function*() {
      const sent = yield* (yield* EntityCommands).send(ref, new RecordPrompts({ ...ref, prompts: PROMPTS, generator: "builtin", at: new Date().toISOString() }))
      yield* (yield* ProjectionRunner).waitFor(sent.lastPosition)
    }))
  })
  afterAll(async () => {
    await service?.stop()
    await engine?.close()
    await model?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("asks up to the limit, then keeps the rule's verdict with the reason shown; a restart counts the day's calls from the log", async () => {
    expect((await call("POST", "/api/cron/analyze-visibility", { business_id: SLUG, prompt: PROMPTS[0] })).status).toBe(200)
    expect(model.calls).toBe(8)
    for (const platform of await adjudicationsOf(PROMPTS[0]!)) {
      expect(platform).toMatchObject({ visible: true, adjudications: [{ status: "adjudicated", usage: USAGE }] })
    }

    const second = await call("POST", "/api/cron/analyze-visibility", { business_id: SLUG, prompt: PROMPTS[1] })
    expect(second.status).toBe(200)
    expect(model.calls).toBe(12)
    const platforms = await adjudicationsOf(PROMPTS[1]!)
    const skipped = platforms.filter((p) => p.adjudications[0].status === "skipped")
    const asked = platforms.filter((p) => p.adjudications[0].status === "adjudicated")
    expect([skipped.length, asked.length]).toEqual([4, 4])
    // Not asked: the rule's verdict (not visible) stands, and says why.
    for (const platform of skipped) expect(platform).toEqual({ visible: false, adjudications: [SKIPPED] })
    for (const platform of asked) expect(platform.visible).toBe(true)
    expect(PLATFORM_KEYS.filter((key) => second.body[key]).length).toBe(4)

    await service!.stop()
    service = await startService(target, env())
    const third = await call("POST", "/api/cron/analyze-visibility", { business_id: SLUG, prompt: PROMPTS[2] })
    expect(third.status).toBe(200)
    expect(model.calls).toBe(12)
    expect(await adjudicationsOf(PROMPTS[2]!)).toEqual(PLATFORM_KEYS.map(() => ({ visible: false, adjudications: [SKIPPED] })))
  })
})
