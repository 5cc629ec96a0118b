/**
 * The Clerk adapter of the identity provider port: Clerk's Backend API at CLERK_API_URL with
 * `Authorization: Bearer CLERK_SECRET_KEY`. Clerk sends its invitation e-mails and accepts its
 * invitations on its own pages, so this service issues no accept tokens and keeps no outbox.
 */
import { Duration, Effect, Redacted, Schema } from "effect"
import {
  type IdentityProviderShape,
  IdentityProviderError,
  InvitationRefused,
  type InvitationRequest,
  OrganizationNotFound,
  OutboxNotKept,
  type ProviderMembership
} from "./identity-provider.ts"
import type { UserPrincipal } from "./principal.ts"

const ClerkOrganization = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.NullOr(Schema.String),
  image_url: Schema.optional(Schema.NullOr(Schema.String)),
  created_at: Schema.Number
})

const ClerkMemberships = Schema.Struct({
  data: Schema.Array(Schema.Struct({ role: Schema.String, organization: ClerkOrganization })),
  total_count: Schema.optional(Schema.Number)
})

const ClerkInvitation = Schema.Struct({ id: Schema.String })

const PAGE = 100
const TIMEOUT = Duration.seconds(10)

export interface ClerkOptions {
  readonly apiUrl: string
  readonly secretKey: Redacted.Redacted<string>
  /** Redirect paths are made absolute against it: Clerk needs a full URL. */
  readonly publicBaseUrl: string
  readonly timeout?: Duration.DurationInput
}

export const makeClerkProvider = (options: ClerkOptions): IdentityProviderShape => {
  const base = options.apiUrl.replace(/\/+$/, "")
  const timeout = options.timeout ?? TIMEOUT

  const call = <A, I>(method: "GET" | "POST", path: string, schema: Schema.Schema<A, I>, body?: unknown) =>
    Effect.gen(function*() {
      const route = `${method} ${path.split("?")[0]}`
      const response = yield* Effect.tryPromise({
        try: (signal) =>
          fetch(`${base}${path}`, {
            method,
            signal,
            headers: {
              authorization: `Bearer ${Redacted.value(options.secretKey)}`,
              accept: "application/json",
              ...(body === undefined ? {} : { "content-type": "application/json" })
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) })
          }),
        catch: (error) =>
          new IdentityProviderError({
            reason: "unavailable",
            status: null,
            message: `Clerk did not answer ${route}: ${error instanceof Error ? error.message : String(error)}`
          })
      }).pipe(
        Effect.timeoutFail({
          duration: timeout,
          onTimeout: () => new IdentityProviderError({ reason: "unavailable", status: null, message: `Clerk did not answer in ${Duration.format(timeout)}` })
        })
      )
      if (!response.ok) {
        const status = response.status
        const reason = status === 401 || status === 403 ? "misconfigured" : status === 429 || status >= 500 ? "unavailable" : "rejected"
        const detail = yield* Effect.promise(() => response.text().catch(() => ""))
        return yield* Effect.fail(new IdentityProviderError({ reason, status, message: `Clerk answered ${status} to ${route}${clerkMessage(detail)}` }))
      }
      const json = yield* Effect.tryPromise({
        try: () => response.json() as Promise<unknown>,
        catch: () => new IdentityProviderError({ reason: "invalid", status: response.status, message: "Clerk answered with a body that is not JSON" })
      })
      return yield* Schema.decodeUnknown(schema)(json).pipe(
        Effect.mapError(() => new IdentityProviderError({ reason: "invalid", status: response.status, message: `Clerk's answer to ${route} has an unexpected shape` }))
      )
    })

  const listOrganizationsOf = (user: UserPrincipal) =>
    Effect.gen(function*() {
      const out: Array<ProviderMembership> = []
      for (let offset = 0; ; offset += PAGE) {
        const page = yield* call("GET", `/v1/users/${encodeURIComponent(user.userId)}/organization_memberships?limit=${PAGE}&offset=${offset}`, ClerkMemberships)
        for (const membership of page.data) {
          out.push({
            orgId: membership.organization.id,
            name: membership.organization.name,
            slug: membership.organization.slug ?? "",
            imageUrl: membership.organization.image_url ?? null,
            role: membership.role,
            createdAt: new Date(membership.organization.created_at)
          })
        }
        if (page.data.length < PAGE || (page.total_count !== undefined && offset + PAGE >= page.total_count)) return out
      }
    }).pipe(Effect.withSpan("Clerk.listOrganizationsOf"))

  const createInvitation = (request: InvitationRequest) =>
    call("POST", `/v1/organizations/${encodeURIComponent(request.orgId)}/invitations`, ClerkInvitation, {
      email_address: request.emailAddress,
      role: request.role,
      redirect_url: request.redirectUrl.startsWith("/") ? `${options.publicBaseUrl}${request.redirectUrl}` : request.redirectUrl,
      ...(request.inviter._tag === "User" ? { inviter_user_id: request.inviter.userId } : {})
    }).pipe(
      Effect.catchTag("IdentityProviderError", (error): Effect.Effect<never, IdentityProviderError | OrganizationNotFound> =>
        error.status === 404 ? Effect.fail(new OrganizationNotFound({ orgId: request.orgId })) : Effect.fail(error)),
      // Clerk's invitation API has no "answer the pending one": every call is a new invitation.
      Effect.map((invitation) => ({ invitationId: invitation.id, created: true, delivery: "email" as const })),
      Effect.withSpan("Clerk.createInvitation")
    )

  const acceptInvitation = () =>
    Effect.fail(new InvitationRefused({
      reason: "handled_by_provider",
      message: "invitations are sent and accepted by Clerk in this deployment: use the link in Clerk's invitation e-mail"
    }))

  const outboxOf = () =>
    Effect.fail(new OutboxNotKept({
      message: "no outbox in clerk mode: Clerk sends the invitation e-mails; Clerk's dashboard lists the organization's invitations"
    }))

  return { name: "clerk", listOrganizationsOf, createInvitation, acceptInvitation, outboxOf }
}

/** Clerk's own error text (`errors[].message`), when it sends one; never the request's headers. */
const clerkMessage = (body: string) => {
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ message?: unknown; long_message?: unknown }> }
    const first = parsed.errors?.[0]
    const text = typeof first?.long_message === "string" ? first.long_message : typeof first?.message === "string" ? first.message : undefined
    return text === undefined ? "" : `: ${text.slice(0, 300)}`
  } catch {
    return ""
  }
}
