import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { RANKING_SCORE_MAX, RANKING_SCORE_MIN, rankingScoreFor } from "../../src/domain/ranking-score.ts"

const expectedScore = (normalizedUrl: string): number =>
  (createHash("sha256").update(normalizedUrl, "utf8").digest().readUInt32BE(0) % 18) + 32

describe("rankingScoreFor", () => {
  it("has bounds 32..49", () => {
    expect(RANKING_SCORE_MIN).toBe(32)
    expect(RANKING_SCORE_MAX).toBe(49)
  })

  it("gives https://acme.com the value computed independently via node:crypto", () => {
    // sha256("https://acme.com") starts 3c6df37a; 0x3c6df37a % 18 === 0.
    expect(expectedScore("https://acme.com")).toBe(32)
    expect(rankingScoreFor("https://acme.com")).toBe(32)
  })

  it("is an integer in 32..49 for 1,000 URLs, stable, and matches node:crypto", () => {
    const seen = new Set<number>()
    for (let i = 0; i < 1000; i++) {
      const url = `https://business-${i}.example.com/p/${(i * 7919) % 1013}`
      const score = rankingScoreFor(url)
      expect(Number.isInteger(score)).toBe(true)
      expect(score).toBeGreaterThanOrEqual(RANKING_SCORE_MIN)
      expect(score).toBeLessThanOrEqual(RANKING_SCORE_MAX)
      expect(rankingScoreFor(url)).toBe(score)
      expect(score).toBe(expectedScore(url))
      seen.add(score)
    }
    // All 18 values are reachable.
    expect(seen.size).toBe(18)
  })
})
