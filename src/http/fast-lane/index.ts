/**
 * The fast lane: the two busiest endpoints, `GET /api/visibility-score/{org_slug}` (dashboards)
 * and the public visit webhook (every page a crawler loads), answered from Node's `request`
 * event before the HttpApi router sees the request.
 *
 * Why: HttpApi's per-request machinery (router, middleware chain, schema encoding, a fiber tree
 * per request) costs several times what the read itself costs (the visibility-reads and
 * visit-webhook benchmarks, bench/README.md), so those endpoints served at a fraction of what a bare handler serves.
 * The lane keeps everything that is the service's: the same authentication (`BearerAuth`),
 * authorization, schemas, error bodies and the same handler functions (`visibility-score.ts`,
 * `visit-webhook.ts`), as plain code over promises with no fiber per request; it drops only the
 * framework around them. The endpoints stay declared in the HttpApi (OpenAPI, docs), whose
 * handlers call the same functions, and the lane reads each route's method and path from them
 * (`paths.ts`).
 *
 * A request the lane does not recognise exactly (another method, a percent-encoded or odd path,
 * other query parameters, a site's host) goes on to HttpApi unchanged. With `LOG_REQUESTS` the
 * lane is off, so every request is logged by one logger. HttpApi middleware does not run here:
 * what the two endpoints need of it is done by the routes themselves.
 *
 * Every piece of the service written twice, once as plain code for a fast path and once as an
 * Effect for everything else, and the test that holds the two to the same answers: a change to
 * one side goes to the other too. A plain-code twin is named `…Now` (it answers a promise).
 *
 * | Fast path (plain code, no fiber)                   | Effect / HttpApi twin                        | Pinned by (under test/) |
 * |----------------------------------------------------|----------------------------------------------|-------------------------|
 * | routing: `serveRoutes`, `LaneServer.emit`          | HttpApi's router                             | http/fast-lane/fast-lane.e2e (every case both ways), http/fast-lane/paths (every route has its endpoint) |
 * | `BearerAuth.authenticateNow`                       | `BearerAuth.authenticate` (`Authentication`) | http/fast-lane/twins.e2e, fast-lane.e2e (401/403 both ways) |
 * | `Scores.visibilityNow` (`DirectQuery`)             | `Scores.current`                             | http/fast-lane/twins.e2e |
 * | `Entities.visitTargetNow` (`DirectQuery`, batched) | `Entities.find`                              | http/fast-lane/twins.e2e |
 * | `plainVisitPayload` (`visit-payload.ts`)           | the `RecordVisitRequest` schema              | http/fast-lane/visit-payload |
 * | `isSlug`                                           | the `Slug` schema                            | http/fast-lane/twins.e2e |
 * | `makeReplies`, `statusOf` (`route.ts`)             | HttpApi's error encoding                     | fast-lane.e2e (bodies, headers), http/fast-lane/lane-failures.e2e |
 * | `VisitRecorder.recordNow` (group commit)           | `VisitRecorder.record` (runs `recordNow`)    | writers/visit-recorder.int, fast-lane.e2e (webhook both ways) |
 * | `EventStore.appendNewAcrossNow` (server; the batcher's append) | `EventStore.appendNewAcross`  | eventstore/pg-event-store.int (twins), writers/visit-batch-across.int |
 * | platform calls (`platforms/platform-queue.ts`)      | one `Effect.async` (`platform-gateway.ts`)   | platforms/platform-gateway |
 *
 * The database reads go through `DirectQuery` (`src/db/direct-query.ts`): it stays with the
 * database adapters, since the read models (`projections/`) use it and must not import `http/`.
 */
import { Effect } from "effect"
import { type IncomingMessage, Server, type ServerResponse } from "node:http"
import type { Duplex } from "node:stream"
import { AppConfig } from "../../config/app-config.ts"
import { SECURITY_HEADERS } from "../error-mapping.ts"
import { type LaneRequest, type LaneRoute, makeReplies, type Replies } from "./route.ts"
import { isSiteHost } from "../site-hosting.ts"
import { fastVisibilityScore } from "./visibility-score.ts"
import { fastVisitWebhook } from "./visit-webhook.ts"

