import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { Billing, type VerifiedEvent } from "../accounts/billing.ts"
import { CurrentPrincipal } from "../accounts/principal.ts"
import { BillingJournal } from "../writers/billing-journal.ts"
import { WallClock } from "../config/wall-clock.ts"
import { type BillingEvent, StripeCustomerLinked, SubscriptionStatusChanged } from "../domain/billing-events.ts"
import { parseWebUrl } from "../domain/url.ts"
import { BillingAccounts } from "../projections/billing.ts"
import { SightlineApi } from "./api.ts"
import { BadRequest, badRequest, forbidden, InternalError, notFound, Unauthorized } from "./errors.ts"
import { awaitProjections } from "./read-your-writes.ts"

const providerError = () =>
  new InternalError({ status: "error", code: "provider_error", message: "the billing provider failed to handle this request" })

const text = (value: unknown): string | null => typeof value === "string" && value !== "" ? value : null

/** The id of an expandable Stripe field: a string, or an object with an `id`. */
const idOf = (value: unknown): string | null =>
  typeof value === "string" ? text(value) : typeof value === "object" && value !== null ? text((value as { id?: unknown }).id) : null

/** What a verified Stripe event says about an organization's billing. */
export const billingFactsOf = (
  event: VerifiedEvent,
  at: string,
  linkedCustomerOf: (orgId: string) => Effect.Effect<string | null>
): Effect.Effect<{ readonly orgId: string | null; readonly events: ReadonlyArray<BillingEvent> }> =>
  Effect.gen(function*() {
    const object = event.object
    switch (event.type) {
      case "checkout.session.completed": {
        const orgId = text(object.client_reference_id)
        const customerId = idOf(object.customer)
        if (orgId === null || customerId === null) return { orgId, events: [] }
        return { orgId, events: [new StripeCustomerLinked({ orgId, customerId, source: "checkout", at })] }
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const metadata = typeof object.metadata === "object" && object.metadata !== null ? object.metadata as Record<string, unknown> : {}
        const orgId = text(metadata.org_id)
        const customerId = idOf(object.customer)
        const subscriptionId = text(object.id)
        const status = event.type === "customer.subscription.deleted" ? "canceled" : text(object.status)
        if (orgId === null || customerId === null || subscriptionId === null || status === null) return { orgId, events: [] }
        const linked = yield* linkedCustomerOf(orgId)
        const events: Array<BillingEvent> = []
        if (linked === null) events.push(new StripeCustomerLinked({ orgId, customerId, source: "subscription", at }))
        events.push(new SubscriptionStatusChanged({ orgId, customerId, subscriptionId, status, at }))
        return { orgId, events }
      }
      default:
        return { orgId: null, events: [] }
    }
  })

export const BillingHandlers = HttpApiBuilder.group(SightlineApi, "billing", (handlers) =>
  Effect.gen(function*() {
    const billing = yield* Billing
    const accounts = yield* BillingAccounts

    return handlers.handle("billingPortal", ({ payload }) =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        // The portal belongs to a user's organization: a service key has none.
        if (principal._tag !== "User") return yield* Effect.fail(forbidden("the billing portal needs a user token with an organization"))
        if (principal.orgId === null) {
          return yield* Effect.fail(new Unauthorized({ status: "error", code: "missing_organization", message: "the token carries no organization (org_id)" }))
        }
        if (Option.isNone(parseWebUrl(payload.return_url))) return yield* Effect.fail(badRequest("return_url: expected an http(s) web address"))
        const orgId = principal.orgId
        if (!(yield* accounts.organizationKnown(orgId))) {
          return yield* Effect.fail(notFound("organization_not_found", "no organization with this id is known"))
        }
        const customerId = yield* accounts.customerOf(orgId)
        if (customerId === null) {
          return yield* Effect.fail(new BadRequest({
            status: "error",
            code: "no_billing_customer",
            message: "the organization has no billing customer yet: subscribe first"
          }))
        }
        const url = yield* billing.createPortalSession(customerId, payload.return_url).pipe(
          Effect.tapError((error) => Effect.logWarning("billing portal failed", error.message)),
          Effect.mapError(providerError)
        )
        return { url }
      }))
  }))

export const StripeWebhookHandlers = HttpApiBuilder.group(SightlineApi, "stripeWebhook", (handlers) =>
  Effect.gen(function*() {
    const billing = yield* Billing
    const accounts = yield* BillingAccounts
    const journal = yield* BillingJournal
    const clock = yield* WallClock

    return handlers.handle("stripeWebhook", () =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const raw = yield* request.text.pipe(Effect.mapError(() => badRequest("the body could not be read")))
        const event = yield* billing.verifyWebhook(raw, request.headers["stripe-signature"]).pipe(
          Effect.catchTags({
            InvalidSignature: (invalid) =>
              Effect.fail(new BadRequest({ status: "error", code: "invalid_signature", message: invalid.message })),
            BillingProviderError: (error) => Effect.logWarning("stripe webhook refused", error.message).pipe(Effect.zipRight(Effect.fail(providerError())))
          })
        )
        const now = yield* clock.now
        const facts = yield* billingFactsOf(event, now.toISOString(), accounts.customerOf)
        const recorded = yield* journal.recordStripeEvent(event, facts.orgId, facts.events, now)
        yield* awaitProjections(recorded.position, ["billing"])
        return recorded.written ? { received: true as const } : { received: true as const, duplicate: true }
      }))
  }))
