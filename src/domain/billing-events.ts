/**
 * Billing facts of an organization (`billing-<orgId>`): its Stripe customer, its subscription
 * status, and which Stripe webhook events were processed. Event ids derive from the Stripe
 * event id, so a redelivered webhook records nothing twice.
 */
import { Schema } from "effect"
import { storedCodec } from "./stored-event.ts"

export class StripeCustomerLinked extends Schema.TaggedClass<StripeCustomerLinked>()("StripeCustomerLinked", {
  orgId: Schema.String,
  customerId: Schema.String,
  source: Schema.Literal("checkout", "subscription", "api"),
  at: Schema.String
}) {}

export class SubscriptionStatusChanged extends Schema.TaggedClass<SubscriptionStatusChanged>()("SubscriptionStatusChanged", {
  orgId: Schema.String,
  customerId: Schema.String,
  subscriptionId: Schema.String,
  status: Schema.String,
  at: Schema.String
}) {}

export class StripeEventProcessed extends Schema.TaggedClass<StripeEventProcessed>()("StripeEventProcessed", {
  eventId: Schema.String,
  type: Schema.String,
  at: Schema.String
}) {}

export const BillingEvent = Schema.Union(StripeCustomerLinked, SubscriptionStatusChanged, StripeEventProcessed)
export type BillingEvent = typeof BillingEvent.Type

export const BILLING_EVENT_VERSION = 1
const codec = storedCodec(BillingEvent, () => BILLING_EVENT_VERSION)
export const billingToStored = codec.toStored
export const billingFromStored = codec.fromStored

export const billingStreamOf = (orgId: string) => `billing-${orgId}`
/** Stripe events that name no organization are kept in one stream of their own. */
export const unassignedBillingStream = "billing-unassigned"
