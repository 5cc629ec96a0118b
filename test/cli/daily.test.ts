/** The pure parts of `npm run daily`: arguments, environment, the bar, the progress lines, the summary. */
import { describe, expect, it } from "vitest"
import { parseDailyArgs, targetFromEnv } from "../../src/cli/daily-args.ts"
import { type Counts, renderBar, renderPlainProgress, renderProgress, renderSummary, type RunView } from "../../src/cli/daily-progress.ts"

const counts = (total: number, done: number, failed = 0): Counts => ({ total, done, failed, remaining: total - done - failed })

const running: RunView = {
  run_id: "daily-2026-11-20",
  date: "2026-11-20",
  business_id: null,
  trigger: "manual",
  state: "running",
  entities: counts(12, 4, 1),
  steps: { site: counts(12, 11, 1), blog: counts(180, 90, 15), analyze: counts(1200, 400), score: counts(12, 4) },
  failed_entities: [],
  created_at: "2026-11-20T03:00:00.000Z",
  started_at: "2026-11-20T03:00:00.100Z",
  finished_at: null
}

describe("renderBar", () => {
  it("fills done cells, then failed ones, rounding down so a bar is full only when all is finished", () => {
    expect(renderBar(counts(4, 1, 1), 8)).toBe("[██▓▓░░░░]")
    expect(renderBar(counts(3, 1, 1), 10)).toBe("[███▓▓▓░░░░]")
    expect(renderBar(counts(30, 29), 10)).toBe("[█████████░]")
    expect(renderBar(counts(30, 30), 10)).toBe("[██████████]")
    expect(renderBar(counts(30, 0, 30), 10)).toBe("[▓▓▓▓▓▓▓▓▓▓]")
    expect(renderBar(counts(120, 0), 10)).toBe("[░░░░░░░░░░]")
    expect(renderBar(counts(0, 0), 6)).toBe("[░░░░░░]")
    expect(renderBar(counts(2, 1))).toBe(`[${"█".repeat(12)}${"░".repeat(12)}]`)
  })
})

describe("renderProgress", () => {
  it("draws a header, one line per step with done+failed of total, and the entities", () => {
    expect(renderProgress(running, 10)).toEqual([
      "daily-2026-11-20 (all businesses): running",
      "  site     [█████████▓]   12/12    1 failed",
      "  blog     [█████░░░░░]  105/180   15 failed",
      "  analyze  [███░░░░░░░]  400/1200",
      "  score    [███░░░░░░░]    4/12",
      "  entities [███▓░░░░░░] 5/12 (4 done, 1 failed, 7 remaining)"
    ])
  })

  it("gives a plain line for logs", () => {
    expect(renderPlainProgress(running)).toBe(
      "daily-2026-11-20 running: site 12/12 (1 failed), blog 105/180 (15 failed), analyze 400/1200, score 4/12; entities 4 done, 1 failed, 7 remaining of 12"
    )
  })
})

describe("renderSummary", () => {
  it("gives the state, the counts per step and each failed entity with its errors", () => {
    expect(renderSummary({
      ...running,
      business_id: "sunrise",
      run_id: "daily-2026-11-20-sunrise",
      state: "failed",
      entities: counts(2, 1, 1),
      steps: { site: counts(2, 1, 1), blog: counts(30, 15, 15), analyze: counts(100, 100), score: counts(1, 1) },
      failed_entities: [{ business_id: "sunrise", item_id: "late-loaf", errors: ["site: CommandRejected: entity not found"] }],
      finished_at: "2026-11-20T03:00:12.400Z"
    })).toEqual([
      "run daily-2026-11-20-sunrise: failed",
      "  date 2026-11-20, business sunrise, trigger manual, took 12.3 s",
      "  entities   1 done,   1 failed,   0 remaining of 2",
      "  site       1 done,   1 failed,   0 remaining of 2",
      "  blog      15 done,  15 failed,   0 remaining of 30",
      "  analyze  100 done,   0 failed,   0 remaining of 100",
      "  score      1 done,   0 failed,   0 remaining of 1",
      "  failed entities: 1",
      "    sunrise/late-loaf",
      "      site: CommandRejected: entity not found"
    ])
  })
})

describe("parseDailyArgs", () => {
  it("takes --business and --date, and names what is wrong otherwise", () => {
    expect(parseDailyArgs([])).toEqual({ ok: true, args: { help: false, business: null, date: null } })
    expect(parseDailyArgs(["--business", "sunrise", "--date", "2026-11-20"])).toEqual({ ok: true, args: { help: false, business: "sunrise", date: "2026-11-20" } })
    expect(parseDailyArgs(["--date", "2026-13-01"])).toEqual({ ok: false, error: "--date: 2026-13-01 is not a calendar date" })
    expect(parseDailyArgs(["--date", "yesterday"])).toEqual({ ok: false, error: "--date must be a UTC day as YYYY-MM-DD, not \"yesterday\"" })
    expect(parseDailyArgs(["--business", " "])).toEqual({ ok: false, error: "--business needs a business slug" })
    expect(parseDailyArgs(["--verbose"])).toMatchObject({ ok: false, error: expect.stringContaining("--verbose") })
    expect(parseDailyArgs(["sunrise"])).toMatchObject({ ok: false, error: expect.stringContaining("positional") })
  })
})

describe("targetFromEnv", () => {
  it("finds the service and its key, with the documented defaults", () => {
    expect(targetFromEnv({ SIGHTLINE_API_KEY: "k" })).toEqual({ ok: true, target: { baseUrl: "http://localhost:8080", apiKey: "k" } })
    expect(targetFromEnv({ PORT: "3001", SERVICE_API_KEYS: " ,a-key, b-key" })).toEqual({ ok: true, target: { baseUrl: "http://localhost:3001", apiKey: "a-key" } })
    expect(targetFromEnv({ SIGHTLINE_URL: "https://sightline.example/base/", SIGHTLINE_API_KEY: "k", SERVICE_API_KEYS: "other" }))
      .toEqual({ ok: true, target: { baseUrl: "https://sightline.example/base", apiKey: "k" } })
    expect(targetFromEnv({ SIGHTLINE_URL: "sightline:8080", SIGHTLINE_API_KEY: "k" })).toMatchObject({ ok: false, error: expect.stringContaining("SIGHTLINE_URL") })
    expect(targetFromEnv({ PORT: "abc", SIGHTLINE_API_KEY: "k" })).toMatchObject({ ok: false, error: expect.stringContaining("PORT") })
    expect(targetFromEnv({})).toMatchObject({ ok: false, error: expect.stringContaining("SIGHTLINE_API_KEY") })
  })
})
