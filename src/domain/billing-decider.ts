/**
 * What the billing streams (`billing-*`) record for a command. Billing streams are order-free:
 * nothing recorded earlier changes what a Stripe event or a customer link records (a
 * redelivery is dropped by its event ids), so the state folds nothing and `decide` reads none.
 * Pure: the writer supplies the time inside the commands.
 */
import { Data } from "effect"
import { type BillingEvent, StripeCustomerLinked, StripeEventProcessed } from "./billing-events.ts"

/** Nothing: no billing decision depends on what a stream holds. */
export type BillingState = null

export const initialState: BillingState = null

export const evolve = (state: BillingState, _event: BillingEvent): BillingState => state

/** Records what one Stripe event says, closed by `StripeEventProcessed`. */
export class RecordStripeEvent extends Data.TaggedClass("RecordStripeEvent")<{
  readonly stripeEvent: { readonly id: string; readonly type: string }
  /** What the event says, as the billing events it maps to. */
  readonly events: ReadonlyArray<BillingEvent>
  readonly at: Date
}> {}

/** Links a Stripe customer to an organization through the API. */
export class LinkCustomer extends Data.TaggedClass("LinkCustomer")<{
  readonly orgId: string
  readonly customerId: string
  readonly at: Date
}> {}

export type BillingCommand = RecordStripeEvent | LinkCustomer

export const decide = (command: BillingCommand, _state: BillingState = initialState): ReadonlyArray<BillingEvent> => {
  switch (command._tag) {
    case "RecordStripeEvent":
      return [
        ...command.events,
        new StripeEventProcessed({ eventId: command.stripeEvent.id, type: command.stripeEvent.type, at: command.at.toISOString() })
      ]
    case "LinkCustomer":
      return [new StripeCustomerLinked({ orgId: command.orgId, customerId: command.customerId, source: "api", at: command.at.toISOString() })]
  }
}
