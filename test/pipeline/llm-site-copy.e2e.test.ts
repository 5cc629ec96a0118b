/**
 * With `LLM_*` set, a deployment's copy (the about text and FAQ answers) is written by the model
 * through the official `openai` client, against a loopback server speaking the chat completions
 * wire format: each piece is fact-checked, a piece that fails twice is the built-in copy's, a
 * failed call leaves all of it built-in, and who wrote what, the failures and the tokens are
 * recorded on the SiteDeployed event.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RecordPrompts } from "../../src/domain/entity-decider.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import type { SiteWriting } from "../../src/domain/site-events.ts"
import { SiteBuilder } from "../../src/pipeline/site-builder.ts"
import { composeAbout } from "../../src/site-generator/about-copy.ts"
import { composeFaq } from "../../src/site-generator/faq-copy.ts"
import { sendAndRead } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"
import { type OpenAiCompatibleServer, type ScriptedReply, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { recordCrawl, withDetails } from "../support/recorded-crawl.ts"
import { getWithHost, json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }

/** The prompts the FAQ answers (the site's FAQ is its prompts, answered). */
const PROMPTS = ["Where can I buy sourdough bread in Asheville?", "How much is a sourdough loaf in Asheville?", "Which bakery is open on Sunday?"]

const copy = (about: string, answers: ReadonlyArray<{ question: string; answer: string }>): ScriptedReply => ({
  kind: "answer",
  content: JSON.stringify({ about, answers }),
  usage: { prompt_tokens: 700, completion_tokens: 300 }
})

for (const database of testDatabases) {
  describe(`site copy written by the model (${database.name})`, () => {
    let service: RunningService
    let server: OpenAiCompatibleServer
    let release = async () => {}

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    /** A business with a crawled home page, and the FAQ questions its built-in copy has. */
    const business = async (slug: string, name: string) => {
      expect((await call("POST", "/api/business", { business_name: name, business_url: `https://www.${slug}.example/`, org_slug: slug })).status).toBe(201)
      const ref = { businessId: slug as BusinessId, itemId: null }
      await recordCrawl(service.runtime, ref, `https://www.${slug}.example/`, withDetails(`${name} bakes sourdough bread in Asheville.`))
      await sendAndRead(service.runtime, ref, new RecordPrompts({ ...ref, prompts: PROMPTS, generator: "test", at: "2026-11-20T08:00:00.000Z" }))
      const found = await service.runtime.runPromise(Effect.flatMap(SiteBuilder, (builder) => builder.factsOf(ref)))
      return { facts: found!.facts, faq: composeFaq(found!.facts, PROMPTS), questions: composeFaq(found!.facts, PROMPTS).map((q) => q.question) }
    }

    const deployedEvent = (slug: string) =>
      service.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ data: { about: string; faq: ReadonlyArray<{ question: string; answer: string }>; writing?: SiteWriting } }>`
          SELECT data FROM events WHERE event_type = 'SiteDeployed' AND data->>'businessId' = ${slug}`)).then((rows) => {
        expect(rows).toHaveLength(1)
        return rows[0]!.data
      })

    beforeAll(async () => {
      server = await startOpenAiCompatibleServer()
      const created = await database.create()
      release = created.release
      service = await startService(created.target, { LLM_BASE_URL: server.baseUrl, LLM_MODEL: "gpt-4o-mini", LLM_API_KEY: "sk-test-site-copy-0123456789" })
    })
    afterAll(async () => {
      await service?.stop()
      await server?.close()
      await release()
    })

    it("publishes the model's pieces that pass the fact check, the built-in one for a piece that invents a phone twice, and records both", async () => {
      const { faq: builtinFaq, questions } = await business("sunrise", "Sunrise Bakery")
      expect(questions.length).toBeGreaterThanOrEqual(2)
      const [q1, q2] = questions as [string, string]
      const about = "Sunrise Bakery bakes sourdough bread in Asheville.\n\nThe shop is open Tuesday to Sunday, 7am to 3pm, and closed on Mondays."
      const good = { question: q1, answer: "Our country sourdough loaf is 8 dollars and our seeded rye is 9 dollars." }
      const invented = { question: q2, answer: "Call 828-555-9999 to order." }
      server.setBehavior({ replies: [copy(about, [good, invented]), copy(about, [invented])] })
      const before = server.requests.length

      const deployed = await call("POST", "/api/cron/update-site", { business_id: "sunrise", url: "https://www.sunrise.example/" })
      expect(deployed.status).toBe(200)

      const requests = server.requests.slice(before)
      expect(requests).toHaveLength(2)
      expect(requests[0]!.body.response_format.json_schema.name).toBe("site_copy")
      expect(requests[0]!.body.messages[1].content).toContain("Phone: 828-555-0143")
      expect(requests[1]!.body.messages.at(-1).content).toContain(`${q2}: phone 828-555-9999: not in the facts`)

      const event = await deployedEvent("sunrise")
      expect(event.about).toBe(about)
      expect(event.faq).toEqual(builtinFaq.map((q) => q.question === q1 ? good : q))
      expect(event.writing).toEqual({
        writer: "gpt-4o-mini",
        about: "model",
        modelAnswers: 1,
        answers: questions.length,
        factCheck: {
          passed: false,
          failures: [`${q2}: phone 828-555-9999: not in the facts`, `${q2}: phone 828-555-9999: not in the facts`]
        },
        usage: { model: "gpt-4o-mini", promptTokens: 1400, completionTokens: 600, usd: null }
      })

      // The site serves the model's about text and answer.
      const host = new URL(deployed.body.deployment_url).host
      expect((await getWithHost(service.baseUrl, host, "/about/")).body).toContain("The shop is open Tuesday to Sunday, 7am to 3pm, and closed on Mondays.")
      expect((await getWithHost(service.baseUrl, host, "/faq/")).body).toContain(good.answer)

      // A second update the same day keeps the day's deployment: the model is not asked again.
      expect((await call("POST", "/api/cron/update-site", { business_id: "sunrise", url: "https://www.sunrise.example/" })).status).toBe(200)
      expect(server.requests.length).toBe(before + 2)
    }, 120_000)

    it("falls back to the built-in copy when the call fails, and says so", async () => {
      const { facts, faq, questions } = await business("dawn", "Dawn Bakery")
      server.setBehavior({ replies: [{ kind: "status", status: 500, message: "the model is down" }] })
      expect((await call("POST", "/api/cron/update-site", { business_id: "dawn", url: "https://www.dawn.example/" })).status).toBe(200)
      const event = await deployedEvent("dawn")
      expect(event.about).toBe(composeAbout(facts))
      expect(event.faq).toEqual(faq)
      const { factCheck, ...writing } = event.writing!
      expect(writing).toEqual({
        writer: "builtin",
        about: "builtin",
        modelAnswers: 0,
        answers: questions.length,
        usage: { model: "gpt-4o-mini", promptTokens: 0, completionTokens: 0, usd: null }
      })
      expect(factCheck.passed).toBe(false)
      expect(factCheck.failures).toHaveLength(1)
      expect(factCheck.failures[0]).toMatch(/^call failed: 500 /)
    }, 120_000)
  })
}
