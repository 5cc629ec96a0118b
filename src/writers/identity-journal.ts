/**
 * Writes the organization streams (`org-<orgId>`) of local identity mode: organizations,
 * members, invitations and their e-mails. Every event id derives from what the event says,
 * so a repeated command records nothing twice. What a command records is decided by the
 * organization's decider (`domain/organization-decider.ts`); decisions that depend on the
 * stream (a pending invitation, a used token) append at the version they read and are made
 * again on a conflict. The random invitation ids and tokens are made here.
 */
import { Effect, Either } from "effect"
import { createHash, randomBytes, randomUUID } from "node:crypto"
import {
  type IdentityEvent,
  identityFromStored,
  identityToStored,
  InvitationEmailFailed,
  InvitationEmailSent,
  orgStreamOf
} from "../domain/identity-events.ts"
import {
  AcceptInvitation,
  decide,
  evolve,
  initialState,
  InviteMember,
  JoinFromToken,
  normalizedAddress,
  type OrganizationCommand,
  type OrganizationState,
  pendingInvitation,
  redirectAfterAccepting,
  type Role
} from "../domain/organization-decider.ts"
import { cleanAndCut } from "../domain/text.ts"
import { eventIdFor } from "../eventstore/event-id.ts"
import { type GlobalPosition, StartOfLog, EventStore } from "../eventstore/event-store.ts"
import { catchUp, handleCommand, type StreamFold } from "../eventstore/handle-command.ts"

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

const organizationFold: StreamFold<OrganizationState> = {
  initialState,
  evolve: (state, recorded) => evolve(state, identityFromStored(recorded))
}

export class IdentityJournal extends Effect.Service<IdentityJournal>()("IdentityJournal", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore

    const appendOne = (orgId: string, key: string, event: IdentityEvent) =>
      store.append(orgStreamOf(orgId), "any", [{ eventId: eventIdFor(`org:${orgId}:${key}`, 0), ...identityToStored(event) }]).pipe(
        Effect.orDie,
        Effect.map((result) => result.lastPosition)
      )

    /**
     * Decides a command on the organization's stream and appends its events at the version
     * read, under ids derived from `key`. A failed append is a defect.
     */
    const handle = (command: OrganizationCommand, key: string) =>
      handleCommand(orgStreamOf(command.orgId), organizationFold, (state) =>
        Either.match(decide(command, state), {
          onLeft: Effect.fail,
          onRight: (events) =>
            Effect.succeed(events.map((event, index) => ({
              eventId: eventIdFor(`org:${command.orgId}:${key}`, index),
              ...identityToStored(event)
            })))
        })).pipe(
          Effect.catchTags({ WrongExpectedVersion: Effect.die, EventsRefused: Effect.die, StoreUnavailable: Effect.die }),
          Effect.provideService(EventStore, store)
        )

    /**
     * Local mode: the organization of a user's token comes into existence (name = slug) and
     * the user becomes a member with the token's role, when missing. Idempotent: each event
     * is appended on its own, under an id naming what it records.
     */
    const ensureFromToken = Effect.fn("IdentityJournal.ensureFromToken")(function*(
      token: { readonly orgId: string; readonly orgSlug: string; readonly userId: string; readonly role: Role; readonly name?: string },
      at: Date
    ) {
      const { state } = yield* catchUp(orgStreamOf(token.orgId), organizationFold).pipe(Effect.provideService(EventStore, store))
      const events = Either.getOrThrow(decide(new JoinFromToken({ ...token, at }), state))
      let position: GlobalPosition = StartOfLog
      for (const event of events) {
        position = yield* appendOne(token.orgId, event._tag === "OrganizationCreated" ? "created" : `member:${token.userId}:token`, event)
      }
      return position
    })

    const exists = (orgId: string) =>
      Effect.map(catchUp(orgStreamOf(orgId), organizationFold), ({ state }) => state.created).pipe(Effect.provideService(EventStore, store))

    /** Creates an invitation, or answers the pending one for the same address. */
    const invite = Effect.fn("IdentityJournal.invite")(function*(input: InviteInput) {
      const invitationId = `inv_${randomUUID().replace(/-/g, "")}`
      const token = randomBytes(32).toString("base64url")
      const mail = input.email(token)
      const handled = yield* handle(
        new InviteMember({
          orgId: input.orgId,
          invitationId,
          tokenHash: tokenHashOf(token),
          emailAddress: input.emailAddress,
          role: input.role,
          redirectUrl: input.redirectUrl,
          mail,
          at: input.at
        }),
        `invitation:${invitationId}`
      ).pipe(Effect.catchTag("InvitationRejected", Effect.die)) // only accepting refuses
      if (handled.appended === undefined) {
        const pending = pendingInvitation(handled.decidedOn.state, input.emailAddress, input.at)!
        return { invitationId: pending.invitationId, created: false, position: StartOfLog } satisfies InviteResult
      }
      return {
        invitationId,
        created: true,
        position: handled.appended.lastPosition,
        mail: { to: normalizedAddress(input.emailAddress), subject: mail.subject, body: mail.body }
      } satisfies InviteResult
    })

    /** Accepts an invitation by its token for `userId`: the user joins with the invited role. */
    const accept = Effect.fn("IdentityJournal.accept")(function*(orgId: string, invitationId: string, userId: string, at: Date) {
      const handled = yield* handle(new AcceptInvitation({ orgId, invitationId, userId, at }), `invitation:${invitationId}:accepted`)
      const invitation = handled.decidedOn.state.invitations.get(invitationId)!
      return { redirectUrl: redirectAfterAccepting(invitation), position: handled.appended!.lastPosition }
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
