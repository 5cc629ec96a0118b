/**
 * Writes the billing streams (`billing-*`), the single writer of them, with the events the
 * billing decider (`domain/billing-decider.ts`) gives. Every event id derives from the Stripe
 * event id and the event's index, so a redelivered webhook writes nothing.
 */
import { Effect } from "effect"
import { type BillingEvent, billingStreamOf, billingToStored, unassignedBillingStream } from "../domain/billing-events.ts"
import { decide, LinkCustomer, RecordStripeEvent } from "../domain/billing-decider.ts"
import { EventStore, type GlobalPosition } from "../eventstore/event-store.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

export interface Recorded {
  readonly position: GlobalPosition
  /** False when this Stripe event had been recorded before. */
  readonly written: boolean
}

export class BillingJournal extends Effect.Service<BillingJournal>()("BillingJournal", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore

    /**
     * Records what one Stripe event says (for `orgId`, or unassigned when null), closed by
     * `StripeEventProcessed`, in one append.
     */
    const recordStripeEvent = Effect.fn("BillingJournal.recordStripeEvent")(function*(
      stripeEvent: { readonly id: string; readonly type: string },
      orgId: string | null,
      events: ReadonlyArray<BillingEvent>,
      at: Date
    ) {
      const all = decide(new RecordStripeEvent({ stripeEvent, events, at }))
      const appended = yield* store.append(
        orgId === null ? unassignedBillingStream : billingStreamOf(orgId),
        "any",
        all.map((event, index) => ({
          eventId: eventIdFor(`stripe:${stripeEvent.id}`, index),
          ...billingToStored(event),
          metadata: { correlationId: stripeEvent.id, causationId: stripeEvent.id }
        }))
      ).pipe(Effect.orDie)
      return { position: appended.lastPosition, written: appended.written } satisfies Recorded
    })

    /**
     * Links a Stripe customer to an organization through the API (a service key on
     * `POST /api/business`). The event id derives from the organization and the customer, so
     * repeating the same link writes nothing.
     */
    const linkCustomer = Effect.fn("BillingJournal.linkCustomer")(function*(orgId: string, customerId: string, at: Date) {
      const appended = yield* store.append(
        billingStreamOf(orgId),
        "any",
        decide(new LinkCustomer({ orgId, customerId, at })).map((event, index) => ({
          eventId: eventIdFor(`api-link:${orgId}:${customerId}`, index),
          ...billingToStored(event),
          metadata: { correlationId: `api-link:${orgId}`, causationId: `api-link:${orgId}` }
        }))
      ).pipe(Effect.orDie)
      return { position: appended.lastPosition, written: appended.written } satisfies Recorded
    })

    return { recordStripeEvent, linkCustomer }
  })
}) {}
