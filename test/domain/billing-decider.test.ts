import { describe, it } from "vitest"
import { StripeCustomerLinked, StripeEventProcessed, SubscriptionStatusChanged } from "../../src/domain/billing-events.ts"
import * as Billing from "../../src/domain/billing-decider.ts"
import { LinkCustomer, RecordStripeEvent } from "../../src/domain/billing-decider.ts"
import { deciderSpec } from "../support/decider-spec.ts"

const given = deciderSpec(Billing)
const T1 = new Date("2026-11-20T10:00:00.000Z")

const statusChanged = new SubscriptionStatusChanged({
  orgId: "org_1",
  customerId: "cus_1",
  subscriptionId: "sub_1",
  status: "active",
  at: T1.toISOString()
})

describe("billing decider", () => {
  it("records what a Stripe event says, closed by its processing", () => {
    given([]).when(new RecordStripeEvent({ stripeEvent: { id: "evt_1", type: "customer.subscription.updated" }, events: [statusChanged], at: T1 }))
      .then([statusChanged, new StripeEventProcessed({ eventId: "evt_1", type: "customer.subscription.updated", at: T1.toISOString() })])
  })

  it("records the processing of a Stripe event that says nothing billing keeps", () => {
    given([]).when(new RecordStripeEvent({ stripeEvent: { id: "evt_2", type: "invoice.paid" }, events: [], at: T1 }))
      .then([new StripeEventProcessed({ eventId: "evt_2", type: "invoice.paid", at: T1.toISOString() })])
  })

  it("links a customer through the API", () => {
    given([statusChanged]).when(new LinkCustomer({ orgId: "org_1", customerId: "cus_2", at: T1 }))
      .then([new StripeCustomerLinked({ orgId: "org_1", customerId: "cus_2", source: "api", at: T1.toISOString() })])
  })
})
