/**
 * Organizations, invitations and the outbox over HTTP, through the IdentityProvider port (local
 * or Clerk, by IDENTITY_PROVIDER). These handlers authorize the caller, add what only this
 * service knows (the business URL, the subscription status) and turn port failures into errors.
 */
import { HttpApiBuilder, HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect, Option } from "effect"
import { validateHeaderValue } from "node:http"
import {
  IdentityProvider,
  type IdentityProviderError,
  type InvitationRefused,
  type OrganizationNotFound,
  type OutboxNotKept
} from "../accounts/identity-provider.ts"
import { CurrentPrincipal, type Principal } from "../accounts/principal.ts"
import { DEFAULT_REDIRECT_PATH, sameOriginPath } from "../domain/redirect-path.ts"
import { BillingAccounts } from "../projections/billing.ts"
import { Entities } from "../projections/entities.ts"
import { SightlineApi } from "./api.ts"
import { BadGateway, BadRequest, forbidden, Gone, InternalError, internalError, notFound, Unavailable } from "./errors.ts"

/** The answer when no mail server is configured: the invitation exists, its e-mail waits in the outbox. */
export const outboxOnlyMessage = (email: string, orgId: string) =>
  `invitation to ${email} created and queued in the outbox, not e-mailed: SMTP_URL is not set; ` +
  `GET /api/organizations/${orgId}/outbox shows the message with its accept link`

const isWritableHeaderValue = (value: string) => {
  try {
    validateHeaderValue("location", value)
    return true
  } catch {
    return false
  }
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** A provider failure as a response: the key's problem is ours (500), the rest a bad gateway. */
const providerFailure = (error: IdentityProviderError): Effect.Effect<never, Unavailable | InternalError | BadGateway> =>
  error.reason === "lagging"
    ? Effect.fail(new Unavailable({ status: "error", code: "projection_lagging", message: error.message }))
    : Effect.zipRight(
      Effect.logError("identity provider call failed", { reason: error.reason, status: error.status, error: error.message }),
      Effect.fail(
        error.reason === "misconfigured"
          ? new InternalError({ status: "error", code: "provider_error", message: "the identity provider refused this service's credentials" })
          : new BadGateway({ status: "error", code: "identity_provider_unavailable", message: error.message })
      )
    )

const organizationNotFound = (error: OrganizationNotFound) =>
  Effect.fail(notFound("organization_not_found", `no organization ${error.orgId}`))

const invitationRefused = (refused: InvitationRefused) => {
  switch (refused.reason) {
    case "unknown":
    case "handled_by_provider":
      return Effect.fail(new BadRequest({ status: "error", code: "invalid_invitation", message: refused.message }))
    case "wrong_recipient":
      return Effect.fail(forbidden(refused.message))
    case "used":
      return Effect.fail(new Gone({ status: "error", code: "invitation_used", message: refused.message }))
    case "expired":
      return Effect.fail(new Gone({ status: "error", code: "invitation_expired", message: refused.message }))
  }
}

const outboxNotKept = (error: OutboxNotKept) => Effect.fail(notFound("not_found", error.message))

/** A service key, or an admin whose token names this organization. */
const requireOrgAdmin = (principal: Principal, orgId: string) => {
  if (principal._tag === "Service") return Effect.void
  if (principal.orgId !== orgId) return Effect.fail(forbidden(`the token's organization is not ${orgId}`))
  if (principal.role !== "org:admin") return Effect.fail(forbidden("this action needs the org:admin role"))
  return Effect.void
}


export const IdentityHandlers = HttpApiBuilder.group(SightlineApi, "identity", (handlers) =>
  Effect.gen(function*() {
    const provider = yield* IdentityProvider
    const entities = yield* Entities
    const billingAccounts = yield* BillingAccounts

    /** The business of an organization: its slug as business id, or the business naming the org. */
    const businessUrlOf = (orgId: string, slug: string) =>
      Effect.gen(function*() {
        const bySlug = yield* entities.findBusiness(slug)
        if (bySlug !== undefined) return bySlug.source_url ?? ""
        const all = yield* entities.list({ type: "business" })
        return all.find((row) => row.identity_org_id === orgId)?.source_url ?? ""
      })

    return handlers
      .handle("userBusinesses", () =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          if (principal._tag !== "User") return yield* Effect.fail(forbidden("this endpoint needs a user token"))
          const memberships = yield* provider.listOrganizationsOf(principal).pipe(Effect.catchTag("IdentityProviderError", providerFailure))
          const businesses = yield* Effect.forEach(memberships, (membership) =>
            Effect.map(
              Effect.all([businessUrlOf(membership.orgId, membership.slug), billingAccounts.statusOf(membership.orgId)]),
              ([businessUrl, status]) => ({
                id: membership.orgId,
                name: membership.name,
                slug: membership.slug,
                image_url: membership.imageUrl,
                role: membership.role,
                business_url: businessUrl,
                // The billing read model's status; "none" without a billing account or status yet.
                subscription_status: status ?? "none",
                created_at: unixSeconds(membership.createdAt)
              })
            ))
          return { businesses, total: businesses.length }
        }))
      .handle("invite", ({ payload }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          yield* requireOrgAdmin(principal, payload.organization_id)
          const email = payload.email_address.toLowerCase()
          const invitation = yield* provider.createInvitation({
            orgId: payload.organization_id,
            emailAddress: email,
            role: payload.role ?? "org:member",
            redirectUrl: Option.getOrElse(Option.flatMap(Option.fromNullable(payload.redirect_url), sameOriginPath), () => DEFAULT_REDIRECT_PATH),
            inviter: principal
          }).pipe(
            Effect.catchTags({ IdentityProviderError: providerFailure, OrganizationNotFound: organizationNotFound })
          )
          return {
            status: "success" as const,
            message: !invitation.created
              ? `an invitation to ${email} is already pending`
              : invitation.delivery === "email"
              ? `invitation sent to ${email}`
              : outboxOnlyMessage(email, payload.organization_id),
            invitation_id: invitation.invitationId
          }
        }))
      .handle("acceptInvitation", ({ urlParams }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          if (principal._tag !== "User") return yield* Effect.fail(forbidden("accepting an invitation needs the accepting user's token"))
          const accepted = yield* provider.acceptInvitation({ token: urlParams.token, user: principal }).pipe(
            Effect.catchTags({ IdentityProviderError: providerFailure, InvitationRefused: invitationRefused })
          )
          // The journal stores and answers only header-safe paths; should one still not be
          // writable, Node would throw while writing the response and nothing would answer.
          if (!isWritableHeaderValue(accepted.redirectUrl)) {
            yield* Effect.logError("an accepted invitation's redirect cannot be written as a Location header")
            return yield* Effect.fail(internalError())
          }
          yield* HttpApp.appendPreResponseHandler((_request, response) =>
            Effect.succeed(HttpServerResponse.setHeader(response, "location", accepted.redirectUrl)))
        }))
      .handle("outbox", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          yield* requireOrgAdmin(principal, path.organization_id)
          const messages = yield* provider.outboxOf(path.organization_id, principal).pipe(
            Effect.catchTags({ IdentityProviderError: providerFailure, OutboxNotKept: outboxNotKept })
          )
          return {
            messages: messages.map((message) => ({
              invitation_id: message.invitationId,
              to: message.to,
              subject: message.subject,
              body: message.body,
              created_at: unixSeconds(message.createdAt),
              sent_at: message.sentAt === null ? null : unixSeconds(message.sentAt),
              last_error: message.lastError
            })),
            total: messages.length
          }
        }))
  }))
