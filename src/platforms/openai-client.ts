/**
 * The official `openai` client for a configured OpenAI-compatible endpoint, set up the way every
 * caller here needs it: no client-side retries (callers retry with their own backoff), a
 * backstop timeout (callers bound each call and abort it), nothing read from `OPENAI_*`, and
 * node's own http client underneath instead of the global fetch (see `node-http-fetch.ts`), with
 * the response body bounded by the kind of call's limit. The client reports any failure of its
 * fetch as "Connection error." with the cause aside; a body over the limit is thrown as itself
 * (`ResponseTooLarge`, naming the limit), so callers say why the call failed.
 *
 * The module is loaded on the first call, not at start-up: by default every platform is the
 * built-in stand-in and no language model is set, so most starts never need it.
 */
import { Redacted } from "effect"
import type OpenAI from "openai"
import type { PlatformEndpoint } from "../config/app-config.ts"
import { makeNodeHttpFetch, type ResponseLimit, ResponseTooLarge } from "./node-http-fetch.ts"

let loading: Promise<typeof OpenAI> | undefined
let loaded: typeof OpenAI | undefined

const loadOpenAi = (): Promise<typeof OpenAI> =>
  loading ??= import("openai").then((module) => (loaded = module.default))

/**
 * The client's classes once the module is loaded, for telling its errors apart. Before that no
 * call has been made, so nothing thrown can be one of them.
 */
export const loadedOpenAi = (): typeof OpenAI | undefined => loaded

export interface ChatClient {
  readonly create: (
    body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
    options: { readonly signal: AbortSignal }
  ) => Promise<OpenAI.Chat.ChatCompletion>
}

/** The writers' limit when the endpoint carries none (`LLM_MAX_RESPONSE_BYTES`'s default). */
export const LLM_RESPONSE_LIMIT: ResponseLimit = { bytes: 1_048_576, setting: "LLM_MAX_RESPONSE_BYTES" }

/** The `ResponseTooLarge` a client error stands for, if any (the client wraps fetch failures). */
const tooLargeIn = (error: unknown): ResponseTooLarge | undefined => {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof ResponseTooLarge) return current
    current = current.cause
  }
  return undefined
}

export const makeOpenAiClient = (endpoint: PlatformEndpoint, backstopTimeoutMs: number, limit: ResponseLimit): ChatClient => {
  let client: Promise<OpenAI> | undefined
  const clientOf = (OpenAIClient: typeof OpenAI) => {
    const secret = Redacted.value(endpoint.apiKey)
    return new OpenAIClient({
      baseURL: endpoint.baseUrl,
      // A keyless endpoint (a local model server) gets no Authorization header at all; the client
      // refuses an empty key, so it gets a placeholder that the null header then removes.
      apiKey: secret.length > 0 ? secret : "no-key",
      ...(secret.length > 0 ? {} : { defaultHeaders: { Authorization: null } }),
      // Explicit nulls: otherwise the client reads OPENAI_* variables from the environment and would
      // send an OpenAI organization, project or admin key to whatever vendor this endpoint is.
      organization: null,
      project: null,
      adminAPIKey: null,
      webhookSecret: null,
      maxRetries: 0,
      timeout: backstopTimeoutMs,
      fetch: makeNodeHttpFetch(limit),
      logLevel: "off"
    })
  }
  return {
    create: async (body, options) => {
      client ??= loadOpenAi().then(clientOf)
      try {
        return await (await client).chat.completions.create(body, { signal: options.signal })
      } catch (error) {
        throw tooLargeIn(error) ?? error
      }
    }
  }
}
