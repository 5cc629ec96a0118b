/**
 * Organizations, members and invitations: the user's organizations for a business switcher,
 * invitations by e-mail, their acceptance, and the operator's outbox. With IDENTITY_PROVIDER=clerk
 * the organizations and invitations are Clerk's, which accepts invitations and sends their
 * e-mails itself: there the accept link answers 400 and the outbox 404.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "./authentication.ts"
import { BadGateway, Forbidden, Gone, NotFound, Unavailable } from "./errors.ts"

export const OrganizationSummary = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  image_url: Schema.NullOr(Schema.String),
  role: Schema.String,
  business_url: Schema.String,
  subscription_status: Schema.String,
  created_at: Schema.Int
})

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const RedirectUrl = Schema.String.pipe(
  Schema.maxLength(2048),
  Schema.filter((value) => /^https?:\/\/[^\s/]+/i.test(value) || (value.startsWith("/") && !value.startsWith("//")), {
    message: () => "redirect_url must be an absolute http(s) URL or a path starting with /"
  })
)

export class InviteRequest extends Schema.Class<InviteRequest>("InviteRequest")({
  organization_id: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  email_address: Schema.String.pipe(
    Schema.maxLength(320),
    Schema.filter((value) => EMAIL.test(value), { message: () => "email_address must be an e-mail address" })
  ),
  role: Schema.optional(Schema.Literal("org:admin", "org:member")),
  redirect_url: Schema.optional(RedirectUrl)
}) {}

export const OutboxMessage = Schema.Struct({
  invitation_id: Schema.String,
  to: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  created_at: Schema.Int,
  /** When the e-mail went out through SMTP; null while only queued (or without SMTP_URL). */
  sent_at: Schema.NullOr(Schema.Int),
  /** Why the last attempt to send it failed, if it did. */
  last_error: Schema.NullOr(Schema.String)
})

export class IdentityApi extends HttpApiGroup.make("identity")
  .add(
    HttpApiEndpoint.get("userBusinesses", "/api/user/businesses")
      .addSuccess(Schema.Struct({ businesses: Schema.Array(OrganizationSummary), total: Schema.Int }))
  )
  .add(
    HttpApiEndpoint.post("invite", "/api/organizations/invite")
      .setPayload(InviteRequest)
      .addSuccess(Schema.Struct({ status: Schema.Literal("success"), message: Schema.String, invitation_id: Schema.String }))
  )
  .add(
    HttpApiEndpoint.get("acceptInvitation", "/api/invitations/accept")
      .setUrlParams(Schema.Struct({ token: Schema.String }))
      .addSuccess(HttpApiSchema.Empty(302))
      .addError(Gone)
  )
  .add(
    HttpApiEndpoint.get("outbox", "/api/organizations/:organization_id/outbox")
      .setPath(Schema.Struct({ organization_id: Schema.String }))
      .addSuccess(Schema.Struct({ messages: Schema.Array(OutboxMessage), total: Schema.Int }))
  )
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Unavailable)
  .addError(BadGateway)
  .middleware(Authentication)
{}
