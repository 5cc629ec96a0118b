import { Redacted } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { PlatformEndpoint } from "../../src/config/app-config.ts"
import { EngineError } from "../../src/platforms/answer-engine.ts"
import { costOf, makeOpenAiCompatibleEngine, urlsInText } from "../../src/platforms/openai-compatible-engine.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer, waitUntil } from "../support/openai-compatible-server.ts"

const API_KEY = "sk-test-secret-0123456789"

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

const ask = (prompt = "best bakery in Lyon?", config = endpoint()) =>
  makeOpenAiCompatibleEngine("ai_platform_1", config).answer({ platform: "ai_platform_1", prompt }, new AbortController().signal)

const failure = (config = endpoint()): Promise<EngineError> =>
  makeOpenAiCompatibleEngine("ai_platform_1", config).answer({ platform: "ai_platform_1", prompt: "q" }, new AbortController().signal).then(
    () => Promise.reject(new Error("expected the call to fail")),
    (error: unknown) => {
      if (!(error instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(error)}`)
      return error
    }
  )

describe("makeOpenAiCompatibleEngine", () => {
  it("returns the answer text and the model the vendor reports, with the key as a bearer token", async () => {
    server.setBehavior({
      replies: [{ kind: "answer", content: "Try Maison Pralus and Boulangerie du Palais.", model: "gpt-4o-mini-2024-07-18" }]
    })
    const before = server.requests.length
    const answer = await ask("best bakery in Lyon?")
    expect(answer.text).toBe("Try Maison Pralus and Boulangerie du Palais.")
    expect(answer.model).toBe("gpt-4o-mini-2024-07-18")
    expect(answer.engine).toBe("openai-compatible")
    expect(answer.citations).toEqual([])

    const request = server.requests[before]!
    expect(request.authorization).toBe(`Bearer ${API_KEY}`)
    expect(request.body.model).toBe("gpt-4o-mini")
    expect(request.body.messages[0].role).toBe("system")
    expect(request.body.messages[1]).toEqual({ role: "user", content: "best bakery in Lyon?" })
  })

  it("falls back to the configured model when the response names none", async () => {
    server.setBehavior({ replies: [{ kind: "answer", content: "Some answer", model: "" }] })
    expect((await ask()).model).toBe("gpt-4o-mini")
  })

  it("sends no Authorization header to an endpoint configured without a key", async () => {
    const before = server.requests.length
    await ask("q", endpoint({ apiKey: Redacted.make("") }))
    expect(server.requests[before]!.authorization).toBeUndefined()
  })

  it("keeps Perplexity's citations and search results, de-duplicated, in order", async () => {
    server.setBehavior({
      replies: [{
        kind: "answer",
        content: "Maison Pralus [1] and Boulangerie du Palais [2].",
        model: "sonar-pro",
        citations: ["https://pralus.example/", "https://palais.example/"],
        searchResults: [
          { title: "Pralus", url: "https://pralus.example/" },
          { title: "Guide", url: "https://guide.example/lyon" }
        ]
      }]
    })
    const answer = await ask()
    expect(answer.citations).toEqual(["https://pralus.example/", "https://palais.example/", "https://guide.example/lyon"])
  })

  it("keeps OpenAI url_citation annotations", async () => {
    server.setBehavior({
      replies: [{
        kind: "answer",
        content: "Maison Pralus is popular (pralus.example).",
        annotations: [
          { type: "url_citation", url_citation: { url: "https://pralus.example/lyon", title: "Pralus", start_index: 0, end_index: 5 } },
          { type: "url_citation", url_citation: { url: "https://pralus.example/lyon", title: "Pralus", start_index: 6, end_index: 9 } },
          { type: "url_citation", url_citation: { url: "https://news.example/a", title: "News", start_index: 10, end_index: 12 } }
        ]
      }]
    })
    expect((await ask()).citations).toEqual(["https://pralus.example/lyon", "https://news.example/a"])
  })

  it("falls back to the URLs written in the answer, markdown links included", async () => {
    server.setBehavior({
      replies: [{
        kind: "answer",
        content: "See [Maison Pralus](https://pralus.example/shop) or https://palais.example/menu. Also (https://pralus.example/shop)."
      }]
    })
    expect((await ask()).citations).toEqual(["https://pralus.example/shop", "https://palais.example/menu"])
  })

  it("prices the usage by model prefix, and knows when it cannot", async () => {
    server.setBehavior({
      replies: [
        { kind: "answer", content: "a", model: "gpt-4o-mini-2024-07-18", usage: { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 } },
        { kind: "answer", content: "b", model: "some-unknown-model", usage: { prompt_tokens: 10, completion_tokens: 10 } }
      ]
    })
    expect((await ask()).costUsd).toBeCloseTo(0.15 + 0.6, 10)
    expect((await ask()).costUsd).toBeNull()
    // The longest prefix wins: gpt-4o-mini is not priced as gpt-4o.
    expect(costOf("openai/gpt-4o-2024-08-06", { promptTokens: 1_000_000, completionTokens: 0 })).toBe(2.5)
  })

  it("maps 429 to rate_limited, retryable", async () => {
    server.setBehavior({ replies: [{ kind: "status", status: 429, message: "slow down" }] })
    expect(await failure()).toMatchObject({ _tag: "EngineError", platform: "ai_platform_1", reason: "rate_limited", retryable: true })
  })

  it("maps 500 to server_error, retryable", async () => {
    server.setBehavior({ replies: [{ kind: "status", status: 500 }] })
    expect(await failure()).toMatchObject({ reason: "server_error", retryable: true })
  })

  it("maps 400 to client_error, not retryable, and never repeats the key", async () => {
    server.setBehavior({ replies: [{ kind: "status", status: 400, message: `bad key ${API_KEY}` }] })
    const error = await failure()
    expect(error).toMatchObject({ reason: "client_error", retryable: false })
    expect(error.message).toContain("400")
    expect(error.message).not.toContain(API_KEY)
  })

  it("maps 408 and 409 to retryable errors", async () => {
    server.setBehavior({ replies: [{ kind: "status", status: 408 }, { kind: "status", status: 409 }] })
    expect(await failure()).toMatchObject({ reason: "timeout", retryable: true })
    expect(await failure()).toMatchObject({ reason: "client_error", retryable: true })
  })

  it("maps a malformed body, no choices and empty content to bad_response, not retryable", async () => {
    server.setBehavior({
      replies: [
        { kind: "raw", status: 200, contentType: "application/json", body: "{\"id\": \"chatcmpl-1\", \"choices\": [" },
        { kind: "answer", noChoices: true },
        { kind: "answer", content: "   " }
      ]
    })
    expect(await failure()).toMatchObject({ reason: "bad_response", retryable: false })
    expect(await failure()).toMatchObject({ reason: "bad_response", retryable: false })
    expect(await failure()).toMatchObject({ reason: "bad_response", retryable: false })
  })

  it("maps a refused connection to connection, retryable", async () => {
    const closed = await startOpenAiCompatibleServer()
    const baseUrl = closed.baseUrl
    await closed.close()
    expect(await failure(endpoint({ baseUrl }))).toMatchObject({ reason: "connection", retryable: true })
  })

  it("aborts the HTTP request when its signal is aborted", async () => {
    server.setBehavior({ replies: [{ kind: "hang" }] })
    const calls = server.calls
    const aborted = server.aborted
    const controller = new AbortController()
    const call = makeOpenAiCompatibleEngine("ai_platform_1", endpoint()).answer({ platform: "ai_platform_1", prompt: "q" }, controller.signal)
    await waitUntil(() => server.calls === calls + 1)
    controller.abort()
    await expect(call).rejects.toMatchObject({ reason: "connection", retryable: true, message: "The request was aborted" })
    await waitUntil(() => server.aborted === aborted + 1)
    expect(server.inFlight).toBe(0)
  })
})

describe("urlsInText", () => {
  it("drops trailing punctuation and keeps only http(s) URLs", () => {
    expect(urlsInText("Go to https://a.example/x, then http://b.example. Not ftp://c.example or mailto:x@y.z")).toEqual([
      "https://a.example/x",
      "http://b.example"
    ])
  })
})
