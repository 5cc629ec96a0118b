/**
 * Every endpoint of the HttpApi × every kind of caller, against the status docs/decisions.md gives:
 * public endpoints never answer 401/403; missing or invalid credentials 401; valid credentials
 * for the wrong organization or role 403. Each request is valid enough that a caller let through
 * gets the endpoint's own answer (2xx, or a documented non-auth status such as 404), asserted
 * exactly. One service per database; reads use one fixture organization made in `beforeAll`.
 */
import { generateKeyPair, SignJWT } from "jose"
import { randomUUID } from "node:crypto"
import Stripe from "stripe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { testDatabases } from "../support/databases.ts"
import { type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { startStripeServer, type StripeServer } from "../support/stripe-server.ts"

type Caller = "none" | "malformed" | "garbage" | "expired" | "foreign_key" | "other_org" | "member" | "admin" | "service_key"
const callers: ReadonlyArray<Caller> = ["none", "malformed", "garbage", "expired", "foreign_key", "other_org", "member", "admin", "service_key"]

const STRIPE_SECRET_KEY = "sk_test_sightline_authorization"
const STRIPE_WEBHOOK_SECRET = "whsec_sightline_authorization"
const stripe = new Stripe(STRIPE_SECRET_KEY)

interface Request {
  readonly method: string
  readonly path: string
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

interface EndpointCase {
  readonly name: string
  /**
   * "fixture": the organization made in beforeAll (reads need something to read);
   * "fresh": a new slug per case, where a write would collide.
   */
  readonly org: "fixture" | "fresh"
  readonly request: (slug: string) => Request
  readonly expected: Record<Caller, number>
}

const everyone = (status: number): Record<Caller, number> => ({
  none: status,
  malformed: status,
  garbage: status,
  expired: status,
  foreign_key: status,
  other_org: status,
  member: status,
  admin: status,
  service_key: status
})
const unauthenticated = { none: 401, malformed: 401, garbage: 401, expired: 401, foreign_key: 401 } as const
/** `/api/cron/*`: service API keys only. */
const serviceOnly = (status: number): Record<Caller, number> => ({ ...unauthenticated, other_org: 403, member: 403, admin: 403, service_key: status })
/** Reads of an organization: its members (any role) and service keys. */
const orgRead = (status: number): Record<Caller, number> => ({ ...unauthenticated, other_org: 403, member: status, admin: status, service_key: status })
/** Writes to an organization: its admins and service keys. */
const orgWrite = (status: number): Record<Caller, number> => ({ ...unauthenticated, other_org: 403, member: 403, admin: status, service_key: status })

const publicGet = (path: string, status = 200): EndpointCase => ({
  name: `GET ${path}`,
  org: "fixture",
  request: () => ({ method: "GET", path }),
  expected: everyone(status)
})

const signedStripeEvent = () => {
  const payload = JSON.stringify({
    id: `evt_auth_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: "2025-01-01",
    created: 1_763_700_000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "invoice.paid",
    data: { object: { id: "in_auth", object: "invoice" } }
  })
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) }
}

const flags = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`ai_platform_${i + 1}`, i % 2 === 0]))
/** A closed loopback port: onboarding jobs started here fail fast in the background. */
const UNREACHABLE = "http://127.0.0.1:9/"

const endpoints: ReadonlyArray<EndpointCase> = [
  // system
  publicGet("/"),
  publicGet("/health"),
  publicGet("/.well-known/jwks.json"),
  publicGet("/openapi.json"),
  publicGet("/docs"),
  // ranking
  publicGet("/api/ranking-score?url=https%3A%2F%2Fwww.example.com%2F"),
  // businesses
  {
    name: "POST /api/business",
    org: "fresh",
    request: (slug) => ({ method: "POST", path: "/api/business", body: { business_name: "Acme", org_slug: slug } }),
    expected: orgWrite(201)
  },
  {
    name: "POST /api/business with stripe_customer_id",
    org: "fresh",
    request: (slug) => ({
      method: "POST",
      path: "/api/business",
      body: { business_name: "Acme", org_slug: slug, identity_org_id: `org_${slug}`, stripe_customer_id: `cus_${slug.replaceAll("-", "")}` }
    }),
    // Linking a Stripe customer is for service API keys only, whatever the user's role.
    expected: { ...unauthenticated, other_org: 403, member: 403, admin: 403, service_key: 201 }
  },
  {
    name: "GET /api/cron/entities",
    org: "fixture",
    request: () => ({ method: "GET", path: "/api/cron/entities" }),
    expected: serviceOnly(200)
  },
  {
    name: "DELETE /api/products/{business_id}/{item_id}",
    org: "fresh",
    request: (slug) => ({ method: "DELETE", path: `/api/products/${slug}/no-such-item` }),
    // Let through, the product is unknown: 404.
    expected: orgWrite(404)
  },
  {
    name: "PUT /api/entities/{business_id}/names",
    org: "fixture",
    request: (slug) => ({ method: "PUT", path: `/api/entities/${slug}/names`, body: { aliases: ["Acme Co"], not_aliases: [] } }),
    expected: orgWrite(200)
  },
  // visibility
  {
    name: "POST /api/cron/analyze-visibility",
    org: "fresh",
    request: (slug) => ({ method: "POST", path: "/api/cron/analyze-visibility", body: { business_id: slug, prompt: "best bakery in town" } }),
    // Let through, the business is unknown: 404 (no platform is asked).
    expected: serviceOnly(404)
  },
  {
    name: "POST /api/cron/store-visibility-score",
    org: "fixture",
    request: (slug) => ({
      method: "POST",
      path: "/api/cron/store-visibility-score",
      body: { business_id: slug, results: [{ prompt: "best bakery in town", ...flags }] }
    }),
    expected: serviceOnly(200)
  },
  {
    name: "GET /api/visibility-score/{org_slug}",
    org: "fixture",
    request: (slug) => ({ method: "GET", path: `/api/visibility-score/${slug}` }),
    expected: orgRead(200)
  },
  {
    name: "GET /api/prompts/{business_id}",
    org: "fixture",
    request: (slug) => ({ method: "GET", path: `/api/prompts/${slug}` }),
    expected: orgRead(200)
  },
  {
    name: "GET /api/prompts/{business_id}/answers/{check_id}",
    org: "fixture",
    // Let through, the check is unknown: 404 answer_not_found.
    request: (slug) => ({ method: "GET", path: `/api/prompts/${slug}/answers/${randomUUID()}` }),
    expected: orgRead(404)
  },
  // pipeline
  {
    name: "POST /api/generate-all",
    org: "fresh",
    request: (slug) => ({ method: "POST", path: "/api/generate-all", body: { url: UNREACHABLE, org_slug: slug, max_pages: 1 } }),
    expected: orgWrite(202)
  },
  {
    name: "POST /api/generate-prompts",
    org: "fresh",
    request: (slug) => ({ method: "POST", path: "/api/generate-prompts", body: { url: UNREACHABLE, org_slug: slug, max_pages: 1 } }),
    expected: orgWrite(202)
  },
  {
    name: "GET /api/jobs/{job_id}",
    org: "fixture",
    request: () => ({ method: "GET", path: `/api/jobs/${fixtureJobId}` }),
    expected: orgRead(200)
  },
  // scheduler
  {
    name: "POST /api/scheduler/runs",
    org: "fresh",
    request: (slug) => ({ method: "POST", path: "/api/scheduler/runs", body: { business_id: slug } }),
    // Let through, the business is unknown: 404 (no run starts).
    expected: serviceOnly(404)
  },
  {
    name: "GET /api/scheduler/runs",
    org: "fixture",
    request: () => ({ method: "GET", path: "/api/scheduler/runs" }),
    expected: serviceOnly(200)
  },
  {
    name: "GET /api/scheduler/runs/{run_id}",
    org: "fixture",
    request: () => ({ method: "GET", path: "/api/scheduler/runs/daily-1999-01-01" }),
    expected: serviceOnly(404)
  },
  // visits
  {
    name: "POST /api/ai-recommendation-store",
    org: "fixture",
    request: (slug) => ({
      method: "POST",
      path: "/api/ai-recommendation-store",
      body: { business_id: slug, page_url: "https://example.com/", user_agent: "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)" }
    }),
    expected: everyone(200)
  },
  {
    name: "OPTIONS /api/ai-recommendation-store",
    org: "fixture",
    request: () => ({ method: "OPTIONS", path: "/api/ai-recommendation-store", headers: { origin: "https://example.com", "access-control-request-method": "POST" } }),
    expected: everyone(204)
  },
  {
    name: "GET /api/bot-visits/{business_id}/stats",
    org: "fixture",
    request: (slug) => ({ method: "GET", path: `/api/bot-visits/${slug}/stats?days=7` }),
    expected: orgRead(200)
  },
  // sites
  {
    name: "POST /api/cron/update-site",
    org: "fresh",
    request: (slug) => ({ method: "POST", path: "/api/cron/update-site", body: { business_id: slug, url: "https://example.com/" } }),
    // Let through, the business is unknown: 404 (no site is built).
    expected: serviceOnly(404)
  },
  {
    name: "POST /api/cron/create-blog",
    org: "fresh",
    request: (slug) => ({ method: "POST", path: "/api/cron/create-blog", body: { business_id: slug } }),
    expected: serviceOnly(404)
  },
  // identity
  {
    name: "GET /api/user/businesses",
    org: "fixture",
    request: () => ({ method: "GET", path: "/api/user/businesses" }),
    // Any user token (whatever its organization); a service key is no user: 403.
    expected: { ...unauthenticated, other_org: 200, member: 200, admin: 200, service_key: 403 }
  },
  {
    name: "POST /api/organizations/invite",
    org: "fixture",
    request: (slug) => ({ method: "POST", path: "/api/organizations/invite", body: { organization_id: `org_${slug}`, email_address: "guest@example.com" } }),
    expected: orgWrite(200)
  },
  {
    name: "GET /api/invitations/accept",
    org: "fixture",
    request: () => ({ method: "GET", path: "/api/invitations/accept?token=not-an-invitation" }),
    // Any user token gets the invitation's own answer (unknown token: 400); a service key: 403.
    expected: { ...unauthenticated, other_org: 400, member: 400, admin: 400, service_key: 403 }
  },
  {
    name: "GET /api/organizations/{organization_id}/outbox",
    org: "fixture",
    request: (slug) => ({ method: "GET", path: `/api/organizations/org_${slug}/outbox` }),
    expected: orgWrite(200)
  },
  // billing
  {
    name: "POST /api/billing-portal",
    org: "fixture",
    request: () => ({ method: "POST", path: "/api/billing-portal", body: { return_url: "https://app.example/settings" } }),
    // The portal is the token's own organization (any member). other_org's organization is
    // unknown to billing: 404, not 403. A service key has no organization: 403.
    expected: { ...unauthenticated, other_org: 404, member: 200, admin: 200, service_key: 403 }
  },
  {
    name: "POST /api/webhooks/stripe",
    org: "fixture",
    request: () => {
      const { payload, signature } = signedStripeEvent()
      return { method: "POST", path: "/api/webhooks/stripe", body: JSON.parse(payload), headers: { "stripe-signature": signature } }
    },
    expected: everyone(200)
  }
]

/** The job the jobs endpoint reads: started for the fixture organization in beforeAll. */
let fixtureJobId = ""

for (const database of testDatabases) {
  describe(`authorization (${database.name})`, () => {
    let service: RunningService
    let provider: StripeServer | undefined
    let release = async () => {}
    let foreignSign: (claims: Record<string, unknown>) => Promise<string>
    const fixture = `auth-${randomUUID().slice(0, 8)}`

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      provider = await startStripeServer()
      service = await startService(created.target, {
        STRIPE_SECRET_KEY,
        STRIPE_API_URL: provider.url,
        STRIPE_WEBHOOK_SECRET
      })
      const { privateKey } = await generateKeyPair("ES256")
      foreignSign = (claims) =>
        new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: "foreign" }).setIssuedAt().setExpirationTime("1h").sign(privateKey)

      const asService = { authorization: `Bearer ${SERVICE_KEY}`, "content-type": "application/json" }
      // The fixture: a business of the organization with its Stripe customer linked ...
      const business = await fetch(`${service.baseUrl}/api/business`, {
        method: "POST",
        headers: asService,
        body: JSON.stringify({ business_name: "Fixture", org_slug: fixture, identity_org_id: `org_${fixture}`, stripe_customer_id: "cus_authfixture" })
      })
      expect(business.status).toBe(201)
      // ... the organization itself (recorded from an admin's token) ...
      const admin = await service.sign({ sub: "user_4", org_id: `org_${fixture}`, org_slug: fixture, org_role: "org:admin" })
      expect((await fetch(`${service.baseUrl}/api/user/businesses`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200)
      // ... and a job to read.
      const job = await fetch(`${service.baseUrl}/api/generate-prompts`, {
        method: "POST",
        headers: asService,
        body: JSON.stringify({ url: UNREACHABLE, org_slug: fixture, max_pages: 1 })
      })
      expect(job.status).toBe(202)
      fixtureJobId = (await job.json() as { job_id: string }).job_id
    })
    afterAll(async () => {
      await service?.stop()
      await provider?.close()
      await release()
    })

    const headerFor = async (caller: Caller, slug: string): Promise<Record<string, string>> => {
      const org = { org_id: `org_${slug}`, org_slug: slug }
      switch (caller) {
        case "none":
          return {}
        case "malformed":
          return { authorization: `Token ${SERVICE_KEY}` }
        case "garbage":
          return { authorization: "Bearer not.a.token" }
        case "expired":
          return { authorization: `Bearer ${await service.sign({ sub: "user_1", ...org, org_role: "org:admin" }, -60)}` }
        case "foreign_key":
          return { authorization: `Bearer ${await foreignSign({ sub: "user_1", ...org, org_role: "org:admin" })}` }
        case "other_org":
          return { authorization: `Bearer ${await service.sign({ sub: "user_2", org_id: `org_other-${slug}`, org_slug: `other-${slug}`, org_role: "org:admin" })}` }
        case "member":
          return { authorization: `Bearer ${await service.sign({ sub: "user_3", ...org, org_role: "org:member" })}` }
        case "admin":
          return { authorization: `Bearer ${await service.sign({ sub: "user_4", ...org, org_role: "org:admin" })}` }
        case "service_key":
          return { authorization: `Bearer ${SERVICE_KEY}` }
      }
    }

    for (const endpoint of endpoints) {
      for (const caller of callers) {
        it(`${endpoint.name} as ${caller} → ${endpoint.expected[caller]}`, async () => {
          const slug = endpoint.org === "fixture" ? fixture : `org-${randomUUID().slice(0, 8)}`
          const request = endpoint.request(slug)
          const response = await fetch(`${service.baseUrl}${request.path}`, {
            method: request.method,
            redirect: "manual",
            headers: { ...(await headerFor(caller, slug)), "content-type": "application/json", ...request.headers },
            ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) })
          })
          const text = await response.text()
          expect(response.status, text).toBe(endpoint.expected[caller])
          if (response.status === 401 || response.status === 403) {
            const body = JSON.parse(text) as { status: string; code: string; message: string }
            expect(body.status).toBe("error")
            expect(body.code).toBe(response.status === 401 ? "unauthorized" : "forbidden")
          }
        })
      }
    }

    it("walks every operation the API publishes", async () => {
      const spec = await (await fetch(`${service.baseUrl}/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> }
      const published = Object.entries(spec.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      const walked = new Set(endpoints.map((endpoint) => endpoint.name.split(" ").slice(0, 2).join(" ").replace(/\?.*$/, "")))
      expect(published.filter((operation) => !walked.has(operation))).toEqual([])
    })

    it("answers 401 missing_organization for the billing portal with a user token without an organization", async () => {
      const token = await service.sign({ sub: "user_6" })
      const response = await fetch(`${service.baseUrl}/api/billing-portal`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ return_url: "https://app.example/settings" })
      })
      expect(response.status).toBe(401)
      expect((await response.json() as { code: string }).code).toBe("missing_organization")
    })

    it("answers 401 for a token living longer than 24 hours", async () => {
      const token = await service.sign({ sub: "user_7" }, 100 * 365 * 24 * 60 * 60)
      const response = await fetch(`${service.baseUrl}/api/user/businesses`, { headers: { authorization: `Bearer ${token}` } })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ status: "error", code: "unauthorized", message: "invalid token: token lifetime too long" })
    })

    it("reads nested Clerk-style organization claims (o.id, o.slg, o.rol)", async () => {
      const slug = `org-${randomUUID().slice(0, 8)}`
      const token = await service.sign({ sub: "user_5", o: { id: `org_${slug}`, slg: slug, rol: "admin" } })
      const response = await fetch(`${service.baseUrl}/api/business`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ business_name: "Nested" })
      })
      expect(response.status).toBe(201)
      expect((await response.json() as { business_id: string }).business_id).toBe(slug)
    })
  })
}
