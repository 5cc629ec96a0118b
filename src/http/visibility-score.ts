/**
 * `GET /api/visibility-score/{org_slug}`: the authorization, the read and the answer. One
 * function for both ways a request arrives (the fast lane, and HttpApi's handler).
 */
import { Effect, Either } from "effect"
import { canAccessOrganization } from "../accounts/authorization.ts"
import type { Principal } from "../accounts/principal.ts"
import { WallClock } from "../config/wall-clock.ts"
import { historyLabel, historyWindowStart, utcDay } from "../domain/scoring.ts"
import { Scores } from "../projections/scores.ts"
import { BearerAuth } from "./authentication.ts"
import { forbidden, notFound } from "./errors.ts"
import { decodeOrBadRequest, type LaneRequest, makeReplies } from "./lane.ts"
import { ItemQuery, VisibilityScorePath, VisibilityScoreResponse } from "./visibility-api.ts"

export const visibilityScoreFor = (principal: Principal, orgSlug: string, itemId: string | null) =>
  Effect.gen(function*() {
    const allowed = canAccessOrganization(principal, orgSlug, "read")
    if (Either.isLeft(allowed)) return yield* Effect.fail(forbidden(allowed.left.message))
    const scores = yield* Scores
    const { businessKnown, current, entityKnown } = yield* Effect.promise(() => scores.visibilityOf(orgSlug, itemId))
    if (!businessKnown) return yield* Effect.fail(notFound("business_not_found", `business ${orgSlug} not found`))
    if (!entityKnown) return yield* Effect.fail(notFound("product_not_found", `product ${itemId} not found`))
    if (current === undefined) return new VisibilityScoreResponse({ visibilityScore: { value: 0, trend: "+0%" }, history: [] })
    const windowStart = historyWindowStart(utcDay(yield* (yield* WallClock).now))
    return new VisibilityScoreResponse({
      visibilityScore: { value: current.value, trend: current.trend },
      history: current.history.filter((entry) => entry.day >= windowStart).map((entry) => ({
        date: historyLabel(entry.day),
        value: entry.value
      }))
    })
  })

const PREFIX = "/api/visibility-score/"
const decodePath = decodeOrBadRequest(VisibilityScorePath)
const decodeQuery = decodeOrBadRequest(ItemQuery)

/**
 * The query the lane takes: none, or `item_id=<value>` alone and unencoded. Anything else
 * (undefined here) is left to HttpApi's parser.
 */
const plainItemQuery = (search: string): { readonly item_id?: string } | undefined => {
  if (search === "") return {}
  if (!search.startsWith("item_id=") || /[&%+=]/.test(search.slice(8))) return undefined
  return { item_id: search.slice(8) }
}

/** The fast lane's route for this endpoint (see `fast-lane.ts`): same steps as HttpApi's. */
export const fastVisibilityScore = Effect.gen(function*() {
  const auth = yield* BearerAuth
  const { answer } = makeReplies(yield* Effect.runtime<Scores | WallClock>())
  return ({ pathname, request, response, search }: LaneRequest): boolean => {
    if (request.method !== "GET" || !pathname.startsWith(PREFIX)) return false
    const slug = pathname.slice(PREFIX.length)
    const query = plainItemQuery(search)
    if (query === undefined || slug === "" || /[/%]/.test(slug)) return false
    answer(response, Effect.gen(function*() {
      const principal = yield* auth.authenticate(request.headers.authorization)
      const path = yield* decodePath({ org_slug: slug })
      const { item_id } = yield* decodeQuery(query)
      return yield* visibilityScoreFor(principal, path.org_slug, item_id ?? null)
    }))
    return true
  }
})
