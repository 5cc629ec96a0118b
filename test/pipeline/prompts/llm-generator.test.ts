import { Effect, Either, Fiber, Logger, LogLevel, Option, Redacted } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { PlatformEndpoint } from "../../../src/config/app-config.ts"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { generatePrompts } from "../../../src/pipeline/prompts/generate-prompts.ts"
import {
  type LlmPromptOptions,
  llmPrompts,
  llmPromptsWithSources,
  parsePromptsReply,
  PromptGenerationFailed
} from "../../../src/pipeline/prompts/llm-generator.ts"
import { namesEntity, normalizePrompt, validatePrompts } from "../../../src/pipeline/prompts/validate-prompts.ts"
import {
  type OpenAiCompatibleServer,
  type ScriptedReply,
  startOpenAiCompatibleServer,
  waitUntil
} from "../../support/openai-compatible-server.ts"
import { BAKERY, LLM_STYLE_PROMPTS } from "./fixtures.ts"

const API_KEY = "sk-test-prompts-0123456789abcdef"
/** Short backoff: the retry logic is under test, not the delays. */
const FAST: LlmPromptOptions = { retryBaseDelayMs: 5 }

let server: OpenAiCompatibleServer

beforeAll(async () => {
  server = await startOpenAiCompatibleServer()
})
afterAll(() => server.close())
beforeEach(() => server.setBehavior({}))

const endpoint = (overrides: Partial<PlatformEndpoint> = {}): PlatformEndpoint => ({
  baseUrl: server.baseUrl,
  apiKey: Redacted.make(API_KEY),
  model: "gpt-4o-mini",
  ...overrides
})

/** What the scripted model reports each answer used. */
const USAGE = { prompt_tokens: 900, completion_tokens: 1500 }
const answer = (prompts: ReadonlyArray<string>): ScriptedReply => ({ kind: "answer", content: JSON.stringify({ prompts }), usage: USAGE })

/** Runs `f` and returns what it produced with the requests the server saw meanwhile. */
const observe = async <A>(f: () => Promise<A>) => {
  const before = server.requests.length
  const result = await f()
  return { result, requests: server.requests.slice(before) }
}

const run = (options: LlmPromptOptions = FAST, config = endpoint()) =>
  Effect.runPromise(llmPromptsWithSources(BAKERY, config, 100, options))

const failure = async (options: LlmPromptOptions = FAST, config = endpoint()): Promise<PromptGenerationFailed> => {
  const result = await Effect.runPromise(Effect.either(llmPrompts(BAKERY, config, 100, options)))
  if (Either.isRight(result)) throw new Error("expected prompt generation to fail")
  return result.left
}

const messagesText = (body: any): string => body.messages.map((m: { content: string }) => m.content).join("\n")

const expectExactSet = (prompts: ReadonlyArray<string>) => {
  expect(prompts).toHaveLength(100)
  expect(new Set(prompts.map(normalizePrompt)).size).toBe(100)
  expect(validatePrompts(prompts, BAKERY).rejected).toEqual([])
}

