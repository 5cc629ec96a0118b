import { afterAll, beforeAll, describe, expect, it } from "vitest"
import pg from "pg"
import { projections } from "../../src/projections/catalog.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { testDatabases } from "../support/databases.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }

for (const database of testDatabases) {
  describe(`HTTP basics (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let url: string | undefined
    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      url = created.url
      service = await startService(created.target)
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it("GET / answers the greeting, keeping the connection for 65 s", async () => {
      const response = await fetch(`${service.baseUrl}/`)
      expect(response.headers.get("keep-alive")).toBe("timeout=65")
      expect(await json(response)).toEqual({
        status: 200,
        body: { message: "Sightline: how visible your business is in AI answers, and the assets that raise it." }
      })
    })

    it("GET /health checks the database and reports projection lag", async () => {
      const { status, body } = await json(await fetch(`${service.baseUrl}/health`))
      expect(status).toBe(200)
      expect(body).toEqual({
        status: "healthy",
        database: "ok",
        projections: projections.map((p) => ({ name: p.name, pending_events: 0, lag_ms: 0, last_error: null }))
      })
    })

    it("serves the OpenAPI document and the interactive docs", async () => {
      const openapi = await json(await fetch(`${service.baseUrl}/openapi.json`))
      expect(openapi.status).toBe(200)
      expect(openapi.body.openapi).toBe("3.1.0")
      expect(openapi.body.info.title).toBe("Sightline API")
      expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(["/", "/health", "/api/business", "/api/cron/entities"]))
      const docs = await fetch(`${service.baseUrl}/docs`)
      expect(docs.status).toBe(200)
      expect(docs.headers.get("content-type")).toContain("text/html")
    })

    it("answers an unknown route with the JSON error body", async () => {
      expect(await json(await fetch(`${service.baseUrl}/api/nope`))).toEqual({
        status: 404,
        body: { status: "error", code: "not_found", message: "no such endpoint" }
      })
    })

    it("answers malformed JSON with 400 invalid_json", async () => {
      const response = await fetch(`${service.baseUrl}/api/business`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{bad" })
      expect(await json(response)).toEqual({
        status: 400,
        body: { status: "error", code: "invalid_json", message: "the request body is not valid JSON" }
      })
    })

    it("answers a missing or mistyped field with 400 naming the field", async () => {
      const missing = await json(await fetch(`${service.baseUrl}/api/business`, { method: "POST", headers: auth, body: "{}" }))
      expect(missing).toEqual({ status: 400, body: { status: "error", code: "invalid_request", message: "business_name: is missing" } })
      const mistyped = await json(await fetch(`${service.baseUrl}/api/business`, { method: "POST", headers: auth, body: JSON.stringify({ business_name: 5 }) }))
      expect(mistyped).toEqual({ status: 400, body: { status: "error", code: "invalid_request", message: "business_name: Expected string, actual 5" } })
      const badType = await json(await fetch(`${service.baseUrl}/api/cron/entities?type=shop`, { headers: auth }))
      expect(badType).toEqual({ status: 400, body: { status: "error", code: "invalid_request", message: "type: expected \"business\" or \"product\", actual \"shop\"" } })
      const badUrl = await json(await fetch(`${service.baseUrl}/api/business`, { method: "POST", headers: auth, body: JSON.stringify({ business_name: "X", business_url: "ftp://x" }) }))
      expect(badUrl).toEqual({ status: 400, body: { status: "error", code: "invalid_request", message: "business_url: expected an http(s) web address" } })
    })

    it("refuses a body over 1 MiB with 413", async () => {
      const body = JSON.stringify({ business_name: "x".repeat(1024 * 1024) })
      const response = await fetch(`${service.baseUrl}/api/business`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body })
      expect(await json(response)).toEqual({
        status: 413,
        body: { status: "error", code: "payload_too_large", message: "the request body is over 1 MiB" }
      })
    })

    it("reads a body sent without a JSON content type as JSON", async () => {
      const response = await fetch(`${service.baseUrl}/api/business`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
        body: JSON.stringify({ business_name: "Form Sender", org_slug: `form-${database.name}` })
      })
      const { status, body } = await json(response)
      expect(status).toBe(201)
      expect(body.business_id).toBe(`form-${database.name}`)
    })

    it("never leaks the service key or a stack trace in an error", async () => {
      const response = await fetch(`${service.baseUrl}/api/cron/entities?type=shop`, { headers: auth })
      const text = await response.text()
      expect(text).not.toContain(SERVICE_KEY)
      expect(text).not.toMatch(/at .*\.ts:\d+/)
    })

    if (database.name === "server") {
      it("GET /health answers 503 degraded when the database is gone", async () => {
        const name = new URL(url!).pathname.slice(1)
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
        await admin.connect()
        try {
          await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`)
          await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name])
          const { status, body } = await json(await fetch(`${service.baseUrl}/health`))
          expect(status).toBe(503)
          expect(body).toEqual({ status: "degraded", code: "service_degraded", message: "the database does not answer", database: "unreachable" })
        } finally {
          await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`)
          await admin.end()
        }
      })
    }
  })
}
