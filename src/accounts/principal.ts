/**
 * Who is calling: a service API key (the scheduler, internal callers) or a user with the
 * organization of their token.
 */
import { Context } from "effect"

export type OrgRole = "org:admin" | "org:member"

export interface UserPrincipal {
  readonly _tag: "User"
  readonly userId: string
  readonly orgId: string | null
  readonly orgSlug: string | null
  readonly role: OrgRole | null
  /** The token's `email` claim, when it has one. */
  readonly email: string | null
}

export interface ServicePrincipal {
  readonly _tag: "Service"
}

export type Principal = UserPrincipal | ServicePrincipal

export class CurrentPrincipal extends Context.Tag("CurrentPrincipal")<CurrentPrincipal, Principal>() {}
