/**
 * Nothing a request does stops the server: a lane route that throws, synchronously or in its
 * promise chain, is answered 500 with the documented body and the server goes on serving.
 * Every fast-lane answer carries the security headers HttpApi adds, and a request Node cannot
 * parse gets a JSON error body rather than Node's empty one. A request that comes while HttpApi's
 * listener is not attached (start-up, shutdown) is answered 503, not left hanging.
 */
import { randomUUID } from "node:crypto"
import { connect } from "node:net"
import type { AddressInfo } from "node:net"
import { Effect, Logger } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { serveRoutes, LaneServer } from "../../../src/http/fast-lane/index.ts"
import { type LaneRoute, makeReplies } from "../../../src/http/fast-lane/route.ts"
import { testDatabases } from "../../support/databases.ts"
import { type RunningService, SERVICE_KEY, startService } from "../../support/service.ts"

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
const INTERNAL_ERROR = { status: "error", code: "internal_error", message: "the service failed to handle this request" }
const SECURITY = { "x-content-type-options": "nosniff", "referrer-policy": "no-referrer" }

const securityHeadersOf = (headers: Headers) => ({
  "x-content-type-options": headers.get("x-content-type-options"),
  "referrer-policy": headers.get("referrer-policy")
})

/** Writes `raw` on a new connection and reads until the server closes it. */
const rawExchange = (port: number, raw: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw))
    let received = ""
    socket.on("data", (chunk) => (received += chunk.toString("latin1")))
    socket.on("close", () => resolve(received))
    socket.on("error", (error) => (received === "" ? reject(error) : undefined))
  })

const parseRaw = (raw: string) => {
  const [head = "", body = ""] = raw.split("\r\n\r\n")
  const [statusLine = "", ...lines] = head.split("\r\n")
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]))
  return { statusLine, headers, body }
}

describe("a lane route that fails", () => {
  const logged: Array<string> = []
  const capture = Logger.make(({ message }) => logged.push(Array.isArray(message) ? message.join(" ") : String(message)))
  const replies = makeReplies(Effect.runSync(Effect.runtime<never>().pipe(Effect.provide(Logger.replace(Logger.defaultLogger, capture)))))
  const routes: ReadonlyArray<LaneRoute> = [
    ({ pathname }) => {
      if (pathname !== "/throws") return false
      throw new Error("a route failed while deciding")
    },
    ({ pathname, response }) => {
      if (pathname !== "/rejects") return false
      replies.serve(response, { "access-control-allow-origin": "*" }, async () => {
        await Promise.resolve()
        throw new Error("a route's promise chain failed")
      })
      return true
    }
  ]
  let server: LaneServer
  let baseUrl = ""
  /** A request that is never answered fails the test within 10 s rather than at the test's timeout. */
  const get = (path: string) => fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) })
  beforeAll(async () => {
    server = new LaneServer(serveRoutes(routes, replies))
    server.on("request", (_request, response) => response.writeHead(200, { "content-type": "text/plain" }).end("served by the next listener"))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it("answers a synchronous throw with 500 internal_error and keeps serving", async () => {
    const response = await get("/throws")
    expect({ status: response.status, body: await response.json(), security: securityHeadersOf(response.headers) })
      .toEqual({ status: 500, body: INTERNAL_ERROR, security: SECURITY })
    const next = await get("/other")
    expect({ status: next.status, body: await next.text() }).toEqual({ status: 200, body: "served by the next listener" })
    // Logged as one line: the error's name and message, no stack trace.
    expect(logged).toContain("request failed: Error: a route failed while deciding")
    expect(logged.join("\n")).not.toMatch(/\n\s+at /)
  })

  it("answers a rejected promise chain with 500 internal_error, the route's CORS header included, and keeps serving", async () => {
    const response = await get("/rejects")
    expect({
      status: response.status,
      body: await response.json(),
      security: securityHeadersOf(response.headers),
      allowOrigin: response.headers.get("access-control-allow-origin")
    }).toEqual({ status: 500, body: INTERNAL_ERROR, security: SECURITY, allowOrigin: "*" })
    const next = await get("/throws")
    expect(next.status).toBe(500)
  })
})

