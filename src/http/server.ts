/**
 * The HTTP server: the API with its handlers, authentication and error mapping, the OpenAPI
 * document at /openapi.json and interactive docs at /docs.
 */
import { HttpApiBuilder, HttpMiddleware, HttpServer, HttpServerError, HttpServerRequest } from "@effect/platform"
import type { HttpApp } from "@effect/platform"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Effect, Layer, Option } from "effect"
import { SightlineApi } from "./api.ts"
import { AuthenticationLive, BearerAuth } from "./authentication.ts"
import { BillingHandlers, StripeWebhookHandlers } from "./billing-handlers.ts"
import { BusinessesHandlers } from "./businesses-handlers.ts"
import { EntityNamesHandlers } from "./entity-names-handlers.ts"
import { docsPageLayer } from "./docs-page.ts"
import { bodyLimit, errorMapping, guardedRequests, jsonBodies, securityHeaders } from "./error-mapping.ts"
import { FastLane, LaneServer } from "./fast-lane/index.ts"
import { turnOffPretenuring } from "./pretenuring.ts"
import { VisitWebhookLimit } from "./rate-limiter.ts"
import { IdentityHandlers } from "./identity-handlers.ts"
import { PipelineHandlers } from "./pipeline-handlers.ts"
import { RankingHandlers } from "./ranking-handlers.ts"
import { siteHosting, SiteHosting } from "./site-hosting.ts"
import { SchedulerHandlers } from "./scheduler-handlers.ts"
import { SitesHandlers } from "./sites-handlers.ts"
import { SystemHandlers } from "./system-handlers.ts"
import { VisibilityHandlers } from "./visibility-handlers.ts"
import { VisitsHandlers } from "./visits-handlers.ts"

export const ApiLive = HttpApiBuilder.api(SightlineApi).pipe(
  Layer.provide([SystemHandlers, BusinessesHandlers, EntityNamesHandlers, VisibilityHandlers, RankingHandlers, PipelineHandlers, SitesHandlers, VisitsHandlers, BillingHandlers, StripeWebhookHandlers, IdentityHandlers, SchedulerHandlers, errorMapping]),
  Layer.provide(AuthenticationLive)
)

/**
 * One log line per request: method, path and status. The query string is left out: it can
 * carry a secret (an invitation's single-use `token`).
 */
export const requestLogger = HttpMiddleware.make((app) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const mark = request.url.indexOf("?")
    const exit = yield* Effect.exit(app)
    const [response, cause] = exit._tag === "Success" ? [exit.value, Option.none()] : HttpServerError.causeResponseStripped(exit.cause)
    yield* Effect.annotateLogs(Option.isSome(cause) ? Effect.log(cause.value) : Effect.log("Sent HTTP response"), {
      "http.method": request.method,
      "http.url": mark === -1 ? request.url : request.url.slice(0, mark),
      "http.status": response.status
    })
    return yield* exit
  })
)

const middleware = (logRequests: boolean) => (app: HttpApp.Default): HttpApp.Default<never, SiteHosting> => {
  const handled = securityHeaders(siteHosting(bodyLimit(jsonBodies(guardedRequests(app)))))
  // A log line per request costs more than a cached read itself: opt-in (LOG_REQUESTS).
  return logRequests ? requestLogger(handled) : handled
}

/**
 * Node's server with the fast lane in front of HttpApi. Idle keep-alive connections live 65 s
 * (Node's default is 5 s). A client reuses a connection until the server's advertised timeout
 * less a margin; with 5 s, an event loop busy for a few seconds lets the server's idle timer
 * fire just as the client sends on the socket, and the client gets ECONNRESET. 65 s also
 * outlives the 60 s idle timeout of common load balancers.
 */
const nodeServer = (lane: FastLane) => () => {
  const server = new LaneServer(lane.serve)
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  return server
}

/**
 * Serves the API on the given address (port 0: any free port); HttpServer tells the address.
 * Called when the service is put together: V8's pretenuring is off from then on (see
 * `pretenuring.ts`).
 */
export const serverLayer = (address: { readonly port: number; readonly host: string; readonly logRequests?: boolean }) => {
  turnOffPretenuring()
  return HttpApiBuilder.serve(middleware(address.logRequests ?? false)).pipe(
    Layer.provide(docsPageLayer("/docs")),
    Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: "/openapi.json" })),
    Layer.provide(ApiLive),
    HttpServer.withLogAddress,
    Layer.provideMerge(Layer.unwrapEffect(Effect.map(FastLane, (lane) =>
      NodeHttpServer.layer(nodeServer(lane), { port: address.port, host: address.host })))),
    Layer.provide(FastLane.Default),
    Layer.provide(Layer.mergeAll(BearerAuth.Default, VisitWebhookLimit.Default))
  )
}
