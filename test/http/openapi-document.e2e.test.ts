/**
 * `/openapi.json` says what the service really does: every operation has a summary, a
 * description naming who may call it (docs/api.md "Authentication"), the bearer security where
 * credentials are needed, exactly the statuses it can answer, and no HttpApi decode error. Then
 * real bad, unauthenticated, forbidden and rate-limited requests are sent: each answer's status
 * must be documented for its operation and its body must validate against the documented schema.
 */
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { ACCESS, type Access } from "../../src/http/openapi-document.ts"
import { validate } from "../support/json-schema.ts"
import { recordCrawl, withDetails } from "../support/recorded-crawl.ts"
import { type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const PACKAGE_VERSION: string = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version

const RATE_LIMIT = 3

/**
 * Each operation: who may call it (docs/api.md "Authentication") and every status it can answer.
 * 400 and 500 everywhere (a malformed URL is refused on any route), 401 wherever credentials
 * are needed, 413 wherever a body is read.
 */
const OPERATIONS: Record<string, { readonly access: Access; readonly statuses: ReadonlyArray<number> }> = {
  "system.root": { access: "public", statuses: [200, 400, 500] },
  "system.health": { access: "public", statuses: [200, 400, 500, 503] },
  "system.jwks": { access: "public", statuses: [200, 400, 404, 500] },
  "ranking.rankingScore": { access: "public", statuses: [200, 400, 429, 500] },
  "businesses.createBusiness": { access: "organizationWrite", statuses: [201, 400, 401, 403, 409, 413, 500, 503] },
  "businesses.listEntities": { access: "service", statuses: [200, 400, 401, 403, 500] },
  "businesses.deleteProduct": { access: "organizationWrite", statuses: [200, 400, 401, 403, 404, 500, 503] },
  "entityNames.declareNames": { access: "organizationWrite", statuses: [200, 400, 401, 403, 404, 413, 500, 503] },
  "visibility.analyzeVisibility": { access: "service", statuses: [200, 400, 401, 403, 404, 413, 500, 502, 503] },
  "visibility.storeVisibilityScore": { access: "service", statuses: [200, 400, 401, 403, 404, 413, 500, 503] },
  "visibility.visibilityScore": { access: "organizationRead", statuses: [200, 400, 401, 403, 404, 500] },
  "visibility.prompts": { access: "organizationRead", statuses: [200, 400, 401, 403, 404, 500] },
  "visibility.checkAnswer": { access: "organizationRead", statuses: [200, 400, 401, 403, 404, 500] },
  "pipeline.generateAll": { access: "organizationWrite", statuses: [202, 400, 401, 403, 413, 500, 503] },
  "pipeline.generatePrompts": { access: "organizationWrite", statuses: [202, 400, 401, 403, 413, 500, 503] },
  "pipeline.job": { access: "organizationRead", statuses: [200, 400, 401, 403, 404, 500] },
  "visitWebhook.recordVisit": { access: "public", statuses: [200, 400, 404, 413, 429, 500, 503] },
  "botVisits.botVisitStats": { access: "organizationRead", statuses: [200, 400, 401, 403, 404, 500, 503] },
  "sites.updateSite": { access: "service", statuses: [200, 400, 401, 403, 404, 409, 413, 500, 503] },
  "sites.createBlog": { access: "service", statuses: [200, 400, 401, 403, 404, 409, 413, 429, 500, 503] },
  "identity.userBusinesses": { access: "user", statuses: [200, 400, 401, 403, 500, 502, 503] },
  "identity.invite": { access: "organizationWrite", statuses: [200, 400, 401, 403, 404, 413, 500, 502, 503] },
  "identity.acceptInvitation": { access: "user", statuses: [302, 400, 401, 403, 410, 500, 502, 503] },
  "identity.outbox": { access: "organizationWrite", statuses: [200, 400, 401, 403, 404, 500, 502, 503] },
  "billing.billingPortal": { access: "billing", statuses: [200, 400, 401, 403, 404, 413, 500] },
  "stripeWebhook.stripeWebhook": { access: "public", statuses: [200, 400, 413, 500, 503] },
  "scheduler.startRun": { access: "service", statuses: [202, 400, 401, 403, 404, 413, 500] },
  "scheduler.runs": { access: "service", statuses: [200, 400, 401, 403, 500] },
  "scheduler.run": { access: "service", statuses: [200, 400, 401, 403, 404, 500] }
}

type Operation = {
  operationId: string
  summary?: string
  description?: string
  security: Array<Record<string, Array<string>>>
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }>; headers?: Record<string, unknown> }>
}

