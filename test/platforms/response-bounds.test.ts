/**
 * Models' responses are hostile input (docs/configuration.md, "Responses of models"): through the
 * fetch the `openai` client is given, a body over its kind of call's limit fails the call with an
 * error naming the limit and its setting, and the connection is closed at once (the server is
 * never read to the end); a body that keeps dripping is cut at the caller's time bound; a NUL or
 * a lone surrogate in what a model says never reaches what is stored. Real loopback servers, the
 * official client.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { gzipSync } from "node:zlib"
import { Effect, Fiber, Option, Redacted, TestClock, TestContext } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { checkToStored, PlatformChecked } from "../../src/domain/check-events.ts"
import type { Doubt } from "../../src/domain/mention/doubt.ts"
import { isStorableText, unstorableJson } from "../../src/domain/text.ts"
import { ADJUDICATION_RESPONSE_LIMIT, DAILY_LIMIT_REACHED, makeAdjudicate } from "../../src/platforms/mention-adjudicator.ts"
import { makeNodeHttpFetch, ResponseTooLarge } from "../../src/platforms/node-http-fetch.ts"
import { makeOpenAiCompatibleEngine } from "../../src/platforms/openai-compatible-engine.ts"
import { waitUntil } from "../support/openai-compatible-server.ts"

const LIMIT = { bytes: 65_536, setting: "AI_PLATFORM_MAX_RESPONSE_BYTES" }

interface Loopback {
  readonly baseUrl: string
  /** Bytes of body the handler managed to write before its connection closed, per request. */
  readonly written: Array<number>
  readonly closed: () => number
}

const servers: Array<Server> = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })))
})

/** A server whose every request (its body read first) is answered by `handle`. */
const serve = async (handle: (response: ServerResponse, written: (n: number) => void) => void): Promise<Loopback> => {
  const written: Array<number> = []
  let closed = 0
  const server = createServer((request: IncomingMessage, response) => {
    request.resume()
    request.on("end", () => {
      const index = written.push(0) - 1
      handle(response, (n) => {
        written[index] = (written[index] ?? 0) + n
      })
    })
  })
  server.on("connection", (socket: Socket) => socket.on("close", () => closed++))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, written, closed: () => closed }
}

/** Writes `total` bytes of a JSON-looking body in 16 KiB chunks, as fast as the socket takes them, until done or closed. */
const flood = (total: number, headers: Record<string, string | number> = {}) => (response: ServerResponse, written: (n: number) => void) => {
  response.writeHead(200, { "content-type": "application/json", ...headers })
  const chunk = Buffer.alloc(16_384, 0x20)
  let sent = 0
  const pump = () => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length
      written(chunk.length)
      if (!response.write(chunk)) return void response.once("drain", pump)
    }
    if (!response.destroyed) response.end()
  }
  response.on("close", () => {
    sent = total
  })
  pump()
}

/** Sends the headers, then one space every 50 ms, never ending. */
const drip = (response: ServerResponse, written: (n: number) => void) => {
  response.writeHead(200, { "content-type": "application/json" })
  response.write("{")
  const timer = setInterval(() => {
    written(1)
    response.write(" ")
  }, 50)
  response.on("close", () => clearInterval(timer))
}

const chatCompletion = (content: string, usage = { prompt_tokens: 12, completion_tokens: 5 }) => JSON.stringify({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "judge-1",
  choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
  usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens }
})

const respond = (body: string | Buffer, headers: Record<string, string | number> = {}) => (response: ServerResponse, written: (n: number) => void) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers })
  written(Buffer.byteLength(body))
  response.end(body)
}

const post = (fetch: ReturnType<typeof makeNodeHttpFetch>, url: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })

