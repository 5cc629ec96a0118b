/**
 * Visibility scores (docs/decisions.md, Scores). All arithmetic is on integers, so a half is exact:
 * `round` is half up (`0.5 → 1`), away from zero for the signed trend.
 */
import { PLATFORM_KEYS, type PlatformKey } from "./platforms.ts"

/** `round(numerator / denominator)`, half away from zero, exact for integers. */
export const roundRatio = (numerator: number, denominator: number): number => {
  if (denominator <= 0) throw new RangeError("denominator must be positive")
  const sign = numerator < 0 ? -1 : 1
  const n = Math.abs(numerator)
  return sign * Math.floor((2 * n + denominator) / (2 * denominator))
}

export type PlatformFlags = Readonly<Record<PlatformKey, boolean>>

export type PlatformScoreKey = `${PlatformKey}_score`
export type PlatformScores = Readonly<Record<PlatformScoreKey, number>>

export interface ScoreSummary {
  readonly promptsAnalyzed: number
  readonly totalTrue: number
  /** `round(total_true / (num_prompts * 8) * 100)` */
  readonly overallScore: number
  /** `ai_platform_N_score = round(true_N / num_prompts * 100)` */
  readonly platformScores: PlatformScores
}

export const summarize = (results: ReadonlyArray<{ readonly flags: PlatformFlags }>): ScoreSummary => {
  const n = results.length
  if (n === 0) throw new RangeError("a score needs at least one result")
  const trueBy = Object.fromEntries(PLATFORM_KEYS.map((key) => [key, results.filter((r) => r.flags[key]).length])) as Record<PlatformKey, number>
  const totalTrue = PLATFORM_KEYS.reduce((sum, key) => sum + trueBy[key], 0)
  return {
    promptsAnalyzed: n,
    totalTrue,
    overallScore: roundRatio(totalTrue * 100, n * PLATFORM_KEYS.length),
    platformScores: Object.fromEntries(
      PLATFORM_KEYS.map((key) => [`${key}_score`, roundRatio(trueBy[key] * 100, n)])
    ) as Record<PlatformScoreKey, number>
  }
}

/**
 * Week-over-week change of `current` against `baseline`, a signed whole percent: `+25%`,
 * `-10%`, `+0%`. No baseline, or a baseline of 0, gives `+0%`.
 */
export const trendText = (current: number, baseline: number | null): string => {
  if (baseline === null || baseline === 0) return "+0%"
  const percent = roundRatio((current - baseline) * 100, baseline)
  return percent < 0 ? `${percent}%` : `+${percent}%`
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const

/** `2026-11-05` → `Nov 05` */
export const historyLabel = (day: string): string => {
  const [, , month, date] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) ?? []
  if (month === undefined || date === undefined) throw new RangeError(`not a day: ${day}`)
  return `${MONTHS[Number(month) - 1]} ${date}`
}

/** The first day of the history window: the same date 6 months earlier (clamped to month end). */
export const historyWindowStart = (today: string): string => {
  const [year, month, date] = today.split("-").map(Number) as [number, number, number]
  const monthIndex = year * 12 + (month - 1) - 6
  const y = Math.floor(monthIndex / 12)
  const m = monthIndex % 12
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-${String(Math.min(date, lastDay)).padStart(2, "0")}`
}

/** The instant 7 days before `instant`: the trend's baseline is the latest score at or before it. */
export const weekBefore = (instant: Date): Date => new Date(instant.getTime() - 7 * 24 * 60 * 60 * 1000)
