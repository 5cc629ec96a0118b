/**
 * Assigns and keeps pre-signup ranking scores: the single writer of the `ranking-*` streams.
 * A URL's score is derived from its normalized form, appended once (expected version 0), and
 * read back thereafter, so concurrent first requests and later ones all get the same value.
 */
import { Effect } from "effect"
import { rankingScoreFor } from "../domain/ranking-score.ts"
import { RankingScoreAssigned, rankingStreamOf, rankingToStored } from "../domain/ranking-events.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { RankingScores } from "../projections/ranking-scores.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

export class RankingKeeper extends Effect.Service<RankingKeeper>()("RankingKeeper", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore
    const scores = yield* RankingScores
    const runner = yield* ProjectionRunner

    /** The score of a normalized URL: the stored one, or a new one stored now. */
    const scoreOf = Effect.fn("RankingKeeper.scoreOf")(function*(normalizedUrl: string, at: Date) {
      const known = yield* scores.find(normalizedUrl)
      if (known !== undefined) return known
      const score = rankingScoreFor(normalizedUrl)
      const event = new RankingScoreAssigned({ normalizedUrl, score, assignedAt: at.toISOString() })
      const appended = yield* store.append(rankingStreamOf(normalizedUrl), 0, [
        // The same id for every first request of this URL: racing appends collapse into one.
        { eventId: eventIdFor(`ranking:${normalizedUrl}`, 0), ...rankingToStored(event) }
      ]).pipe(Effect.either)
      if (appended._tag === "Right") {
        yield* runner.waitFor(appended.right.lastPosition, ["ranking_scores"]).pipe(Effect.ignore)
        return yield* Effect.map(scores.find(normalizedUrl), (stored) => stored ?? score)
      }
      if (appended.left._tag !== "WrongExpectedVersion") return yield* Effect.die(appended.left)
      // Someone else assigned it first (with another timestamp): theirs stands.
      const events = yield* store.readStream(rankingStreamOf(normalizedUrl))
      const first = events[0]
      return first === undefined ? score : (first.data as { score: number }).score
    })

    return { scoreOf }
  })
}) {}