describe("the fetch under the openai client: response bodies bounded", () => {
  it("fails a body over the limit as soon as it is over, and closes the connection rather than read the rest", async () => {
    // Far more than loopback's socket buffers hold (a few MiB), so a client reading on would show.
    const total = 64 * 1024 * 1024
    const server = await serve(flood(total))
    const failure = await post(makeNodeHttpFetch(LIMIT), `${server.baseUrl}/chat/completions`).then(() => undefined, (error: unknown) => error)
    expect(failure).toBeInstanceOf(ResponseTooLarge)
    expect((failure as Error).message).toBe("the response body was over the limit of 65536 bytes (AI_PLATFORM_MAX_RESPONSE_BYTES): the rest was not read")
    await waitUntil(() => server.closed() === 1)
    // The server got to write only what the socket buffers took before the close, far from all of it.
    expect(server.written[0]!).toBeLessThan(total / 4)
  })

  it("fails at once a content-length announcing a body over the limit", async () => {
    const body = Buffer.alloc(LIMIT.bytes + 1, 0x20)
    const server = await serve(respond(body))
    await expect(post(makeNodeHttpFetch(LIMIT), `${server.baseUrl}/chat/completions`)).rejects.toThrow(
      "the response body was over the limit of 65536 bytes (AI_PLATFORM_MAX_RESPONSE_BYTES): its content-length said so, and it was not read"
    )
    await waitUntil(() => server.closed() === 1)
  })

  it("refuses a small compressed body that inflates past the limit", async () => {
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20))
    expect(bomb.length).toBeLessThan(LIMIT.bytes)
    const server = await serve(respond(bomb, { "content-encoding": "gzip" }))
    await expect(post(makeNodeHttpFetch(LIMIT), `${server.baseUrl}/chat/completions`)).rejects.toThrow(
      "the response body was over the limit of 65536 bytes (AI_PLATFORM_MAX_RESPONSE_BYTES) once decompressed"
    )
  })

  it("reads a body of exactly the limit", async () => {
    const text = JSON.stringify({ pad: "x".repeat(LIMIT.bytes - 10) })
    expect(Buffer.byteLength(text)).toBe(LIMIT.bytes)
    const exact = await serve(respond(text))
    const response = await post(makeNodeHttpFetch(LIMIT), `${exact.baseUrl}/chat/completions`)
    expect((await response.text()).length).toBe(LIMIT.bytes)
  })
})

describe("a platform's answer through the official client", () => {
  const engineAt = (baseUrl: string) =>
    makeOpenAiCompatibleEngine("ai_platform_1", { baseUrl, model: "m-1", apiKey: Redacted.make("sk-platform-0123456789"), responseLimit: LIMIT })

  it("fails the check as a bad response naming the limit, not as a connection error to retry", async () => {
    const server = await serve(flood(4 * 1024 * 1024))
    const failure = await engineAt(server.baseUrl).answer({ platform: "ai_platform_1", prompt: "best bakery?" }, new AbortController().signal)
      .then(() => undefined, (error: unknown) => error)
    expect(failure).toMatchObject({
      _tag: "EngineError",
      platform: "ai_platform_1",
      reason: "bad_response",
      retryable: false,
      message: "Unreadable response: the response body was over the limit of 65536 bytes (AI_PLATFORM_MAX_RESPONSE_BYTES): the rest was not read"
    })
    await waitUntil(() => server.closed() === 1)
  })

  it("keeps at most 100 citations, none too long or unstorable, so the check is never refused by the store", async () => {
    const many = Array.from({ length: 150 }, (_, i) => `https://source-${i}.example/`)
    const body = JSON.parse(chatCompletion("Try Acme Bakery.")) as Record<string, unknown>
    body["citations"] = ["https://ok.example/", "https://bad.example/\u0000x", "https://bad.example/\ud800", `https://long.example/${"a".repeat(2_100)}`, ...many]
    const server = await serve(respond(JSON.stringify(body)))
    const answer = await engineAt(server.baseUrl).answer({ platform: "ai_platform_1", prompt: "best bakery?" }, new AbortController().signal)
    expect(answer.citations).toEqual(["https://ok.example/", ...many.slice(0, 99)])
    expect(unstorableJson(answer.citations, "citations")).toBeUndefined()
  })

  it("stores no NUL and no lone surrogate of an answer", async () => {
    const server = await serve(respond(chatCompletion("Try Acme\u0000 Bakery \ud800today.")))
    const answer = await engineAt(server.baseUrl).answer({ platform: "ai_platform_1", prompt: "best bakery?" }, new AbortController().signal)
    expect(answer.text).toBe("Try Acme Bakery \ufffdtoday.")
    expect(isStorableText(answer.text)).toBe(true)
  })
})

