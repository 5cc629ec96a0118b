/**
 * Writes the billing streams (`billing-*`), the single writer of them. Every event id derives
 * from the Stripe event id and the event's index, so a redelivered webhook writes nothing.
 */
import { Effect } from "effect"
import {
  type BillingEvent,
  billingStreamOf,
  billingToStored,
  StripeCustomerLinked,
  StripeEventProcessed,
  unassignedBillingStream
} from "../domain/billing-events.ts"
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
      const all: ReadonlyArray<BillingEvent> = [
        ...events,
        new StripeEventProcessed({ eventId: stripeEvent.id, type: stripeEvent.type, at: at.toISOString() })
      ]
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
      const linked = new StripeCustomerLinked({ orgId, customerId, source: "api", at: at.toISOString() })
      const appended = yield* store.append(
        billingStreamOf(orgId),
        "any",
        [{
          eventId: eventIdFor(`api-link:${orgId}:${customerId}`, 0),
          ...billingToStored(linked),
          metadata: { correlationId: `api-link:${orgId}`, causationId: `api-link:${orgId}` }
        }]
      ).pipe(Effect.orDie)
      return { position: appended.lastPosition, written: appended.written } satisfies Recorded
    })

    return { recordStripeEvent, linkCustomer }
  })
}) {}
