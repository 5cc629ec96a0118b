/**
 * Clerk identity mode over HTTP: tokens are verified against a loopback JWKS (AUTH_JWKS_URL),
 * and the user's organizations and new invitations come from a loopback server speaking the two
 * Clerk Backend API endpoints used, which checks the secret key and the request bodies.
 */
import { Effect } from "effect"
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { orgStreamOf } from "../../src/domain/identity-events.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { testDatabases } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const SECRET = "sk_test_clerk_secret_0123456789"
const BASE = "https://app.sightline.example"
const ORG_CREATED_MS = Date.UTC(2026, 0, 15, 9, 30)
const CLERK_ORGS = ["org_clerk_one", "org_clerk_two"]

interface Recorded {
  readonly method: string
  readonly url: string
  readonly authorization: string | undefined
  readonly body: any
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
  })

const membership = (orgId: string, name: string, slug: string, role: string) => ({
  object: "organization_membership",
  id: `orgmem_${orgId}`,
  role,
  role_name: role === "org:admin" ? "Admin" : "Member",
  permissions: [],
  public_metadata: {},
  private_metadata: {},
  organization: {
    object: "organization",
    id: orgId,
    name,
    slug,
    image_url: `https://img.clerk.com/${orgId}.png`,
    has_image: true,
    members_count: 2,
    pending_invitations_count: 0,
    max_allowed_memberships: 5,
    admin_delete_enabled: true,
    public_metadata: {},
    private_metadata: {},
    created_by: "user_clerk_admin",
    created_at: ORG_CREATED_MS,
    updated_at: ORG_CREATED_MS
  },
  public_user_data: { user_id: "user_clerk_admin", first_name: "Ada", last_name: "Admin", image_url: "", has_image: false, identifier: "ada@example.com" },
  created_at: ORG_CREATED_MS,
  updated_at: ORG_CREATED_MS
})

