/** Read model of organizations' billing: the linked Stripe customer and subscription status. */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { billingFromStored } from "../domain/billing-events.ts"
import type { Projection } from "./projection.ts"

export const billingProjection: Projection = {
  name: "billing",
  version: 1,
  eventTypes: ["StripeCustomerLinked", "SubscriptionStatusChanged", "StripeEventProcessed"],
  tables: ["billing_accounts"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`
      CREATE TABLE IF NOT EXISTS billing_accounts (
        org_id text PRIMARY KEY,
        customer_id text,
        subscription_status text,
        updated_at timestamptz NOT NULL
      )`.pipe(Effect.asVoid)),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const event = billingFromStored(recorded)
      switch (event._tag) {
        case "StripeCustomerLinked": {
          yield* sql`
            INSERT INTO billing_accounts (org_id, customer_id, subscription_status, updated_at)
            VALUES (${event.orgId}, ${event.customerId}, NULL, ${event.at})
            ON CONFLICT (org_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, updated_at = EXCLUDED.updated_at`
          return
        }
        case "SubscriptionStatusChanged": {
          yield* sql`
            INSERT INTO billing_accounts (org_id, customer_id, subscription_status, updated_at)
            VALUES (${event.orgId}, ${event.customerId}, ${event.status}, ${event.at})
            ON CONFLICT (org_id) DO UPDATE SET
              customer_id = COALESCE(billing_accounts.customer_id, EXCLUDED.customer_id),
              subscription_status = EXCLUDED.subscription_status,
              updated_at = EXCLUDED.updated_at`
          return
        }
        case "StripeEventProcessed":
          return
      }
    })
}

export class BillingAccounts extends Effect.Service<BillingAccounts>()("BillingAccounts", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const customerOf = (orgId: string) =>
      Effect.map(
        sql<{ customer_id: string | null }>`SELECT customer_id FROM billing_accounts WHERE org_id = ${orgId}`,
        (rows) => rows[0]?.customer_id ?? null
      ).pipe(Effect.orDie, Effect.withSpan("BillingAccounts.customerOf"))
    const statusOf = (orgId: string) =>
      Effect.map(
        sql<{ subscription_status: string | null }>`SELECT subscription_status FROM billing_accounts WHERE org_id = ${orgId}`,
        (rows) => rows[0]?.subscription_status ?? null
      ).pipe(Effect.orDie, Effect.withSpan("BillingAccounts.statusOf"))
    /** Whether the organization is known: a business of that identity org, or a billing account. */
    const organizationKnown = (orgId: string) =>
      Effect.map(
        sql<{ known: boolean }>`
          SELECT (EXISTS (SELECT 1 FROM entities WHERE identity_org_id = ${orgId} AND item_id = '')
            OR EXISTS (SELECT 1 FROM billing_accounts WHERE org_id = ${orgId})) AS known`,
        (rows) => rows[0]?.known === true
      ).pipe(Effect.orDie, Effect.withSpan("BillingAccounts.organizationKnown"))
    return { customerOf, statusOf, organizationKnown }
  })
}) {}
