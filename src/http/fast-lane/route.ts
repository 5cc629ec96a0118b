/** What the fast lane's routes share (`index.ts`): the request they see and how they answer. */
import { Cause, Effect, Either, ParseResult, Runtime } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import { describeCause } from "../../safe-description.ts"
import { SECURITY_HEADERS } from "../error-mapping.ts"
import { badRequest, describeIssues, statusOf, UNDESCRIBED_MISMATCH } from "../errors.ts"

/** A request as a lane route sees it: its path and raw query, split once. */
export interface LaneRequest {
  readonly request: IncomingMessage
  readonly response: ServerResponse
  readonly pathname: string
  /** The query string without `?`, "" when there is none. */
  readonly search: string
}

/** Serves the request and answers true, or answers false to leave it to HttpApi. */
export type LaneRoute = (lane: LaneRequest) => boolean

/** Every lane answer carries the headers HttpApi's `securityHeaders` adds. */
export const sendJson = (response: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => {
  if (response.destroyed) return
  // A failure after the answer started cannot be answered any more: the client sees the cut.
  if (response.headersSent) return void response.destroy()
  const text = JSON.stringify(body)
  response.writeHead(status, { ...headers, ...SECURITY_HEADERS, "content-type": "application/json", "content-length": Buffer.byteLength(text) })
  response.end(text)
}

/**
 * A schema's decode failure as the 400 HttpApi gives for it. Formatting prints the values it
 * refused; should that ever throw, the answer is still a 400.
 */
export const decodeFailure = (error: ParseResult.ParseError) => {
  try {
    return badRequest(describeIssues(ParseResult.ArrayFormatter.formatErrorSync(error)))
  } catch {
    return badRequest(UNDESCRIBED_MISMATCH)
  }
}

export const INTERNAL_ERROR = { status: "error", code: "internal_error", message: "the service failed to handle this request" } as const

/**
 * How a route answers: a success as JSON, one of the API's errors as its documented body
 * (with `Retry-After` for a 429), anything else logged and answered 500 without details.
 */
export const makeReplies = <R>(runtime: Runtime.Runtime<R>) => {
  const runFork = Runtime.runFork(runtime)

  const fail = (response: ServerResponse, cause: Cause.Cause<unknown>, headers?: Record<string, string>) => {
    const failure = Cause.failureOption(cause)
    const status = failure._tag === "Some" ? statusOf(failure.value) : undefined
    if (failure._tag === "Some" && status !== undefined) {
      const retryAfter = (failure.value as { readonly retry_after?: number }).retry_after
      return sendJson(response, status, failure.value, retryAfter === undefined ? headers : { ...headers, "retry-after": String(retryAfter) })
    }
    runFork(Effect.logError(`request failed: ${describeCause(cause)}`))
    sendJson(response, 500, INTERNAL_ERROR, headers)
  }

  /** Answers with an outcome: a success 200, a failure as `fail` answers it. */
  const answer = <A, E>(response: ServerResponse, result: Either.Either<A, E>, headers?: Record<string, string>) =>
    Either.isRight(result) ? sendJson(response, 200, result.right, headers) : fail(response, Cause.fail(result.left), headers)

  /**
   * Runs a route's work (plain code over promises, no fiber per request). Whatever it throws
   * or rejects with is logged and answered 500 with the route's `headers`: nothing a request
   * does can leave a rejection unhandled.
   */
  const serve = (response: ServerResponse, headers: Record<string, string> | undefined, work: () => Promise<unknown>): void => {
    let outcome: Promise<unknown>
    try {
      outcome = work()
    } catch (error) {
      outcome = Promise.reject(error)
    }
    outcome.catch((error: unknown) => {
      try {
        fail(response, Cause.die(error), headers)
      } catch {
        response.destroy()
      }
    })
  }

  return { answer, fail, serve }
}

export type Replies = ReturnType<typeof makeReplies>
