/**
 * The port every answer engine implements: given a prompt, the answer a platform gives, with
 * the sources it cites. Engines do one call and report failure as a typed error; timeouts,
 * retries, rate limits and circuit breaking are the gateway's (`platform-gateway.ts`).
 */
import { Data } from "effect"
import type { PlatformKey } from "../domain/platforms.ts"

export interface Answer {
  readonly text: string
  /** Cited source URLs, in the order the engine gave them. */
  readonly citations: ReadonlyArray<string>
  /** "local" for the built-in engine, "openai-compatible" for a configured vendor endpoint. */
  readonly engine: "local" | "openai-compatible"
  readonly model: string
  /** Cost of the call in US dollars when the engine reports usage and a price is known. */
  readonly costUsd: number | null
}

export interface AnswerRequest {
  readonly platform: PlatformKey
  readonly prompt: string
}

/** A failed call. `retryable`: a timeout, connection error, 429 or 5xx; not a 4xx or bad answer. */
export class EngineError extends Data.TaggedError("EngineError")<{
  readonly platform: PlatformKey
  readonly reason: "timeout" | "rate_limited" | "server_error" | "connection" | "client_error" | "bad_response" | "circuit_open"
  readonly retryable: boolean
  readonly message: string
}> {}

export interface AnswerEngine {
  /**
   * One call. Rejects with an EngineError (anything else is a defect). `signal` aborts it (the
   * gateway's timeout, an interrupted caller); its outcome is ignored after that. A promise, not
   * an effect: the gateway runs attempts as callbacks, without a fiber per call (see
   * `platform-queue.ts`).
   */
  readonly answer: (request: AnswerRequest, signal: AbortSignal) => Promise<Answer>
}
