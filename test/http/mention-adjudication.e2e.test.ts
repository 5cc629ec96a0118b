/**
 * The optional adjudicator over the running service (docs/mention-accuracy.md, "Adjudicator"):
 * the 8 platforms pointed at a loopback OpenAI-compatible server whose answer names the business
 * only inside a knowledge disclaimer, and `LLM_*` at a second loopback server playing the
 * adjudicating model. The rule verdict (not visible) is in doubt on that one sentence: the
 * model's verdict decides the flag, and the check's event, its answer and `GET /api/prompts` show
 * both, with the model named. A model that answers garbage leaves the rule verdict standing, the
 * failure recorded. Judging the stored checks again (names declared, a rebuild of the read
 * models) never asks the model: its stored verdict stands while the sentence in doubt is the same.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { checksStreamOf } from "../../src/domain/check-events.ts"
import { RecordPrompts } from "../../src/domain/entity-decider.ts"
import { type BusinessId, refOf } from "../../src/domain/entity-ref.ts"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { projections } from "../../src/projections/catalog.ts"
import { verify } from "../../src/projections/rebuild.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { testDatabases } from "../support/databases.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}`, "content-type": "application/json" }
const SLUG = "northwind-optics"
const PROMPTS = ["best opticians in town?", "where to get glasses fitted?"]
const SENTENCE = "Reviews of Northwind Optics could not be confirmed."
const ANSWER = `${SENTENCE} For frames, Clearview Eyewear is the safe pick.`
const REASON = "Named as an optician to consider."
const VERDICT = JSON.stringify({ visible: true, sentiment: "neutral", reason: REASON })
/** What the model server reports each answer used: recorded with each adjudication. */
const USAGE = { prompt_tokens: 310, completion_tokens: 24 }

const ADJUDICATED = {
  status: "adjudicated", model: "judge-1", doubt: "disclaimer", sentence: SENTENCE, rule_visible: false, visible: true, sentiment: "neutral", reason: REASON,
  usage: USAGE
}
const FAILED = {
  status: "failed", model: "judge-1", doubt: "disclaimer", sentence: SENTENCE, rule_visible: false, visible: null, sentiment: null,
  reason: "the answer was not the requested JSON object",
  usage: USAGE
}

