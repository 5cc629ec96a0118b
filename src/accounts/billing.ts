/**
 * The billing port: customer-portal sessions and webhook verification at the payment provider,
 * with a Stripe adapter over the official client. Provider messages and keys never leave here.
 * The client's module is loaded on the first billing call, not at start-up, which most starts
 * (no Stripe configured, or no billing request yet) would pay for without using it.
 */
import { Context, Data, Effect, Layer, Option, Redacted } from "effect"
import type Stripe from "stripe"
import { AppConfig } from "../config/app-config.ts"

export class BillingProviderError extends Data.TaggedError("BillingProviderError")<{ readonly message: string }> {}

export class InvalidSignature extends Data.TaggedError("InvalidSignature")<{ readonly message: string }> {}

/** A verified webhook event: only what the service reads of it. */
export interface VerifiedEvent {
  readonly id: string
  readonly type: string
  readonly object: Record<string, unknown>
}

export interface BillingPort {
  readonly createPortalSession: (customerId: string, returnUrl: string) => Effect.Effect<string, BillingProviderError>
  /** Verifies the `Stripe-Signature` header over the raw body. */
  readonly verifyWebhook: (rawBody: string, signature: string | undefined) => Effect.Effect<VerifiedEvent, InvalidSignature | BillingProviderError>
}

export class Billing extends Context.Tag("Billing")<Billing, BillingPort>() {}

const notConfigured = (what: string) => new BillingProviderError({ message: `billing is not configured: ${what} is unset` })

export const clientConfigFor = (apiUrl: Option.Option<URL | string>): Stripe.StripeConfig => {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20000 }
  if (Option.isNone(apiUrl)) return base
  const url = new URL(String(apiUrl.value))
  const protocol = url.protocol === "http:" ? "http" : "https"
  return {
    ...base,
    host: url.hostname,
    port: url.port === "" ? (protocol === "http" ? 80 : 443) : Number(url.port),
    protocol
  }
}

export const makeStripeBilling = (settings: {
  readonly secretKey: Option.Option<Redacted.Redacted<string>>
  readonly apiUrl: Option.Option<URL | string>
  readonly webhookSecret: Option.Option<Redacted.Redacted<string>>
}): BillingPort => {
  let loading: Promise<{ readonly module: typeof Stripe; readonly client: Option.Option<Stripe>; readonly verifier: Stripe }> | undefined
  const clients = Effect.promise(() =>
    loading ??= import("stripe").then(({ default: StripeClient }) => {
      const client = Option.map(settings.secretKey, (key) => new StripeClient(Redacted.value(key), clientConfigFor(settings.apiUrl)))
      // Verification needs no API key: a client without one is enough for `webhooks`.
      const verifier = Option.getOrElse(client, () => new StripeClient("sk_unset", clientConfigFor(settings.apiUrl)))
      return { module: StripeClient, client, verifier }
    })
  )

  const createPortalSession = (customerId: string, returnUrl: string) =>
    Option.match(settings.secretKey, {
      onNone: () => Effect.fail(notConfigured("STRIPE_SECRET_KEY")),
      onSome: () =>
        Effect.flatMap(clients, ({ client, module }) =>
          Effect.tryPromise({
            try: () => Option.getOrThrow(client).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
            catch: (cause) =>
              new BillingProviderError({ message: `the billing provider failed: ${cause instanceof module.errors.StripeError ? cause.type : "unknown"}` })
          })
        ).pipe(
          Effect.flatMap((session) =>
            typeof session.url === "string" && session.url !== ""
              ? Effect.succeed(session.url)
              : Effect.fail(new BillingProviderError({ message: "the billing provider answered no portal url" }))
          ),
          Effect.withSpan("Billing.createPortalSession")
        )
    })

  const verifyWebhook = (rawBody: string, signature: string | undefined) =>
    Option.match(settings.webhookSecret, {
      onNone: () => Effect.fail(notConfigured("STRIPE_WEBHOOK_SECRET")),
      onSome: (secret) =>
        Effect.suspend(() => {
          if (signature === undefined || signature === "") return Effect.fail(new InvalidSignature({ message: "the Stripe-Signature header is missing" }))
          return Effect.flatMap(clients, ({ verifier }) =>
            Effect.try({
              try: () => verifier.webhooks.constructEvent(rawBody, signature, Redacted.value(secret)),
              catch: () => new InvalidSignature({ message: "the Stripe-Signature header does not match the body" })
            })
          ).pipe(Effect.map((event): VerifiedEvent => ({
            id: event.id,
            type: event.type,
            object: (event.data?.object ?? {}) as unknown as Record<string, unknown>
          })))
        })
    })

  return { createPortalSession, verifyWebhook }
}

/** The Stripe adapter, configured by STRIPE_SECRET_KEY, STRIPE_API_URL and STRIPE_WEBHOOK_SECRET. */
export const StripeBillingLive = Layer.effect(
  Billing,
  Effect.map(AppConfig, (config) =>
    makeStripeBilling({
      secretKey: config.stripeSecretKey,
      apiUrl: config.stripeApiUrl,
      webhookSecret: config.stripeWebhookSecret
    }))
)