/**
 * Offers the request to each route in turn. A route that throws while it decides has taken the
 * request: the failure is logged and answered 500, and the server goes on serving.
 */
export const serveRoutes = (routes: ReadonlyArray<LaneRoute>, replies: Replies) =>
(request: IncomingMessage, response: ServerResponse): boolean => {
  const url = request.url ?? "/"
  const mark = url.indexOf("?")
  const lane: LaneRequest = {
    request,
    response,
    pathname: mark === -1 ? url : url.slice(0, mark),
    search: mark === -1 ? "" : url.slice(mark + 1)
  }
  for (const route of routes) {
    try {
      if (route(lane)) return true
    } catch (error) {
      replies.serve(response, undefined, () => Promise.reject(error))
      return true
    }
  }
  return false
}

export class FastLane extends Effect.Service<FastLane>()("FastLane", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const onSitesDomain = isSiteHost(config.sitesDomain)
    const routes = serveRoutes([yield* fastVisibilityScore, yield* fastVisitWebhook], makeReplies(yield* Effect.runtime<never>()))
    const serve = (request: IncomingMessage, response: ServerResponse): boolean => {
      if (config.logRequests || onSitesDomain(request.headers.host ?? "")) return false
      return routes(request, response)
    }
    return { serve }
  })
}) {}

/**
 * Node's answer to a request it could not parse, with the API's JSON error body (Node's own
 * answers have none): headers over `maxHeaderSize` (16 KiB) are 431, a request that timed out
 * before it was whole is 408, anything else malformed is 400.
 */
const clientErrorAnswer = (code: string | undefined): readonly [number, string, string, string] => {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return [431, "Request Header Fields Too Large", "headers_too_large", "the request headers are over 16 KiB"]
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, "Request Timeout", "request_timeout", "the request was not received in time"]
    default:
      return [400, "Bad Request", "invalid_request", "the request is not valid HTTP"]
  }
}

const answerClientError = (error: NodeJS.ErrnoException, socket: Duplex) => {
  // A connection the client reset, or one already answered, has nobody to read an answer.
  if (error.code === "ECONNRESET" || !socket.writable || (socket as Duplex & { bytesWritten?: number }).bytesWritten) {
    return void socket.destroy()
  }
  const [status, reason, code, message] = clientErrorAnswer(error.code)
  const body = JSON.stringify({ status: "error", code, message })
  const headers = { ...SECURITY_HEADERS, "content-type": "application/json", "content-length": Buffer.byteLength(body), connection: "close" }
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("")
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`)
}

/**
 * The answer to a request that came while no `request` listener was attached: the server
 * listens as soon as its layer is built, and HttpApi attaches its listener only once the API is
 * built (and detaches it on the way down). Node leaves such a request unanswered, so a health
 * check sent during start-up waited for its own timeout.
 */
const answerNotServing = (response: ServerResponse) => {
  const body = JSON.stringify({ status: "error", code: "unavailable", message: "the service is starting or stopping; retry shortly" })
  response.writeHead(503, { ...SECURITY_HEADERS, "content-type": "application/json", "content-length": Buffer.byteLength(body), "retry-after": "1" })
  response.end(body)
}

/**
 * Node's HTTP server with the lane in front of the `request` listeners (HttpApi's): a request
 * the lane serves is never emitted to them, and one that comes while none is attached is
 * answered 503 `unavailable`. Requests Node cannot parse get a JSON error body.
 */
export class LaneServer extends Server {
  constructor(private readonly lane: (request: IncomingMessage, response: ServerResponse) => boolean) {
    super()
    this.on("clientError", answerClientError)
  }

  override emit(event: string | symbol, ...args: Array<any>): boolean {
    if (event === "request") {
      if (this.lane(args[0], args[1])) return true
      if (this.listenerCount("request") === 0) {
        answerNotServing(args[1])
        return true
      }
    }
    return super.emit(event as string, ...args)
  }
}
