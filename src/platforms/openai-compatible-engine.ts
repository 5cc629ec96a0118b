/**
 * The answer engine for a configured vendor endpoint (`AI_PLATFORM_<N>_BASE_URL`, `_API_KEY`,
 * `_MODEL`), through the official `openai` client: OpenAI itself, and the OpenAI-compatible
 * chat completions endpoints of Anthropic, Google, Perplexity, Mistral, xAI, DeepSeek and the
 * Llama API. One call per `answer`; timeouts and retries belong to the gateway, so the client's
 * own are switched off (its timeout is only a backstop well above any configured one).
 */
import { Redacted } from "effect"
import type OpenAI from "openai"
import { DEFAULT_RESPONSE_LIMIT } from "./node-http-fetch.ts"
import { loadedOpenAi, makeOpenAiClient } from "./openai-client.ts"
import type { PlatformEndpoint } from "../config/app-config.ts"
import type { PlatformKey } from "../domain/platforms.ts"
import { cleanText, isStorableText, truncateCodePoints } from "../domain/text.ts"
import { type Answer, type AnswerEngine, type AnswerRequest, EngineError } from "./answer-engine.ts"

const SYSTEM_PROMPT =
  "You are a helpful assistant. Answer the user's question directly. When it asks for " +
  "recommendations, name specific businesses, products or services, and cite your sources with their URLs."

/** Above the largest `AI_PLATFORM_*_TIMEOUT_MS` the configuration accepts (600 000 ms). */
const CLIENT_BACKSTOP_TIMEOUT_MS = 610_000

/** Longest error message kept from a vendor's response body. */
const MAX_ERROR_MESSAGE = 500

/**
 * Bounds on what a check keeps of an answer's sources: at most this many, each at most this
 * long (a longer one is dropped, not cut into another address). Real answers cite a handful.
 */
export const MAX_CITATIONS = 100
export const MAX_CITATION_LENGTH = 2_048

/**
 * List prices in US dollars per million tokens (input, output), as the vendors published them in
 * 2025, keyed by model-name prefix; the longest matching prefix wins, so `gpt-4o-mini-2024-07-18`
 * is priced as `gpt-4o-mini`, not `gpt-4o`. Matched case-insensitively after any `vendor/`
 * prefix. An estimate for trends and budgets, not a bill: per-request fees (Perplexity's search
 * fee), cached-input discounts and reasoning-token surcharges are not modelled. A model missing
 * here gets `costUsd: null`, never a guess.
 */
export const PRICES_PER_MILLION_TOKENS: ReadonlyArray<readonly [prefix: string, input: number, output: number]> = [
  ["gpt-5-nano", 0.05, 0.4],
  ["gpt-5-mini", 0.25, 2],
  ["gpt-5", 1.25, 10],
  ["gpt-4.1-nano", 0.1, 0.4],
  ["gpt-4.1-mini", 0.4, 1.6],
  ["gpt-4.1", 2, 8],
  ["gpt-4o-mini", 0.15, 0.6],
  ["gpt-4o", 2.5, 10],
  ["o4-mini", 1.1, 4.4],
  ["o3-mini", 1.1, 4.4],
  ["o3", 2, 8],
  ["claude-3-5-haiku", 0.8, 4],
  ["claude-haiku-4", 1, 5],
  ["claude-3-7-sonnet", 3, 15],
  ["claude-sonnet-4", 3, 15],
  ["claude-opus-4-5", 5, 25],
  ["claude-opus-4", 15, 75],
  ["gemini-2.0-flash", 0.1, 0.4],
  ["gemini-2.5-flash-lite", 0.1, 0.4],
  ["gemini-2.5-flash", 0.3, 2.5],
  ["gemini-2.5-pro", 1.25, 10],
  ["sonar-reasoning-pro", 2, 8],
  ["sonar-reasoning", 1, 5],
  ["sonar-pro", 3, 15],
  ["sonar", 1, 1],
  ["mistral-small", 0.1, 0.3],
  ["mistral-medium", 0.4, 2],
  ["mistral-large", 2, 6],
  ["grok-3-mini", 0.3, 0.5],
  ["grok-3", 3, 15],
  ["grok-4", 3, 15],
  ["deepseek-chat", 0.28, 0.42],
  ["deepseek-reasoner", 0.28, 0.42]
]

