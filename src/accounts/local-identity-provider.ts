/**
 * The local adapter of the identity provider port: organizations, members and invitations kept
 * as events of this service (IdentityJournal) and read from the `organizations` read model.
 *
 * An organization comes into existence from the token of its first user to reach it; members
 * join through e-mail invitations whose accept link carries a single-use token. The e-mail is
 * kept in the outbox and, with SMTP_URL set, also sent through SMTP in the background.
 */
import { Effect, Layer } from "effect"
import { IdentityJournal, type InviteResult, tokenHashOf } from "../writers/identity-journal.ts"
import { AppConfig } from "../config/app-config.ts"
import { WallClock } from "../config/wall-clock.ts"
import { comparePositions, type GlobalPosition, StartOfLog } from "../eventstore/event-store.ts"
import { Organizations } from "../projections/organizations.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import {
  type AcceptRequest,
  IdentityProviderError,
  type IdentityProviderShape,
  InvitationRefused,
  type InvitationRequest,
  OrganizationNotFound
} from "./identity-provider.ts"
import { Mailer } from "./mailer.ts"
import type { Principal, UserPrincipal } from "./principal.ts"

/** The services this adapter builds on (shared with the rest of the service, layers being memoized). */
export const LocalIdentityDependencies = Layer.mergeAll(IdentityJournal.Default, Organizations.Default, Mailer.Default)

export const makeLocalProvider = Effect.gen(function*() {
  const journal = yield* IdentityJournal
  const organizations = yield* Organizations
  const mailer = yield* Mailer
  const clock = yield* WallClock
  const config = yield* AppConfig
  const runner = yield* ProjectionRunner

  /** Read-your-writes: answers once the organizations read model has passed `position`. */
  const awaitRead = (position: GlobalPosition) =>
    comparePositions(position, StartOfLog) === 0
      ? Effect.void
      : runner.waitFor(position, ["organizations"]).pipe(
        Effect.catchTag("ProjectionTimeout", () =>
          Effect.fail(new IdentityProviderError({
            reason: "lagging",
            status: null,
            message: "the change was recorded but is not readable yet; retry the read shortly"
          })))
      )

  /** The organization of a user's token (org_id, org_slug, org_role), recorded when missing. */
  const ensureCaller = (caller: Principal) =>
    Effect.gen(function*() {
      if (caller._tag !== "User" || caller.orgId === null || caller.orgSlug === null || caller.role === null) return
      const position = yield* journal.ensureFromToken(
        { orgId: caller.orgId, orgSlug: caller.orgSlug, userId: caller.userId, role: caller.role },
        yield* clock.now
      )
      yield* awaitRead(position)
    })

  /** Sends a new invitation's e-mail in the background and records the outcome. */
  const sendInvitationEmail = (orgId: string, result: InviteResult) =>
    !mailer.enabled || result.mail === undefined
      ? Effect.void
      : Effect.forkDaemon(
        mailer.send({ to: result.mail.to, subject: result.mail.subject, text: result.mail.body }).pipe(
          Effect.matchEffect({
            onSuccess: () => Effect.flatMap(clock.now, (at) => journal.recordEmailSent(orgId, result.invitationId, at)),
            onFailure: (error) =>
              Effect.zipRight(
                Effect.logError("the invitation e-mail was not sent", { invitation_id: result.invitationId, error: error.message }),
                Effect.flatMap(clock.now, (at) => journal.recordEmailFailed(orgId, result.invitationId, error.message, at))
              )
          }),
          Effect.catchAllCause((cause) => Effect.logError("recording the invitation e-mail's outcome failed", cause))
        )
      ).pipe(Effect.asVoid)

  const invitationEmail = (token: string) => {
    const link = `${config.publicBaseUrl}/api/invitations/accept?token=${encodeURIComponent(token)}`
    return {
      subject: "You have been invited to join an organization on Sightline",
      body: `You have been invited to join an organization on Sightline.\n\nAccept the invitation: ${link}\n\nThe link can be used once and expires in 7 days.\n`
    }
  }

  const listOrganizationsOf = (user: UserPrincipal) =>
    Effect.gen(function*() {
      yield* ensureCaller(user)
      const rows = yield* organizations.membershipsOf(user.userId)
      return rows.map((row) => ({
        orgId: row.org_id,
        name: row.name,
        slug: row.slug,
        imageUrl: row.image_url,
        role: row.role,
        createdAt: new Date(row.created_at)
      }))
    })

  const createInvitation = (request: InvitationRequest) =>
    Effect.gen(function*() {
      yield* ensureCaller(request.inviter)
      if (!(yield* journal.exists(request.orgId))) return yield* Effect.fail(new OrganizationNotFound({ orgId: request.orgId }))
      const result = yield* journal.invite({
        orgId: request.orgId,
        emailAddress: request.emailAddress,
        role: request.role,
        redirectUrl: request.redirectUrl,
        at: yield* clock.now,
        email: invitationEmail
      })
      yield* awaitRead(result.position)
      yield* sendInvitationEmail(request.orgId, result)
      return { invitationId: result.invitationId, created: result.created, delivery: mailer.enabled ? "email" as const : "outbox" as const }
    })

  const acceptInvitation = (request: AcceptRequest) =>
    Effect.gen(function*() {
      yield* ensureCaller(request.user)
      const found = yield* organizations.invitationByTokenHash(tokenHashOf(request.token))
      if (found === undefined) {
        return yield* Effect.fail(new InvitationRefused({ reason: "unknown", message: "the invitation token is not valid" }))
      }
      if (request.user.email !== null && found.email !== request.user.email.toLowerCase()) {
        return yield* Effect.fail(new InvitationRefused({
          reason: "wrong_recipient",
          message: "this invitation was sent to another e-mail address than the one of your account; sign in with the invited address to accept it"
        }))
      }
      const accepted = yield* journal.accept(found.org_id, found.invitation_id, request.user.userId, yield* clock.now).pipe(
        Effect.catchTag("InvitationRejected", (rejected) => Effect.fail(new InvitationRefused({ reason: rejected.reason, message: rejected.message })))
      )
      yield* awaitRead(accepted.position)
      return { redirectUrl: accepted.redirectUrl }
    })

  const outboxOf = (orgId: string, caller: Principal) =>
    Effect.gen(function*() {
      yield* ensureCaller(caller)
      const messages = yield* organizations.outboxOf(orgId)
      return messages.map((message) => ({
        invitationId: message.invitation_id,
        to: message.to,
        subject: message.subject,
        body: message.body,
        createdAt: new Date(message.created_at),
        sentAt: message.sent_at === null ? null : new Date(message.sent_at),
        lastError: message.last_error
      }))
    })

  return { name: "local", listOrganizationsOf, createInvitation, acceptInvitation, outboxOf } satisfies IdentityProviderShape
})
