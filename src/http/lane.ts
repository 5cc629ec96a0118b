/** What the fast lane's routes share (`fast-lane.ts`): the request they see and how they answer. */
import { Cause, Effect, Exit, ParseResult, Runtime, Schema } from "effect"
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

/** Decodes with a schema of the API; a failure is the 400 HttpApi gives for it. */
export const decodeOrBadRequest = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknown(schema)
  return (input: unknown) =>
    Effect.mapError(decode(input), (error) => badRequest(describeIssues(ParseResult.ArrayFormatter.formatErrorSync(error))))
}

/**
 * Runs a route's handler and writes its answer: a success as JSON, one of the API's errors as
 * its documented body, anything else logged and answered 500 without details. A client that
 * goes away interrupts the handler, as HttpApi does.
 */
export const makeAnswer = <R>(runtime: Runtime.Runtime<R>) => {
  const runFork = Runtime.runFork(runtime)
  return <A, E>(
    response: ServerResponse,
    handler: Effect.Effect<A, E, R>,
    headers?: Record<string, string>
  ) => {
    const fiber = runFork(handler)
    fiber.addObserver((exit) => {
      if (Exit.isSuccess(exit)) return sendJson(response, 200, exit.value, headers)
      if (Cause.isInterruptedOnly(exit.cause)) return
      const failure = Cause.failureOption(exit.cause)
      const status = failure._tag === "Some" ? statusOf(failure.value) : undefined
      if (failure._tag === "Some" && status !== undefined) {
        const retryAfter = (failure.value as { readonly retry_after?: number }).retry_after
        return sendJson(response, status, failure.value, retryAfter === undefined ? headers : { ...headers, "retry-after": String(retryAfter) })
      }
      runFork(Effect.logError("request failed", exit.cause))
      sendJson(response, 500, { status: "error", code: "internal_error", message: "the service failed to handle this request" }, headers)
    })
    response.once("close", () => {
      if (!response.writableEnded) fiber.unsafeInterruptAsFork(fiber.id())
    })
  }
}

