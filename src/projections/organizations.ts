/**
 * Read model of local identity mode: organizations, memberships, invitations, and the outbox of
 * invitation e-mails an operator can read (the e-mails carry the accept links), with when each
 * went out through SMTP (`sent_at`) or why it did not (`last_error`).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { identityFromStored } from "../domain/identity-events.ts"
import type { Projection } from "./projection.ts"

export const organizationsProjection: Projection = {
  name: "organizations",
  version: 1,
  eventTypes: ["OrganizationCreated", "MemberAdded", "InvitationCreated", "InvitationEmailQueued", "InvitationAccepted", "InvitationEmailSent", "InvitationEmailFailed"],
  tables: ["organizations", "memberships", "invitations", "outbox"],
  setup: Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.all([
      sql`
        CREATE TABLE IF NOT EXISTS organizations (
          org_id text PRIMARY KEY,
          slug text NOT NULL,
          name text NOT NULL,
          image_url text,
          created_at timestamptz NOT NULL
        )`,
      sql`
        CREATE TABLE IF NOT EXISTS memberships (
          org_id text NOT NULL,
          user_id text NOT NULL,
          role text NOT NULL,
          PRIMARY KEY (org_id, user_id)
        )`,
      sql`CREATE INDEX IF NOT EXISTS memberships_user_idx ON memberships (user_id)`,
      sql`
        CREATE TABLE IF NOT EXISTS invitations (
          invitation_id text PRIMARY KEY,
          org_id text NOT NULL,
          email text NOT NULL,
          role text NOT NULL,
          redirect_url text NOT NULL,
          token_hash text NOT NULL,
          expires_at timestamptz NOT NULL,
          accepted_at timestamptz
        )`,
      sql`CREATE INDEX IF NOT EXISTS invitations_token_hash_idx ON invitations (token_hash)`,
      sql`
        CREATE TABLE IF NOT EXISTS outbox (
          invitation_id text PRIMARY KEY,
          "to" text NOT NULL,
          subject text NOT NULL,
          body text NOT NULL,
          created_at timestamptz NOT NULL,
          sent_at timestamptz,
          last_error text
        )`,
      // Tables made before e-mails were sent through SMTP.
      sql`ALTER TABLE outbox ADD COLUMN IF NOT EXISTS sent_at timestamptz`,
      sql`ALTER TABLE outbox ADD COLUMN IF NOT EXISTS last_error text`
    ], { discard: true })),
  apply: (recorded) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const event = identityFromStored(recorded)
      switch (event._tag) {
        case "OrganizationCreated":
          yield* sql`
            INSERT INTO organizations (org_id, slug, name, image_url, created_at)
            VALUES (${event.orgId}, ${event.slug}, ${event.name}, ${event.imageUrl}, ${event.createdAt})
            ON CONFLICT (org_id) DO NOTHING`
          return
        case "MemberAdded":
          // The latest event decides the role (an accepted invitation after a token's role).
          yield* sql`
            INSERT INTO memberships (org_id, user_id, role) VALUES (${event.orgId}, ${event.userId}, ${event.role})
            ON CONFLICT (org_id, user_id) DO UPDATE SET role = excluded.role`
          return
        case "InvitationCreated":
          yield* sql`
            INSERT INTO invitations (invitation_id, org_id, email, role, redirect_url, token_hash, expires_at, accepted_at)
            VALUES (${event.invitationId}, ${event.orgId}, ${event.emailAddress}, ${event.role}, ${event.redirectUrl},
              ${event.tokenHash}, ${event.expiresAt}, NULL)
            ON CONFLICT (invitation_id) DO NOTHING`
          return
        case "InvitationEmailQueued":
          yield* sql`
            INSERT INTO outbox (invitation_id, "to", subject, body, created_at)
            VALUES (${event.invitationId}, ${event.to}, ${event.subject}, ${event.body}, ${event.at})
            ON CONFLICT (invitation_id) DO NOTHING`
          return
        case "InvitationEmailSent":
          yield* sql`UPDATE outbox SET sent_at = ${event.at}, last_error = NULL WHERE invitation_id = ${event.invitationId}`
          return
        case "InvitationEmailFailed":
          yield* sql`UPDATE outbox SET last_error = ${event.error} WHERE invitation_id = ${event.invitationId}`
          return
        case "InvitationAccepted":
          yield* sql`UPDATE invitations SET accepted_at = ${event.at} WHERE invitation_id = ${event.invitationId}`
          return
      }
    })
}

export interface MembershipView {
  readonly org_id: string
  readonly slug: string
  readonly name: string
  readonly image_url: string | null
  readonly role: string
  readonly created_at: Date
}

export interface OutboxMessage {
  readonly invitation_id: string
  readonly to: string
  readonly subject: string
  readonly body: string
  readonly created_at: Date
  readonly sent_at: Date | null
  readonly last_error: string | null
}

/** Queries over the organizations read model. */
export class Organizations extends Effect.Service<Organizations>()("Organizations", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The organizations a user is a member of, oldest first. */
    const membershipsOf = (userId: string) =>
      sql<MembershipView>`
        SELECT o.org_id, o.slug, o.name, o.image_url, m.role, o.created_at
        FROM memberships m JOIN organizations o ON o.org_id = m.org_id
        WHERE m.user_id = ${userId}
        ORDER BY o.created_at, o.org_id`.pipe(Effect.orDie, Effect.withSpan("Organizations.membershipsOf"))

    /** The invitation a token hash belongs to. */
    const invitationByTokenHash = (tokenHash: string) =>
      sql<{ invitation_id: string; org_id: string; email: string }>`
        SELECT invitation_id, org_id, email FROM invitations WHERE token_hash = ${tokenHash}`.pipe(
        Effect.map((rows) => rows[0]),
        Effect.orDie
      )

    /** The invitation e-mails of an organization, oldest first. */
    const outboxOf = (orgId: string) =>
      sql<OutboxMessage>`
        SELECT x.invitation_id, x."to", x.subject, x.body, x.created_at, x.sent_at, x.last_error
        FROM outbox x JOIN invitations i ON i.invitation_id = x.invitation_id
        WHERE i.org_id = ${orgId}
        ORDER BY x.created_at, x.invitation_id`.pipe(Effect.orDie, Effect.withSpan("Organizations.outboxOf"))

    return { membershipsOf, invitationByTokenHash, outboxOf }
  })
}) {}