describe("llmPrompts", () => {
  it("takes a valid 100 from the first answer", async () => {
    server.setBehavior({ replies: [answer(LLM_STYLE_PROMPTS)] })
    const { requests, result } = await observe(() => run())
    expect(result).toEqual({ prompts: LLM_STYLE_PROMPTS, fromLlm: 100, fromBuiltin: 0, rounds: 1, usage: { promptTokens: 900, completionTokens: 1_500, usd: null } })
    expect(requests).toHaveLength(1)
  })

  it("sends structured output, the model, the key and a description of the entity", async () => {
    server.setBehavior({ replies: [answer(LLM_STYLE_PROMPTS)] })
    const { requests } = await observe(() => run())
    const request = requests[0]!
    expect(request.authorization).toBe(`Bearer ${API_KEY}`)
    expect(request.body.model).toBe("gpt-4o-mini")
    expect(request.body.response_format.type).toBe("json_schema")
    expect(request.body.response_format.json_schema).toEqual({
      name: "prompts",
      strict: true,
      schema: {
        type: "object",
        properties: { prompts: { type: "array", items: { type: "string" } } },
        required: ["prompts"],
        additionalProperties: false
      }
    })
    expect(request.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"])
    const text = messagesText(request.body)
    for (const fact of ["Maison Dupont", "bakery", "Lyon", "sourdough bread", "event planners", "100"]) expect(text).toContain(fact)
    expect(text).toMatch(/at most 10 of the prompts may name Maison Dupont/i)
    expect(text).toMatch(/one sentence/i)
    expect(text).toMatch(/no numbering/i)
    // The key travels only in the header.
    expect(JSON.stringify(request.body)).not.toContain(API_KEY)
  })

  it("tells the model that nobody visits software or a shop that only ships: no near me, no opening hours", async () => {
    server.setBehavior({ replies: [answer(LLM_STYLE_PROMPTS)] })
    const online = { ...BAKERY, openDays: ["Monday"], visitable: false }
    const { requests } = await observe(() => Effect.runPromise(llmPromptsWithSources(online, endpoint(), 100, FAST)))
    const text = messagesText(requests[0]!.body)
    expect(text).toContain("Customers never come to a place of it")
    expect(text).toContain("Nothing \"near me\" and no opening hours")
    expect(text).not.toContain("Open on: Monday")
    server.setBehavior({ replies: [answer(LLM_STYLE_PROMPTS)] })
    const visited = messagesText((await observe(() => run())).requests[0]!.body)
    expect(visited).toContain("<offering> near me")
    expect(visited).not.toContain("Customers never come to a place of it")
  })

  it("asks again for the missing prompts after 60 valid, 10 invalid and duplicates", async () => {
    const invalid = [
      "Bakery near me?",
      "Is https://maison-dupont.fr good?",
      "Best bakery. In Lyon?",
      "What is the weather in Lyon tomorrow?",
      "",
      "Which bakery has the best croissants!",
      "Line one about bakeries\nline two about bread?",
      `Which bakery ${"really ".repeat(30)}is best?`,
      "Is it good? Is it cheap?",
      "How do I fix a flat bicycle tyre?"
    ]
    const duplicates = [LLM_STYLE_PROMPTS[0]!.toUpperCase(), `  ${LLM_STYLE_PROMPTS[1]!.replace("?", "")}  `, LLM_STYLE_PROMPTS[2]!]
    server.setBehavior({
      replies: [
        answer([...LLM_STYLE_PROMPTS.slice(0, 60), ...invalid, ...duplicates]),
        // The second answer repeats one earlier prompt: it must not count.
        answer([LLM_STYLE_PROMPTS[5]!, ...LLM_STYLE_PROMPTS.slice(60)])
      ]
    })
    const { requests, result } = await observe(() => run())
    expect(requests).toHaveLength(2)
    expect(result.fromLlm).toBe(100)
    expect(result.fromBuiltin).toBe(0)
    expect(result.rounds).toBe(2)
    expectExactSet(result.prompts)
    expect(new Set(result.prompts)).toEqual(new Set(LLM_STYLE_PROMPTS))

    const second = requests[1]!.body
    const followUp: string = second.messages.at(-1).content
    expect(followUp).toContain("40")
    expect(followUp).toMatch(/Write exactly 40 more/)
    // The model is shown what it already gave, so that it does not repeat it.
    const assistant = second.messages.find((m: { role: string }) => m.role === "assistant")
    expect(JSON.parse(assistant.content).prompts).toEqual(LLM_STYLE_PROMPTS.slice(0, 60))
    expect(followUp).toMatch(/do not repeat/i)
    expect(second.response_format.type).toBe("json_schema")
  })

  it("never returns more than asked for", async () => {
    const extra = LLM_STYLE_PROMPTS.map((p) => p.replace("Which bakery", "What bakery"))
    server.setBehavior({ replies: [answer([...LLM_STYLE_PROMPTS, ...extra.slice(0, 20)])] })
    const result = await run()
    expect(result.prompts).toEqual(LLM_STYLE_PROMPTS)
  })

  it("tops up from the built-in generator after 3 short rounds", async () => {
    server.setBehavior({
      replies: [answer(LLM_STYLE_PROMPTS.slice(0, 30)), answer(LLM_STYLE_PROMPTS.slice(30, 50)), answer(LLM_STYLE_PROMPTS.slice(50, 70))]
    })
    const { requests, result } = await observe(() => run())
    expect(requests).toHaveLength(3)
    expect(result).toMatchObject({ fromLlm: 70, fromBuiltin: 30, rounds: 3, usage: { promptTokens: 2_700, completionTokens: 4_500, usd: null } })
    expect(result.prompts.slice(0, 70)).toEqual(LLM_STYLE_PROMPTS.slice(0, 70))
    expectExactSet(result.prompts)
    expect(result.prompts.filter((p) => namesEntity(p, BAKERY)).length).toBeLessThanOrEqual(10)
    expect(requests[1]!.body.messages.at(-1).content).toMatch(/Write exactly 70 more/)
    expect(requests[2]!.body.messages.at(-1).content).toMatch(/Write exactly 50 more/)
  })

  it("keeps no NUL and no lone surrogate of what the model wrote", async () => {
    const [first, second, ...rest] = LLM_STYLE_PROMPTS
    const tainted = [first!.replace(" ", " \u0000"), `${second!.slice(0, -1)}\ud800?`, ...rest]
    server.setBehavior({ replies: [answer(tainted)] })
    const result = await run()
    expect(result.prompts[0]).toBe(first)
    expect(result.prompts.every((p) => !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])/.test(p))).toBe(true)
    expect(result.prompts).not.toContain(tainted[1])
  })

  it("fails a response over the writers' limit, naming it, without reading it", async () => {
    server.setBehavior({ otherwise: { kind: "raw", status: 200, contentType: "application/json", body: " ".repeat(65_537) } })
    const limited = endpoint({ responseLimit: { bytes: 65_536, setting: "LLM_MAX_RESPONSE_BYTES" } })
    const failed = await failure(FAST, limited)
    expect(failed.reason).toBe("request_failed")
    expect(failed.message).toBe(
      "The LLM request failed (bad_response): Unreadable response: the response body was over the limit of 65536 bytes (LLM_MAX_RESPONSE_BYTES): its content-length said so, and it was not read"
    )
  })

  it("tolerates a fenced code block and prose around the JSON", async () => {
    server.setBehavior({
      replies: [{ kind: "answer", content: `Here you go:\n\`\`\`json\n${JSON.stringify({ prompts: LLM_STYLE_PROMPTS }, null, 2)}\n\`\`\`\nEnjoy!` }]
    })
    expect((await run()).prompts).toEqual(LLM_STYLE_PROMPTS)
  })

  it("asks again after a reply that is not JSON", async () => {
    server.setBehavior({
      replies: [{ kind: "answer", content: "Sure! Here are some prompts: best bakery in Lyon, best croissants in Lyon..." }, answer(LLM_STYLE_PROMPTS)]
    })
    const { requests, result } = await observe(() => run())
    expect(requests).toHaveLength(2)
    expect(result).toMatchObject({ fromLlm: 100, fromBuiltin: 0, rounds: 2 })
    expect(requests[1]!.body.messages.at(-1).content).toMatch(/could not be read as the requested JSON/)
    expect(requests[1]!.body.messages.at(-1).content).toMatch(/Write exactly 100 more/)
  })

  it("fails with no_valid_prompts when no answer is usable", async () => {
    server.setBehavior({ otherwise: { kind: "answer", content: "I cannot help with that.", usage: USAGE } })
    const { requests, result } = await observe(() => failure())
    expect(result).toBeInstanceOf(PromptGenerationFailed)
    expect(result.reason).toBe("no_valid_prompts")
    expect(requests).toHaveLength(3)
    // Three answers paid for, none usable: their tokens go with the failure.
    expect(result.usage).toEqual({ promptTokens: 2_700, completionTokens: 4_500, usd: null })
  })

  it("retries a 500 twice, then fails with request_failed", async () => {
    server.setBehavior({ otherwise: { kind: "status", status: 500, message: "upstream exploded" } })
    const { requests, result } = await observe(() => failure())
    expect(result.reason).toBe("request_failed")
    expect(result.message).toContain("server_error")
    expect(requests).toHaveLength(3)
  })

  it("recovers from a 429 and a 503 by retrying", async () => {
    server.setBehavior({ replies: [{ kind: "status", status: 429 }, { kind: "status", status: 503 }, answer(LLM_STYLE_PROMPTS)] })
    const { requests, result } = await observe(() => run())
    expect(requests).toHaveLength(3)
    expect(result.fromLlm).toBe(100)
    expect(result.rounds).toBe(1)
  })

  it("does not retry a 401", async () => {
    server.setBehavior({ otherwise: { kind: "status", status: 401, message: "bad key" } })
    const { requests, result } = await observe(() => failure())
    expect(result.reason).toBe("request_failed")
    expect(requests).toHaveLength(1)
  })

  it("keeps what the model gave when a later round fails, and tops up the rest", async () => {
    server.setBehavior({ replies: [answer(LLM_STYLE_PROMPTS.slice(0, 50))], otherwise: { kind: "status", status: 500 } })
    const { requests, result } = await observe(() => run())
    expect(requests).toHaveLength(4)
    expect(result).toMatchObject({ fromLlm: 50, fromBuiltin: 50, rounds: 1 })
    expectExactSet(result.prompts)
  })

  it("falls back to plain JSON when the endpoint refuses structured output", async () => {
    server.setBehavior({
      replies: [{ kind: "status", status: 400, message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported" }],
      otherwise: answer(LLM_STYLE_PROMPTS)
    })
    const { requests, result } = await observe(() => run())
    expect(requests).toHaveLength(2)
    expect(requests[0]!.body.response_format).toBeDefined()
    expect(requests[1]!.body.response_format).toBeUndefined()
    expect(result.fromLlm).toBe(100)
  })

  it("times out a call that hangs and aborts its request", async () => {
    server.setBehavior({ otherwise: { kind: "hang" } })
    const abortedBefore = server.aborted
    const result = await failure({ timeoutMs: 150, retries: 1, retryBaseDelayMs: 5 })
    expect(result.reason).toBe("request_failed")
    expect(result.message).toContain("timeout")
    await waitUntil(() => server.aborted >= abortedBefore + 2)
  })

  it("aborts the request in flight when interrupted", async () => {
    server.setBehavior({ otherwise: { kind: "hang" } })
    const abortedBefore = server.aborted
    const inFlightBefore = server.inFlight
    const fiber = Effect.runFork(llmPrompts(BAKERY, endpoint(), 100, FAST))
    await waitUntil(() => server.inFlight > inFlightBefore)
    await Effect.runPromise(Fiber.interrupt(fiber))
    await waitUntil(() => server.aborted > abortedBefore)
  })

  it("sends no Authorization header to a keyless endpoint", async () => {
    server.setBehavior({ replies: [answer(LLM_STYLE_PROMPTS)] })
    const { requests } = await observe(() => run(FAST, endpoint({ apiKey: Redacted.make("") })))
    expect(requests[0]!.authorization).toBeUndefined()
  })

  it("never logs the API key, even when the vendor echoes it", async () => {
    const lines: Array<string> = []
    const collector = Logger.make(({ annotations, message }) => {
      lines.push(JSON.stringify({ message, annotations: Object.fromEntries(annotations) }))
    })
    server.setBehavior({ otherwise: { kind: "status", status: 401, message: `Incorrect API key provided: ${API_KEY}` } })
    const result = await Effect.runPromise(
      generatePrompts(BAKERY, Option.some(endpoint()), 100, FAST).pipe(
        Effect.provide(Logger.replace(Logger.defaultLogger, collector)),
        Logger.withMinimumLogLevel(LogLevel.All)
      )
    )
    expect(result.generator).toBe("builtin")
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.join("\n")).not.toContain(API_KEY)
    expect(lines.join("\n")).toContain("[redacted]")
  })
})

