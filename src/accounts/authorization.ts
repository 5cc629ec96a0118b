/**
 * The authorization rules of docs/decisions.md, as pure checks on a principal. A user acts only on
 * the organization of their token; members read, admins write; `/api/cron/*` is for service
 * keys only. Missing or invalid credentials are the middleware's 401; these give 403.
 */
import { Either } from "effect"
import type { Principal } from "./principal.ts"

export type Access = "read" | "write" | "billing"

export interface Denied {
  readonly _tag: "Denied"
  readonly message: string
}

const deny = (message: string): Either.Either<void, Denied> => Either.left({ _tag: "Denied", message })
const allow: Either.Either<void, Denied> = Either.right(undefined)

/** May the principal act on the organization `orgSlug` with this access? */
export const canAccessOrganization = (principal: Principal, orgSlug: string, access: Access): Either.Either<void, Denied> => {
  if (principal._tag === "Service") return allow
  if (principal.orgSlug === null) return deny("the token carries no organization")
  if (principal.orgSlug !== orgSlug) return deny(`the token's organization is not ${orgSlug}`)
  if (principal.role === null) return deny("the token carries no organization role")
  if (access === "write" && principal.role !== "org:admin") return deny("this action needs the org:admin role")
  return allow
}

/** Only a service API key may call internal endpoints. */
export const isService = (principal: Principal): Either.Either<void, Denied> =>
  principal._tag === "Service" ? allow : deny("this endpoint accepts service API keys only")
