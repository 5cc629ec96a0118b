import { sha256Hex } from "./sha256.ts"

export const RANKING_SCORE_MIN = 32
export const RANKING_SCORE_MAX = 49

/**
 * A deterministic score in RANKING_SCORE_MIN..RANKING_SCORE_MAX (inclusive): the first
 * 4 bytes of SHA-256(normalizedUrl) read as an unsigned big-endian integer, mod 18, plus 32.
 */
export const rankingScoreFor = (normalizedUrl: string): number => {
  const first4Bytes = Number.parseInt(sha256Hex(normalizedUrl).slice(0, 8), 16)
  return RANKING_SCORE_MIN + (first4Bytes % (RANKING_SCORE_MAX - RANKING_SCORE_MIN + 1))
}
