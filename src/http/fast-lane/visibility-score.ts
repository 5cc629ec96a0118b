/**
 * `GET /api/visibility-score/{org_slug}`: the authorization, the read and the answer, as plain
 * code over a promise (no fiber per request: this is the busiest read). One function for both
 * ways a request arrives: the fast lane, and HttpApi's handler.
 */
import { Effect, Either, Schema } from "effect"
import { canAccessOrganization } from "../../accounts/authorization.ts"
import type { Principal } from "../../accounts/principal.ts"
import { WallClock } from "../../config/wall-clock.ts"
import { utcDay } from "../../domain/calendar-date.ts"
import { historyLabel, historyWindowStart } from "../../domain/scoring.ts"
import { isSlug } from "../../domain/slug.ts"
import { Scores } from "../../projections/scores.ts"
import { BearerAuth } from "../authentication.ts"
import { type Forbidden, forbidden, type NotFound, notFound, type Unauthorized } from "../errors.ts"
import { LANE_ENDPOINTS, prefixOf } from "./paths.ts"
import { decodeFailure, type LaneRequest, makeReplies } from "./route.ts"
import { ItemQuery, VisibilityScorePath, VisibilityScoreResponse } from "../visibility-api.ts"

const NO_SCORE = new VisibilityScoreResponse({ visibilityScore: { value: 0, trend: "+0%" }, history: [] })

/** The history window's first day for today, kept for the day (every read asks for it). */
const windowStartFor = (() => {
  let today = ""
  let start = ""
  return (now: Date) => {
    const day = utcDay(now)
    if (day !== today) {
      today = day
      start = historyWindowStart(day)
    }
    return start
  }
})()

export const makeVisibilityScore = Effect.gen(function*() {
  const scores = yield* Scores
  const clock = yield* WallClock
  return async (principal: Principal, orgSlug: string, itemId: string | null): Promise<Either.Either<VisibilityScoreResponse, Forbidden | NotFound>> => {
    const allowed = canAccessOrganization(principal, orgSlug, "read")
    if (Either.isLeft(allowed)) return Either.left(forbidden(allowed.left.message))
    const { businessKnown, current, entityKnown } = await scores.visibilityNow(orgSlug, itemId)
    if (!businessKnown) return Either.left(notFound("business_not_found", `business ${orgSlug} not found`))
    if (!entityKnown) return Either.left(notFound("product_not_found", `product ${itemId} not found`))
    if (current === undefined) return Either.right(NO_SCORE)
    const windowStart = windowStartFor(clock.unsafeNow())
    return Either.right(new VisibilityScoreResponse({
      visibilityScore: { value: current.value, trend: current.trend },
      history: current.history.filter((entry) => entry.day >= windowStart).map((entry) =>
        entry.revised === true
          ? { date: historyLabel(entry.day), value: entry.value, revised: true as const, stored_value: entry.stored_value ?? entry.value }
          : { date: historyLabel(entry.day), value: entry.value }
      )
    }, true))
  }
})

const ENDPOINT = LANE_ENDPOINTS.visibilityScore
/** The path up to `:org_slug`, its only parameter: the rest of the path is the slug. */
const PREFIX = prefixOf(ENDPOINT.path)
const decodePath = Schema.decodeUnknownEither(VisibilityScorePath)
const decodeQuery = Schema.decodeUnknownEither(ItemQuery)

/**
 * The query the lane takes: none, or `item_id=<value>` alone and unencoded. Anything else
 * (undefined here) is left to HttpApi's parser.
 */
const plainItemQuery = (search: string): { readonly item_id?: string } | undefined => {
  if (search === "") return {}
  if (!search.startsWith("item_id=") || /[&%+=]/.test(search.slice(8))) return undefined
  return { item_id: search.slice(8) }
}

/** The fast lane's route for this endpoint (see `index.ts`): the same steps as HttpApi's, in its order. */
export const fastVisibilityScore = Effect.gen(function*() {
  const auth = yield* BearerAuth
  const visibilityScore = yield* makeVisibilityScore
  const { answer, serve } = makeReplies(yield* Effect.runtime<never>())
  return ({ pathname, request, response, search }: LaneRequest): boolean => {
    if (request.method !== ENDPOINT.method || !pathname.startsWith(PREFIX)) return false
    const slug = pathname.slice(PREFIX.length)
    const query = plainItemQuery(search)
    if (query === undefined || slug === "" || /[/%]/.test(slug)) return false
    const respond = (principal: Either.Either<Principal, Unauthorized>): Promise<void> => {
      if (Either.isLeft(principal)) return Promise.resolve(answer(response, principal))
      // A well-formed slug skips the schemas; a malformed one gets their exact 400.
      const path = isSlug(slug) ? undefined : decodePath({ org_slug: slug })
      if (path !== undefined && Either.isLeft(path)) return Promise.resolve(answer(response, Either.left(decodeFailure(path.left))))
      const itemId = query.item_id ?? null
      const item = itemId === null || isSlug(itemId) ? undefined : decodeQuery(query)
      if (item !== undefined && Either.isLeft(item)) return Promise.resolve(answer(response, Either.left(decodeFailure(item.left))))
      return visibilityScore(principal.right, slug, itemId).then((result) => answer(response, result))
    }
    serve(response, undefined, () => {
      // A service key or a token verified recently is known at once: no promise to wait on.
      const known = auth.authenticateKnown(request.headers.authorization)
      return known !== undefined ? respond(known) : auth.authenticateNow(request.headers.authorization).then(respond)
    })
    return true
  }
})
