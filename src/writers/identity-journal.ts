/**
 * Writes the organization streams (`org-<orgId>`) of local identity mode: organizations,
 * members, invitations and their e-mails. Every event id derives from what the event says,
 * so a repeated command records nothing twice; decisions that depend on the stream (a pending
 * invitation, a used token) append at the version they read and re-decide on a conflict.
 */
import { Data, Effect, Either, Option } from "effect"
import { createHash, randomBytes, randomUUID } from "node:crypto"
import {
  foldOrganization,
  type IdentityEvent,
  identityFromStored,
  identityToStored,
  InvitationAccepted,
  InvitationCreated,
  InvitationEmailFailed,
  InvitationEmailQueued,
  InvitationEmailSent,
  INVITATION_TTL_MS,
  MemberAdded,
  OrganizationCreated,
  orgStreamOf
} from "../domain/identity-events.ts"
import { DEFAULT_REDIRECT_PATH, sameOriginPath } from "../domain/redirect-path.ts"
import { cleanAndCut } from "../domain/text.ts"
import { type GlobalPosition, StartOfLog, EventStore } from "../eventstore/event-store.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

export type Role = "org:admin" | "org:member"

export class InvitationRejected extends Data.TaggedError("InvitationRejected")<{
  readonly reason: "unknown" | "used" | "expired"
  readonly message: string
}> {}

export const tokenHashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex")

export interface InviteResult {
  readonly invitationId: string
  /** False when a pending invitation for this address already existed. */
  readonly created: boolean
  readonly position: GlobalPosition
  /** The e-mail queued with a new invitation (absent when a pending one was answered). */
  readonly mail?: { readonly to: string; readonly subject: string; readonly body: string }
}

export interface InviteInput {
  readonly orgId: string
  readonly emailAddress: string
  readonly role: Role
  readonly redirectUrl: string
  readonly at: Date
  /** Builds the e-mail for the single-use token. */
  readonly email: (token: string) => { readonly subject: string; readonly body: string }
}

const MAX_CONFLICT_RETRIES = 5

