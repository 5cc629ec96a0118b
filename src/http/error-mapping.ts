/**
 * Turns every failure into the documented JSON error body, so no framework body, stack trace
 * or secret ever reaches a client.
 *
 * - `errorMapping`: inside HttpApi (see below).
 * - `bodyLimit`: around the server: bodies over 1 MiB are refused with 413.
 * - `guardedRequests`: the checks of `json-guard.ts` before any route or schema runs.
 */
import { HttpApiError, HttpApp, HttpMiddleware, HttpServerError, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { HttpApiBuilder } from "@effect/platform"
import { Cause, Effect, Option } from "effect"
import { describeCause } from "../safe-description.ts"
import { SightlineApi } from "./api.ts"
import { BadRequest, badRequest, describeIssues, errorResponse, PayloadTooLarge, statusOf, UNDESCRIBED_MISMATCH } from "./errors.ts"
import { checkRequestUrl, parseGuardedJson } from "./json-guard.ts"
import { CORS_ALLOW_ORIGIN } from "./rate-limiter.ts"
import { Degraded } from "./system-api.ts"
import { VISIT_WEBHOOK_PATH } from "./visits-api.ts"

export const MAX_BODY_BYTES = 1024 * 1024

const isOverSize = (error: HttpServerError.RequestError) =>
  error.cause instanceof Error && error.cause.message === "maxBytes exceeded"

const isApiError = (error: unknown) => statusOf(error) !== undefined || error instanceof Degraded

/**
 * A defect thrown by effect's own formatters (`Inspectable`, `ParseResult`) running out of
 * stack: HttpApi formats a decode failure before this mapping sees it, printing the refused
 * value, so a value too deep to print dies there instead of failing as a 400.
 */
export const isFormatterOverflow = (defect: unknown) =>
  defect instanceof RangeError && /\b(Inspectable|ParseResult)\.[jt]s\b/.test(defect.stack ?? "")

/**
 * Runs inside HttpApi, around the router and before failures are encoded (the server turns
 * whatever escapes into framework bodies, so nothing may escape): decode failures become
 * typed 400/413 errors, the API's own errors pass on to be encoded, an unknown route is 404,
 * anything else is logged and answered 500.
 */
export const errorMapping = HttpApiBuilder.middleware(SightlineApi, (app) =>
  Effect.catchAllCause(app, (cause): Effect.Effect<HttpServerResponse.HttpServerResponse, BadRequest | PayloadTooLarge> => {
    if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause) as never
    const failure = Cause.failureOption(cause)
    const error = Option.isSome(failure) ? failure.value : Cause.squash(cause)
    if (Option.isSome(failure) && isApiError(error)) return Effect.failCause(cause) as never
    if (error instanceof HttpApiError.HttpApiDecodeError) {
      return Effect.fail(badRequest(describeIssues(error.issues)))
    }
    if (isFormatterOverflow(error)) {
      return Effect.fail(badRequest(UNDESCRIBED_MISMATCH))
    }
    if (HttpServerError.isServerError(error)) {
      if (error._tag === "RouteNotFound") return Effect.succeed(errorResponse(404, "not_found", "no such endpoint"))
      if (error._tag === "RequestError" && error.reason === "Decode") {
        return isOverSize(error)
          ? Effect.fail(new PayloadTooLarge({ status: "error", code: "payload_too_large", message: "the request body is over 1 MiB" }))
          : Effect.fail(new BadRequest({ status: "error", code: "invalid_json", message: "the request body is not valid JSON" }))
      }
    }
    return Effect.logError(`request failed: ${describeCause(cause)}`).pipe(
      Effect.as(errorResponse(500, "internal_error", "the service failed to handle this request"))
    )
  }) as HttpApp.Default<BadRequest | PayloadTooLarge>
)

/** An error answered before HttpApi runs; the visit webhook answers every origin, its errors included (see rate-limiter.ts). */
const refuse = (request: HttpServerRequest.HttpServerRequest, status: number, code: string, message: string) => {
  const refused = errorResponse(status, code, message)
  return request.url.startsWith(VISIT_WEBHOOK_PATH) ? HttpServerResponse.setHeaders(refused, CORS_ALLOW_ORIGIN) : refused
}

/** Limits request bodies to 1 MiB: a declared length over it is refused before reading. */
export const bodyLimit = HttpMiddleware.make((app) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const declared = Number(request.headers["content-length"] ?? "0")
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      return refuse(request, 413, "payload_too_large", "the request body is over 1 MiB")
    }
    return yield* HttpServerRequest.withMaxBodySize(app, Option.some(MAX_BODY_BYTES))
  })
)

/**
 * Every body is JSON (the contract says so): a body sent without `application/json` (curl -d
 * sends a form type) is read as JSON rather than as a form.
 */
export const jsonBodies = HttpMiddleware.make((app) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const type = request.headers["content-type"] ?? ""
    if (request.method === "GET" || request.method === "HEAD" || /^application\/([a-z.+-]*\+)?json\b/i.test(type)) return yield* app
    return yield* Effect.provideService(
      app,
      HttpServerRequest.HttpServerRequest,
      request.modify({ headers: { ...request.headers, "content-type": "application/json" } })
    )
  })
)

/**
 * Refuses a request whose URL or JSON body fails `json-guard.ts` with its 400, before any route
 * or schema runs. Runs inside `jsonBodies` (the body is read as JSON by then).
 *
 * The body is read once: the platform's request caches its text (`request.text`), and the
 * request handed on answers `json` with the value parsed here, so HttpApi's decode reuses it.
 * A body that is not JSON, or not readable (over the size limit), goes on unchanged: HttpApi
 * reads the same cached failure and answers it as before (400 `invalid_json`, 413).
 */
export const guardedRequests = HttpMiddleware.make((app) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const urlRefusal = checkRequestUrl(request.url)
    if (urlRefusal !== undefined) return refuse(request, 400, urlRefusal.code, urlRefusal.message)
    if (request.method === "GET" || request.method === "HEAD") return yield* app
    const text = yield* Effect.either(request.text)
    if (text._tag === "Left") return yield* app
    const body = parseGuardedJson(text.right)
    if (body._tag === "NotJson") return yield* app
    if (body._tag === "Refused") return refuse(request, 400, body.refusal.code, body.refusal.message)
    const parsed: HttpServerRequest.HttpServerRequest = Object.create(request, { json: { value: Effect.succeed(body.value) } })
    return yield* Effect.provideService(app, HttpServerRequest.HttpServerRequest, parsed)
  })
)

export const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer"
} as const

export const securityHeaders = HttpMiddleware.make((app) =>
  Effect.map(app, (response) => HttpServerResponse.setHeaders(response, SECURITY_HEADERS))
)
