import { describe, expect, it } from "vitest"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { utcDay } from "../../src/domain/calendar-date.ts"
import { historyLabel, historyWindowStart, roundRatio, summarize, trendText, weekBefore } from "../../src/domain/scoring.ts"

const flags = (...on: ReadonlyArray<number>) =>
  Object.fromEntries(PLATFORM_KEYS.map((key, i) => [key, on.includes(i + 1)])) as Record<(typeof PLATFORM_KEYS)[number], boolean>

describe("roundRatio", () => {
  it.each([
    [1, 2, 1], // 0.5 → 1 (half up, not to even)
    [5, 2, 3], // 2.5 → 3
    [3, 2, 2], // 1.5 → 2
    [1, 3, 0], // 0.33 → 0
    [2, 3, 1], // 0.67 → 1
    [-1, 2, -1], // -0.5 → -1 (half away from zero)
    [-5, 2, -3],
    [0, 7, 0],
    [400 * 100, 800, 50],
    [7500, 64, 117] // 117.1875
  ])("round(%i / %i) = %i", (n, d, expected) => {
    expect(roundRatio(n, d)).toBe(expected)
  })

  it("refuses a zero denominator", () => {
    expect(() => roundRatio(1, 0)).toThrow(RangeError)
  })
})

describe("summarize", () => {
  it("counts true flags over all results and platforms", () => {
    const summary = summarize([{ flags: flags(1, 2, 3) }, { flags: flags(1) }, { flags: flags() }, { flags: flags(1, 8) }])
    expect(summary).toEqual({
      promptsAnalyzed: 4,
      totalTrue: 6,
      overallScore: 19, // 6 / 32 = 18.75
      platformScores: {
        ai_platform_1_score: 75,
        ai_platform_2_score: 25,
        ai_platform_3_score: 25,
        ai_platform_4_score: 0,
        ai_platform_5_score: 0,
        ai_platform_6_score: 0,
        ai_platform_7_score: 0,
        ai_platform_8_score: 25
      }
    })
  })

  it("gives 50 for 400 of 800 and 100 for all", () => {
    expect(summarize(Array.from({ length: 100 }, () => ({ flags: flags(1, 2, 3, 4) }))).overallScore).toBe(50)
    expect(summarize([{ flags: flags(1, 2, 3, 4, 5, 6, 7, 8) }]).overallScore).toBe(100)
  })

  it("rounds a per-platform half up: 1 of 8 = 12.5 → 13", () => {
    const results = Array.from({ length: 8 }, (_, i) => ({ flags: flags(...(i === 0 ? [5] : [])) }))
    expect(summarize(results).platformScores.ai_platform_5_score).toBe(13)
  })

  it("refuses an empty result set", () => {
    expect(() => summarize([])).toThrow(RangeError)
  })
})

describe("trendText", () => {
  it.each([
    [60, 50, "+20%"],
    [40, 50, "-20%"],
    [50, 50, "+0%"],
    [10, 0, "+0%"],
    [10, null, "+0%"],
    [3, 8, "-63%"], // -62.5 → -63
    [1, 3, "-67%"],
    [0, 40, "-100%"],
    [100, 1, "+9900%"]
  ] as const)("%s against %s is %s", (current, baseline, expected) => {
    expect(trendText(current, baseline)).toBe(expected)
  })
})

describe("history dates", () => {
  it("labels a day as short month and two-digit day", () => {
    expect(historyLabel("2026-11-05")).toBe("Nov 05")
    expect(historyLabel("2026-01-31")).toBe("Jan 31")
    expect(historyLabel("2025-12-01")).toBe("Dec 01")
  })

  it("starts the window 6 months earlier, clamped to the month's end", () => {
    expect(historyWindowStart("2026-11-21")).toBe("2026-05-21")
    expect(historyWindowStart("2026-03-15")).toBe("2025-09-15")
    expect(historyWindowStart("2026-08-31")).toBe("2026-02-28")
    expect(historyWindowStart("2028-08-31")).toBe("2028-02-29")
  })

  it("takes the UTC day and the instant a week before", () => {
    expect(utcDay(new Date("2026-11-05T23:59:59.999Z"))).toBe("2026-11-05")
    expect(weekBefore(new Date("2026-11-08T10:00:00Z")).toISOString()).toBe("2026-11-01T10:00:00.000Z")
  })
})
