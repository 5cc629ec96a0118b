/** Billing: the customer portal (users of an organization) and the Stripe webhook (public, signed). */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Context, Schema } from "effect"
import { Authentication } from "./authentication.ts"
import { Forbidden, NotFound, Unavailable } from "./errors.ts"
import { operation } from "./openapi-document.ts"

export class BillingPortalRequest extends Schema.Class<BillingPortalRequest>("BillingPortalRequest")({
  return_url: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(2048)).annotations({
    description: "Where the portal sends the user back, an http(s) address.",
    examples: ["https://app.bluedoorbakery.example/settings/billing"]
  })
}) {}

export class BillingApi extends HttpApiGroup.make("billing")
  .add(
    HttpApiEndpoint.post("billingPortal", "/api/billing-portal")
      .setPayload(BillingPortalRequest)
      .addSuccess(Schema.Struct({
        url: Schema.String.annotations({ examples: ["https://billing.stripe.com/p/session/test_YWNjdF8xTmJsdWVkb29y"] })
      }))
      .annotateContext(operation({
        summary: "Open the billing portal",
        access: "billing",
        description:
          "Creates a Stripe customer-portal session for the token's organization and answers its address; the user manages the subscription there and comes back to `return_url`.",
        errors: [
          "400 `invalid_request`: `return_url` is not an http(s) address; `no_billing_customer`: the organization has no billing customer yet (subscribe first).",
          "401 `missing_organization`: the user token carries no `org_id`.",
          "403 `forbidden`: a service API key.",
          "404 `organization_not_found`: the token's organization is not known.",
          "500 `provider_error`: Stripe failed to create the session."
        ]
      }))
  )
  .addError(Forbidden)
  .addError(NotFound)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Billing", description: "The Stripe customer portal of the caller's organization." }))
{}

/**
 * The webhook's body and signature header, which its schema does not declare: the handler
 * reads the raw body to verify the signature over it.
 */
const STRIPE_WEBHOOK_INPUT = {
  parameters: [{
    name: "Stripe-Signature",
    in: "header",
    required: true,
    description: "Stripe's signature over the raw body, verified with `STRIPE_WEBHOOK_SECRET`.",
    schema: { type: "string", examples: ["t=1762351407,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"] }
  }],
  requestBody: {
    required: true,
    description: "A Stripe event, exactly as Stripe sent it.",
    content: {
      "application/json": {
        schema: {
          type: "object",
          required: ["id", "type", "data"],
          properties: {
            id: { type: "string", examples: ["evt_1QbluedoorBakery"] },
            type: { type: "string", examples: ["customer.subscription.updated"] },
            data: { type: "object", properties: { object: { type: "object" } } }
          }
        }
      }
    }
  }
}

/** Verified by its `Stripe-Signature` over the raw body, so it declares no payload schema. */
export class StripeWebhookApi extends HttpApiGroup.make("stripeWebhook")
  .add(
    HttpApiEndpoint.post("stripeWebhook", "/api/webhooks/stripe")
      .addSuccess(Schema.Struct({ received: Schema.Literal(true), duplicate: Schema.optional(Schema.Boolean) }))
      .addError(Unavailable)
      .annotateContext(Context.merge(
        operation({
          summary: "Receive a Stripe event",
          access: "public",
          description:
            "Stripe posts billing events here. A verified event is recorded once (a repeat answers `duplicate: true`); checkout and subscription events link the organization's customer and update its subscription status.",
          errors: [
            "400 `invalid_signature`: the `Stripe-Signature` header is missing or does not verify over the body.",
            "413 `payload_too_large`: the body is over 1 MiB.",
            "500 `provider_error`: the webhook is not configured (`STRIPE_WEBHOOK_SECRET`).",
            "503 `projection_lagging`: the event was recorded but is not readable yet; Stripe retries."
          ]
        }),
        OpenApi.annotations({ override: STRIPE_WEBHOOK_INPUT })
      ))
  )
  .annotateContext(OpenApi.annotations({ title: "Stripe webhook", description: "Public, verified by Stripe's signature: billing events from Stripe." }))
{}
