/**
 * Every number says where it came from: over real HTTP, a job's details and `GET /api/prompts`
 * name each platform's engine and model (the built-in stand-in, or a loopback OpenAI-compatible
 * server for one platform), and each check's `answer_url` gives back the answer's text, under
 * the prompts endpoint's own authorization.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { testDatabases } from "../support/databases.ts"
import { type FixtureSite, startFixtureSite } from "../support/fixture-site.ts"
import { followJob } from "../support/jobs.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const SLUG = "crumb-bakery"
/** The vendor reports a dated model name: the check records the vendor's, not the configured one. */
const VENDOR_MODEL = "claude-test-1-20261101"
const VENDOR_TEXT = "For sourdough in Lyon, Crumb Bakery is a favourite; Maison Pain is another option."

for (const database of testDatabases) {
  describe(`prompt provenance (${database.name})`, () => {
    let service: RunningService
    let site: FixtureSite
    let vendor: OpenAiCompatibleServer
    let release = async () => {}
    let job: any
    let listed: any

    const get = async (path: string, headers: Record<string, string> = auth) => json(await fetch(`${service.baseUrl}${path}`, { headers }))
    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      site = await startFixtureSite()
      vendor = await startOpenAiCompatibleServer({ otherwise: { kind: "answer", content: VENDOR_TEXT, model: VENDOR_MODEL } })
      service = await startService(created.target, {
        CRAWLER_ALLOW_PRIVATE: "true",
        CRAWLER_TIMEOUT_MS: "120000",
        AI_PLATFORM_2_BASE_URL: vendor.baseUrl,
        AI_PLATFORM_2_MODEL: "claude-test-1",
        AI_PLATFORM_2_API_KEY: "sk-test-provenance"
      })
      const started = await call("POST", "/api/generate-prompts", { url: `${site.baseUrl}/`, org_slug: SLUG, max_pages: 3 })
      expect(started.status).toBe(202)
      job = await followJob(call, started.body.job_id)
      // `engines` comes from the prompts read model, which can trail the jobs read model by a
      // moment after the job ends (docs/api.md): wait until it lists the 8 platforms.
      for (const deadline = Date.now() + 60_000; job.engines.length < PLATFORM_KEYS.length && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        job = (await call("GET", `/api/jobs/${started.body.job_id}`)).body
      }
      listed = (await get(`/api/prompts/${SLUG}`)).body
    }, 600_000)
    afterAll(async () => {
      await service?.stop()
      await vendor?.close()
      await site?.close()
      await release()
    })

    it("names in the job's details the engine and model each platform answered with", () => {
      expect(job.state).toBe("succeeded")
      const localModel = listed.prompts[0].platforms.ai_platform_1.model
      expect(localModel).toMatch(/^sightline-local-/)
      expect(job.engines.map((row: any) => row.platform)).toEqual(PLATFORM_KEYS)
      expect(job.engines[1]).toEqual({ platform: "ai_platform_2", engine: "openai-compatible", model: VENDOR_MODEL })
      for (const row of job.engines.filter((row: any) => row.platform !== "ai_platform_2")) {
        expect([row.platform, row.engine, row.model]).toEqual([row.platform, "local", listed.prompts[0].platforms[row.platform].model])
      }
    })

    it("gives every check of GET /api/prompts its engine, model and a link to its answer", async () => {
      expect(listed.prompts.length).toBeGreaterThan(0)
      // No check fails here; should one, its recorded error says why.
      const failures = await Promise.all(listed.prompts.flatMap((prompt: any) =>
        Object.entries<any>(prompt.platforms).filter(([, detail]) => detail.status !== "answered").map(async ([platform, detail]) =>
          [platform, prompt.prompt, (await get(detail.answer_url)).body.error])))
      expect(failures).toEqual([])
      for (const prompt of listed.prompts) {
        expect(Object.keys(prompt.platforms).sort()).toEqual([...PLATFORM_KEYS])
        for (const [platform, detail] of Object.entries<any>(prompt.platforms)) {
          const expected = platform === "ai_platform_2" ? ["openai-compatible", VENDOR_MODEL] : ["local", expect.stringMatching(/^sightline-local-/)]
          expect([platform, detail.status, detail.engine, detail.model]).toEqual([platform, "answered", ...expected])
          expect(detail.answer_url).toMatch(new RegExp(`^/api/prompts/${SLUG}/answers/[0-9a-f-]{36}$`))
        }
      }
    })

    it("answers a check's link with the text, engine, model and citations that were recorded", async () => {
      const prompt = listed.prompts[0]
      const vendorCheck = prompt.platforms.ai_platform_2
      const vendorAnswer = await get(vendorCheck.answer_url)
      expect(vendorAnswer.status).toBe(200)
      expect(vendorAnswer.body).toMatchObject({
        check_id: vendorCheck.answer_url.split("/").at(-1),
        business_id: SLUG,
        item_id: null,
        prompt: prompt.prompt,
        platform: "ai_platform_2",
        status: "answered",
        visible: vendorCheck.visible,
        checked_at: vendorCheck.checked_at,
        engine: "openai-compatible",
        model: VENDOR_MODEL,
        error: null
      })
      expect(vendorAnswer.body.answers).toHaveLength(1)
      expect(vendorAnswer.body.answers[0]).toMatchObject({ text: VENDOR_TEXT, citations: [], engine: "openai-compatible", model: VENDOR_MODEL })

      const localCheck = prompt.platforms.ai_platform_1
      const localAnswer = await get(localCheck.answer_url)
      expect(localAnswer.status).toBe(200)
      expect(localAnswer.body).toMatchObject({ platform: "ai_platform_1", engine: "local", model: localCheck.model, checked_at: localCheck.checked_at })
      expect(localAnswer.body.answers[0].text.length).toBeGreaterThan(0)
      expect(localAnswer.body.answers[0].citations).toEqual(localCheck.citations)
    })

    it("lets the organization's members read an answer and nobody else", async () => {
      const url = listed.prompts[0].platforms.ai_platform_1.answer_url
      const member = await service.sign({ sub: "user_member", org_id: "org_crumb", org_slug: SLUG, org_role: "org:member" })
      const other = await service.sign({ sub: "user_other", org_id: "org_other", org_slug: "other-bakery", org_role: "org:admin" })
      expect((await get(url, { authorization: `Bearer ${member}` })).status).toBe(200)
      expect((await get(url, { authorization: `Bearer ${other}` })).body).toMatchObject({ status: "error", code: "forbidden" })
      expect((await get(url, {})).status).toBe(401)
      // Another business's path to this check finds nothing, even for a service key.
      expect((await call("POST", "/api/business", { business_name: "Other Bakery", org_slug: "other-bakery" })).status).toBe(201)
      const foreign = await get(url.replace(`/api/prompts/${SLUG}/`, "/api/prompts/other-bakery/"))
      expect(foreign).toMatchObject({ status: 404, body: { status: "error", code: "answer_not_found" } })
    })

    it("shows a failed check as failed with no engine and its answer link with the error; the replaced check's link still answers", async () => {
      const prompt = listed.prompts[0]
      const before = prompt.platforms.ai_platform_2
      vendor.setBehavior({ otherwise: { kind: "status", status: 400, message: "model not loaded" } })
      const analyzed = await call("POST", "/api/cron/analyze-visibility", { business_id: SLUG, prompt: prompt.prompt })
      expect([analyzed.status, analyzed.body.failed_platforms]).toEqual([200, ["ai_platform_2"]])
      const after = (await get(`/api/prompts/${SLUG}`)).body.prompts.find((p: any) => p.prompt === prompt.prompt).platforms.ai_platform_2
      expect(after).toMatchObject({ status: "failed", visible: false, engine: null, model: null })
      expect(after.answer_url).not.toBe(before.answer_url)
      const failed = await get(after.answer_url)
      expect(failed.body).toMatchObject({ status: "failed", engine: null, model: null, answers: [], error: { reason: "client_error" } })
      // Answers are read from the log: a link once given keeps answering what was recorded.
      expect(await get(before.answer_url)).toMatchObject({ status: 200, body: { status: "answered", model: VENDOR_MODEL, answers: [{ text: VENDOR_TEXT }] } })
      expect(await get(`/api/prompts/${SLUG}/answers/00000000-0000-4000-8000-000000000000`)).toMatchObject({ status: 404, body: { code: "answer_not_found" } })
    })
  })
}
