/**
 * With `LLM_*` set, the prompts an onboarding's model writes record the tokens its calls used:
 * on the `PromptsGenerated` event (schema version 2) and in the job's prompts step, where the
 * generator is already shown (`GET /api/jobs/{job_id}`). The model is a loopback server speaking
 * the chat completions wire format, through the official client; the site is the loopback fixture.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { testDatabases } from "../support/databases.ts"
import { type FixtureSite, startFixtureSite } from "../support/fixture-site.ts"
import { followJob } from "../support/jobs.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { LLM_STYLE_PROMPTS } from "./prompts/fixtures.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const USAGE = { prompt_tokens: 1_200, completion_tokens: 2_000 }

for (const database of testDatabases) {
  describe(`prompts written by the model: tokens recorded (${database.name})`, () => {
    let service: RunningService
    let site: FixtureSite
    let model: OpenAiCompatibleServer
    let release = async () => {}

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      site = await startFixtureSite()
      model = await startOpenAiCompatibleServer({ otherwise: { kind: "answer", content: JSON.stringify({ prompts: LLM_STYLE_PROMPTS }), usage: USAGE } })
      service = await startService(created.target, {
        CRAWLER_ALLOW_PRIVATE: "true",
        CRAWLER_TIMEOUT_MS: "120000",
        LLM_BASE_URL: model.baseUrl,
        LLM_MODEL: "writer-1",
        MENTION_ADJUDICATOR: "false"
      })
    })
    afterAll(async () => {
      await service?.stop()
      await site?.close()
      await model?.close()
      await release()
    })

    it("records the model's tokens on the prompt set and shows them in the job's prompts step", async () => {
      const started = await call("POST", "/api/generate-all", { url: `${site.baseUrl}/`, org_slug: "crumb-bakery", max_pages: 5 })
      expect(started.status).toBe(202)
      const job = await followJob(call, started.body.job_id, { timeoutMs: 240_000 })
      expect(job.state).toBe("succeeded")

      // Every prompts request the model answered was paid for: their tokens, summed.
      const asked = model.requests.filter((r) => r.body?.response_format?.json_schema?.name === "prompts").length
      expect(asked).toBeGreaterThanOrEqual(1)
      expect(asked).toBeLessThanOrEqual(3)
      const usage = { model: "writer-1", promptTokens: 1_200 * asked, completionTokens: 2_000 * asked, usd: null }

      const rows = await service.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ schema_version: number; data: { generator: string; usage?: unknown } }>`
          SELECT schema_version, data FROM events WHERE event_type = 'PromptsGenerated' AND data->>'businessId' = 'crumb-bakery'`))
      expect(rows).toHaveLength(1)
      expect(rows[0]!.schema_version).toBe(2)
      expect(rows[0]!.data.generator).toMatch(/^llm(\+builtin)?$/)
      expect(rows[0]!.data.usage).toEqual(usage)

      const step = job.steps.find((s: { name: string }) => s.name === "business.prompts")
      expect(step.detail).toBe(`100 prompts (${rows[0]!.data.generator}; writer-1: ${usage.promptTokens} prompt + ${usage.completionTokens} completion tokens)`)
    })
  })
}
