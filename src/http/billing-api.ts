/** Billing: the customer portal (users of an organization) and the Stripe webhook (public, signed). */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./authentication.ts"
import { Forbidden, NotFound, Unavailable } from "./errors.ts"

export class BillingPortalRequest extends Schema.Class<BillingPortalRequest>("BillingPortalRequest")({
  return_url: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2048))
}) {}

export class BillingApi extends HttpApiGroup.make("billing")
  .add(
    HttpApiEndpoint.post("billingPortal", "/api/billing-portal")
      .setPayload(BillingPortalRequest)
      .addSuccess(Schema.Struct({ url: Schema.String }))
  )
  .addError(Forbidden)
  .addError(NotFound)
  .middleware(Authentication)
{}

/** Verified by its `Stripe-Signature` over the raw body, so it declares no payload schema. */
export class StripeWebhookApi extends HttpApiGroup.make("stripeWebhook")
  .add(
    HttpApiEndpoint.post("stripeWebhook", "/api/webhooks/stripe")
      .addSuccess(Schema.Struct({ received: Schema.Literal(true), duplicate: Schema.optional(Schema.Boolean) }))
      .addError(Unavailable)
  )
{}
