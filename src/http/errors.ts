/**
 * The error responses of the API, one class per status. Every body is
 * `{ "status": "error", "code": "<snake_case>", "message": "<text>" }`.
 *
 * HttpApi encodes a failure with the union of every error schema, so each class accepts its
 * own set of codes: the sets never overlap, and a failure can only encode as its own status.
 *
 * The classes are `Schema.Class`, not `Schema.TaggedError`: a tagged error encodes its `_tag`,
 * which would add a field to the body the contract fixes.
 */
import { HttpApiSchema, HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect, Schema } from "effect"

/** The body's fields; `example` is a message the status really carries (shown by /docs). */
const errorFields = <const Codes extends ReadonlyArray<string>>(example: string, ...codes: Codes) => ({
  status: Schema.Literal("error"),
  code: Schema.Literal(...codes),
  message: Schema.String.annotations({ examples: [example] })
})

export class BadRequest extends Schema.Class<BadRequest>("BadRequest")(
  errorFields("url: expected an http(s) web address", "invalid_request", "invalid_json", "no_billing_customer", "invalid_signature", "invalid_invitation"),
  HttpApiSchema.annotations({ status: 400, description: "The request is malformed or a field is invalid." })
) {}

export class Unauthorized extends Schema.Class<Unauthorized>("Unauthorized")(
  errorFields("missing Authorization: Bearer <token> header", "unauthorized", "missing_organization"),
  HttpApiSchema.annotations({ status: 401, description: "Credentials are missing or invalid." })
) {}

export class Forbidden extends Schema.Class<Forbidden>("Forbidden")(
  errorFields("this action needs the org:admin role", "forbidden"),
  HttpApiSchema.annotations({ status: 403, description: "Valid credentials, but not for this organization or action." })
) {}

export class NotFound extends Schema.Class<NotFound>("NotFound")(
  errorFields("business blue-door-bakery not found", "not_found", "business_not_found", "product_not_found", "organization_not_found", "job_not_found", "run_not_found", "answer_not_found"),
  HttpApiSchema.annotations({ status: 404, description: "The resource does not exist." })
) {}

export class Conflict extends Schema.Class<Conflict>("Conflict")(
  errorFields("business blue-door-bakery already exists", "conflict", "business_exists", "site_not_deployed", "no_facts"),
  HttpApiSchema.annotations({ status: 409, description: "The resource already exists or changed meanwhile." })
) {}

export class Gone extends Schema.Class<Gone>("Gone")(
  errorFields("this invitation was already accepted", "invitation_used", "invitation_expired"),
  HttpApiSchema.annotations({ status: 410, description: "The invitation was already accepted or has expired." })
) {}

export class PayloadTooLarge extends Schema.Class<PayloadTooLarge>("PayloadTooLarge")(
  errorFields("the request body is over 1 MiB", "payload_too_large"),
  HttpApiSchema.annotations({ status: 413, description: "The body is over 1 MiB." })
) {}

export class RateLimited extends Schema.Class<RateLimited>("RateLimited")(
  {
    ...errorFields("at most 600 visits a minute per address; retry later", "rate_limited", "daily_limit_reached"),
    retry_after: Schema.Int.annotations({ description: "Seconds to wait, as in `Retry-After`.", examples: [6] })
  },
  HttpApiSchema.annotations({ status: 429, description: "Too many requests; see Retry-After." })
) {}

export class InternalError extends Schema.Class<InternalError>("InternalError")(
  errorFields("the service failed to handle this request", "internal_error", "database_error", "provider_error"),
  HttpApiSchema.annotations({ status: 500, description: "The service failed; the body never carries details." })
) {}

export class BadGateway extends Schema.Class<BadGateway>("BadGateway")(
  errorFields("every platform failed to answer; the failed checks were recorded", "platforms_unavailable", "identity_provider_unavailable"),
  HttpApiSchema.annotations({
    status: 502,
    description: "Every answer platform failed (the failed checks were recorded), or the identity provider did not answer."
  })
) {}

