/**
 * `POST /api/ai-recommendation-store`, the public webhook the tracking script posts visits to:
 * the handler (`recordVisit`), and its fast-lane route (see `index.ts`). HttpApi's handler
 * calls the same function.
 *
 * Decisions (docs/decisions.md leaves them open):
 * - Verification trusts the connection's address only. No trusted proxy is configured, and a
 *   forwarded header or the body's `ip_address` is whatever the caller writes there; the
 *   body's address is recorded as reported (the connection's when absent).
 * - An unknown or deleted product is 404 like an unknown business; the entity is checked
 *   before the user agent, so the answer does not depend on who visits.
 * - The answer comes once the visit is committed to the log. It does not wait for the
 *   statistics' read model: nothing in the answer reads it. The statistics endpoint waits for
 *   that read model to pass the log's last commit instead, so a visit answered before a read
 *   is counted by it (read-your-writes, paid by the rare reader rather than every visit).
 */
import { Effect, Either, Schema } from "effect"
import { VisitBacklogFull } from "../../writers/visit-batcher.ts"
import { type VisitOutcome, VisitRecorder } from "../../writers/visit-recorder.ts"
import type { ServerResponse } from "node:http"
import { canonicalAddress } from "../../domain/ip-ranges.ts"
import { Entities } from "../../projections/entities.ts"
import { MAX_BODY_BYTES, SECURITY_HEADERS } from "../error-mapping.ts"
import { type NotFound, notFound, Unavailable } from "../errors.ts"
import { parseGuardedJson } from "../json-guard.ts"
import { LANE_ENDPOINTS } from "./paths.ts"
import { decodeFailure, type LaneRequest, makeReplies, sendJson } from "./route.ts"
import { CORS_ALLOW_ORIGIN, VisitWebhookLimit } from "../rate-limiter.ts"
import { plainVisitPayload, type VisitPayload } from "./visit-payload.ts"
import { RecordVisitRequest, RecordVisitResponse } from "../visits-api.ts"

/** Browsers cache the preflight for a day: the script posts once per page view. */
export const PREFLIGHT_HEADERS = {
  ...CORS_ALLOW_ORIGIN,
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type",
  "access-control-max-age": "86400"
}

const emptyToNull = (value: string | null | undefined) => value === undefined || value === null || value.trim() === "" ? null : value

/**
 * Records the visit a decoded request reports, coming from `clientAddress`; Left: the 404 to
 * answer. Plain code over promises, no fiber per visit: see `visit-batcher.ts`.
 */
const makeRecordOutcome = Effect.gen(function*() {
  const entities = yield* Entities
  const recorder = yield* VisitRecorder
  return async (payload: VisitPayload, clientAddress: string | null): Promise<Either.Either<VisitOutcome, NotFound | Unavailable>> => {
    const itemId = payload.item_id ?? null
    const target = await entities.visitTargetNow({ businessId: payload.business_id, itemId })
    if (target !== "active") {
      return Either.left(target === "product_not_found"
        ? notFound("product_not_found", `product ${itemId} not found`)
        : notFound("business_not_found", `business ${payload.business_id} not found`))
    }
    try {
      return Either.right(
        await recorder.recordNow({
          businessId: payload.business_id,
          itemId,
          pageUrl: payload.page_url.trim(),
          pageType: payload.page_type,
          pageTitle: emptyToNull(payload.page_title),
          userAgent: payload.user_agent,
          ipAddress: payload.ip_address == null ? clientAddress : canonicalAddress(payload.ip_address),
          clientAddress,
          referrer: emptyToNull(payload.referrer),
          source: "script"
        })
      )
    } catch (error) {
      if (!(error instanceof VisitBacklogFull)) throw error
      return Either.left(new Unavailable({ status: "error", code: "unavailable", message: "too many visits are waiting to be recorded; retry shortly" }))
    }
  }
})

/** The same, answered as the API's response (HttpApi's handler calls it). */
export const makeRecordVisit = Effect.map(makeRecordOutcome, (recordOutcome) =>
  async (payload: VisitPayload, clientAddress: string | null): Promise<Either.Either<RecordVisitResponse, NotFound | Unavailable>> =>
    Either.map(await recordOutcome(payload, clientAddress), (outcome) =>
      new RecordVisitResponse({
        status: outcome.status,
        platform_id: outcome.platform_id,
        platform_name: outcome.platform_name,
        message: outcome.message
      }, true)))

/**
 * A recorded or ignored visit's 200, as `answer` sends a RecordVisitResponse (the same body and
 * headers, in the same order), its text and headers made once per outcome: the answer depends
 * only on the platform (or on why nothing was recorded), and building, encoding and checking
 * it again was a share of each visit's CPU.
 */