for (const database of testDatabases) {
  describe(`mention adjudicator (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let engine: OpenAiCompatibleServer
    let model: OpenAiCompatibleServer

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
    const run = <A>(effect: Effect.Effect<A, unknown, any>) => service.runtime.runPromise(effect) as Promise<A>
    /** The adjudication requests the model server received (any other request to it is not the adjudicator's). */
    const adjudications = () => model.requests.filter((r) => r.body?.response_format?.json_schema?.name === "mention_adjudication")
    const promptNamed = async (prompt: string) => {
      const { status, body } = await call("GET", `/api/prompts/${SLUG}`)
      expect(status).toBe(200)
      return (body.prompts as Array<any>).find((p) => p.prompt === prompt)
    }

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      engine = await startOpenAiCompatibleServer({ otherwise: { kind: "answer", content: ANSWER } })
      model = await startOpenAiCompatibleServer({ otherwise: { kind: "answer", content: VERDICT, usage: USAGE } })
      service = await startService(created.target, {
        ...Object.fromEntries(PLATFORM_KEYS.flatMap((_, i) => [[`AI_PLATFORM_${i + 1}_BASE_URL`, engine.baseUrl], [`AI_PLATFORM_${i + 1}_MODEL`, "fixed"]])),
        AI_PLATFORM_MAX_RETRIES: "0",
        LLM_BASE_URL: model.baseUrl,
        LLM_MODEL: "judge-1",
        LLM_API_KEY: "sk-judge-test-0123456789"
      })
      expect((await call("POST", "/api/business", { business_name: "Northwind Optics", business_url: `https://${SLUG}.example`, org_slug: SLUG })).status).toBe(201)
      const ref = refOf(SLUG as BusinessId)
      await run(Effect.gen(function*() {
        const sent = yield* (yield* EntityCommands).send(ref, new RecordPrompts({ ...ref, prompts: PROMPTS, generator: "builtin", at: new Date().toISOString() }))
        yield* (yield* ProjectionRunner).waitFor(sent.lastPosition)
      }))
    })
    afterAll(async () => {
      await service?.stop()
      await engine?.close()
      await model?.close()
      await release()
    })

    it("asks the model about the sentence in doubt; its verdict decides the flag, and the event and GET /api/prompts show both", async () => {
      const before = adjudications().length
      const analyzed = await call("POST", "/api/cron/analyze-visibility", { business_id: SLUG, prompt: PROMPTS[0] })
      expect(analyzed.status, JSON.stringify(analyzed.body)).toBe(200)
      expect(PLATFORM_KEYS.map((key) => analyzed.body[key])).toEqual(Array(8).fill(true))

      // One question per platform's answer, each about the one sentence, with the entity's names.
      const asked = adjudications().slice(before)
      expect(asked).toHaveLength(8)
      for (const request of asked) {
        expect(request.body.model).toBe("judge-1")
        expect(request.body.response_format.json_schema.strict).toBe(true)
        expect(request.body.messages[1].content).toContain(`<<<\n${SENTENCE}\n>>>`)
        expect(request.body.messages[1].content).toContain("Entity: Northwind Optics")
      }

      const events = await run(Effect.flatMap(EventStore, (store) => store.readStream(checksStreamOf(refOf(SLUG as BusinessId)))))
      const first = events[0]!.data as any
      expect(first).toMatchObject({ status: "answered", visible: true, visibleShare: 1, position: null, sentiment: "neutral" })
      expect(first.answers[0]).toMatchObject({
        visible: true,
        position: null,
        sentiment: "neutral",
        adjudication: {
          status: "adjudicated", model: "judge-1", doubt: "disclaimer", sentence: SENTENCE, ruleVisible: false, visible: true, sentiment: "neutral", reason: REASON,
          usage: { promptTokens: 310, completionTokens: 24 }
        }
      })
      expect(events[0]!.schemaVersion).toBe(4)

      const prompt = await promptNamed(PROMPTS[0]!)
      expect(prompt.ai_platform_1).toBe(true)
      expect(prompt.platforms.ai_platform_1).toMatchObject({ visible: true, rule_visible: false, position: null, sentiment: "neutral", rejudged: false, adjudications: [ADJUDICATED] })
      const answer = await call("GET", prompt.platforms.ai_platform_1.answer_url)
      expect(answer.body.answers[0]).toMatchObject({ visible: true, adjudication: ADJUDICATED })
    })

    it("keeps the rule verdict and records the failure when the model answers garbage", async () => {
      model.setBehavior({ otherwise: { kind: "answer", content: "I think it is visible!", usage: USAGE } })
      try {
        const analyzed = await call("POST", "/api/cron/analyze-visibility", { business_id: SLUG, prompt: PROMPTS[1] })
        expect(analyzed.status).toBe(200)
        expect(PLATFORM_KEYS.map((key) => analyzed.body[key])).toEqual(Array(8).fill(false))
        const prompt = await promptNamed(PROMPTS[1]!)
        expect(prompt.platforms.ai_platform_1).toMatchObject({ visible: false, rule_visible: false, position: null, sentiment: null, adjudications: [FAILED] })
        const answer = await call("GET", prompt.platforms.ai_platform_1.answer_url)
        expect(answer.body.answers[0]).toMatchObject({ visible: false, adjudication: FAILED })
      } finally {
        model.setBehavior({ otherwise: { kind: "answer", content: VERDICT, usage: USAGE } })
      }
    })

    it("judges the stored checks again without asking the model: names declared, and a rebuild of the read models", async () => {
      const asked = model.calls
      expect((await call("PUT", `/api/entities/${SLUG}/names`, { aliases: ["Northwind"], not_aliases: [] })).status).toBe(200)
      // The PUT answers once the prompts read model has judged the checks again.
      const adjudicated = await promptNamed(PROMPTS[0]!)
      expect(adjudicated.platforms.ai_platform_1).toMatchObject({ visible: true, rule_visible: false, rejudged: true, adjudications: [ADJUDICATED] })
      const failed = await promptNamed(PROMPTS[1]!)
      expect(failed.platforms.ai_platform_1).toMatchObject({ visible: false, rule_visible: false, rejudged: true, adjudications: [FAILED] })

      const report = await run(verify(projections))
      expect(report.differences).toBe(0)
      expect(model.calls).toBe(asked)
    })
  })
}
