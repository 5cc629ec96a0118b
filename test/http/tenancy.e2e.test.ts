/**
 * Tenants stay within what is theirs: a user token cannot name another organization when
 * creating a business, invitations lead only to paths on this service, the public ranking score
 * is limited per address, a deleted product can be onboarded again, and the invitation answer
 * says where the e-mail went.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { IdentityJournal } from "../../src/writers/identity-journal.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { testDatabases } from "../support/databases.ts"
import { type FixtureSite, startFixtureSite } from "../support/fixture-site.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { followJob } from "../support/jobs.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const RANKING_BUDGET = 4

for (const database of testDatabases) {
  describe(`tenancy (${database.name})`, () => {
    let service: RunningService
    let site: FixtureSite
    let release = async () => {}
    let admin = ""

    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

    const waitForJob = (jobId: string) => followJob(call, jobId)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      site = await startFixtureSite()
      service = await startService(created.target, {
        CRAWLER_ALLOW_PRIVATE: "true",
        RANKING_RATE_LIMIT_PER_MINUTE: String(RANKING_BUDGET),
        PUBLIC_BASE_URL: "https://sightline.example"
      })
      admin = await service.sign({ sub: "user_tess", org_id: "org_tess", org_slug: "tess", org_role: "org:admin", email: "tess@example.com" })
    })
    afterAll(async () => {
      await service?.stop()
      await site?.close()
      await release()
    })

    describe("identity_org_id and identity_user_id", () => {
      it("refuses a user token naming another organization or user (403)", async () => {
        const mallory = await service.sign({ sub: "user_mallory", org_id: "org_mallory", org_slug: "mallory", org_role: "org:admin" })
        expect(await call("POST", "/api/business", { business_name: "Evil", identity_org_id: "org_victim" }, bearer(mallory))).toEqual({
          status: 403,
          body: { status: "error", code: "forbidden", message: "identity_org_id may name another organization than the token's only with a service API key" }
        })
        expect(await call("POST", "/api/business", { business_name: "Evil", identity_user_id: "user_victim" }, bearer(mallory))).toEqual({
          status: 403,
          body: { status: "error", code: "forbidden", message: "identity_user_id may name another user than the token's only with a service API key" }
        })
        // No organization was created or joined on the way.
        const listed = await call("GET", "/api/user/businesses", undefined, bearer(mallory))
        expect(listed.body.businesses.map((b: { id: string }) => b.id)).toEqual(["org_mallory"])
        // The token's own values are fine.
        const own = await call("POST", "/api/business", { business_name: "Mallory Shop", identity_org_id: "org_mallory", identity_user_id: "user_mallory" }, bearer(mallory))
        expect(own.status).toBe(201)
      })

      it("lets a service key name any organization and user", async () => {
        const created = await call("POST", "/api/business", {
          business_name: "Victim Co",
          org_slug: "victimco",
          identity_org_id: "org_victim",
          identity_user_id: "user_victim"
        })
        expect(created.status).toBe(201)
        const victim = await service.sign({ sub: "user_victim", org_id: "org_victim", org_slug: "victimco", org_role: "org:admin" })
        const listed = await call("GET", "/api/user/businesses", undefined, bearer(victim))
        expect(listed.body.businesses).toMatchObject([{ id: "org_victim", name: "Victim Co", role: "org:admin" }])
      })
    })

    describe("invitation redirect_url", () => {
      const invite = (redirect: string, email = "guest@example.com") =>
        call("POST", "/api/organizations/invite", { organization_id: "org_tess", email_address: email, redirect_url: redirect }, bearer(admin))

      it.each([
        "/\\evil.example",
        "/\t/evil.example",
        "//evil.example",
        "/%5Cevil.example",
        "/%09/evil.example",
        "https://evil.example",
        "javascript:alert(1)",
        "/ok\r\nSet-Cookie:a=b",
        "/ok\u2028",
        "/dashboard/日本"
      ])("refuses %j with 400", async (redirect) => {
        const answer = await invite(redirect)
        expect(answer.status).toBe(400)
        expect(answer.body.code).toBe("invalid_request")
        expect(answer.body.message).toContain(
          "redirect_url must be a path on this service: starting with a single /, without backslashes, spaces or control characters (percent-encode any other character)"
        )
      })

      it("accepts a percent-encoded path, says the e-mail waits in the outbox, and redirects there once", async () => {
        const answer = await invite("/dashboard/%E6%97%A5%E6%9C%AC?tab=team#top", "colleague@example.com")
        expect(answer).toEqual({
          status: 200,
          body: {
            status: "success",
            message:
              "invitation to colleague@example.com created and queued in the outbox, not e-mailed: SMTP_URL is not set; GET /api/organizations/org_tess/outbox shows the message with its accept link",
            invitation_id: answer.body.invitation_id
          }
        })
        const outbox = await call("GET", "/api/organizations/org_tess/outbox", undefined, bearer(admin))
        const body = outbox.body.messages.find((m: { to: string }) => m.to === "colleague@example.com").body as string
        const token = /\/api\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec(body)![1]!
        const colleague = await service.sign({ sub: "user_colleague", email: "colleague@example.com" })
        const accepted = await fetch(`${service.baseUrl}/api/invitations/accept?token=${token}`, { headers: bearer(colleague), redirect: "manual" })
        expect(accepted.status).toBe(302)
        expect(accepted.headers.get("location")).toBe("/dashboard/%E6%97%A5%E6%9C%AC?tab=team#top")
      })

      it("answers an invitation stored with a header-illegal redirect with the default path, never hanging", async () => {
        // Recorded as an earlier version of the service accepted it.
        const result = await service.runtime.runPromise(Effect.flatMap(IdentityJournal, (journal) =>
          journal.invite({
            orgId: "org_tess",
            emailAddress: "legacy@example.com",
            role: "org:member",
            redirectUrl: "/welcome\u2028",
            at: new Date(),
            email: (token) => ({ subject: "join", body: `token=${token}` })
          })))
        const token = /token=(\S+)/.exec(result.mail!.body)![1]!
        const legacy = await service.sign({ sub: "user_legacy", email: "legacy@example.com" })
        const accept = () =>
          fetch(`${service.baseUrl}/api/invitations/accept?token=${token}`, { headers: bearer(legacy), redirect: "manual", signal: AbortSignal.timeout(15_000) })
        // The organizations read model may not have the invitation yet: wait until it has passed
        // the invitation's event (not a 15 s poll of the endpoint).
        await service.runtime.runPromise(Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(result.position, ["organizations"])))
        const accepted = await accept()
        expect(accepted.status).toBe(302)
        expect(accepted.headers.get("location")).toBe("/dashboard")
      })
    })

    it("limits GET /api/ranking-score per client address: 429 rate_limited with Retry-After past the budget", async () => {
      for (let i = 0; i < RANKING_BUDGET; i++) {
        const answer = await fetch(`${service.baseUrl}/api/ranking-score?url=${encodeURIComponent(`https://flood-${i}.example`)}`)
        expect(answer.status).toBe(200)
      }
      const refused = await fetch(`${service.baseUrl}/api/ranking-score?url=${encodeURIComponent("https://flood-x.example")}`)
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get("retry-after"))
      // The bucket refills one request every 60 / RANKING_BUDGET seconds.
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60 / RANKING_BUDGET)
      expect(await refused.json()).toEqual({
        status: "error",
        code: "rate_limited",
        message: `at most ${RANKING_BUDGET} ranking-score requests a minute per address; retry later`,
        retry_after: retryAfter
      })
    })

    it("onboards a deleted product again: listed and in the daily run, its old history still readable", async () => {
      const product = { item_id: "country-sourdough", url: `${site.baseUrl}/products/country-sourdough`, name: "Country Sourdough" }
      const first = await call("POST", "/api/generate-all", { url: `${site.baseUrl}/`, org_slug: "crumb", products: [product] })
      expect(first.status).toBe(202)
      expect((await waitForJob(first.body.job_id)).state).toBe("succeeded")
      const before = await call("GET", "/api/prompts/crumb?item_id=country-sourdough")
      expect(before.status).toBe(200)

      expect((await call("DELETE", "/api/products/crumb/country-sourdough")).status).toBe(200)
      const afterDelete = await call("GET", "/api/cron/entities?business_id=crumb")
      expect(afterDelete.body.entities.map((e: { item_id: string | null }) => e.item_id)).toEqual([null])

      const again = await call("POST", "/api/generate-all", { url: `${site.baseUrl}/`, org_slug: "crumb", products: [product] })
      expect(again.status).toBe(202)
      expect((await waitForJob(again.body.job_id)).state).toBe("succeeded")
      const listed = await call("GET", "/api/cron/entities?business_id=crumb")
      expect(listed.body.entities.map((e: { item_id: string | null }) => e.item_id)).toEqual([null, "country-sourdough"])
      const prompts = await call("GET", "/api/prompts/crumb?item_id=country-sourdough")
      expect(prompts.status).toBe(200)
      expect(prompts.body.prompts.length).toBe(before.body.prompts.length)
    }, 360_000)
  })
}