const outcomeAnswers = new Map<string, { readonly body: string; readonly headers: Record<string, string | number> }>()
const sendOutcome = (response: ServerResponse, outcome: VisitOutcome) => {
  if (response.destroyed) return
  // As `sendJson`: an answer already started cannot be answered again.
  if (response.headersSent) return void response.destroy()
  const key = `${outcome.status}\u0000${outcome.platform_id ?? ""}\u0000${outcome.message}`
  let made = outcomeAnswers.get(key)
  if (made === undefined) {
    const body = JSON.stringify({
      status: outcome.status,
      platform_id: outcome.platform_id,
      platform_name: outcome.platform_name,
      message: outcome.message
    })
    made = {
      body,
      headers: { ...CORS_ALLOW_ORIGIN, ...SECURITY_HEADERS, "content-type": "application/json", "content-length": Buffer.byteLength(body) }
    }
    // A few platforms and two "ignored" messages: bounded all the same.
    if (outcomeAnswers.size < 64) outcomeAnswers.set(key, made)
  }
  response.writeHead(200, made.headers)
  response.end(made.body)
}

const { recordVisit: RECORD, recordVisitPreflight: PREFLIGHT } = LANE_ENDPOINTS
const decodePayload = Schema.decodeUnknownEither(RecordVisitRequest)
const TOO_LARGE = { status: "error", code: "payload_too_large", message: "the request body is over 1 MiB" }
const NOT_JSON = { status: "error", code: "invalid_json", message: "the request body is not valid JSON" }

/**
 * The body, or undefined once it needs no answer: a 413 has been answered (over 1 MiB,
 * declared or sent), or the client's stream failed (the connection is closed).
 */
const readBody = (lane: LaneRequest): Promise<string | undefined> =>
  new Promise((resolve) => {
    const { request, response } = lane
    const refuse = () => {
      sendJson(response, 413, TOO_LARGE, { ...CORS_ALLOW_ORIGIN, connection: "close" })
      request.resume()
      resolve(undefined)
    }
    if (Number(request.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return refuse()
    const chunks: Array<Buffer> = []
    let size = 0
    request.on("data", (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return
      size += chunk.length
      if (size > MAX_BODY_BYTES) return refuse()
      chunks.push(chunk)
    })
    request.on("end", () => {
      if (size <= MAX_BODY_BYTES) resolve(Buffer.concat(chunks, size).toString("utf8"))
    })
    request.on("error", () => {
      response.destroy()
      resolve(undefined)
    })
  })

/**
 * The fast lane's route for the webhook: the same steps as HttpApi's (the per-address limit
 * before the body is read, CORS on every answer, bodies read as JSON whatever their type, the
 * checks of `json-guard.ts` before the schema).
 */
export const fastVisitWebhook = Effect.gen(function*() {
  const limit = yield* VisitWebhookLimit
  const recordOutcome = yield* makeRecordOutcome
  const { answer, serve } = makeReplies(yield* Effect.runtime<never>())
  return (lane: LaneRequest): boolean => {
    const { pathname, request, response, search } = lane
    if (search !== "") return false
    if (request.method === PREFLIGHT.method && pathname === PREFLIGHT.path) {
      response.writeHead(204, { ...PREFLIGHT_HEADERS, ...SECURITY_HEADERS }).end()
      return true
    }
    if (request.method !== RECORD.method || pathname !== RECORD.path) return false
    serve(response, CORS_ALLOW_ORIGIN, async () => {
      const clientAddress = request.socket.remoteAddress === undefined ? null : canonicalAddress(request.socket.remoteAddress)
      const refused = limit.take(clientAddress, Date.now())
      if (refused !== undefined) {
        sendJson(response, 429, refused, { ...CORS_ALLOW_ORIGIN, "retry-after": String(refused.retry_after) })
        request.resume()
        return
      }
      const body = await readBody(lane)
      if (body === undefined) return
      const parsed = parseGuardedJson(body)
      if (parsed._tag === "NotJson") return sendJson(response, 400, NOT_JSON, CORS_ALLOW_ORIGIN)
      if (parsed._tag === "Refused") return sendJson(response, 400, { status: "error", ...parsed.refusal }, CORS_ALLOW_ORIGIN)
      const json = parsed.value
      const plain = plainVisitPayload(json)
      let payload: VisitPayload
      if (plain !== undefined) payload = plain
      else {
        const decoded = decodePayload(json)
        if (Either.isLeft(decoded)) return answer(response, Either.left(decodeFailure(decoded.left)), CORS_ALLOW_ORIGIN)
        payload = decoded.right
      }
      const outcome = await recordOutcome(payload, clientAddress)
      if (Either.isLeft(outcome)) return answer(response, outcome, CORS_ALLOW_ORIGIN)
      sendOutcome(response, outcome.right)
    })
    return true
  }
})