const operationsOf = (document: any): Array<Operation & { method: string; path: string }> =>
  Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ ...op, method, path })))

describe("the OpenAPI document against the service's answers", () => {
  let service: RunningService
  let document: any
  const serviceKey = { authorization: `Bearer ${SERVICE_KEY}` }

  const operation = (operationId: string) => {
    const found = operationsOf(document).find((op) => op.operationId === operationId)
    if (found === undefined) throw new Error(`no operation ${operationId}`)
    return found
  }

  /** Sends the request; its answer must be `expected`, documented for the operation, and valid against its schema. */
  const check = async (
    operationId: string,
    request: { method: string; path: string; body?: string | object; headers?: Record<string, string> },
    expected: { status: number; code?: string }
  ) => {
    const body = request.body === undefined ? undefined : typeof request.body === "string" ? request.body : JSON.stringify(request.body)
    const response = await fetch(`${service.baseUrl}${request.path}`, {
      method: request.method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...request.headers },
      redirect: "manual",
      ...(body === undefined ? {} : { body })
    })
    const text = await response.text()
    const answer = text === "" ? undefined : JSON.parse(text)
    expect({ operationId, status: response.status, code: answer?.code }).toEqual({ operationId, status: expected.status, code: expected.code ?? answer?.code })
    const documented = operation(operationId).responses[String(response.status)]
    expect(documented, `${operationId} does not document ${response.status}`).toBeDefined()
    const schema = documented!.content?.["application/json"]?.schema
    if (answer !== undefined) {
      expect(schema, `${operationId} ${response.status}: no documented body`).toBeDefined()
      expect(validate(document, schema!, answer), `${operationId} ${response.status}: ${text}`).toEqual([])
    }
    return { response, answer }
  }

  beforeAll(async () => {
    service = await startService({ _tag: "Embedded", dataDir: undefined }, {
      WEBHOOK_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      RANKING_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      STRIPE_WEBHOOK_SECRET: "whsec_sightline_openapi"
    })
    const response = await fetch(`${service.baseUrl}/openapi.json`)
    expect(response.status).toBe(200)
    document = await response.json()
  })
  afterAll(async () => {
    await service?.stop()
  })

  it("names the API, its version and how to authenticate", () => {
    expect(document.info.title).toBe("Sightline API")
    expect(document.info.version).toBe(PACKAGE_VERSION)
    expect(document.info.description).toContain("Authorization: Bearer <token>")
    expect(document.info.description).toContain(`{ "status": "error", "code": "<snake_case>", "message": "<text>" }`)
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" })
  })

  it("documents the error body it sends, never HttpApi's decode error", () => {
    expect(JSON.stringify(document)).not.toContain("HttpApiDecodeError")
    for (const op of operationsOf(document)) {
      const badRequest = op.responses["400"]
      if (badRequest !== undefined) {
        expect([op.operationId, badRequest.content]).toEqual([op.operationId, { "application/json": { schema: { $ref: "#/components/schemas/BadRequest" } } }])
      }
    }
    const body = document.components.schemas.BadRequest
    expect(body.required).toEqual(["status", "code", "message"])
    expect(body.properties.status).toEqual({ type: "string", enum: ["error"] })
    expect(body.properties.code.enum).toEqual(expect.arrayContaining(["invalid_request", "invalid_json"]))
    expect(body.properties.message.type).toBe("string")
  })

  it("gives every operation a summary, a description with who may call it, and the matching security", () => {
    const ops = operationsOf(document)
    expect(ops.map((op) => op.operationId).sort()).toEqual(Object.keys(OPERATIONS).sort())
    for (const op of ops) {
      const { access } = OPERATIONS[op.operationId]!
      expect([op.operationId, (op.summary ?? "").length > 0]).toEqual([op.operationId, true])
      expect([op.operationId, op.description]).toEqual([op.operationId, expect.stringContaining(`**Who may call it:** ${ACCESS[access]}`)])
      expect([op.operationId, op.security]).toEqual([op.operationId, access === "public" ? [] : [{ bearer: [] }]])
      // /docs' "Try it out" prefills a parameter from its example.
      for (const parameter of (op as any).parameters ?? []) {
        expect([op.operationId, parameter.name, typeof parameter.example]).toEqual([op.operationId, parameter.name, "string"])
      }
    }
  })

  it("gives every text field of a request body an example (or its allowed values)", () => {
    const resolve = (schema: any): any => schema.$ref === undefined ? schema : document.components.schemas[schema.$ref.split("/").pop()]
    const texts = (schema: any): Array<any> => [schema, ...(schema.anyOf ?? []).map(resolve)].filter((s) => s.type === "string")
    for (const op of operationsOf(document)) {
      const body = (op as any).requestBody?.content?.["application/json"]?.schema
      if (body === undefined) continue
      for (const [name, field] of Object.entries<any>(resolve(body).properties ?? {})) {
        const strings = texts(resolve(field))
        if (strings.length === 0) continue
        const shown = field.examples !== undefined || strings.some((s) => s.examples !== undefined || s.enum !== undefined)
        expect([op.operationId, name, shown]).toEqual([op.operationId, name, true])
      }
    }
  })

  it("lists exactly the statuses each operation can answer", () => {
    for (const op of operationsOf(document)) {
      expect([op.operationId, Object.keys(op.responses).map(Number)]).toEqual([op.operationId, OPERATIONS[op.operationId]!.statuses])
    }
    expect(operation("visitWebhook.recordVisit").responses["429"]!.headers).toHaveProperty("Retry-After")
    expect(operation("sites.createBlog").responses["429"]!.headers).toHaveProperty("Retry-After")
    expect(operation("ranking.rankingScore").responses["429"]!.headers).toHaveProperty("Retry-After")
  })

  it("answers public operations as documented", async () => {
    await check("system.root", { method: "GET", path: "/" }, { status: 200 })
    await check("system.root", { method: "GET", path: "/?ref=%ZZ" }, { status: 400, code: "invalid_request" })
    await check("system.health", { method: "GET", path: "/health?probe=%00" }, { status: 400, code: "invalid_request" })
    await check("system.health", { method: "GET", path: "/health" }, { status: 200 })
    await check("system.jwks", { method: "GET", path: "/.well-known/jwks.json" }, { status: 200 })
    await check("ranking.rankingScore", { method: "GET", path: "/api/ranking-score?url=https%3A%2F%2Fbluedoorbakery.example" }, { status: 200 })
    await check("ranking.rankingScore", { method: "GET", path: "/api/ranking-score?url=not-a-url" }, { status: 400, code: "invalid_request" })
    await check("ranking.rankingScore", { method: "GET", path: "/api/ranking-score" }, { status: 400, code: "invalid_request" })
    // Spend the address's remaining tokens (a bounded number of tries), then the refusal.
    for (let i = 0; i < RATE_LIMIT * 10; i++) {
      const response = await fetch(`${service.baseUrl}/api/ranking-score?url=https%3A%2F%2Fbluedoorbakery.example`)
      await response.text()
      if (response.status === 429) break
    }
    const refused = await check("ranking.rankingScore", { method: "GET", path: "/api/ranking-score?url=https%3A%2F%2Fbluedoorbakery.example" }, {
      status: 429,
      code: "rate_limited"
    })
    expect(Number(refused.response.headers.get("retry-after"))).toBe(refused.answer.retry_after)
    await check("stripeWebhook.stripeWebhook", { method: "POST", path: "/api/webhooks/stripe", body: { id: "evt_1", type: "invoice.paid", data: {} } }, {
      status: 400,
      code: "invalid_signature"
    })
  })

  it("answers bad, unauthenticated and forbidden requests with the documented bodies", async () => {
    const member = { authorization: `Bearer ${await service.sign({ sub: "user_m", org_id: "org_blue", org_slug: "blue-door-bakery", org_role: "org:member" })}` }
    const admin = { authorization: `Bearer ${await service.sign({ sub: "user_a", org_id: "org_blue", org_slug: "blue-door-bakery", org_role: "org:admin" })}` }
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body: { business_name: "Blue Door Bakery" } }, {
      status: 401,
      code: "unauthorized"
    })
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body: { business_name: "Blue Door Bakery" }, headers: { authorization: "Bearer nope" } }, {
      status: 401,
      code: "unauthorized"
    })
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body: { business_name: 5 }, headers: serviceKey }, { status: 400, code: "invalid_request" })
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body: "{not json", headers: serviceKey }, { status: 400, code: "invalid_json" })
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body: { business_name: "x".repeat(1024 * 1024 + 1) }, headers: serviceKey }, {
      status: 413,
      code: "payload_too_large"
    })
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body: { business_name: "Blue Door Bakery" }, headers: member }, {
      status: 403,
      code: "forbidden"
    })
    const created = { business_name: "Blue Door Bakery", business_url: "https://bluedoorbakery.example", org_slug: "blue-door-bakery" }
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body: created, headers: admin }, { status: 201 })
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body: created, headers: serviceKey }, { status: 409, code: "business_exists" })
    await check("businesses.listEntities", { method: "GET", path: "/api/cron/entities?type=shop", headers: serviceKey }, { status: 400, code: "invalid_request" })
    await check("businesses.listEntities", { method: "GET", path: "/api/cron/entities", headers: admin }, { status: 403, code: "forbidden" })
    await check("businesses.listEntities", { method: "GET", path: "/api/cron/entities", headers: serviceKey }, { status: 200 })
    await check("businesses.deleteProduct", { method: "DELETE", path: "/api/products/blue-door-bakery/rye-loaf", headers: admin }, { status: 404, code: "product_not_found" })
    const names = { aliases: ["Blue Door"], not_aliases: ["Blue Door Bakery Chicago"] }
    await check("entityNames.declareNames", { method: "PUT", path: "/api/entities/blue-door-bakery/names", body: names, headers: admin }, { status: 200 })
    await check("entityNames.declareNames", { method: "PUT", path: "/api/entities/blue-door-bakery/names", body: names, headers: member }, { status: 403, code: "forbidden" })
    await check("entityNames.declareNames", { method: "PUT", path: "/api/entities/blue-door-bakery/names", body: { aliases: [""], not_aliases: [] }, headers: admin }, {
      status: 400,
      code: "invalid_request"
    })
    await check("entityNames.declareNames", { method: "PUT", path: "/api/entities/blue-door-bakery/names", body: { ...names, item_id: "rye-loaf" }, headers: admin }, {
      status: 404,
      code: "product_not_found"
    })
    // The visibility score is served by the fast lane: the same documented answers.
    await check("visibility.visibilityScore", { method: "GET", path: "/api/visibility-score/blue-door-bakery", headers: member }, { status: 200 })
    await check("visibility.visibilityScore", { method: "GET", path: "/api/visibility-score/Blue_Door", headers: member }, { status: 400, code: "invalid_request" })
    await check("visibility.visibilityScore", { method: "GET", path: "/api/visibility-score/no-such-bakery", headers: serviceKey }, { status: 404, code: "business_not_found" })
    await check("visibility.visibilityScore", { method: "GET", path: "/api/visibility-score/blue-door-bakery" }, { status: 401, code: "unauthorized" })
    await check("visibility.prompts", { method: "GET", path: "/api/prompts/blue-door-bakery", headers: member }, { status: 200 })
    await check("visibility.checkAnswer", { method: "GET", path: "/api/prompts/blue-door-bakery/answers/not-a-uuid", headers: member }, { status: 400, code: "invalid_request" })
    await check("visibility.checkAnswer", { method: "GET", path: "/api/prompts/blue-door-bakery/answers/6f1c2a9e-41d3-5b7a-9c0e-2d4f6a8b0c1e", headers: member }, {
      status: 404,
      code: "answer_not_found"
    })
    await check("visibility.storeVisibilityScore", { method: "POST", path: "/api/cron/store-visibility-score", body: { business_id: "blue-door-bakery", results: [] }, headers: serviceKey }, {
      status: 400,
      code: "invalid_request"
    })
    await check("visibility.analyzeVisibility", { method: "POST", path: "/api/cron/analyze-visibility", body: { business_id: "blue-door-bakery", prompt: "best sourdough bakery in Asheville" }, headers: admin }, {
      status: 403,
      code: "forbidden"
    })
    await check("pipeline.job", { method: "GET", path: "/api/jobs/no-such-job", headers: member }, { status: 404, code: "job_not_found" })
    await check("pipeline.generateAll", { method: "POST", path: "/api/generate-all", body: { url: "https://bluedoorbakery.example", org_slug: "blue-door-bakery" }, headers: member }, {
      status: 403,
      code: "forbidden"
    })
    await check("botVisits.botVisitStats", { method: "GET", path: "/api/bot-visits/blue-door-bakery/stats?days=0", headers: member }, { status: 400, code: "invalid_request" })
    await check("botVisits.botVisitStats", { method: "GET", path: "/api/bot-visits/blue-door-bakery/stats?days=30", headers: member }, { status: 200 })
    await check("identity.userBusinesses", { method: "GET", path: "/api/user/businesses", headers: serviceKey }, { status: 403, code: "forbidden" })
    await check("identity.userBusinesses", { method: "GET", path: "/api/user/businesses", headers: member }, { status: 200 })
    await check("identity.acceptInvitation", { method: "GET", path: "/api/invitations/accept?token=no-such-token", headers: member }, { status: 400, code: "invalid_invitation" })
    await check("identity.acceptInvitation", { method: "GET", path: "/api/invitations/accept?token=a&token=b", headers: member }, { status: 400, code: "invalid_request" })
    await check("identity.outbox", { method: "GET", path: "/api/organizations/%ZZ/outbox", headers: admin }, { status: 400, code: "invalid_request" })
    await check("identity.outbox", { method: "GET", path: "/api/organizations/org_blue/outbox", headers: admin }, { status: 200 })
    await check("identity.outbox", { method: "GET", path: "/api/organizations/org_blue/outbox", headers: member }, { status: 403, code: "forbidden" })
    await check("identity.invite", { method: "POST", path: "/api/organizations/invite", body: { organization_id: "org_blue", email_address: "not-an-address" }, headers: admin }, {
      status: 400,
      code: "invalid_request"
    })
    await check("billing.billingPortal", { method: "POST", path: "/api/billing-portal", body: { return_url: "https://bluedoorbakery.example" }, headers: serviceKey }, {
      status: 403,
      code: "forbidden"
    })
    await check("scheduler.run", { method: "GET", path: "/api/scheduler/runs/no-such-run", headers: serviceKey }, { status: 404, code: "not_found" })
    await check("scheduler.runs", { method: "GET", path: "/api/scheduler/runs?limit=0", headers: serviceKey }, { status: 400, code: "invalid_request" })
    await check("scheduler.startRun", { method: "POST", path: "/api/scheduler/runs", body: { date: "2026-02-30" }, headers: serviceKey }, { status: 400, code: "invalid_request" })
  })

  it("answers the blog's daily limit with the documented 429", async () => {
    const body = { business_name: "Copper Kettle Cafe", business_url: "https://copperkettle.example", org_slug: "copper-kettle" }
    await check("businesses.createBusiness", { method: "POST", path: "/api/business", body, headers: serviceKey }, { status: 201 })
    await check("sites.createBlog", { method: "POST", path: "/api/cron/create-blog", body: { business_id: "copper-kettle" }, headers: serviceKey }, {
      status: 409,
      code: "site_not_deployed"
    })
    // Nothing is published from nothing: no crawled page yet, no site.
    await check("sites.updateSite", { method: "POST", path: "/api/cron/update-site", body: { business_id: "copper-kettle", url: "https://copperkettle.example" }, headers: serviceKey }, {
      status: 409,
      code: "no_facts"
    })
    await recordCrawl(service.runtime, { businessId: "copper-kettle" as BusinessId, itemId: null }, "https://copperkettle.example/", withDetails("Copper Kettle Cafe serves coffee."))
    await check("sites.updateSite", { method: "POST", path: "/api/cron/update-site", body: { business_id: "copper-kettle", url: "https://copperkettle.example" }, headers: serviceKey }, {
      status: 200
    })
    // At most 15 posts a UTC day; a bounded number of tries, so a broken limit fails rather than hangs.
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${service.baseUrl}/api/cron/create-blog`, {
        method: "POST",
        headers: { ...serviceKey, "content-type": "application/json" },
        body: JSON.stringify({ business_id: "copper-kettle" })
      })
      if (response.status === 429) break
      expect(response.status).toBe(200)
      await response.text()
    }
    const last = await check("sites.createBlog", { method: "POST", path: "/api/cron/create-blog", body: { business_id: "copper-kettle" }, headers: serviceKey }, {
      status: 429,
      code: "daily_limit_reached"
    })
    expect(Number(last.response.headers.get("retry-after"))).toBe(last.answer.retry_after)
  })

  it("answers the visit webhook's bad bodies, unknown businesses and rate limit as documented", async () => {
    const visit = {
      business_id: "no-such-bakery",
      page_url: "https://bluedoorbakery-example.sites.example.com/menu/",
      user_agent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot"
    }
    // Bad and unknown first (each takes one of the address's RATE_LIMIT tokens), then until refused.
    await check("visitWebhook.recordVisit", { method: "POST", path: "/api/ai-recommendation-store", body: { ...visit, page_url: "ftp://x" } }, {
      status: 400,
      code: "invalid_request"
    })
    await check("visitWebhook.recordVisit", { method: "POST", path: "/api/ai-recommendation-store", body: visit }, { status: 404, code: "business_not_found" })
    for (let i = 0; i < RATE_LIMIT * 10; i++) {
      const response = await fetch(`${service.baseUrl}/api/ai-recommendation-store`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(visit)
      })
      await response.text()
      if (response.status === 429) break
    }
    const { answer, response } = await check("visitWebhook.recordVisit", { method: "POST", path: "/api/ai-recommendation-store", body: visit }, {
      status: 429,
      code: "rate_limited"
    })
    expect(Number(response.headers.get("retry-after"))).toBe(answer.retry_after)
  })
})
