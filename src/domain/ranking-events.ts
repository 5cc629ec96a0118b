/**
 * The pre-signup ranking score of a URL, assigned once and kept: one stream per normalized URL,
 * so concurrent first requests meet on its expected version.
 */
import { Schema } from "effect"
import { sha256Hex } from "./sha256.ts"
import { storedCodec } from "./stored-event.ts"

export class RankingScoreAssigned extends Schema.TaggedClass<RankingScoreAssigned>()("RankingScoreAssigned", {
  normalizedUrl: Schema.String,
  score: Schema.Int,
  assignedAt: Schema.String
}) {}

export const RANKING_EVENT_VERSION = 1

export const rankingStreamOf = (normalizedUrl: string) => `ranking-${sha256Hex(normalizedUrl).slice(0, 32)}`

const codec = storedCodec(RankingScoreAssigned, () => RANKING_EVENT_VERSION)

export const rankingToStored = codec.toStored
export const rankingFromStored = codec.fromStored