export class IdentityJournal extends Effect.Service<IdentityJournal>()("IdentityJournal", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore

    const load = (orgId: string) =>
      Effect.map(store.readStream(orgStreamOf(orgId)), (recorded) => {
        const events: Array<IdentityEvent> = recorded.map((event) => identityFromStored(event))
        return { version: recorded.length, state: foldOrganization(events) }
      }).pipe(Effect.orDie)

    const appendOne = (orgId: string, key: string, event: IdentityEvent) =>
      store.append(orgStreamOf(orgId), "any", [{ eventId: eventIdFor(`org:${orgId}:${key}`, 0), ...identityToStored(event) }]).pipe(
        Effect.orDie,
        Effect.map((result) => result.lastPosition)
      )

    /**
     * Local mode: the organization of a user's token comes into existence (name = slug) and
     * the user becomes a member with the token's role, when missing. Idempotent.
     */
    const ensureFromToken = Effect.fn("IdentityJournal.ensureFromToken")(function*(
      token: { readonly orgId: string; readonly orgSlug: string; readonly userId: string; readonly role: Role; readonly name?: string },
      at: Date
    ) {
      const { state } = yield* load(token.orgId)
      let position: GlobalPosition = StartOfLog
      if (!state.created) {
        position = yield* appendOne(token.orgId, "created", new OrganizationCreated({
          orgId: token.orgId,
          slug: token.orgSlug,
          name: token.name ?? token.orgSlug,
          imageUrl: null,
          createdAt: at.toISOString()
        }))
      }
      if (!state.members.has(token.userId)) {
        position = yield* appendOne(token.orgId, `member:${token.userId}:token`, new MemberAdded({
          orgId: token.orgId,
          userId: token.userId,
          role: token.role,
          at: at.toISOString()
        }))
      }
      return position
    })

    const exists = (orgId: string) => Effect.map(load(orgId), ({ state }) => state.created)

    /** Creates an invitation, or answers the pending one for the same address. */
    const invite = Effect.fn("IdentityJournal.invite")(function*(input: InviteInput) {
      const email = input.emailAddress.toLowerCase()
      for (let attempt = 0; ; attempt++) {
        const { state, version } = yield* load(input.orgId)
        const pending = [...state.invitations.values()].find((invitation) =>
          invitation.emailAddress === email && invitation.acceptedBy === null &&
          new Date(invitation.expiresAt).getTime() > input.at.getTime()
        )
        if (pending !== undefined) {
          return { invitationId: pending.invitationId, created: false, position: StartOfLog } satisfies InviteResult
        }
        const invitationId = `inv_${randomUUID().replace(/-/g, "")}`
        const token = randomBytes(32).toString("base64url")
        const mail = input.email(token)
        const at = input.at.toISOString()
        const created = new InvitationCreated({
          orgId: input.orgId,
          invitationId,
          emailAddress: email,
          role: input.role,
          redirectUrl: input.redirectUrl,
          tokenHash: tokenHashOf(token),
          expiresAt: new Date(input.at.getTime() + INVITATION_TTL_MS).toISOString(),
          at
        })
        const queued = new InvitationEmailQueued({ orgId: input.orgId, invitationId, to: email, subject: mail.subject, body: mail.body, at })
        const appended = yield* Effect.either(store.append(orgStreamOf(input.orgId), version, [
          { eventId: eventIdFor(`org:${input.orgId}:invitation:${invitationId}`, 0), ...identityToStored(created) },
          { eventId: eventIdFor(`org:${input.orgId}:invitation:${invitationId}`, 1), ...identityToStored(queued) }
        ]))
        if (Either.isRight(appended)) {
          return {
            invitationId,
            created: true,
            position: appended.right.lastPosition,
            mail: { to: email, subject: mail.subject, body: mail.body }
          } satisfies InviteResult
        }
        if (appended.left._tag !== "WrongExpectedVersion" || attempt >= MAX_CONFLICT_RETRIES) return yield* Effect.die(appended.left)
      }
    })

    /** Accepts an invitation by its token for `userId`: the user joins with the invited role. */
    const accept = Effect.fn("IdentityJournal.accept")(function*(orgId: string, invitationId: string, userId: string, at: Date) {
      for (let attempt = 0; ; attempt++) {
        const { state, version } = yield* load(orgId)
        const invitation = state.invitations.get(invitationId)
        if (invitation === undefined) {
          return yield* Effect.fail(new InvitationRejected({ reason: "unknown", message: "the invitation token is not valid" }))
        }
        if (invitation.acceptedBy !== null) {
          return yield* Effect.fail(new InvitationRejected({ reason: "used", message: "the invitation has already been accepted" }))
        }
        if (new Date(invitation.expiresAt).getTime() <= at.getTime()) {
          return yield* Effect.fail(new InvitationRejected({ reason: "expired", message: "the invitation has expired" }))
        }
        // Decided before the acceptance is recorded: an invitation stored before redirects were
        // checked may hold a value no `Location` header can carry (it leads to the default).
        const redirectUrl = Option.getOrElse(sameOriginPath(invitation.redirectUrl), () => DEFAULT_REDIRECT_PATH)
        const appended = yield* Effect.either(store.append(orgStreamOf(orgId), version, [
          {
            eventId: eventIdFor(`org:${orgId}:invitation:${invitationId}:accepted`, 0),
            ...identityToStored(new InvitationAccepted({ orgId, invitationId, userId, at: at.toISOString() }))
          },
          {
            eventId: eventIdFor(`org:${orgId}:invitation:${invitationId}:accepted`, 1),
            ...identityToStored(new MemberAdded({ orgId, userId, role: invitation.role, at: at.toISOString() }))
          }
        ]))
        if (Either.isRight(appended)) {
          return { redirectUrl, position: appended.right.lastPosition }
        }
        if (appended.left._tag !== "WrongExpectedVersion" || attempt >= MAX_CONFLICT_RETRIES) return yield* Effect.die(appended.left)
      }
    })

    /** The invitation e-mail went out through SMTP. Idempotent. */
    const recordEmailSent = (orgId: string, invitationId: string, at: Date) =>
      appendOne(orgId, `invitation:${invitationId}:email-sent`, new InvitationEmailSent({ orgId, invitationId, at: at.toISOString() }))

    /** Sending the invitation e-mail failed after its retries (one record per send). */
    const recordEmailFailed = (orgId: string, invitationId: string, error: string, at: Date) =>
      appendOne(
        orgId,
        `invitation:${invitationId}:email-failed:${at.toISOString()}`,
        new InvitationEmailFailed({ orgId, invitationId, error: cleanAndCut(error, 1000), at: at.toISOString() })
      )

    return { ensureFromToken, exists, invite, accept, recordEmailSent, recordEmailFailed }
  })
}) {}