describe("the adjudicator's call", () => {
  const DOUBT: Doubt = { kind: "disclaimer", sentence: "Reviews of Northwind Optics could not be confirmed." }
  const TARGET = { names: ["Northwind Optics"], aliases: [], domains: [], urls: [], exclusions: [] }
  const BASE = { model: "judge-1", doubt: "disclaimer", sentence: DOUBT.sentence, ruleVisible: false }
  const adjudicateAt = (baseUrl: string, timeoutMs?: number) =>
    makeAdjudicate({ baseUrl, model: "judge-1", apiKey: Redacted.make("sk-judge-0123456789") }, timeoutMs)

  it("has its own 64 KiB limit: a longer body is a failure naming it, the connection closed", async () => {
    expect(ADJUDICATION_RESPONSE_LIMIT.bytes).toBe(65_536)
    const server = await serve(flood(1024 * 1024))
    const result = await Effect.runPromise(adjudicateAt(server.baseUrl)(DOUBT, TARGET, false))
    expect(result).toEqual({
      ...BASE,
      status: "failed",
      visible: null,
      sentiment: null,
      reason: "call failed: the response body was over the limit of 65536 bytes (the adjudicator's fixed limit): the rest was not read"
    })
    await waitUntil(() => server.closed() === 1)
  })

  it("cuts a body that keeps dripping at its time bound, and closes the connection", async () => {
    const server = await serve(drip)
    // The bound is an Effect timeout, so it runs on the TestClock here: the call ends when the
    // clock reaches 400 ms and not a millisecond before, however slow the machine is. The body
    // never ends, so nothing else can end the call (the client's backstop is 5.4 s of real time).
    const result = await Effect.runPromise(Effect.gen(function*() {
      const call = yield* Effect.fork(adjudicateAt(server.baseUrl, 400)(DOUBT, TARGET, false))
      // Headers and some body come, and the call goes on.
      yield* Effect.promise(() => waitUntil(() => (server.written[0] ?? 0) > 0))
      yield* TestClock.adjust("399 millis")
      expect(Option.isNone(yield* Fiber.poll(call))).toBe(true)
      yield* TestClock.adjust("1 millis")
      return yield* Fiber.join(call)
    }).pipe(Effect.provide(TestContext.TestContext)))
    expect(result).toEqual({ ...BASE, status: "failed", visible: null, sentiment: null, reason: "no answer within 400 ms" })
    await waitUntil(() => server.closed() === 1)
  })

  it("records the model's tokens, and stores its reason without NUL or lone surrogates", async () => {
    const server = await serve(respond(chatCompletion(
      JSON.stringify({ visible: true, sentiment: "positive", reason: "Recom\u0000mends \udc00it." }),
      { prompt_tokens: 312, completion_tokens: 41 }
    )))
    const result = await Effect.runPromise(adjudicateAt(server.baseUrl)(DOUBT, TARGET, false))
    expect(result).toEqual({
      ...BASE,
      status: "adjudicated",
      visible: true,
      sentiment: "positive",
      reason: "Recommends \ufffdit.",
      usage: { promptTokens: 312, completionTokens: 41 }
    })
    // As the check's event stores it: storable as it is, nothing for the store to refuse.
    const check = new PlatformChecked({
      businessId: "northwind-optics" as never,
      itemId: null,
      prompt: "best opticians?",
      platform: "ai_platform_1",
      status: "answered",
      answers: [{ text: DOUBT.sentence, citations: [], engine: "openai-compatible", model: "m-1", latencyMs: 1, costUsd: null, visible: true, position: null, sentiment: "positive", adjudication: result }],
      visible: true,
      visibleShare: 1,
      position: null,
      sentiment: "positive",
      error: null,
      samplesRequested: 1,
      checkedAt: "2026-11-27T00:00:00.000Z",
      detectorVersion: 6,
      namesVersion: "none"
    })
    const stored = checkToStored(check)
    expect(stored.schemaVersion).toBe(4)
    expect(unstorableJson(stored.data, "event")).toBeUndefined()
  })

  it("keeps the tokens of an answer it then refused", async () => {
    const server = await serve(respond(chatCompletion("visible, I think", { prompt_tokens: 300, completion_tokens: 4 })))
    const result = await Effect.runPromise(adjudicateAt(server.baseUrl)(DOUBT, TARGET, false))
    expect(result).toEqual({
      ...BASE,
      status: "failed",
      visible: null,
      sentiment: null,
      reason: "the answer was not the requested JSON object",
      usage: { promptTokens: 300, completionTokens: 4 }
    })
  })

  it("asks nothing when its budget says no: the rule verdict stands, the reason recorded", async () => {
    const server = await serve(respond(chatCompletion("{}")))
    const result = await Effect.runPromise(adjudicateAt(server.baseUrl)(DOUBT, TARGET, true, Effect.succeed(false)))
    expect(result).toEqual({ ...BASE, ruleVisible: true, status: "skipped", visible: null, sentiment: null, reason: DAILY_LIMIT_REACHED })
    expect(DAILY_LIMIT_REACHED).toBe("daily adjudication limit reached")
    expect(server.written).toEqual([])
  })
})
