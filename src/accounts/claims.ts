/**
 * Verified JWT claims to the calling user. The organization comes either from the flat claims
 * (`org_id`, `org_slug`, `org_role`) or from Clerk's v2 nested form (`o: { id, slg, rol }`,
 * where the role has no `org:` prefix). A token carrying any flat organization claim is read in
 * the flat form only, so the two forms are never mixed into an organization nobody issued.
 */
import { Either } from "effect"
import type { JWTPayload } from "jose"
import type { OrgRole, UserPrincipal } from "./principal.ts"

const text = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null)

/** `org:admin`/`admin` and `org:member`/`member`; any other role grants nothing (null). */
export const normalizeRole = (value: unknown): OrgRole | null => {
  switch (value) {
    case "org:admin":
    case "admin":
      return "org:admin"
    case "org:member":
    case "member":
      return "org:member"
    default:
      return null
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** The principal of a verified token, or the reason it names none (safe to show). */
export const principalFromClaims = (claims: JWTPayload): Either.Either<UserPrincipal, string> => {
  const userId = text(claims.sub)
  if (userId === null) return Either.left("token has no sub claim")

  const flat = claims.org_id !== undefined || claims.org_slug !== undefined || claims.org_role !== undefined
  const nested = !flat && isRecord(claims.o) ? claims.o : undefined
  const org = nested === undefined
    ? { orgId: text(claims.org_id), orgSlug: text(claims.org_slug), role: normalizeRole(claims.org_role) }
    : { orgId: text(nested.id), orgSlug: text(nested.slg), role: normalizeRole(nested.rol) }

  const email = text(claims.email)?.trim() || null
  return Either.right({ _tag: "User", userId, ...org, email })
}
