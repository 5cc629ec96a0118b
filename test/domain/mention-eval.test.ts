// The mention detector on the independent evaluation set's dev split
// (test/fixtures/mention-eval/dev.jsonl, labelled by a writer who never read the detector), run
// as the service runs it for a check. The floors are the figures of the final tuned run on dev,
// cut to three decimals (`npm run bench -- mention-accuracy` prints them in full); the
// baseline's are its exact figures, so the detector is shown to add to a substring search.
import { describe, expect, it } from "vitest"
import { detectMention } from "../../src/domain/mention/index.ts"
import { baselineVerdict, detectorVerdict, loadSplit, reportOf, targetOf } from "./mention/eval-set.ts"

const FLOORS = {
  precision: 0.977,
  recall: 0.967,
  f1: 0.972,
  hardF1: 0.966,
  sentimentAccuracy: 0.702,
} as const

describe("mention detection on the evaluation set (dev split)", () => {
  const cases = loadSplit("dev")
  const detector = reportOf(cases, detectorVerdict)
  const baseline = reportOf(cases, baselineVerdict)

  it("reads the whole split: 842 labelled answers, 607 of them hard", () => {
    expect(cases.length).toBe(842)
    expect(detector.hard.n).toBe(607)
    expect(detector.overall.tp + detector.overall.fn).toBe(455)
  })

  it("does not fall below the tuned figures", () => {
    expect(detector.overall.precision).toBeGreaterThanOrEqual(FLOORS.precision)
    expect(detector.overall.recall).toBeGreaterThanOrEqual(FLOORS.recall)
    expect(detector.overall.f1).toBeGreaterThanOrEqual(FLOORS.f1)
    expect(detector.hard.f1).toBeGreaterThanOrEqual(FLOORS.hardF1)
    expect(detector.overall.sentimentAccuracy).toBeGreaterThanOrEqual(FLOORS.sentimentAccuracy)
  })

  it("scores the name-substring baseline at its exact figures, well below the detector", () => {
    expect(baseline.overall).toMatchObject({ tp: 328, fp: 146, fn: 127 })
    expect(baseline.overall.f1).toBeLessThan(detector.overall.f1 - 0.2)
  })

  it("takes declared aliases and names that must never count", () => {
    const hollis = targetOf({ name: "Hollis Coffee", kind: "business", domain: "holliscoffee.example", aliases: ["The Hollis Bar"], not_aliases: ["Hollis Coffee Roasters"] })
    const seen = (text: string) => detectMention({ text, citations: [] }, hollis).visible
    expect(seen("Hollis Coffee Roasters ships beans from Ohio.")).toBe(false)
    expect(seen("Hollis Coffee has the best flat white in Seattle.")).toBe(true)
    expect(seen("Try The Hollis Bar for late espresso.")).toBe(true)
  })
})