for (const database of testDatabases) {
  describe(`identity, clerk mode (${database.name})`, () => {
    let service: RunningService
    let clerk: Server
    let release = async () => {}
    let admin = ""
    let member = ""
    let failNext: number | null = null
    const recorded: Array<Recorded> = []

    const call = async (method: string, path: string, bearer: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      }))

    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair("RS256")
      const jwk = { ...(await exportJWK(publicKey)), kid: "clerk-test-key", alg: "RS256", use: "sig" }
      clerk = createServer(async (request, response) => {
        const url = request.url ?? ""
        const send = (status: number, body: unknown) => {
          response.writeHead(status, { "content-type": "application/json" })
          response.end(JSON.stringify(body))
        }
        if (url === "/.well-known/jwks.json") return send(200, { keys: [jwk] })
        const text = await readBody(request)
        recorded.push({ method: request.method ?? "", url, authorization: request.headers.authorization, body: text === "" ? undefined : JSON.parse(text) })
        if (request.headers.authorization !== `Bearer ${SECRET}`) {
          return send(401, { errors: [{ message: "Invalid authentication", code: "authentication_invalid" }] })
        }
        if (failNext !== null) {
          const status = failNext
          failNext = null
          return send(status, { errors: [{ message: "something went wrong", code: "internal_clerk_error" }] })
        }
        const memberships = /^\/v1\/users\/([^/?]+)\/organization_memberships(\?.*)?$/.exec(url)
        if (request.method === "GET" && memberships !== null) {
          const data = memberships[1] === "user_clerk_admin"
            ? [membership("org_clerk_one", "Sunrise Bakery", "sunrise-bakery", "org:admin"), membership("org_clerk_two", "Moonlight Cafe", "moonlight", "org:member")]
            : []
          return send(200, { data, total_count: data.length })
        }
        const invitations = /^\/v1\/organizations\/([^/?]+)\/invitations$/.exec(url)
        if (request.method === "POST" && invitations !== null && CLERK_ORGS.includes(invitations[1]!)) {
          const body = JSON.parse(text)
          return send(200, {
            object: "organization_invitation",
            id: "orginv_2abc",
            email_address: body.email_address,
            role: body.role,
            role_name: "Member",
            organization_id: invitations[1],
            status: "pending",
            public_metadata: {},
            private_metadata: {},
            url: null,
            expires_at: Date.now() + 86_400_000,
            created_at: Date.now(),
            updated_at: Date.now()
          })
        }
        send(404, { errors: [{ message: "not found", code: "resource_not_found" }] })
      })
      await new Promise<void>((resolve) => clerk.listen(0, "127.0.0.1", resolve))
      const clerkUrl = `http://127.0.0.1:${(clerk.address() as AddressInfo).port}`
      const sign = (claims: Record<string, unknown>, sub: string) =>
        new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "clerk-test-key" }).setSubject(sub).setIssuedAt().setExpirationTime("1h").sign(privateKey)
      admin = await sign({ org_id: "org_clerk_one", org_slug: "sunrise-bakery", org_role: "org:admin" }, "user_clerk_admin")
      member = await sign({ org_id: "org_clerk_one", org_slug: "sunrise-bakery", org_role: "org:member" }, "user_clerk_member")
      const created = await database.create()
      release = created.release
      service = await startService(created.target, {
        PUBLIC_BASE_URL: BASE,
        IDENTITY_PROVIDER: "clerk",
        CLERK_SECRET_KEY: SECRET,
        CLERK_API_URL: clerkUrl,
        AUTH_JWKS_URL: `${clerkUrl}/.well-known/jwks.json`
      })
    })
    afterAll(async () => {
      await service?.stop()
      await release()
      await new Promise<void>((resolve) => clerk ? clerk.close(() => resolve()) : resolve())
    })

    it("lists the user's organizations from Clerk", async () => {
      recorded.length = 0
      const { status, body } = await call("GET", "/api/user/businesses", admin)
      expect(status).toBe(200)
      expect(body.total).toBe(2)
      expect(body.businesses[0]).toEqual({
        id: "org_clerk_one",
        name: "Sunrise Bakery",
        slug: "sunrise-bakery",
        image_url: "https://img.clerk.com/org_clerk_one.png",
        role: "org:admin",
        business_url: "",
        subscription_status: "none",
        created_at: Math.floor(ORG_CREATED_MS / 1000)
      })
      expect(body.businesses[1]).toMatchObject({ id: "org_clerk_two", role: "org:member" })
      expect(recorded).toHaveLength(1)
      expect(recorded[0]).toMatchObject({ method: "GET", authorization: `Bearer ${SECRET}` })
      expect(recorded[0]!.url).toMatch(/^\/v1\/users\/user_clerk_admin\/organization_memberships(\?|$)/)
      expect((await call("GET", "/api/user/businesses", member)).body.total).toBe(0)
    })

    it("creates invitations through Clerk", async () => {
      recorded.length = 0
      const { status, body } = await call("POST", "/api/organizations/invite", admin, {
        organization_id: "org_clerk_one",
        email_address: "New.Hire@Example.com",
        redirect_url: "/welcome"
      })
      expect(status).toBe(200)
      expect(body).toEqual({ status: "success", message: "invitation sent to new.hire@example.com", invitation_id: "orginv_2abc" })
      expect(recorded).toHaveLength(1)
      expect(recorded[0]).toMatchObject({
        method: "POST",
        url: "/v1/organizations/org_clerk_one/invitations",
        authorization: `Bearer ${SECRET}`,
        body: { email_address: "new.hire@example.com", role: "org:member", redirect_url: `${BASE}/welcome`, inviter_user_id: "user_clerk_admin" }
      })
      // a service key invites with no inviter; members are refused before Clerk is called
      const byService = await call("POST", "/api/organizations/invite", SERVICE_KEY, {
        organization_id: "org_clerk_one",
        email_address: "ops@example.com",
        role: "org:admin",
        redirect_url: "/join"
      })
      expect(byService.status).toBe(200)
      expect(recorded[1]!.body).toEqual({ email_address: "ops@example.com", role: "org:admin", redirect_url: `${BASE}/join` })
      // only paths on this service: another site is refused before Clerk is called
      const offSite = await call("POST", "/api/organizations/invite", SERVICE_KEY, {
        organization_id: "org_clerk_one",
        email_address: "ops@example.com",
        redirect_url: "https://elsewhere.example/join"
      })
      expect(offSite.status).toBe(400)
      expect((await call("POST", "/api/organizations/invite", member, { organization_id: "org_clerk_one", email_address: "x@example.com" })).status).toBe(403)
      expect(recorded).toHaveLength(2)
    })

    it("answers 404 for an organization Clerk does not know", async () => {
      recorded.length = 0
      const { status, body } = await call("POST", "/api/organizations/invite", SERVICE_KEY, { organization_id: "org_missing", email_address: "z@example.com" })
      expect(status).toBe(404)
      expect(body).toEqual({ status: "error", code: "organization_not_found", message: "no organization org_missing" })
      expect(recorded.map((request) => `${request.method} ${request.url}`)).toEqual(["POST /v1/organizations/org_missing/invitations"])
    })

    it("leaves accepting invitations to Clerk: the accept link answers 400 without calling Clerk", async () => {
      recorded.length = 0
      const response = await fetch(`${service.baseUrl}/api/invitations/accept?token=anything`, {
        headers: { authorization: `Bearer ${member}` },
        redirect: "manual"
      })
      expect(response.status).toBe(400)
      expect(response.headers.get("location")).toBeNull()
      expect(await response.json()).toEqual({
        status: "error",
        code: "invalid_invitation",
        message: "invitations are sent and accepted by Clerk in this deployment: use the link in Clerk's invitation e-mail"
      })
      expect((await fetch(`${service.baseUrl}/api/invitations/accept?token=anything`, { headers: { authorization: `Bearer ${SERVICE_KEY}` } })).status).toBe(403)
      expect(recorded).toEqual([])
    })

    it("keeps no outbox: Clerk sends the e-mails", async () => {
      recorded.length = 0
      const { status, body } = await call("GET", "/api/organizations/org_clerk_one/outbox", admin)
      expect(status).toBe(404)
      expect(body).toEqual({
        status: "error",
        code: "not_found",
        message: "no outbox in clerk mode: Clerk sends the invitation e-mails; Clerk's dashboard lists the organization's invitations"
      })
      expect((await call("GET", "/api/organizations/org_clerk_one/outbox", SERVICE_KEY)).status).toBe(404)
      expect((await call("GET", "/api/organizations/org_clerk_one/outbox", member)).status).toBe(403)
      expect(recorded).toEqual([])
    })

    it("writes nothing to the local organization streams", async () => {
      const streams = await service.runtime.runPromise(Effect.forEach(CLERK_ORGS, (orgId) => Effect.flatMap(EventStore, (store) => store.readStream(orgStreamOf(orgId)))))
      expect(streams).toEqual([[], []])
    })

    it("answers 502 when Clerk fails, without the secret key", async () => {
      failNext = 500
      const { status, body } = await call("GET", "/api/user/businesses", admin)
      expect(status).toBe(502)
      expect(body.code).toBe("identity_provider_unavailable")
      expect(JSON.stringify(body)).not.toContain(SECRET)
      failNext = 401
      const refused = await call("POST", "/api/organizations/invite", admin, { organization_id: "org_clerk_one", email_address: "y@example.com" })
      expect(refused.status).toBe(500)
      expect(JSON.stringify(refused.body)).not.toContain(SECRET)
    })
  })
}
