/**
 * The fast lane: the two busiest endpoints, `GET /api/visibility-score/{org_slug}` (dashboards)
 * and the public visit webhook (every page a crawler loads), answered from Node's `request`
 * event before the HttpApi router sees the request.
 *
 * Why: measured here (bench/visibility-reads, bench/visit-webhook), HttpApi's per-request
 * machinery (router, middleware chain, schema encoding, a fiber tree per request) costs several
 * times what the read itself costs, so those endpoints served at a fraction of what a bare
 * handler serves. The lane keeps everything that is the service's: the same authentication
 * (`BearerAuth`), authorization, schemas, error bodies and the same handler functions
 * (`visibility-score.ts`, `visit-webhook.ts`), as plain code over promises with no fiber per
 * request; it drops only the framework around them. The endpoints stay declared in the HttpApi
 * (OpenAPI, docs), whose handlers call the same functions; `test/http/fast-lane.e2e.test.ts`
 * sends each case both ways and requires the same answer.
 *
 * A request the lane does not recognise exactly (another method, a percent-encoded or odd path,
 * other query parameters, a site's host) goes on to HttpApi unchanged. With `LOG_REQUESTS` the
 * lane is off, so every request is logged by one logger.
 */
import { Effect } from "effect"
import { type IncomingMessage, Server, type ServerResponse } from "node:http"
import { AppConfig } from "../config/app-config.ts"
import type { LaneRequest, LaneRoute } from "./lane.ts"
import { isSiteHost } from "./site-hosting.ts"
import { fastVisibilityScore } from "./visibility-score.ts"
import { fastVisitWebhook } from "./visit-webhook.ts"

export class FastLane extends Effect.Service<FastLane>()("FastLane", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const onSitesDomain = isSiteHost(config.sitesDomain)
    const routes: ReadonlyArray<LaneRoute> = [yield* fastVisibilityScore, yield* fastVisitWebhook]
    const serve = (request: IncomingMessage, response: ServerResponse): boolean => {
      if (config.logRequests || onSitesDomain(request.headers.host ?? "")) return false
      const url = request.url ?? "/"
      const mark = url.indexOf("?")
      const lane: LaneRequest = {
        request,
        response,
        pathname: mark === -1 ? url : url.slice(0, mark),
        search: mark === -1 ? "" : url.slice(mark + 1)
      }
      for (const route of routes) if (route(lane)) return true
      return false
    }
    return { serve }
  })
}) {}

/**
 * Node's HTTP server with the lane in front of the `request` listeners (HttpApi's): a request
 * the lane serves is never emitted to them.
 */
export class LaneServer extends Server {
  constructor(private readonly lane: (request: IncomingMessage, response: ServerResponse) => boolean) {
    super()
  }

  override emit(event: string | symbol, ...args: Array<any>): boolean {
    if (event === "request" && this.lane(args[0], args[1])) return true
    return super.emit(event as string, ...args)
  }
}
