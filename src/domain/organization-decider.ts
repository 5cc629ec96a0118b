/**
 * The decider of an organization in local identity mode (`org-<orgId>`): its members and
 * invitations (`evolve`), and what a command records given them (`decide`): an address with
 * a pending invitation gets that one again, and an invitation is accepted once, before it
 * expires. Pure: the writer supplies the time, the invitation's id and its token's hash inside
 * the commands.
 */
import { Data, Either, Option } from "effect"
import {
  type IdentityEvent,
  InvitationAccepted,
  InvitationCreated,
  InvitationEmailQueued,
  INVITATION_TTL_MS,
  MemberAdded,
  OrganizationCreated
} from "./identity-events.ts"
import { DEFAULT_REDIRECT_PATH, sameOriginPath } from "./redirect-path.ts"

export type Role = "org:admin" | "org:member"

export interface InvitationState {
  readonly invitationId: string
  readonly emailAddress: string
  readonly role: Role
  readonly redirectUrl: string
  readonly tokenHash: string
  readonly expiresAt: string
  readonly acceptedBy: string | null
}

export interface OrganizationState {
  readonly created: boolean
  readonly members: ReadonlyMap<string, Role>
  readonly invitations: ReadonlyMap<string, InvitationState>
}

export const initialState: OrganizationState = { created: false, members: new Map(), invitations: new Map() }

export const evolve = (state: OrganizationState, event: IdentityEvent): OrganizationState => {
  switch (event._tag) {
    case "OrganizationCreated":
      return { ...state, created: true }
    case "MemberAdded":
      return { ...state, members: new Map(state.members).set(event.userId, event.role) }
    case "InvitationCreated":
      return {
        ...state,
        invitations: new Map(state.invitations).set(event.invitationId, {
          invitationId: event.invitationId,
          emailAddress: event.emailAddress,
          role: event.role,
          redirectUrl: event.redirectUrl,
          tokenHash: event.tokenHash,
          expiresAt: event.expiresAt,
          acceptedBy: null
        })
      }
    case "InvitationAccepted": {
      const invitation = state.invitations.get(event.invitationId)
      if (invitation === undefined) return state
      return { ...state, invitations: new Map(state.invitations).set(event.invitationId, { ...invitation, acceptedBy: event.userId }) }
    }
    case "InvitationEmailQueued":
    case "InvitationEmailSent":
    case "InvitationEmailFailed":
      return state
  }
}

/** The organization of a user's token, and the user as a member with the token's role, when missing. */
export class JoinFromToken extends Data.TaggedClass("JoinFromToken")<{
  readonly orgId: string
  readonly orgSlug: string
  readonly userId: string
  readonly role: Role
  /** The organization's name (default: its slug). */
  readonly name?: string | undefined
  readonly at: Date
}> {}

/** Invites an address, unless it has a pending invitation. */
export class InviteMember extends Data.TaggedClass("InviteMember")<{
  readonly orgId: string
  /** A new invitation's id. */
  readonly invitationId: string
  /** SHA-256 (hex) of the new invitation's single-use token. */
  readonly tokenHash: string
  readonly emailAddress: string
  readonly role: Role
  readonly redirectUrl: string
  /** The e-mail carrying the token. */
  readonly mail: { readonly subject: string; readonly body: string }
  readonly at: Date
}> {}

/** Accepts an invitation for `userId`: the user joins with the invited role. */
export class AcceptInvitation extends Data.TaggedClass("AcceptInvitation")<{
  readonly orgId: string
  readonly invitationId: string
  readonly userId: string
  readonly at: Date
}> {}

export type OrganizationCommand = JoinFromToken | InviteMember | AcceptInvitation

export class InvitationRejected extends Data.TaggedError("InvitationRejected")<{
  readonly reason: "unknown" | "used" | "expired"
  readonly message: string
}> {}

/** Addresses are compared, and recorded, lower-cased. */
export const normalizedAddress = (emailAddress: string) => emailAddress.toLowerCase()

/** The invitation of this address still open at `at`, if any. */
export const pendingInvitation = (state: OrganizationState, emailAddress: string, at: Date) => {
  const email = normalizedAddress(emailAddress)
  return [...state.invitations.values()].find((invitation) =>
    invitation.emailAddress === email && invitation.acceptedBy === null &&
    new Date(invitation.expiresAt).getTime() > at.getTime()
  )
}

/**
 * Where accepting an invitation leads. An invitation stored before redirects were checked may
 * hold a value no `Location` header can carry: it leads to the default.
 */
export const redirectAfterAccepting = (invitation: InvitationState) =>
  Option.getOrElse(sameOriginPath(invitation.redirectUrl), () => DEFAULT_REDIRECT_PATH)

export const decide = (
  command: OrganizationCommand,
  state: OrganizationState
): Either.Either<ReadonlyArray<IdentityEvent>, InvitationRejected> => {
  const at = command.at.toISOString()
  switch (command._tag) {
    case "JoinFromToken": {
      const events: Array<IdentityEvent> = []
      if (!state.created) {
        events.push(new OrganizationCreated({
          orgId: command.orgId,
          slug: command.orgSlug,
          name: command.name ?? command.orgSlug,
          imageUrl: null,
          createdAt: at
        }))
      }
      if (!state.members.has(command.userId)) {
        events.push(new MemberAdded({ orgId: command.orgId, userId: command.userId, role: command.role, at }))
      }
      return Either.right(events)
    }
    case "InviteMember": {
      if (pendingInvitation(state, command.emailAddress, command.at) !== undefined) return Either.right([])
      const email = normalizedAddress(command.emailAddress)
      return Either.right([
        new InvitationCreated({
          orgId: command.orgId,
          invitationId: command.invitationId,
          emailAddress: email,
          role: command.role,
          redirectUrl: command.redirectUrl,
          tokenHash: command.tokenHash,
          expiresAt: new Date(command.at.getTime() + INVITATION_TTL_MS).toISOString(),
          at
        }),
        new InvitationEmailQueued({
          orgId: command.orgId,
          invitationId: command.invitationId,
          to: email,
          subject: command.mail.subject,
          body: command.mail.body,
          at
        })
      ])
    }
    case "AcceptInvitation": {
      const invitation = state.invitations.get(command.invitationId)
      if (invitation === undefined) {
        return Either.left(new InvitationRejected({ reason: "unknown", message: "the invitation token is not valid" }))
      }
      if (invitation.acceptedBy !== null) {
        return Either.left(new InvitationRejected({ reason: "used", message: "the invitation has already been accepted" }))
      }
      if (new Date(invitation.expiresAt).getTime() <= command.at.getTime()) {
        return Either.left(new InvitationRejected({ reason: "expired", message: "the invitation has expired" }))
      }
      return Either.right([
        new InvitationAccepted({ orgId: command.orgId, invitationId: command.invitationId, userId: command.userId, at }),
        new MemberAdded({ orgId: command.orgId, userId: command.userId, role: invitation.role, at })
      ])
    }
  }
}
