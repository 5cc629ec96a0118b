/**
 * The mention adjudicator (src/platforms/mention-adjudicator.ts) through the official `openai`
 * client against a loopback server speaking the chat completions wire format: what it asks (one
 * sentence, the names, a strict JSON schema, bounded output), what it accepts, and that every
 * failure is a `failed` adjudication saying why (the rule verdict then stands), never an error
 * and never an empty success.
 */
import { ConfigProvider, Effect, Layer, Option, Redacted } from "effect"
import { AppConfig } from "../../src/config/app-config.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Doubt } from "../../src/domain/mention/doubt.ts"
import { makeAdjudicate, MentionAdjudicator } from "../../src/platforms/mention-adjudicator.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer, waitUntil } from "../support/openai-compatible-server.ts"

const SECRET = "sk-adjudicator-test-0123456789"
const DOUBT: Doubt = { kind: "disclaimer", sentence: "Reviews of Northwind Optics could not be confirmed, but its frames are a local favourite." }
const TARGET = { names: ["Northwind Optics"], aliases: ["Northwind"], domains: ["northwind-optics.example"], urls: [], exclusions: ["Northwind Optics Supply"] }
const BASE = { model: "judge-1", doubt: "disclaimer", sentence: DOUBT.sentence, ruleVisible: false }
/** What the scripted model reports using; every answer it gave, kept or refused, records it. */
const USAGE = { prompt_tokens: 287, completion_tokens: 33 }
const SPENT = { usage: { promptTokens: 287, completionTokens: 33 } }

describe("mention adjudicator over the wire", () => {
  let server: OpenAiCompatibleServer
  beforeAll(async () => {
    server = await startOpenAiCompatibleServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  const adjudicate = (content: string | null, timeoutMs?: number) => {
    server.setBehavior({ otherwise: { kind: "answer", content, usage: USAGE } })
    const run = makeAdjudicate({ baseUrl: server.baseUrl, model: "judge-1", apiKey: Redacted.make(SECRET) }, timeoutMs)
    return Effect.runPromise(run(DOUBT, TARGET, false))
  }

  it("asks about the one sentence and the names with a strict JSON schema, and records the model's verdict beside the rule's", async () => {
    const before = server.calls
    const result = await adjudicate(JSON.stringify({ visible: true, sentiment: "positive", reason: "Recommends its frames despite the caveat." }))
    expect(result).toEqual({ ...BASE, status: "adjudicated", visible: true, sentiment: "positive", reason: "Recommends its frames despite the caveat.", ...SPENT })
    expect(server.calls).toBe(before + 1)
    const request = server.requests[server.requests.length - 1]!
    expect(request.authorization).toBe(`Bearer ${SECRET}`)
    expect(request.body.model).toBe("judge-1")
    expect(request.body.max_completion_tokens).toBe(300)
    expect(request.body.response_format).toEqual({
      type: "json_schema",
      json_schema: {
        name: "mention_adjudication",
        strict: true,
        schema: {
          type: "object",
          properties: {
            visible: { type: "boolean" },
            sentiment: { type: "string", enum: ["positive", "neutral", "negative"] },
            reason: { type: "string", maxLength: 200 }
          },
          required: ["visible", "sentiment", "reason"],
          additionalProperties: false
        }
      }
    })
    expect(request.body.messages[1]).toEqual({
      role: "user",
      content: [
        "Entity: Northwind Optics",
        "Also written: Northwind",
        "Not the entity (different businesses): Northwind Optics Supply",
        "",
        "Sentence (between the markers):",
        "<<<",
        DOUBT.sentence,
        ">>>"
      ].join("\n")
    })
  })

  it("keeps no sentiment when the model finds the entity not visible", async () => {
    expect(await adjudicate(JSON.stringify({ visible: false, sentiment: "negative", reason: "Named only to say nothing is known." }))).toEqual({
      ...BASE, status: "adjudicated", visible: false, sentiment: null, reason: "Named only to say nothing is known.", ...SPENT
    })
  })

  it.each([
    ["not JSON", "Sure! It is visible.", "the answer was not the requested JSON object"],
    ["an extra key", JSON.stringify({ visible: true, sentiment: "positive", reason: "ok", position: 1 }), "the answer was not the requested JSON object"],
    ["a reason over 200 characters", JSON.stringify({ visible: true, sentiment: "positive", reason: "x".repeat(201) }), "the answer was not the requested JSON object"],
    ["another sentiment", JSON.stringify({ visible: true, sentiment: "ecstatic", reason: "ok" }), "the answer was not the requested JSON object"],
    ["a missing field", JSON.stringify({ visible: true, reason: "ok" }), "the answer was not the requested JSON object"],
    ["an answer over 2,000 characters", `{"visible": true, "sentiment": "neutral", "reason": "ok"}${" ".repeat(2_000)}`, "the answer was over 2000 characters"],
    ["no content", null, "the answer held no content"]
  ])("refuses %s: a failed adjudication saying why, the rule verdict standing", async (_, content, reason) => {
    expect(await adjudicate(content)).toEqual({ ...BASE, status: "failed", visible: null, sentiment: null, reason, ...SPENT })
  })

  it("records an error status as a failure, the API key scrubbed from its message", async () => {
    server.setBehavior({ otherwise: { kind: "status", status: 500, message: `upstream refused key ${SECRET}` } })
    const run = makeAdjudicate({ baseUrl: server.baseUrl, model: "judge-1", apiKey: Redacted.make(SECRET) })
    const result = await Effect.runPromise(run(DOUBT, TARGET, false))
    expect(result).toMatchObject({ ...BASE, status: "failed", visible: null, sentiment: null })
    expect(result.reason).toBe("call failed: 500 upstream refused key [redacted]")
  })

  it("gives up past its time-out, aborting the request, and records it", async () => {
    server.setBehavior({ otherwise: { kind: "hang" } })
    const aborted = server.aborted
    const run = makeAdjudicate({ baseUrl: server.baseUrl, model: "judge-1", apiKey: Redacted.make(SECRET) }, 300)
    expect(await Effect.runPromise(run(DOUBT, TARGET, false))).toEqual({
      ...BASE, status: "failed", visible: null, sentiment: null, reason: "no answer within 300 ms"
    })
    await waitUntil(() => server.aborted === aborted + 1)
  })
})

describe("mention adjudicator configuration", () => {
  const adjudicatorWith = (env: Record<string, string>) =>
    Effect.runPromise(Effect.provide(
      MentionAdjudicator,
      MentionAdjudicator.Default.pipe(
        Layer.provide(AppConfig.Default),
        Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))))
      )
    ))
  const LLM = { LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_MODEL: "judge-1" }

  it("is there with LLM_* set, and not without it or with MENTION_ADJUDICATOR=false", async () => {
    expect(Option.isSome((await adjudicatorWith(LLM)).adjudicate)).toBe(true)
    expect(Option.isNone((await adjudicatorWith({})).adjudicate)).toBe(true)
    expect(Option.isNone((await adjudicatorWith({ ...LLM, MENTION_ADJUDICATOR: "false" })).adjudicate)).toBe(true)
  })
})
