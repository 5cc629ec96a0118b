/**
 * The fast lane answers exactly as HttpApi does. A request the lane does not take (here: one
 * with an extra query parameter) goes to HttpApi's handler, so each pair below is the same
 * request answered both ways; status, body and the headers that matter must be equal.
 */
import { randomUUID } from "node:crypto"
import { request as httpRequest } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { testDatabases } from "../../support/databases.ts"
import { type RunningService, SERVICE_KEY, startService } from "../../support/service.ts"

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"

interface Answer {
  readonly status: number
  readonly body: string
  readonly contentType: string | null
  readonly allowOrigin: string | null
  readonly retryAfter: string | null
}

for (const database of testDatabases) {
  describe(`fast lane (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let member = ""
    const slug = `lane-${randomUUID().slice(0, 8)}`

    const send = async (method: string, path: string, options: { token?: string | null | undefined; body?: string | undefined } = {}): Promise<Answer> => {
      const token = options.token === undefined ? SERVICE_KEY : options.token
      const response = await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        ...(options.body === undefined ? {} : { body: options.body })
      })
      return {
        status: response.status,
        body: await response.text(),
        contentType: response.headers.get("content-type"),
        allowOrigin: response.headers.get("access-control-allow-origin"),
        retryAfter: response.headers.get("retry-after")
      }
    }

    /** The request through the lane, then through HttpApi (an extra parameter the lane refuses). */
    const bothWays = async (method: string, path: string, options: { token?: string | null | undefined; body?: string | undefined } = {}) => {
      const lane = await send(method, path, options)
      const api = await send(method, `${path}${path.includes("?") ? "&" : "?"}via=httpapi`, options)
      return { lane, api }
    }

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      service = await startService(created.target, { WEBHOOK_RATE_LIMIT_PER_MINUTE: "1000" })
      const business = await send("POST", "/api/business", {
        body: JSON.stringify({ business_name: "Lane Outfitters", business_url: "https://lane-outfitters.example", org_slug: slug })
      })
      expect(business.status).toBe(201)
      const results = Array.from({ length: 4 }, (_, i) => ({
        prompt: `where to buy trail shoes, take ${i}`,
        ...Object.fromEntries(Array.from({ length: 8 }, (_, n) => [`ai_platform_${n + 1}`, (i + n) % 2 === 0]))
      }))
      expect((await send("POST", "/api/cron/store-visibility-score", { body: JSON.stringify({ business_id: slug, results }) })).status).toBe(200)
      member = await service.sign({ sub: "user_lane", org_id: "org_lane", org_slug: slug, org_role: "org:member" })
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    describe("GET /api/visibility-score/{org_slug}", () => {
      const cases: ReadonlyArray<[string, string, string | null | undefined, number]> = [
        ["a stored score, service key", "", undefined, 200],
        ["a stored score, a member's token", "", "member", 200],
        ["an unknown product", "?item_id=no-such-item", undefined, 404],
        ["a malformed item_id", "?item_id=Not_A_Slug", undefined, 400],
        ["no credentials", "", null, 401],
        ["a garbage token", "", "garbage", 401],
        ["another organization's token", "", "other", 403]
      ]
      it.each(cases)("%s: the same answer both ways", async (_name, query, who, expected) => {
        const token = who === "member" ? member
          : who === "other" ? await service.sign({ sub: "user_x", org_id: "org_x", org_slug: "someone-else", org_role: "org:admin" })
          : who
        const { api, lane } = await bothWays("GET", `/api/visibility-score/${slug}${query}`, { token })
        expect(lane.status).toBe(expected)
        expect(lane).toEqual(api)
      })

      it("an unknown business and a malformed slug: the same answer both ways", async () => {
        for (const [path, expected] of [["/api/visibility-score/no-such-business", 404], ["/api/visibility-score/Not_A_Slug", 400]] as const) {
          const { api, lane } = await bothWays("GET", path)
          expect(lane.status).toBe(expected)
          expect(lane).toEqual(api)
        }
      })

      it("answers the stored score with its history", async () => {
        const { lane } = await bothWays("GET", `/api/visibility-score/${slug}`)
        const body = JSON.parse(lane.body)
        expect(body.visibilityScore).toEqual({ value: 50, trend: "+0%" })
        expect(body.history).toHaveLength(1)
        expect(body.history[0].value).toBe(50)
        expect(lane.contentType).toBe("application/json")
      })
    })

    describe("POST /api/ai-recommendation-store", () => {
      const visit = (extra: Record<string, unknown> = {}) =>
        JSON.stringify({ business_id: slug, page_url: `https://${slug}.sites.example/${randomUUID()}/`, user_agent: GPTBOT, ...extra })
      const cases: ReadonlyArray<[string, string, number]> = [
        ["a crawler's visit", visit(), 200],
        ["a browser's visit", visit({ user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" }), 200],
        ["an unknown business", visit({ business_id: "no-such-business" }), 404],
        ["an unknown product", visit({ item_id: "no-such-item" }), 404],
        ["a malformed page_url", visit({ page_url: "javascript:alert(1)" }), 400],
        ["a missing user_agent", JSON.stringify({ business_id: slug, page_url: "https://x.example/" }), 400],
        ["an array body", JSON.stringify([{ business_id: slug }]), 400],
        ["a body that is not JSON", "{not json", 400],
        ["an empty body", "", 400]
      ]
      it.each(cases)("%s: the same answer both ways", async (_name, body, expected) => {
        const { api, lane } = await bothWays("POST", "/api/ai-recommendation-store", { token: null, body })
        expect(lane.status).toBe(expected)
        expect(lane).toEqual(api)
        expect(lane.allowOrigin).toBe("*")
      })

      it("refuses a declared body over 1 MiB with 413 both ways", async () => {
        const { api, lane } = await bothWays("POST", "/api/ai-recommendation-store", { token: null, body: visit({ page_title: "t".repeat(1024 * 1024) }) })
        expect(lane.status).toBe(413)
        expect(JSON.parse(lane.body)).toEqual({ status: "error", code: "payload_too_large", message: "the request body is over 1 MiB" })
        expect(lane).toEqual(api)
      })

      it("answers 413 to a body over 1 MiB sent in chunks, without a declared length", async () => {
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = httpRequest(`${service.baseUrl}/api/ai-recommendation-store`, { method: "POST", headers: { "transfer-encoding": "chunked" } }, (response) => {
            let body = ""
            response.on("data", (chunk) => (body += chunk))
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body }))
          })
          // The server may close the connection once it has answered: what was still being sent fails.
          request.on("error", (error) => (error.message.includes("EPIPE") || error.message.includes("ECONNRESET") ? undefined : reject(error)))
          for (let i = 0; i < 20; i++) request.write("x".repeat(64 * 1024))
          request.end()
        })
        expect(answer).toEqual({ status: 413, body: JSON.stringify({ status: "error", code: "payload_too_large", message: "the request body is over 1 MiB" }) })
      })

      it("refuses an address over its rate limit with the same 429 both ways", async () => {
        const created = await database.create()
        const limited = await startService(created.target, { WEBHOOK_RATE_LIMIT_PER_MINUTE: "1" })
        try {
          const post = (path: string) =>
            fetch(`${limited.baseUrl}${path}`, { method: "POST", body: visit({ business_id: "no-such-business" }) }).then(async (response) => ({
              status: response.status,
              body: await response.text(),
              allowOrigin: response.headers.get("access-control-allow-origin"),
              retryAfter: response.headers.get("retry-after")
            }))
          // The minute's one request (an unknown business: the limit comes first), then one each way.
          expect((await post("/api/ai-recommendation-store")).status).toBe(404)
          const lane = await post("/api/ai-recommendation-store")
          const api = await post("/api/ai-recommendation-store?via=httpapi")
          expect(lane.status).toBe(429)
          expect(lane.retryAfter).toBe("60")
          expect(lane.allowOrigin).toBe("*")
          expect(lane).toEqual(api)
        } finally {
          await limited.stop()
          await created.release()
        }
      })

      it("answers a CORS preflight the same both ways", async () => {
        const { api, lane } = await bothWays("OPTIONS", "/api/ai-recommendation-store", { token: null })
        expect(lane.status).toBe(204)
        expect(lane).toEqual(api)
      })
    })
  })
}
