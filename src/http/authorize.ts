/** The authorization checks handlers run, failing with the 403 of docs/decisions.md. */
import { Effect, Either } from "effect"
import { type Access, canAccessOrganization, isService } from "../accounts/authorization.ts"
import { CurrentPrincipal } from "../accounts/principal.ts"
import { forbidden } from "./errors.ts"

const orForbidden = (decision: Either.Either<void, { readonly message: string }>) =>
  Either.isLeft(decision) ? Effect.fail(forbidden(decision.left.message)) : Effect.void

export const requireOrganization = (orgSlug: string, access: Access) =>
  Effect.flatMap(CurrentPrincipal, (principal) => orForbidden(canAccessOrganization(principal, orgSlug, access)))

export const requireService = Effect.flatMap(CurrentPrincipal, (principal) => orForbidden(isService(principal)))
