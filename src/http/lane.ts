/** What the fast lane's routes share (`fast-lane.ts`): the request they see and how they answer. */
import { Cause, Effect, Either, ParseResult, Runtime } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import { badRequest, describeIssues, statusOf } from "./errors.ts"

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

export const sendJson = (response: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => {
  if (response.destroyed) return
  const text = JSON.stringify(body)
  response.writeHead(status, { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(text) })
  response.end(text)
}

/** A schema's decode failure as the 400 HttpApi gives for it. */
export const decodeFailure = (error: ParseResult.ParseError) =>
  badRequest(describeIssues(ParseResult.ArrayFormatter.formatErrorSync(error)))

const INTERNAL_ERROR = { status: "error", code: "internal_error", message: "the service failed to handle this request" }

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
    runFork(Effect.logError("request failed", cause))
    sendJson(response, 500, INTERNAL_ERROR, headers)
  }

  /** Answers with a promised outcome: the routes' work is plain code, no fiber per request. */
  const answerPromise = <A, E>(response: ServerResponse, outcome: Promise<Either.Either<A, E>>, headers?: Record<string, string>) =>
    outcome.then(
      (result) => Either.isRight(result) ? sendJson(response, 200, result.right, headers) : fail(response, Cause.fail(result.left), headers),
      (error) => fail(response, Cause.die(error), headers)
    )

  return { answerPromise, fail }
}