describe("parsePromptsReply", () => {
  it("reads the object (or its only array), a bare array, a fenced block, and nothing else", () => {
    expect(parsePromptsReply('{"prompts": ["a", "b"]}')).toEqual(["a", "b"])
    expect(parsePromptsReply('["a", 3, null, "b"]')).toEqual(["a", "b"])
    expect(parsePromptsReply('```\n{"prompts": ["a"]}\n```')).toEqual(["a"])
    expect(parsePromptsReply("Here: {\"prompts\": [\"a\"]} done")).toEqual(["a"])
    expect(parsePromptsReply("no json here")).toBeUndefined()
    expect(parsePromptsReply('{"items": ["a"]}')).toEqual(["a"])
    expect(parsePromptsReply('{"count": 3}')).toBeUndefined()
  })
})

describe("generatePrompts", () => {
  it("uses the built-in generator when no LLM is configured", async () => {
    const before = server.requests.length
    const result = await Effect.runPromise(generatePrompts(BAKERY, Option.none()))
    expect(result).toEqual({ prompts: builtinPrompts(BAKERY), generator: "builtin" })
    expect(server.requests.length).toBe(before)
  })

  it("reports llm when the model gave all 100", async () => {
    server.setBehavior({ replies: [answer(LLM_STYLE_PROMPTS)] })
    const result = await Effect.runPromise(generatePrompts(BAKERY, Option.some(endpoint()), 100, FAST))
    expect(result).toEqual({ prompts: LLM_STYLE_PROMPTS, generator: "llm", usage: { model: "gpt-4o-mini", promptTokens: 900, completionTokens: 1_500, usd: null } })
  })

  it("reports llm+builtin when the model fell short", async () => {
    server.setBehavior({ replies: [answer(LLM_STYLE_PROMPTS.slice(0, 80))], otherwise: { kind: "answer", content: "not json" } })
    const result = await Effect.runPromise(generatePrompts(BAKERY, Option.some(endpoint()), 100, FAST))
    expect(result.generator).toBe("llm+builtin")
    expectExactSet(result.prompts)
    expect(result.prompts.slice(0, 80)).toEqual(LLM_STYLE_PROMPTS.slice(0, 80))
  })

  it("falls back to the built-in generator when the model keeps failing", async () => {
    server.setBehavior({ otherwise: { kind: "status", status: 500 } })
    const { requests, result } = await observe(() =>
      Effect.runPromise(generatePrompts(BAKERY, Option.some(endpoint()), 100, FAST).pipe(Logger.withMinimumLogLevel(LogLevel.None)))
    )
    expect(requests).toHaveLength(3)
    expect(result).toEqual({ prompts: builtinPrompts(BAKERY), generator: "builtin" })
  })

  it("falls back to the built-in generator when no answer is usable, keeping the tokens the answers used", async () => {
    server.setBehavior({ otherwise: { kind: "answer", content: "I cannot help with that.", usage: USAGE } })
    const result = await Effect.runPromise(generatePrompts(BAKERY, Option.some(endpoint()), 100, FAST).pipe(Logger.withMinimumLogLevel(LogLevel.None)))
    expect(result).toEqual({
      prompts: builtinPrompts(BAKERY),
      generator: "builtin",
      usage: { model: "gpt-4o-mini", promptTokens: 2_700, completionTokens: 4_500, usd: null }
    })
  })
})
