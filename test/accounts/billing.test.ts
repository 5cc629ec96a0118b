import { Effect, Option, Redacted } from "effect"
import { describe, expect, it } from "vitest"
import { clientConfigFor, makeStripeBilling } from "../../src/accounts/billing.ts"

describe("Stripe billing adapter", () => {
  it("fails with a provider error when billing is not configured", async () => {
    const billing = makeStripeBilling({ secretKey: Option.none(), apiUrl: Option.none(), webhookSecret: Option.none() })
    const portal = await Effect.runPromise(Effect.flip(billing.createPortalSession("cus_1", "https://app.example/")))
    expect(portal).toMatchObject({ _tag: "BillingProviderError", message: "billing is not configured: STRIPE_SECRET_KEY is unset" })
    const webhook = await Effect.runPromise(Effect.flip(billing.verifyWebhook("{}", "t=1,v1=abc")))
    expect(webhook).toMatchObject({ _tag: "BillingProviderError", message: "billing is not configured: STRIPE_WEBHOOK_SECRET is unset" })
  })

  it("refuses a missing signature", async () => {
    const billing = makeStripeBilling({ secretKey: Option.none(), apiUrl: Option.none(), webhookSecret: Option.some(Redacted.make("whsec_x")) })
    expect(await Effect.runPromise(Effect.flip(billing.verifyWebhook("{}", undefined)))).toMatchObject({ _tag: "InvalidSignature" })
  })

  it("points the client at STRIPE_API_URL", () => {
    expect(clientConfigFor(Option.some("http://127.0.0.1:4010"))).toEqual({ maxNetworkRetries: 1, timeout: 20000, host: "127.0.0.1", port: 4010, protocol: "http" })
    expect(clientConfigFor(Option.none())).toEqual({ maxNetworkRetries: 1, timeout: 20000 })
  })
})
