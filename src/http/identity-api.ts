/**
 * Organizations, members and invitations: the user's organizations for a business switcher,
 * invitations by e-mail, their acceptance, and the operator's outbox. With IDENTITY_PROVIDER=clerk
 * the organizations and invitations are Clerk's, which accepts invitations and sends their
 * e-mails itself: there the accept link answers 400 and the outbox 404.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Option, Schema } from "effect"
import { REDIRECT_PATH_RULE, sameOriginPath } from "../domain/redirect-path.ts"
import { Authentication } from "./authentication.ts"
import { BadGateway, Forbidden, Gone, NotFound, Unavailable } from "./errors.ts"
import { operation } from "./openapi-document.ts"

export const OrganizationSummary = Schema.Struct({
  id: Schema.String.annotations({ examples: ["org_2blueDoorBakery"] }),
  name: Schema.String.annotations({ examples: ["Blue Door Bakery"] }),
  slug: Schema.String.annotations({ examples: ["blue-door-bakery"] }),
  image_url: Schema.NullOr(Schema.String).annotations({ examples: [null] }),
  role: Schema.String.annotations({ examples: ["org:admin"] }),
  business_url: Schema.String.annotations({ examples: ["https://bluedoorbakery.example/"] }),
  subscription_status: Schema.String.annotations({ description: "The billing status; `none` without a subscription.", examples: ["active"] }),
  created_at: Schema.Int.annotations({ description: "Unix time, seconds.", examples: [1762351407] })
})

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const RedirectUrl = Schema.String.pipe(
  Schema.maxLength(2048),
  Schema.filter((value) => Option.isSome(sameOriginPath(value)), { message: () => REDIRECT_PATH_RULE })
)

export class InviteRequest extends Schema.Class<InviteRequest>("InviteRequest")({
  organization_id: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)).annotations({ examples: ["org_2blueDoorBakery"] }),
  // A filter is left out of the OpenAPI schema (with its example) unless it has a jsonSchema annotation.
  email_address: Schema.String.pipe(
    Schema.maxLength(320),
    Schema.filter((value) => EMAIL.test(value), { message: () => "email_address must be an e-mail address" })
  ).annotations({ examples: ["mara@bluedoorbakery.example"], jsonSchema: {} }),
  role: Schema.optional(Schema.Literal("org:admin", "org:member")),
  redirect_url: Schema.optional(RedirectUrl.annotations({
    description: "Where the invitee lands after accepting: a path on this service (default /dashboard).",
    examples: ["/dashboard"],
    jsonSchema: {}
  }))
}) {}

export const OutboxMessage = Schema.Struct({
  invitation_id: Schema.String.annotations({ examples: ["inv_7c1f0e2a9b"] }),
  to: Schema.String.annotations({ examples: ["mara@bluedoorbakery.example"] }),
  subject: Schema.String.annotations({ examples: ["You are invited to Blue Door Bakery"] }),
  body: Schema.String.annotations({ examples: ["Accept the invitation: https://api.example.com/api/invitations/accept?token=k3J9xQ2vLm8RtY6wZp4N"] }),
  created_at: Schema.Int.annotations({ description: "Unix time, seconds.", examples: [1762351407] }),
  /** When the e-mail went out through SMTP; null while only queued (or without SMTP_URL). */
  sent_at: Schema.NullOr(Schema.Int),
  /** Why the last attempt to send it failed, if it did. */
  last_error: Schema.NullOr(Schema.String)
})

const PROVIDER_ERRORS = [
  "500 `provider_error`: the identity provider refused this service's credentials (clerk mode).",
  "502 `identity_provider_unavailable`: the identity provider did not answer (clerk mode).",
  "503 `projection_lagging`: a change was recorded but is not readable yet; retry shortly."
]

export class IdentityApi extends HttpApiGroup.make("identity")
  .add(
    HttpApiEndpoint.get("userBusinesses", "/api/user/businesses")
      .addSuccess(Schema.Struct({ businesses: Schema.Array(OrganizationSummary), total: Schema.Int.annotations({ examples: [1] }) }))
      .annotateContext(operation({
        summary: "The user's organizations (business switcher)",
        access: "user",
        description:
          "Every organization the token's user belongs to, with the user's role, the business URL and the subscription status.",
        errors: ["403 `forbidden`: a service API key.", ...PROVIDER_ERRORS]
      }))
  )
  .add(
    HttpApiEndpoint.post("invite", "/api/organizations/invite")
      .setPayload(InviteRequest)
      .addSuccess(Schema.Struct({
        status: Schema.Literal("success"),
        message: Schema.String.annotations({ examples: ["invitation sent to mara@bluedoorbakery.example"] }),
        invitation_id: Schema.String.annotations({ examples: ["inv_7c1f0e2a9b"] })
      }))
      .addError(NotFound)
      .annotateContext(operation({
        summary: "Invite someone to an organization",
        access: "organizationWrite",
        description:
          "Invites an e-mail address to the organization as `org:member` (default) or `org:admin`. In local mode the invitation e-mail goes out through SMTP (`SMTP_URL`) or waits in the outbox; in clerk mode Clerk sends it. Inviting an address with a pending invitation answers that one.",
        errors: [
          "400 `invalid_request`: a field is invalid (e.g. `email_address` not an e-mail address, `redirect_url` refused).",
          "403 `forbidden`: another organization's token or a member.",
          "404 `organization_not_found`: no such organization.",
          ...PROVIDER_ERRORS
        ]
      }))
  )
  .add(
    HttpApiEndpoint.get("acceptInvitation", "/api/invitations/accept")
      .setUrlParams(Schema.Struct({
        token: Schema.String.annotations({ description: "The token of the invitation link.", examples: ["k3J9xQ2vLm8RtY6wZp4N"] })
      }))
      .addSuccess(HttpApiSchema.Empty(302))
      .addError(Gone)
      .annotateContext(operation({
        summary: "Accept an invitation",
        access: "user",
        description:
          "The invitation e-mail's link (local mode): makes the token's user a member of the organization with the invited role and redirects (302) to the invitation's `redirect_url`. The user must be the one invited.",
        errors: [
          "400 `invalid_invitation`: no such invitation, or invitations are accepted by the identity provider (clerk mode).",
          "403 `forbidden`: a service API key, or a user who is not the invitee.",
          "410 `invitation_used` or `invitation_expired`.",
          ...PROVIDER_ERRORS
        ]
      }))
  )
  .add(
    HttpApiEndpoint.get("outbox", "/api/organizations/:organization_id/outbox")
      .setPath(Schema.Struct({ organization_id: Schema.String.annotations({ examples: ["org_2blueDoorBakery"] }) }))
      .addSuccess(Schema.Struct({ messages: Schema.Array(OutboxMessage), total: Schema.Int.annotations({ examples: [1] }) }))
      .addError(NotFound)
      .annotateContext(operation({
        summary: "Invitation e-mails of an organization (local mode)",
        access: "organizationWrite",
        description:
          "The invitation e-mails of the organization, sent or waiting (without `SMTP_URL` they only wait here, for the operator to forward), with the last sending error if any.",
        errors: [
          "403 `forbidden`: another organization's token or a member.",
          "404 `not_found`: the identity provider sends its e-mails itself and keeps no outbox (clerk mode).",
          ...PROVIDER_ERRORS
        ]
      }))
  )
  .addError(Forbidden)
  .addError(Unavailable)
  .addError(BadGateway)
  .middleware(Authentication)
  .annotateContext(OpenApi.annotations({ title: "Organizations and invitations", description: "Organizations, members and invitations: the local identity mode's own, or Clerk's." }))
{}
