/**
 * Organizations, their members and invitations in local identity mode, as the events of one
 * stream per organization (`org-<orgId>`). Event ids derive from what each event says, so a
 * repeated command records nothing twice.
 *
 * An invitation carries only the SHA-256 of its single-use token. The e-mail holding the
 * accept link (and so the token) is its own event, `InvitationEmailQueued`, read by operators
 * through the outbox: the token lives only in that e-mail, like any invite link.
 */
import { Schema } from "effect"
import { storedCodec } from "./stored-event.ts"

export const OrgRole = Schema.Literal("org:admin", "org:member")

export class OrganizationCreated extends Schema.TaggedClass<OrganizationCreated>()("OrganizationCreated", {
  orgId: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  createdAt: Schema.String
}) {}

export class MemberAdded extends Schema.TaggedClass<MemberAdded>()("MemberAdded", {
  orgId: Schema.String,
  userId: Schema.String,
  role: OrgRole,
  at: Schema.String
}) {}

export class InvitationCreated extends Schema.TaggedClass<InvitationCreated>()("InvitationCreated", {
  orgId: Schema.String,
  invitationId: Schema.String,
  /** Lower-cased. */
  emailAddress: Schema.String,
  role: OrgRole,
  redirectUrl: Schema.String,
  /** SHA-256 (hex) of the single-use token; never the token. */
  tokenHash: Schema.String,
  expiresAt: Schema.String,
  at: Schema.String
}) {}

export class InvitationEmailQueued extends Schema.TaggedClass<InvitationEmailQueued>()("InvitationEmailQueued", {
  orgId: Schema.String,
  invitationId: Schema.String,
  to: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  at: Schema.String
}) {}

/** The invitation e-mail went out through SMTP (`SMTP_URL`). */
export class InvitationEmailSent extends Schema.TaggedClass<InvitationEmailSent>()("InvitationEmailSent", {
  orgId: Schema.String,
  invitationId: Schema.String,
  at: Schema.String
}) {}

/** Sending the invitation e-mail failed after its retries; `error` never carries credentials. */
export class InvitationEmailFailed extends Schema.TaggedClass<InvitationEmailFailed>()("InvitationEmailFailed", {
  orgId: Schema.String,
  invitationId: Schema.String,
  error: Schema.String,
  at: Schema.String
}) {}

export class InvitationAccepted extends Schema.TaggedClass<InvitationAccepted>()("InvitationAccepted", {
  orgId: Schema.String,
  invitationId: Schema.String,
  userId: Schema.String,
  at: Schema.String
}) {}

export const IdentityEvent = Schema.Union(
  OrganizationCreated,
  MemberAdded,
  InvitationCreated,
  InvitationEmailQueued,
  InvitationAccepted,
  InvitationEmailSent,
  InvitationEmailFailed
)
export type IdentityEvent = typeof IdentityEvent.Type

export const IDENTITY_EVENT_VERSION = 1
const codec = storedCodec(IdentityEvent, () => IDENTITY_EVENT_VERSION)
export const identityToStored = codec.toStored
export const identityFromStored = codec.fromStored

export const orgStreamOf = (orgId: string) => `org-${orgId}`

/** Invitations expire after 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
