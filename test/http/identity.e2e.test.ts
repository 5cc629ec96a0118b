/**
 * Local identity mode over HTTP: the user's organizations, invitations by e-mail with the
 * operator's outbox, acceptance by the invited user, and the read model rebuilt from the log.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { shiftedWallClock } from "../../src/config/wall-clock.ts"
import { orgStreamOf } from "../../src/domain/identity-events.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { projections } from "../../src/projections/catalog.ts"
import { verify } from "../../src/projections/rebuild.ts"
import { testDatabases } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const BASE = "https://sightline.example"
const START = new Date("2026-11-20T08:00:00Z")

for (const database of testDatabases) {
  describe(`identity, local mode (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let setNow: (instant: Date) => Promise<void>
    /** Date.now() just before the clock was set to START. */
    let startSetAt = 0
    let admin = ""
    let member = ""
    let otherAdmin = ""
    let invitee = ""
    let invitationId = ""
    let token = ""

    const call = async (method: string, path: string, bearer: string | undefined, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      }))
    const accept = (acceptToken: string, bearer: string) =>
      fetch(`${service.baseUrl}/api/invitations/accept?token=${encodeURIComponent(acceptToken)}`, {
        headers: { authorization: `Bearer ${bearer}` },
        redirect: "manual"
      })
    const invitationEvents = () =>
      service.runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(orgStreamOf("org_sunrise")))).then((events) =>
        events.filter((event) => event.type === "InvitationCreated"))
    const tokenOf = (body: string) => /\/api\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec(body)![1]!

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      const clock = await Effect.runPromise(shiftedWallClock)
      setNow = (instant) => Effect.runPromise(clock.setNow(instant))
      service = await startService(created.target, { PUBLIC_BASE_URL: BASE }, { wallClock: clock.layer })
      startSetAt = Date.now()
      await setNow(START)
      const business = await call("POST", "/api/business", SERVICE_KEY, { business_name: "Sunrise Bakery", business_url: "https://www.sunrise-bakery.example/", org_slug: "sunrise" })
      expect(business.status).toBe(201)
      admin = await service.sign({ sub: "user_admin", org_id: "org_sunrise", org_slug: "sunrise", org_role: "org:admin" })
      member = await service.sign({ sub: "user_member", org_id: "org_sunrise", org_slug: "sunrise", org_role: "org:member" })
      otherAdmin = await service.sign({ sub: "user_other", org_id: "org_other", org_slug: "other", org_role: "org:admin" })
      invitee = await service.sign({ sub: "user_invitee" })
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it("lists the token's organization with the summary fields", async () => {
      const { status, body } = await call("GET", "/api/user/businesses", admin)
      expect(status).toBe(200)
      expect(body.total).toBe(1)
      const [summary] = body.businesses
      expect(Object.keys(summary).sort()).toEqual(["business_url", "created_at", "id", "image_url", "name", "role", "slug", "subscription_status"])
      expect(summary).toMatchObject({
        id: "org_sunrise",
        name: "sunrise",
        slug: "sunrise",
        image_url: null,
        role: "org:admin",
        business_url: "https://www.sunrise-bakery.example/",
        subscription_status: "none"
      })
      // The clock runs on from START: the business was created after it was set and before now
      // (Date.now is what the shifted clock reads), however long the machine took.
      const startSeconds = START.getTime() / 1000
      expect(summary.created_at).toBeGreaterThanOrEqual(startSeconds)
      expect(summary.created_at).toBeLessThanOrEqual(startSeconds + Math.ceil((Date.now() - startSetAt) / 1000))
    })

    it("refuses a service key on the user's organizations", async () => {
      expect((await call("GET", "/api/user/businesses", SERVICE_KEY)).status).toBe(403)
    })

    it("invites by an admin and queues an e-mail with the accept link", async () => {
      const { status, body } = await call("POST", "/api/organizations/invite", admin, {
        organization_id: "org_sunrise",
        email_address: "New.Person@Example.com",
        redirect_url: "/welcome"
      })
      expect(status).toBe(200)
      expect(body).toMatchObject({ status: "success", invitation_id: expect.any(String) })
      expect(body.message).toContain("new.person@example.com")
      invitationId = body.invitation_id
      const outbox = await call("GET", "/api/organizations/org_sunrise/outbox", admin)
      expect(outbox.status).toBe(200)
      expect(outbox.body.total).toBe(1)
      const [mail] = outbox.body.messages
      // without SMTP_URL the e-mail is only queued: nothing is sent
      expect(mail).toMatchObject({ invitation_id: invitationId, to: "new.person@example.com", sent_at: null, last_error: null })
      expect(mail.body).toContain(`${BASE}/api/invitations/accept?token=`)
      token = decodeURIComponent(tokenOf(mail.body))
      // the operator view is for admins and service keys
      expect((await call("GET", "/api/organizations/org_sunrise/outbox", SERVICE_KEY)).body.total).toBe(1)
      expect((await call("GET", "/api/organizations/org_sunrise/outbox", member)).status).toBe(403)
      // the log keeps only the token's hash
      const [created] = await invitationEvents()
      expect(JSON.stringify(created!.data)).not.toContain(token)
    })

    it("refuses members, other organizations, missing tokens and bad addresses", async () => {
      const payload = { organization_id: "org_sunrise", email_address: "someone@example.com" }
      const byMember = await call("POST", "/api/organizations/invite", member, payload)
      expect(byMember.status).toBe(403)
      expect(byMember.body.code).toBe("forbidden")
      expect((await call("POST", "/api/organizations/invite", otherAdmin, payload)).status).toBe(403)
      const anonymous = await call("POST", "/api/organizations/invite", undefined, payload)
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.code).toBe("unauthorized")
      const bad = await call("POST", "/api/organizations/invite", admin, { ...payload, email_address: "not-an-address" })
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe("invalid_request")
      const badRedirect = await call("POST", "/api/organizations/invite", admin, { ...payload, redirect_url: "javascript:alert(1)" })
      expect(badRedirect.status).toBe(400)
    })

    it("answers the pending invitation again for the same address", async () => {
      const again = await call("POST", "/api/organizations/invite", admin, { organization_id: "org_sunrise", email_address: "new.person@example.com" })
      expect(again.status).toBe(200)
      expect(again.body.invitation_id).toBe(invitationId)
      expect(await invitationEvents()).toHaveLength(1)
      expect((await call("GET", "/api/organizations/org_sunrise/outbox", admin)).body.total).toBe(1)
    })

    it("accepts with the invited user's token, once", async () => {
      // the invitee's token carries no e-mail claim: the single-use link alone decides
      const accepted = await accept(token, invitee)
      expect(accepted.status).toBe(302)
      expect(accepted.headers.get("location")).toBe("/welcome")
      const { body } = await call("GET", "/api/user/businesses", invitee)
      expect(body.total).toBe(1)
      expect(body.businesses[0]).toMatchObject({ id: "org_sunrise", slug: "sunrise", role: "org:member", business_url: "https://www.sunrise-bakery.example/" })

      const second = await accept(token, invitee)
      expect(second.status).toBe(410)
      expect(await second.json()).toMatchObject({ status: "error", code: "invitation_used" })
      const unknown = await accept("no-such-token", invitee)
      expect(unknown.status).toBe(400)
      expect(await unknown.json()).toMatchObject({ status: "error", code: "invalid_invitation" })
      expect((await fetch(`${service.baseUrl}/api/invitations/accept?token=${token}`, { redirect: "manual" })).status).toBe(401)
    })

    it("checks the token's e-mail claim against the invited address, case-insensitively", async () => {
      const invited = await call("POST", "/api/organizations/invite", admin, { organization_id: "org_sunrise", email_address: "Chef@Sunrise.example" })
      expect(invited.status).toBe(200)
      const outbox = await call("GET", "/api/organizations/org_sunrise/outbox", admin)
      const mail = outbox.body.messages.find((message: { invitation_id: string }) => message.invitation_id === invited.body.invitation_id)
      expect(mail.to).toBe("chef@sunrise.example")
      const chefToken = decodeURIComponent(tokenOf(mail.body))
      const stranger = await service.sign({ sub: "user_stranger", email: "someone.else@example.com" })
      const refused = await accept(chefToken, stranger)
      expect(refused.status).toBe(403)
      expect(refused.headers.get("location")).toBeNull()
      expect(await refused.json()).toEqual({
        status: "error",
        code: "forbidden",
        message: "this invitation was sent to another e-mail address than the one of your account; sign in with the invited address to accept it"
      })
      expect((await call("GET", "/api/user/businesses", stranger)).body).toEqual({ businesses: [], total: 0 })

      const chef = await service.sign({ sub: "user_chef", email: "CHEF@sunrise.EXAMPLE" })
      const accepted = await accept(chefToken, chef)
      expect(accepted.status).toBe(302)
      expect(accepted.headers.get("location")).toBe("/dashboard")
      const { body } = await call("GET", "/api/user/businesses", chef)
      expect(body.businesses.map((summary: { id: string; role: string }) => [summary.id, summary.role])).toEqual([["org_sunrise", "org:member"]])
      // the recipient is checked before the invitation's state
      expect((await accept(chefToken, stranger)).status).toBe(403)
      expect((await accept(chefToken, chef)).status).toBe(410)
    })

    it("refuses an invitation after 7 days", async () => {
      const invited = await call("POST", "/api/organizations/invite", SERVICE_KEY, { organization_id: "org_sunrise", email_address: "late@example.com", role: "org:admin" })
      expect(invited.status).toBe(200)
      const outbox = await call("GET", "/api/organizations/org_sunrise/outbox", SERVICE_KEY)
      const mail = outbox.body.messages.find((message: { to: string }) => message.to === "late@example.com")
      await setNow(new Date(START.getTime() + 8 * 24 * 60 * 60 * 1000))
      const late = await accept(decodeURIComponent(tokenOf(mail.body)), otherAdmin)
      expect(late.status).toBe(410)
      expect(await late.json()).toMatchObject({ status: "error", code: "invitation_expired" })
      const { body } = await call("GET", "/api/user/businesses", otherAdmin)
      expect(body.businesses.map((summary: { id: string; role: string }) => [summary.id, summary.role])).toEqual([["org_other", "org:admin"]])
    })

    it("rebuilds the organizations read model from the log exactly", async () => {
      expect((await service.runtime.runPromise(verify(projections))).differences).toBe(0)
    })
  })
}
