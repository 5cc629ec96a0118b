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

/**
 * The answer's body: the fields of `VisibilityScoreResponse` as a plain object. The lane writes
 * it as JSON as it is (building the Schema class per read costs more than the rest of the answer);
 * HttpApi's handler wraps it in the class, whose encoding needs an instance. The same JSON either way.
 */
export type VisibilityScoreBody = Schema.Struct.Type<typeof VisibilityScoreResponse.fields>

const NO_SCORE: VisibilityScoreBody = { visibilityScore: { value: 0, trend: "+0%" }, history: [] }

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The history window's first day at `nowMs`, kept for the UTC day it was worked out for: every
 * read asks for it, and formatting a date is most of the cost of asking.
 */
const windowStartFor = (() => {
  let from = Number.POSITIVE_INFINITY
  let until = Number.NEGATIVE_INFINITY
  let start = ""
  return (nowMs: number) => {
    if (nowMs < from || nowMs >= until) {
      const day = utcDay(new Date(nowMs))
      from = Date.parse(day)
      until = from + DAY_MS
      start = historyWindowStart(day)
    }
    return start
  }
})()

/** `historyLabel`, remembered: a history holds up to a label per day of the window. */
const labelOf = (() => {
  const labels = new Map<string, string>()
  return (day: string) => {
    let label = labels.get(day)
    if (label === undefined) {
      // Bounded: a year and a half of days, then start again.
      if (labels.size >= 550) labels.clear()
      label = historyLabel(day)
      labels.set(day, label)
    }
    return label
  }
})()

export const makeVisibilityScore = Effect.gen(function*() {
  const scores = yield* Scores
  const clock = yield* WallClock
  return async (principal: Principal, orgSlug: string, itemId: string | null): Promise<Either.Either<VisibilityScoreBody, Forbidden | NotFound>> => {
    const allowed = canAccessOrganization(principal, orgSlug, "read")
    if (Either.isLeft(allowed)) return Either.left(forbidden(allowed.left.message))
    const { businessKnown, current, entityKnown } = await scores.visibilityNow(orgSlug, itemId)
    if (!businessKnown) return Either.left(notFound("business_not_found", `business ${orgSlug} not found`))
    if (!entityKnown) return Either.left(notFound("product_not_found", `product ${itemId} not found`))
    if (current === undefined) return Either.right(NO_SCORE)
    const windowStart = windowStartFor(clock.unsafeNow().getTime())
    return Either.right({
      visibilityScore: { value: current.value, trend: current.trend },
      history: current.history.filter((entry) => entry.day >= windowStart).map((entry) =>
        entry.revised === true
          ? { date: labelOf(entry.day), value: entry.value, revised: true as const, stored_value: entry.stored_value ?? entry.value }
          : { date: labelOf(entry.day), value: entry.value }
      )
    })
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
  /** After authentication, the same steps as HttpApi's, in its order. */
  const respond = (response: LaneRequest["response"], slug: string, itemId: string | null, principal: Either.Either<Principal, Unauthorized>): Promise<void> => {
    if (Either.isLeft(principal)) return Promise.resolve(answer(response, principal))
    // A well-formed slug skips the schemas; a malformed one gets their exact 400.
    const path = isSlug(slug) ? undefined : decodePath({ org_slug: slug })
    if (path !== undefined && Either.isLeft(path)) return Promise.resolve(answer(response, Either.left(decodeFailure(path.left))))
    const item = itemId === null || isSlug(itemId) ? undefined : decodeQuery({ item_id: itemId })
    if (item !== undefined && Either.isLeft(item)) return Promise.resolve(answer(response, Either.left(decodeFailure(item.left))))
    return visibilityScore(principal.right, slug, itemId).then((result) => answer(response, result))
  }
  return ({ pathname, request, response, search }: LaneRequest): boolean => {
    if (request.method !== ENDPOINT.method || !pathname.startsWith(PREFIX)) return false
    const slug = pathname.slice(PREFIX.length)
    const query = plainItemQuery(search)
    if (query === undefined || slug === "" || /[/%]/.test(slug)) return false
    const itemId = query.item_id ?? null
    serve(response, undefined, () => {
      // A service key or a token verified recently is known at once: no promise to wait on.
      const known = auth.authenticateKnown(request.headers.authorization)
      return known !== undefined
        ? respond(response, slug, itemId, known)
        : auth.authenticateNow(request.headers.authorization).then((principal) => respond(response, slug, itemId, principal))
    })
    return true
  }
})
