/**
 * Assigns and keeps pre-signup ranking scores: the single writer of the `ranking-*` streams.
 * A URL's score is derived from its normalized form (`domain/ranking-decider.ts`), appended
 * once at the version read, and read back thereafter, so concurrent first requests and later
 * ones all get the same value.
 */
import { Effect } from "effect"
import { AssignScore, decide, evolve, initialState, type RankingState } from "../domain/ranking-decider.ts"
import { rankingFromStored, rankingStreamOf, rankingToStored } from "../domain/ranking-events.ts"
import { eventIdFor } from "../eventstore/event-id.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { handleCommand, type StreamFold } from "../eventstore/handle-command.ts"
import { RankingScores } from "../projections/ranking-scores.ts"
import { ProjectionRunner } from "../projections/runner.ts"

const rankingFold: StreamFold<RankingState> = {
  initialState,
  evolve: (state, recorded) => evolve(state, rankingFromStored(recorded))
}

export class RankingKeeper extends Effect.Service<RankingKeeper>()("RankingKeeper", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore
    const scores = yield* RankingScores
    const runner = yield* ProjectionRunner

    /** The score of a normalized URL: the stored one, or a new one stored now. */
    const scoreOf = Effect.fn("RankingKeeper.scoreOf")(function*(normalizedUrl: string, at: Date) {
      const known = yield* scores.find(normalizedUrl)
      if (known !== undefined) return known
      const command = new AssignScore({ normalizedUrl, at })
      const handled = yield* handleCommand(rankingStreamOf(normalizedUrl), rankingFold, (state) =>
        Effect.succeed(decide(command, state).map((event) => ({
          // The same id for every first request of this URL: racing appends collapse into one.
          eventId: eventIdFor(`ranking:${normalizedUrl}`, 0),
          ...rankingToStored(event)
        })))).pipe(Effect.provideService(EventStore, store), Effect.orDie)
      // Someone else assigned it first (with another timestamp): theirs stands.
      if (handled.appended === undefined) return handled.decidedOn.state.score!
      const score = decide(command, initialState)[0]!.score
      yield* runner.waitFor(handled.appended.lastPosition, ["ranking_scores"]).pipe(Effect.ignore)
      return yield* Effect.map(scores.find(normalizedUrl), (stored) => stored ?? score)
    })

    return { scoreOf }
  }),
  dependencies: [RankingScores.Default]
}) {}
