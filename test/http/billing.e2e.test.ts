/**
 * Billing over HTTP: the Stripe webhook (signed, idempotent) links customers and keeps the
 * subscription status; the customer portal answers the provider's session URL, through the
 * official Stripe client pointed at a loopback server.
 */
import { Effect } from "effect"
import Stripe from "stripe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { BillingAccounts } from "../../src/projections/billing.ts"
import { projections } from "../../src/projections/catalog.ts"
import { verify } from "../../src/projections/rebuild.ts"
import { testDatabases } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { startStripeServer, type StripeServer } from "../support/stripe-server.ts"

const SECRET_KEY = "sk_test_sightline_0123456789"
const WEBHOOK_SECRET = "whsec_sightline_test_secret"
const stripe = new Stripe(SECRET_KEY)

const signed = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event)
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) }
}

const stripeEvent = (id: string, type: string, object: Record<string, unknown>) => ({
  id,
  object: "event",
  api_version: "2025-01-01",
  created: 1_763_700_000,
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object }
})

for (const database of testDatabases) {
  describe(`billing (${database.name})`, () => {
    let service: RunningService
    let provider: StripeServer
    let release = async () => {}

    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      json(await fetch(`${service.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }))
    const deliver = async (event: Record<string, unknown>, secret?: string) => {
      const { payload, signature } = signed(event, secret)
      return json(await fetch(`${service.baseUrl}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload
      }))
    }
    const userToken = async (orgId: string | undefined, role: "org:admin" | "org:member" = "org:member") =>
      `Bearer ${await service.sign(orgId === undefined ? { sub: "user_billing" } : { sub: "user_billing", org_id: orgId, org_slug: orgId.replace(/^org_/, ""), org_role: role })}`
    const portal = async (orgId: string | undefined, body: unknown = { return_url: "https://app.example/settings" }) =>
      post("/api/billing-portal", body, { authorization: await userToken(orgId) })
    const eventsOf = (streamId: string) => service.runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(streamId)))

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      provider = await startStripeServer()
      service = await startService(created.target, {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_API_URL: provider.url,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET
      })
      for (const slug of ["bakery", "florist"]) {
        const answer = await post("/api/business", { business_name: `The ${slug}`, org_slug: slug, identity_org_id: `org_${slug}` }, { authorization: `Bearer ${SERVICE_KEY}` })
        expect(answer.status).toBe(201)
      }
    })
    afterAll(async () => {
      await service?.stop()
      await provider?.close()
      await release()
    })

    it("links the customer from a signed checkout.session.completed, then opens the portal", async () => {
      const event = stripeEvent("evt_checkout_1", "checkout.session.completed", {
        id: "cs_test_1",
        object: "checkout.session",
        client_reference_id: "org_bakery",
        customer: "cus_bakery",
        subscription: "sub_bakery"
      })
      expect(await deliver(event)).toEqual({ status: 200, body: { received: true } })
      expect(await service.runtime.runPromise(Effect.flatMap(BillingAccounts, (accounts) => accounts.customerOf("org_bakery")))).toBe("cus_bakery")

      const answer = await portal("org_bakery")
      expect(answer.status).toBe(200)
      expect(answer.body.url).toMatch(/^https:\/\/billing\.example\/session\/bps_/)
      const seen = provider.requests.at(-1)!
      expect(seen.path).toBe("/v1/billing_portal/sessions")
      expect(seen.form).toEqual({ customer: "cus_bakery", return_url: "https://app.example/settings" })
      expect(seen.authorization).toBe(`Bearer ${SECRET_KEY}`)
    })

    it("answers every error of the portal with its exact body", async () => {
      expect(await post("/api/billing-portal", { return_url: "https://app.example/" })).toEqual({
        status: 401,
        body: { status: "error", code: "unauthorized", message: "missing Authorization: Bearer <token> header" }
      })
      expect(await portal(undefined)).toEqual({
        status: 401,
        body: { status: "error", code: "missing_organization", message: "the token carries no organization (org_id)" }
      })
      expect(await portal("org_florist")).toEqual({
        status: 400,
        body: { status: "error", code: "no_billing_customer", message: "the organization has no billing customer yet: subscribe first" }
      })
      expect(await portal("org_nobody")).toEqual({
        status: 404,
        body: { status: "error", code: "organization_not_found", message: "no organization with this id is known" }
      })
      expect((await portal("org_bakery", { return_url: "javascript:alert(1)" })).body).toEqual({
        status: "error",
        code: "invalid_request",
        message: "return_url: expected an http(s) web address"
      })
      expect(await post("/api/billing-portal", { return_url: "https://app.example/" }, { authorization: `Bearer ${SERVICE_KEY}` })).toEqual({
        status: 403,
        body: { status: "error", code: "forbidden", message: "the billing portal needs a user token with an organization" }
      })
      for (const failure of [500, 402] as const) {
        provider.failWith(failure)
        const before = provider.requests.length
        const answer = await portal("org_bakery")
        provider.failWith(null)
        expect(answer).toEqual({
          status: 500,
          body: { status: "error", code: "provider_error", message: "the billing provider failed to handle this request" }
        })
        expect(JSON.stringify(answer.body)).not.toContain("secret-detail")
        expect(provider.requests.length).toBeGreaterThan(before)
      }
    })

    it("refuses a webhook with a bad or missing signature", async () => {
      const event = stripeEvent("evt_forged", "checkout.session.completed", { client_reference_id: "org_florist", customer: "cus_forged" })
      const forged = await deliver(event, "whsec_wrong")
      expect(forged.status).toBe(400)
      expect(forged.body.code).toBe("invalid_signature")
      const unsigned = await json(await fetch(`${service.baseUrl}/api/webhooks/stripe`, { method: "POST", body: JSON.stringify(event) }))
      expect(unsigned.status).toBe(400)
      expect(unsigned.body.code).toBe("invalid_signature")
      expect((await portal("org_florist")).body.code).toBe("no_billing_customer")
    })

    it("records a redelivered event once", async () => {
      const event = stripeEvent("evt_sub_created", "customer.subscription.created", {
        id: "sub_florist",
        object: "subscription",
        customer: "cus_florist",
        status: "trialing",
        metadata: { org_id: "org_florist" }
      })
      expect(await deliver(event)).toEqual({ status: 200, body: { received: true } })
      const written = (await eventsOf("billing-org_florist")).length
      expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } })
      expect((await eventsOf("billing-org_florist")).length).toBe(written)
      expect((await eventsOf("billing-org_florist")).map((e) => e.type)).toEqual(["StripeCustomerLinked", "SubscriptionStatusChanged", "StripeEventProcessed"])
      const statusOf = (orgId: string) => service.runtime.runPromise(Effect.flatMap(BillingAccounts, (accounts) => accounts.statusOf(orgId)))
      expect(await statusOf("org_florist")).toBe("trialing")
      expect((await portal("org_florist")).status).toBe(200)
    })

    it("keeps the subscription status: updated, then deleted → canceled; other types are ignored", async () => {
      const statusOf = (orgId: string) => service.runtime.runPromise(Effect.flatMap(BillingAccounts, (accounts) => accounts.statusOf(orgId)))
      const subscription = (status: string) => ({ id: "sub_bakery", object: "subscription", customer: "cus_bakery", status, metadata: { org_id: "org_bakery" } })
      expect((await deliver(stripeEvent("evt_sub_updated", "customer.subscription.updated", subscription("active")))).status).toBe(200)
      expect(await statusOf("org_bakery")).toBe("active")
      expect((await deliver(stripeEvent("evt_sub_deleted", "customer.subscription.deleted", subscription("active")))).status).toBe(200)
      expect(await statusOf("org_bakery")).toBe("canceled")
      expect(await deliver(stripeEvent("evt_invoice", "invoice.paid", { id: "in_1", object: "invoice" }))).toEqual({ status: 200, body: { received: true } })
      expect((await eventsOf("billing-unassigned")).map((e) => e.type)).toEqual(["StripeEventProcessed"])
      // Customer stays linked; checkout's link counted once.
      const bakery = await eventsOf("billing-org_bakery")
      expect(bakery.filter((e) => e.type === "StripeCustomerLinked")).toHaveLength(1)
    })

    it("links a customer through POST /api/business with a service key and identity_org_id", async () => {
      const asService = { authorization: `Bearer ${SERVICE_KEY}` }
      const create = (body: Record<string, unknown>, headers: Record<string, string> = asService) =>
        post("/api/business", { business_name: "The kiosk", ...body }, headers)
      expect(await create({ org_slug: "kiosk-a", stripe_customer_id: "cus_kiosk" })).toMatchObject({
        status: 400,
        body: { code: "invalid_request", message: "stripe_customer_id needs identity_org_id: the organization the customer belongs to" }
      })
      expect((await create({ org_slug: "kiosk-b", identity_org_id: "org_kiosk", stripe_customer_id: "acct_kiosk" })).status).toBe(400)
      expect((await create({ org_slug: "kiosk-c", identity_org_id: "org_kiosk", stripe_customer_id: `cus_${"x".repeat(97)}` })).status).toBe(400)
      const admin = await service.sign({ sub: "user_kiosk", org_id: "org_kiosk", org_slug: "kiosk", org_role: "org:admin" })
      expect(await create({ org_slug: "kiosk", identity_org_id: "org_kiosk", stripe_customer_id: "cus_kiosk" }, { authorization: `Bearer ${admin}` })).toMatchObject({
        status: 403,
        body: { code: "forbidden", message: "stripe_customer_id may only be set with a service API key" }
      })
      expect(await eventsOf("billing-org_kiosk")).toEqual([])

      expect((await create({ org_slug: "kiosk", identity_org_id: "org_kiosk", stripe_customer_id: "cus_kiosk" })).status).toBe(201)
      // Readable as soon as the answer comes.
      expect(await service.runtime.runPromise(Effect.flatMap(BillingAccounts, (accounts) => accounts.customerOf("org_kiosk")))).toBe("cus_kiosk")
      const linked = await eventsOf("billing-org_kiosk")
      expect(linked.map((e) => [e.type, (e.data as { source?: string }).source])).toEqual([["StripeCustomerLinked", "api"]])
      // The same link again (another business of the organization) writes nothing.
      expect((await create({ org_slug: "kiosk-2", identity_org_id: "org_kiosk", stripe_customer_id: "cus_kiosk" })).status).toBe(201)
      expect((await eventsOf("billing-org_kiosk")).map((e) => e.eventId)).toEqual(linked.map((e) => e.eventId))
      const answer = await portal("org_kiosk")
      expect(answer.status).toBe(200)
      expect(provider.requests.at(-1)!.form.customer).toBe("cus_kiosk")
    })

    it("gives GET /api/user/businesses the organization's subscription status", async () => {
      const statusIn = async (orgId: string) => {
        const token = await service.sign({ sub: `user_${orgId}`, org_id: orgId, org_slug: orgId.replace(/^org_/, ""), org_role: "org:admin" })
        const answer = await json(await fetch(`${service.baseUrl}/api/user/businesses`, { headers: { authorization: `Bearer ${token}` } }))
        expect(answer.status).toBe(200)
        return (answer.body.businesses as Array<{ id: string; subscription_status: string }>).find((b) => b.id === orgId)?.subscription_status
      }
      expect(await statusIn("org_bakery")).toBe("canceled")
      expect(await statusIn("org_florist")).toBe("trialing")
      // A linked customer without a subscription yet, and no billing account at all: "none".
      expect(await statusIn("org_kiosk")).toBe("none")
      expect(await statusIn("org_unbilled")).toBe("none")
    })

    it("rebuilds the read models from the log with no difference", async () => {
      const report = await service.runtime.runPromise(verify(projections))
      expect(report.differences).toBe(0)
    })
  })
}
