/**
 * The official `openai` client for a configured OpenAI-compatible endpoint, set up the way every
 * caller here needs it: no client-side retries (callers retry with their own backoff), a
 * backstop timeout (callers bound each call and abort it), nothing read from `OPENAI_*`, and
 * node's own http client underneath instead of the global fetch (see `node-http-fetch.ts`).
 */
import { Redacted } from "effect"
import OpenAI from "openai"
import type { PlatformEndpoint } from "../config/app-config.ts"
import { makeNodeHttpFetch } from "./node-http-fetch.ts"

export const makeOpenAiClient = (endpoint: PlatformEndpoint, backstopTimeoutMs: number) => {
  const secret = Redacted.value(endpoint.apiKey)
  return new OpenAI({
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
    fetch: makeNodeHttpFetch(),
    logLevel: "off"
  })
}