describe("a request before HttpApi listens", () => {
  it("is answered 503 unavailable with Retry-After and the security headers, and served once a listener is attached", async () => {
    const server = new LaneServer(() => false)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`
      const early = await fetch(url, { signal: AbortSignal.timeout(10_000) })
      expect({
        status: early.status,
        body: await early.json(),
        retryAfter: early.headers.get("retry-after"),
        security: securityHeadersOf(early.headers)
      }).toEqual({
        status: 503,
        body: { status: "error", code: "unavailable", message: "the service is starting or stopping; retry shortly" },
        retryAfter: "1",
        security: SECURITY
      })
      server.on("request", (_request, response) => response.writeHead(200, { "content-type": "text/plain" }).end("served"))
      const later = await fetch(url, { signal: AbortSignal.timeout(10_000) })
      expect({ status: later.status, body: await later.text() }).toEqual({ status: 200, body: "served" })
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

for (const database of testDatabases) {
  describe(`answers outside HttpApi carry the API's headers and bodies (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    const slug = `headers-${randomUUID().slice(0, 8)}`
    const visit = (extra: Record<string, unknown> = {}) =>
      JSON.stringify({ business_id: slug, page_url: `https://${slug}.sites.example/${randomUUID()}/`, user_agent: GPTBOT, ...extra })

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      service = await startService(created.target, { WEBHOOK_RATE_LIMIT_PER_MINUTE: "1000" })
      const business = await fetch(`${service.baseUrl}/api/business`, {
        method: "POST",
        headers: { authorization: `Bearer ${SERVICE_KEY}` },
        body: JSON.stringify({ business_name: "Header Outfitters", business_url: "https://headers.example", org_slug: slug })
      })
      expect(business.status).toBe(201)
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it.each([
      ["a recorded visit", () => visit(), 200],
      ["a malformed page_url", () => visit({ page_url: "javascript:alert(1)" }), 400],
      ["a body nested too deep", () => "[".repeat(100) + "]".repeat(100), 400],
      ["an unknown business", () => visit({ business_id: "no-such-business" }), 404]
    ])("the webhook through the lane, %s: security headers and CORS", async (_name, body, status) => {
      const response = await fetch(`${service.baseUrl}/api/ai-recommendation-store`, { method: "POST", body: body() })
      expect({ status: response.status, security: securityHeadersOf(response.headers), allowOrigin: response.headers.get("access-control-allow-origin") })
        .toEqual({ status, security: SECURITY, allowOrigin: "*" })
    })

    it("the webhook's CORS preflight through the lane: security headers", async () => {
      const response = await fetch(`${service.baseUrl}/api/ai-recommendation-store`, { method: "OPTIONS" })
      expect({ status: response.status, security: securityHeadersOf(response.headers) }).toEqual({ status: 204, security: SECURITY })
    })

    it("the webhook's 429 through the lane: security headers", async () => {
      const created = await database.create()
      const limited = await startService(created.target, { WEBHOOK_RATE_LIMIT_PER_MINUTE: "1" })
      try {
        const post = () => fetch(`${limited.baseUrl}/api/ai-recommendation-store`, { method: "POST", body: visit({ business_id: "no-such-business" }) })
        expect((await post()).status).toBe(404)
        const response = await post()
        expect({ status: response.status, security: securityHeadersOf(response.headers), retryAfter: response.headers.get("retry-after") })
          .toEqual({ status: 429, security: SECURITY, retryAfter: "60" })
      } finally {
        await limited.stop()
        await created.release()
      }
    })

    it.each([
      ["a stored business, service key", "", SERVICE_KEY, 200],
      ["no credentials", "", null, 401],
      ["a garbage token", "", "garbage", 401],
      ["an unknown product", "?item_id=no-such-item", SERVICE_KEY, 404]
    ])("the visibility score through the lane, %s: security headers", async (_name, query, token, status) => {
      const response = await fetch(`${service.baseUrl}/api/visibility-score/${slug}${query}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } })
      expect({ status: response.status, security: securityHeadersOf(response.headers) }).toEqual({ status, security: SECURITY })
    })

    it("headers over 16 KiB: 431 with the JSON error body and the security headers, and the service keeps serving", async () => {
      const raw = await rawExchange(service.port, `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${"x".repeat(20 * 1024)}\r\n\r\n`)
      const { body, headers, statusLine } = parseRaw(raw)
      expect({ statusLine, body: JSON.parse(body), type: headers["content-type"], length: headers["content-length"], connection: headers["connection"], security: { "x-content-type-options": headers["x-content-type-options"], "referrer-policy": headers["referrer-policy"] } })
        .toEqual({
          statusLine: "HTTP/1.1 431 Request Header Fields Too Large",
          body: { status: "error", code: "headers_too_large", message: "the request headers are over 16 KiB" },
          type: "application/json",
          length: String(Buffer.byteLength(body)),
          connection: "close",
          security: SECURITY
        })
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200)
    })

    it("a malformed request line: 400 with the JSON error body", async () => {
      const { body, headers, statusLine } = parseRaw(await rawExchange(service.port, "NOT A REQUEST\r\n\r\n"))
      expect({ statusLine, body: JSON.parse(body), type: headers["content-type"] }).toEqual({
        statusLine: "HTTP/1.1 400 Bad Request",
        body: { status: "error", code: "invalid_request", message: "the request is not valid HTTP" },
        type: "application/json"
      })
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200)
    })
  })
}
