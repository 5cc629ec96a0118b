/**
 * The pre-signup ranking score of a URL (`ranking-*`, one stream per normalized URL): assigned
 * once, derived from the URL, and kept. Of two first requests racing, the one recorded first
 * stands. Pure: the writer supplies the time inside the command.
 */
import { Data } from "effect"
import { RankingScoreAssigned } from "./ranking-events.ts"
import { rankingScoreFor } from "./ranking-score.ts"

export interface RankingState {
  /** The score assigned first, or null before any. */
  readonly score: number | null
}

export const initialState: RankingState = { score: null }

export const evolve = (state: RankingState, event: RankingScoreAssigned): RankingState =>
  state.score !== null ? state : { score: event.score }

/** Gives the URL its score, unless it has one. */
export class AssignScore extends Data.TaggedClass("AssignScore")<{ readonly normalizedUrl: string; readonly at: Date }> {}

export const decide = (command: AssignScore, state: RankingState): ReadonlyArray<RankingScoreAssigned> =>
  state.score !== null ? [] : [
    new RankingScoreAssigned({
      normalizedUrl: command.normalizedUrl,
      score: rankingScoreFor(command.normalizedUrl),
      assignedAt: command.at.toISOString()
    })
  ]