/** Cost of `usage` on `model` in US dollars, or null when the model has no known price. */
export const costOf = (model: string, usage: { readonly promptTokens: number; readonly completionTokens: number }): number | null => {
  const name = model.toLowerCase().slice(model.lastIndexOf("/") + 1)
  let best: (typeof PRICES_PER_MILLION_TOKENS)[number] | undefined
  for (const entry of PRICES_PER_MILLION_TOKENS) {
    if (name.startsWith(entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry
  }
  if (best === undefined) return null
  const dollars = (usage.promptTokens * best[1] + usage.completionTokens * best[2]) / 1_000_000
  // Rounded to a millionth of a cent so sums of stored costs do not grow float noise.
  return Math.round(dollars * 1e8) / 1e8
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const httpUrl = (value: unknown): string | undefined => {
  // An address PostgreSQL could not store as it is (a NUL, a lone surrogate) is no citation:
  // kept, it would make the store refuse the whole check.
  if (typeof value !== "string" || value.length > MAX_CITATION_LENGTH || !isStorableText(value)) return undefined
  try {
    const url = new URL(value.trim())
    return url.protocol === "http:" || url.protocol === "https:" ? value.trim() : undefined
  } catch {
    return undefined
  }
}

/**
 * http(s) URLs written in the answer text, bare or as markdown links (`[name](url)`), in order.
 * Brackets, parentheses and quotes end a URL; trailing sentence punctuation is not part of it.
 */
export const urlsInText = (text: string): ReadonlyArray<string> => {
  const urls: Array<string> = []
  for (const match of text.matchAll(/https?:\/\/[^\s<>()[\]{}"'`]+/giu)) {
    const url = httpUrl(match[0].replace(/[.,;:!?*_~]+$/u, ""))
    if (url !== undefined) urls.push(url)
  }
  return urls
}

/**
 * The sources an answer cites, de-duplicated, in this order: Perplexity's top-level `citations`
 * and `search_results[].url`, OpenAI's `url_citation` annotations, a `citations` field on the
 * message (some vendors put it there); only when none of those exist, the URLs in the text.
 */
export const citationsOf = (body: Record<string, unknown>, message: Record<string, unknown>, text: string): ReadonlyArray<string> => {
  const found: Array<string> = []
  const add = (value: unknown) => {
    const url = httpUrl(isRecord(value) ? value["url"] : value)
    if (url !== undefined) found.push(url)
  }
  const each = (value: unknown, f: (item: unknown) => void) => {
    if (Array.isArray(value)) for (const item of value) f(item)
  }
  each(body["citations"], add)
  each(body["search_results"], add)
  each(message["annotations"], (annotation) => {
    if (isRecord(annotation) && isRecord(annotation["url_citation"])) add(annotation["url_citation"]["url"])
  })
  each(message["citations"], add)
  const urls = found.length > 0 ? found : urlsInText(text)
  return [...new Set(urls)].slice(0, MAX_CITATIONS)
}

/** The message text: a string, or the text parts of a content array (Mistral's reasoning models). */
const contentText = (content: unknown): string => {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content
    .map((part) => (isRecord(part) && part["type"] === "text" && typeof part["text"] === "string" ? part["text"] : ""))
    .join("")
}

const usageOf = (body: Record<string, unknown>) => {
  const usage = body["usage"]
  if (!isRecord(usage)) return undefined
  const promptTokens = usage["prompt_tokens"]
  const completionTokens = usage["completion_tokens"]
  return typeof promptTokens === "number" && typeof completionTokens === "number" ? { promptTokens, completionTokens } : undefined
}

/**
 * Maps what the client threw to the gateway's error. The key is scrubbed from the message in
 * case a vendor echoes it back; messages are cut, since a vendor's error body is unbounded.
 */
export const toEngineError = (platform: PlatformKey, error: unknown, secret: string): EngineError => {
  const scrub = (message: string) => {
    const clean = cleanText(secret.length > 0 ? message.split(secret).join("[redacted]") : message)
    return clean.length > MAX_ERROR_MESSAGE ? `${truncateCodePoints(clean, MAX_ERROR_MESSAGE - 1)}…` : clean
  }
  const make = (reason: EngineError["reason"], retryable: boolean, message: string) =>
    new EngineError({ platform, reason, retryable, message: scrub(message) })

  const api = loadedOpenAi()
  // Before the module is loaded no call was made, so nothing thrown is the client's.
  if (api !== undefined) {
    // Connection errors are APIErrors without a status: test them before the status checks.
    if (error instanceof api.APIConnectionError) return make("connection", true, error.message)
    if (error instanceof api.APIUserAbortError) return make("connection", true, "The request was aborted")
    if (error instanceof api.APIError && typeof error.status === "number") {
      const status = error.status
      if (status === 429) return make("rate_limited", true, error.message)
      if (status >= 500) return make("server_error", true, error.message)
      if (status === 408) return make("timeout", true, error.message)
      // 409: the vendor's "try again" conflict (OpenAI documents it as retryable).
      if (status === 409) return make("client_error", true, error.message)
      if (status >= 400) return make("client_error", false, error.message)
      return make("bad_response", false, error.message)
    }
  }
  // A body that is not JSON, or anything else the client could not make sense of.
  return make("bad_response", false, error instanceof Error ? `Unreadable response: ${error.message}` : "Unreadable response")
}

/** Reads the chat completion defensively: vendors differ, and a proxy may answer anything. */
const answerOf = (platform: PlatformKey, configuredModel: string, body: unknown): Answer | EngineError => {
  const badResponse = (message: string) => new EngineError({ platform, reason: "bad_response", retryable: false, message })
  if (!isRecord(body)) return badResponse("The response is not a chat completion object")
  const choices = body["choices"]
  if (!Array.isArray(choices) || choices.length === 0) return badResponse("The response has no choices")
  const first = choices[0]
  const message = isRecord(first) && isRecord(first["message"]) ? first["message"] : undefined
  if (message === undefined) return badResponse("The first choice has no message")
  // A vendor's text is stored with the check: made storable (no NUL, no lone surrogate) here.
  const text = cleanText(contentText(message["content"]))
  if (text.trim().length === 0) return badResponse("The answer is empty")
  const model = typeof body["model"] === "string" && body["model"].length > 0 ? cleanText(body["model"]) : configuredModel
  const usage = usageOf(body)
  return {
    text,
    citations: citationsOf(body, message, text),
    engine: "openai-compatible",
    model,
    costUsd: usage === undefined ? null : costOf(model, usage)
  }
}

export const makeOpenAiCompatibleEngine = (platform: PlatformKey, endpoint: PlatformEndpoint): AnswerEngine => {
  const secret = Redacted.value(endpoint.apiKey)
  const client = makeOpenAiClient(endpoint, CLIENT_BACKSTOP_TIMEOUT_MS, endpoint.responseLimit ?? DEFAULT_RESPONSE_LIMIT)

  const answer = async (request: AnswerRequest, signal: AbortSignal): Promise<Answer> => {
    const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
      model: endpoint.model,
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: request.prompt }
      ]
    }
    let response: unknown
    try {
      // The signal aborts the HTTP request (gateway timeout, an interrupted askAll), so an
      // abandoned call does not keep a connection and a permit.
      response = await client.create(body, { signal })
    } catch (error) {
      throw toEngineError(platform, error, secret)
    }
    const result = answerOf(platform, endpoint.model, response)
    if (result instanceof EngineError) throw result
    return result
  }

  return { answer }
}