export class Unavailable extends Schema.Class<Unavailable>("Unavailable")(
  errorFields("the change was recorded but is not readable yet; retry the read shortly", "unavailable", "projection_lagging"),
  HttpApiSchema.annotations({ status: 503, description: "The service cannot answer right now; retry." })
) {}

/** What a 400 says when the schema's own description of the mismatch cannot be built. */
export const UNDESCRIBED_MISMATCH = "body: the request does not match the expected schema"

/** How much of a refused value a message quotes: the value is the caller's, of any size. */
const MAX_ACTUAL_CHARS = 120

const EXPECTED_ACTUAL = /^Expected (.+?), actual (.+)$/s

const quoted = (actual: string) => actual.length > MAX_ACTUAL_CHARS ? `${actual.slice(0, MAX_ACTUAL_CHARS)}…` : actual

/**
 * One line per field. A union reports one issue per member ("Expected "a", actual "x"";
 * "Expected "b", ..."): those fold into "expected "a" or "b", actual "x"". The refused value
 * is quoted up to `MAX_ACTUAL_CHARS`.
 */
export const describeIssues = (issues: ReadonlyArray<{ readonly path: ReadonlyArray<PropertyKey>; readonly message: string }>) => {
  const byPath = new Map<string, Array<string>>()
  for (const issue of issues) {
    const path = issue.path.length === 0 ? "body" : issue.path.join(".")
    byPath.set(path, [...(byPath.get(path) ?? []), issue.message])
  }
  return [...byPath].map(([path, messages]) => {
    const alternatives = messages.map((message) => EXPECTED_ACTUAL.exec(message))
    if (messages.length > 1 && alternatives.every((match) => match !== null)) {
      const expected = [...new Set(alternatives.map((match) => match![1]!).filter((value) => value !== "undefined"))]
      return `${path}: expected ${expected.join(" or ")}, actual ${quoted(alternatives[0]![2]!)}`
    }
    const single = alternatives[0]
    return single ? `${path}: Expected ${single[1]}, actual ${quoted(single[2]!)}` : `${path}: ${messages[0]}`
  }).join("; ").slice(0, 1000)
}

/** Every error class of the API. */
const API_ERRORS = [
  BadRequest, Unauthorized, Forbidden, NotFound, Conflict, Gone, PayloadTooLarge, RateLimited, InternalError, BadGateway, Unavailable
] as const

export type ApiError = InstanceType<(typeof API_ERRORS)[number]>

/** Each class with the status of its annotation, for answers written outside HttpApi. */
const STATUSES = API_ERRORS.map((type) => [type, HttpApiSchema.getStatusError(type)] as const)

/** The status of one of the API's errors, or undefined for anything else. */
export const statusOf = (error: unknown): number | undefined => STATUSES.find(([type]) => error instanceof type)?.[1]

export const badRequest = (message: string) => new BadRequest({ status: "error", code: "invalid_request", message })
export const unauthorized = (message: string) => new Unauthorized({ status: "error", code: "unauthorized", message })
export const forbidden = (message: string) => new Forbidden({ status: "error", code: "forbidden", message })
export const notFound = (code: NotFound["code"], message: string) => new NotFound({ status: "error", code, message })
export const internalError = (message = "the service failed to handle this request") =>
  new InternalError({ status: "error", code: "internal_error", message })

/** Fails with 429 and sets `Retry-After` on the response. */
export const rateLimited = (code: RateLimited["code"], message: string, retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(seconds)))
  ).pipe(Effect.zipRight(Effect.fail(new RateLimited({ status: "error", code, message, retry_after: seconds }))))
}

/** The JSON body of an error response built outside HttpApi (router misses, defects). */
export const errorResponse = (status: number, code: string, message: string) =>
  HttpServerResponse.unsafeJson({ status: "error", code, message }, { status })
