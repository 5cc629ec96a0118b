/**
 * The identity provider port: the organizations a user belongs to, invitations to them, their
 * acceptance, and the outbox of invitation e-mails. Two adapters, chosen by IDENTITY_PROVIDER:
 * `local` (local-identity-provider.ts: organizations kept as events in this service) and
 * `clerk` (clerk-identity-provider.ts: Clerk's Backend API).
 */
import { Context, Data, Effect, Layer, Option } from "effect"
import { AppConfig } from "../config/app-config.ts"
import { makeClerkProvider } from "./clerk-identity-provider.ts"
import { LocalIdentityDependencies, makeLocalProvider } from "./local-identity-provider.ts"
import type { OrgRole, Principal, UserPrincipal } from "./principal.ts"

export class IdentityProviderError extends Data.TaggedError("IdentityProviderError")<{
  /**
   * unavailable: no answer, a timeout, a 5xx or 429; rejected: a 4xx; misconfigured: 401/403
   * (the key); invalid: an unreadable answer; lagging: recorded, but not readable yet.
   */
  readonly reason: "unavailable" | "rejected" | "misconfigured" | "invalid" | "lagging"
  readonly status: number | null
  /** Never carries a secret. */
  readonly message: string
}> {}

export class OrganizationNotFound extends Data.TaggedError("OrganizationNotFound")<{ readonly orgId: string }> {}

export class InvitationRefused extends Data.TaggedError("InvitationRefused")<{
  /**
   * unknown: no such invitation token; used / expired; wrong_recipient: the user's e-mail is not
   * the invited one; handled_by_provider: the provider accepts its invitations itself.
   */
  readonly reason: "unknown" | "used" | "expired" | "wrong_recipient" | "handled_by_provider"
  readonly message: string
}> {}

/** The provider keeps no outbox (it sends its invitation e-mails itself). */
export class OutboxNotKept extends Data.TaggedError("OutboxNotKept")<{ readonly message: string }> {}

export interface ProviderMembership {
  readonly orgId: string
  readonly name: string
  readonly slug: string
  readonly imageUrl: string | null
  readonly role: string
  readonly createdAt: Date
}

export interface InvitationRequest {
  readonly orgId: string
  /** Lower-cased. */
  readonly emailAddress: string
  readonly role: OrgRole
  /** Where the accepted invitation leads: a path on this service (see redirect-path.ts). */
  readonly redirectUrl: string
  /** The inviting admin, or a service key. */
  readonly inviter: Principal
}

export interface CreatedInvitation {
  readonly invitationId: string
  /** False when a pending invitation for the address was answered instead. */
  readonly created: boolean
  /** How the invitation reaches the invitee: e-mailed (SMTP, or the provider), or only kept in the outbox. */
  readonly delivery: "email" | "outbox"
}

export interface AcceptRequest {
  /** The single-use token of the accept link. */
  readonly token: string
  /** With the e-mail claim of the user's token, when it carries one. */
  readonly user: UserPrincipal
}

export interface OutboxEntry {
  readonly invitationId: string
  readonly to: string
  readonly subject: string
  readonly body: string
  readonly createdAt: Date
  readonly sentAt: Date | null
  readonly lastError: string | null
}

export interface IdentityProviderShape {
  readonly name: "local" | "clerk"
  /** The organizations of the calling user, oldest first. */
  readonly listOrganizationsOf: (user: UserPrincipal) => Effect.Effect<ReadonlyArray<ProviderMembership>, IdentityProviderError>
  readonly createInvitation: (
    request: InvitationRequest
  ) => Effect.Effect<CreatedInvitation, IdentityProviderError | OrganizationNotFound>
  /** Makes the user a member with the invited role; answers where to send them. */
  readonly acceptInvitation: (
    request: AcceptRequest
  ) => Effect.Effect<{ readonly redirectUrl: string }, IdentityProviderError | InvitationRefused>
  /** The invitation e-mails of an organization, oldest first; `caller` may be a service key. */
  readonly outboxOf: (
    orgId: string,
    caller: Principal
  ) => Effect.Effect<ReadonlyArray<OutboxEntry>, IdentityProviderError | OutboxNotKept>
}

export class IdentityProvider extends Context.Tag("IdentityProvider")<IdentityProvider, IdentityProviderShape>() {}

/** The adapter IDENTITY_PROVIDER names: Clerk's Backend API, or this service's own log. */
export const IdentityProviderLive = Layer.unwrapEffect(
  Effect.map(AppConfig, (config) =>
    config.identityProvider === "clerk"
      ? Option.match(config.clerkSecretKey, {
        // AppConfig already refuses clerk mode without a key.
        onNone: () => Layer.effect(IdentityProvider, Effect.dieMessage("IDENTITY_PROVIDER=clerk needs CLERK_SECRET_KEY")),
        onSome: (secretKey) =>
          Layer.succeed(IdentityProvider, makeClerkProvider({ apiUrl: config.clerkApiUrl, secretKey, publicBaseUrl: config.publicBaseUrl }))
      })
      : Layer.effect(IdentityProvider, makeLocalProvider).pipe(Layer.provide(LocalIdentityDependencies)))
)
