// The mention detector on the independent evaluation set's tuning splits
// (test/fixtures/mention-eval/dev.jsonl, dev2.jsonl, holdout.jsonl, holdout2.jsonl,
// holdout3.jsonl to holdout9.jsonl, holdouts 1 to 9, spent; labelled
// by writers who never read the detector), run as the service runs it for a check, with the
// entity's place. The floors are the figures of the final
// tuned run on each split, cut to three decimals (`npm run bench -- mention-accuracy` prints them
// in full); the baseline's are its exact figures, so the detector is shown to add to a substring
// search. dev2 is read as its first 471 answers (commit cd954a1), the ones it was tuned on.
import { describe, expect, it } from "vitest"
import { cpuTimed } from "../support/cpu-time.ts"
import { detectMention, mentionTargetOf } from "../../src/domain/mention/index.ts"
import { shortFormsOf } from "../../src/domain/mention/short-forms.ts"
import { baselineVerdict, detectorVerdict, loadSplit, reportOf, targetOf } from "./mention/eval-set.ts"

const FLOORS = {
  precision: 0.995,
  recall: 0.991,
  f1: 0.993,
  hardF1: 0.991,
  sentimentAccuracy: 0.842,
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

const DEV2_FLOORS = {
  precision: 0.990,
  recall: 0.972,
  f1: 0.981,
  hardF1: 0.973,
  // Version 9 found one more answer visible, its sentiment wrong: 142 right as before, of 215.
  // Version 12 reads a numbered list's first lead as praise (3 labelled neutral go wrong) and more words: 162 right of 215.
  // Version 15 reads the speaker's pick in more words: 166 right of 215.
  sentimentAccuracy: 0.772,
} as const

describe("mention detection on the evaluation set (dev2 split)", () => {
  const cases = loadSplit("dev2").filter((c) => Number(c.id.slice("dev2-".length)) <= 471)
  const detector = reportOf(cases, detectorVerdict)
  const baseline = reportOf(cases, baselineVerdict)

  it("reads the 471 answers tuned on, 340 of them hard", () => {
    expect(cases.length).toBe(471)
    expect(detector.hard.n).toBe(340)
    expect(detector.overall.tp + detector.overall.fn).toBe(221)
  })

  it("does not fall below the tuned figures", () => {
    expect(detector.overall.precision).toBeGreaterThanOrEqual(DEV2_FLOORS.precision)
    expect(detector.overall.recall).toBeGreaterThanOrEqual(DEV2_FLOORS.recall)
    expect(detector.overall.f1).toBeGreaterThanOrEqual(DEV2_FLOORS.f1)
    expect(detector.hard.f1).toBeGreaterThanOrEqual(DEV2_FLOORS.hardF1)
    expect(detector.overall.sentimentAccuracy).toBeGreaterThanOrEqual(DEV2_FLOORS.sentimentAccuracy)
  })

  it("scores the name-substring baseline at its exact figures, well below the detector", () => {
    expect(baseline.overall).toMatchObject({ tp: 166, fp: 121, fn: 55 })
    expect(baseline.overall.f1).toBeLessThan(detector.overall.f1 - 0.2)
  })
})

// holdout1 (test/fixtures/mention-eval/holdout.jsonl) was run once at the end of an earlier stop
// and its failures read: it is spent, and tuned on since with dev and dev2.
const HOLDOUT1_FLOORS = {
  precision: 0.996,
  recall: 0.985,
  f1: 0.990,
  hardF1: 0.987,
  sentimentAccuracy: 0.757,
} as const

describe("mention detection on the evaluation set (holdout1, spent, tuned on)", () => {
  const cases = loadSplit("holdout")
  const detector = reportOf(cases, detectorVerdict)
  const baseline = reportOf(cases, baselineVerdict)

  it("reads the whole split: 531 labelled answers, 389 of them hard", () => {
    expect(cases.length).toBe(531)
    expect(detector.hard.n).toBe(389)
    expect(detector.overall.tp + detector.overall.fn).toBe(276)
  })

  it("does not fall below the tuned figures", () => {
    expect(detector.overall.precision).toBeGreaterThanOrEqual(HOLDOUT1_FLOORS.precision)
    expect(detector.overall.recall).toBeGreaterThanOrEqual(HOLDOUT1_FLOORS.recall)
    expect(detector.overall.f1).toBeGreaterThanOrEqual(HOLDOUT1_FLOORS.f1)
    expect(detector.hard.f1).toBeGreaterThanOrEqual(HOLDOUT1_FLOORS.hardF1)
    expect(detector.overall.sentimentAccuracy).toBeGreaterThanOrEqual(HOLDOUT1_FLOORS.sentimentAccuracy)
  })

  it("scores the name-substring baseline at its exact figures, well below the detector", () => {
    expect(baseline.overall).toMatchObject({ tp: 201, fp: 119, fn: 75 })
    expect(baseline.overall.f1).toBeLessThan(detector.overall.f1 - 0.2)
  })
})


/**
 * The holdouts spent and tuned on since: each was run once as the unseen split at the end of a
 * stop (holdout2 a fourth writer's, holdout3 a fifth's, holdout4 a sixth's, holdout5 a seventh's,
 * holdout6 an eighth's, holdout7 a ninth's, holdout8 and holdout9 a tenth's and an eleventh's, run together,
 * holdout10 to holdout12 three more writers', run together, and holdout13 to holdout15 three more, holdout16 to holdout18 three more, holdout19 to holdout21 three more, holdout22 to holdout24 three more),
 * its failures read, then tuned on. Each is held to its tuned figures (the sentiment floor is the
 * rate over the answers found visible: finding more, version 9 kept every sentiment it had right
 * and lowered the rate; version 12, reading a numbered list's first lead and more words, raised it on
 * every split) and its name-substring baseline to its exact counts, `baselineGap` of F1
 * below the detector: 0.2, except on holdout5, where the substring search alone reaches 0.782
 * (237 of its 459 answers are plain, negative, place-name or competitor-only ones, which the
 * substring search gets right), and on holdout6, where it reaches 0.815.
 */
const SPENT_HOLDOUTS = [
  {
    split: "holdout2",
    answers: 526,
    hard: 357,
    visible: 247,
    floors: { precision: 0.991, recall: 0.983, f1: 0.987, hardF1: 0.984, sentimentAccuracy: 0.691 },
    baseline: { tp: 185, fp: 122, fn: 62 },
    baselineGap: 0.2
  },
  {
    // Version 12 finds one more answer visible ("Book a room at X"), its sentiment wrong: 212 right as before, of 309.
    // Version 14 finds three more (an owner named in full, two details doubted beside a pick), one
    // of them neutral where the writer read praise: 214 right of 312.
    split: "holdout3",
    answers: 663,
    hard: 466,
    visible: 326,
    floors: { precision: 0.975, recall: 0.963, f1: 0.969, hardF1: 0.951, sentimentAccuracy: 0.703 },
    baseline: { tp: 248, fp: 156, fn: 78 },
    baselineGap: 0.2
  },
  {
    split: "holdout4",
    answers: 421,
    hard: 318,
    visible: 214,
    floors: { precision: 1, recall: 0.976, f1: 0.988, hardF1: 0.981, sentimentAccuracy: 0.727 },
    baseline: { tp: 170, fp: 85, fn: 44 },
    baselineGap: 0.2
  },
  {
    split: "holdout5",
    answers: 459,
    hard: 283,
    visible: 229,
    floors: { precision: 1, recall: 0.973, f1: 0.986, hardF1: 0.974, sentimentAccuracy: 0.843 },
    baseline: { tp: 194, fp: 73, fn: 35 },
    baselineGap: 0.15
  },
  {
    split: "holdout6",
    answers: 460,
    hard: 247,
    visible: 241,
    floors: { precision: 0.991, recall: 0.966, f1: 0.978, hardF1: 0.962, sentimentAccuracy: 0.806 },
    baseline: { tp: 198, fp: 47, fn: 43 },
    baselineGap: 0.14
  },
  {
    split: "holdout7",
    answers: 429,
    hard: 267,
    visible: 229,
    floors: { precision: 1, recall: 0.991, f1: 0.995, hardF1: 0.992, sentimentAccuracy: 0.770 },
    baseline: { tp: 177, fp: 60, fn: 52 },
    baselineGap: 0.2
  },
  {
    // Run once unseen with version 12 (F1 0.916), then tuned on; the substring search reaches 0.750.
    // Version 13 finds six more answers visible: 168 sentiments right of 231 (version 12: 164 of 225).
    split: "holdout8",
    answers: 487,
    hard: 294,
    visible: 246,
    // Version 14 finds four more: 171 sentiments right of 235.
    floors: { precision: 0.959, recall: 0.967, f1: 0.963, hardF1: 0.937, sentimentAccuracy: 0.752 },
    baseline: { tp: 191, fp: 72, fn: 55 },
    baselineGap: 0.15
  },
  {
    // Run once unseen with version 12 (F1 0.932), then tuned on. Version 13 finds more answers
    // visible, some neutral where the writer read praise: 168 sentiments right of 266 (version 12: 163 of 254).
    split: "holdout9",
    answers: 499,
    hard: 364,
    visible: 278,
    // Version 14 finds two more ("Not X: …", with negative sentiment): 170 right of 268.
    floors: { precision: 0.981, recall: 0.964, f1: 0.972, hardF1: 0.961, sentimentAccuracy: 0.641 },
    baseline: { tp: 199, fp: 98, fn: 79 },
    baselineGap: 0.2
  },
  // holdout10 to holdout12: three writers' splits, run once together unseen with version 14 (pooled F1
  // 0.914), then tuned on by version 15: their floors are version 15's figures.
  {
    split: "holdout10",
    answers: 599,
    hard: 399,
    visible: 318,
    floors: { precision: 0.961, recall: 0.946, f1: 0.954, hardF1: 0.926, sentimentAccuracy: 0.740 },
    baseline: { tp: 252, fp: 143, fn: 66 },
    baselineGap: 0.2
  },
  {
    split: "holdout11",
    answers: 564,
    hard: 369,
    visible: 304,
    floors: { precision: 0.983, recall: 0.970, f1: 0.976, hardF1: 0.961, sentimentAccuracy: 0.759 },
    baseline: { tp: 236, fp: 120, fn: 68 },
    baselineGap: 0.15
  },
  {
    split: "holdout12",
    answers: 541,
    hard: 359,
    visible: 256,
    floors: { precision: 0.987, recall: 0.953, f1: 0.970, hardF1: 0.953, sentimentAccuracy: 0.602 },
    baseline: { tp: 190, fp: 100, fn: 66 },
    baselineGap: 0.2
  },
  // holdout13 to holdout15: three more writers' splits, run once together unseen with version 15
  // (pooled F1 0.945), then tuned on by version 16: their floors are version 16's figures.
  {
    split: "holdout13",
    answers: 487,
    hard: 272,
    visible: 254,
    floors: { precision: 0.979, recall: 0.944, f1: 0.961, hardF1: 0.909, sentimentAccuracy: 0.700 },
    baseline: { tp: 210, fp: 97, fn: 44 },
    baselineGap: 0.15
  },
  {
    split: "holdout14",
    answers: 522,
    hard: 349,
    visible: 291,
    // Version 16 finds seven more of its visible answers, some with a sentiment the writer read
    // otherwise: 201 sentiments right of 278 (version 15: 198 of 271), a lower rate over more answers.
    floors: { precision: 0.985, recall: 0.958, f1: 0.972, hardF1: 0.949, sentimentAccuracy: 0.724 },
    baseline: { tp: 215, fp: 95, fn: 76 },
    baselineGap: 0.2
  },
  {
    split: "holdout15",
    answers: 501,
    hard: 332,
    visible: 284,
    floors: { precision: 0.978, recall: 0.968, f1: 0.973, hardF1: 0.950, sentimentAccuracy: 0.661 },
    baseline: { tp: 211, fp: 111, fn: 73 },
    baselineGap: 0.2
    },
  // holdout16 to holdout18: three more writers' splits, run once together unseen with version 16
  // (pooled F1 0.957), then tuned on by version 17: their floors are version 17's figures.
  {
    split: "holdout16",
    answers: 496,
    hard: 282,
    visible: 252,
    floors: { precision: 1, recall: 0.988, f1: 0.994, hardF1: 0.988, sentimentAccuracy: 0.614 },
    baseline: { tp: 193, fp: 79, fn: 59 },
    baselineGap: 0.2
  },
  {
    split: "holdout17",
    answers: 488,
    hard: 258,
    visible: 268,
    // Version 18 finds one more answer visible, read neutral where the writer read praise: 159 sentiments right of 260.
    floors: { precision: 0.996, recall: 0.970, f1: 0.982, hardF1: 0.971, sentimentAccuracy: 0.611 },
    baseline: { tp: 214, fp: 75, fn: 54 },
    baselineGap: 0.15
  },
  {
    split: "holdout18",
    answers: 494,
    hard: 274,
    visible: 289,
    floors: { precision: 0.989, recall: 0.944, f1: 0.966, hardF1: 0.931, sentimentAccuracy: 0.670 },
    baseline: { tp: 240, fp: 101, fn: 49 },
    baselineGap: 0.15
  },
  // holdout19 to holdout21: three more writers' splits, run once together unseen with version 17
  // (pooled F1 0.961); tuned on since version 18, their floors the tuned figures.
  {
    split: "holdout19",
    answers: 551,
    hard: 336,
    visible: 315,
    floors: { precision: 0.977, recall: 0.965, f1: 0.971, hardF1: 0.938, sentimentAccuracy: 0.651 },
    baseline: { tp: 274, fp: 129, fn: 41 },
    baselineGap: 0.15
  },
  {
    split: "holdout20",
    answers: 494,
    hard: 267,
    visible: 272,
    floors: { precision: 0.963, recall: 0.970, f1: 0.967, hardF1: 0.925, sentimentAccuracy: 0.659 },
    baseline: { tp: 222, fp: 82, fn: 50 },
    baselineGap: 0.15
  },
  {
    split: "holdout21",
    answers: 518,
    hard: 306,
    visible: 301,
    floors: { precision: 0.973, recall: 0.986, f1: 0.980, hardF1: 0.959, sentimentAccuracy: 0.707 },
    baseline: { tp: 255, fp: 107, fn: 46 },
    baselineGap: 0.2
  },
  // holdout22 to holdout24: three more writers' splits, run once together unseen with version 18
  // (pooled F1 0.978): their floors are that run's figures until a version is tuned on them.
  {
    split: "holdout22",
    answers: 498,
    hard: 295,
    visible: 291,
    floors: { precision: 0.979, recall: 0.965, f1: 0.972, hardF1: 0.946, sentimentAccuracy: 0.693 },
    baseline: { tp: 254, fp: 117, fn: 37 },
    baselineGap: 0.2
  },
  {
    split: "holdout23",
    answers: 514,
    hard: 302,
    visible: 302,
    floors: { precision: 0.993, recall: 0.976, f1: 0.984, hardF1: 0.970, sentimentAccuracy: 0.718 },
    baseline: { tp: 252, fp: 99, fn: 50 },
    baselineGap: 0.2
  },
  {
    split: "holdout24",
    answers: 490,
    hard: 296,
    visible: 285,
    floors: { precision: 0.982, recall: 0.971, f1: 0.977, hardF1: 0.956, sentimentAccuracy: 0.732 },
    baseline: { tp: 248, fp: 97, fn: 37 },
    baselineGap: 0.15
  }
] as const

for (const holdout of SPENT_HOLDOUTS) {
  describe(`mention detection on the evaluation set (${holdout.split}, spent, tuned on)`, () => {
    const cases = loadSplit(holdout.split)
    const detector = reportOf(cases, detectorVerdict)
    const baseline = reportOf(cases, baselineVerdict)

    it(`reads the whole split: ${holdout.answers} labelled answers, ${holdout.hard} of them hard`, () => {
      expect(cases.length).toBe(holdout.answers)
      expect(detector.hard.n).toBe(holdout.hard)
      expect(detector.overall.tp + detector.overall.fn).toBe(holdout.visible)
    })

    it("does not fall below the tuned figures", () => {
      expect(detector.overall.precision).toBeGreaterThanOrEqual(holdout.floors.precision)
      expect(detector.overall.recall).toBeGreaterThanOrEqual(holdout.floors.recall)
      expect(detector.overall.f1).toBeGreaterThanOrEqual(holdout.floors.f1)
      expect(detector.hard.f1).toBeGreaterThanOrEqual(holdout.floors.hardF1)
      expect(detector.overall.sentimentAccuracy).toBeGreaterThanOrEqual(holdout.floors.sentimentAccuracy)
    })

    it("scores the name-substring baseline at its exact figures, well below the detector", () => {
      expect(baseline.overall).toMatchObject(holdout.baseline)
      expect(baseline.overall.f1).toBeLessThan(detector.overall.f1 - holdout.baselineGap)
    })
  })
}

describe("short forms of a name", () => {
  it("drops trailing trade words, shortens trade words, and keeps one distinctive word as a head", () => {
    expect(shortFormsOf("Evergreen Physical Therapy", false)).toEqual({
      aliases: ["Evergreen PT", "Evergreen Physical", "Evergreen Therapy"],
      heads: ["Evergreen", "EPT"],
    })
    expect(shortFormsOf("JLM Auto Repair", false)).toEqual({ aliases: ["JLM Auto", "JLM Repair"], heads: ["JLM", "JAR"] })
    expect(shortFormsOf("Hale & Rowe LLP", false)).toEqual({ aliases: ["Hale & Rowe", "Hale Rowe"], heads: ["H&R"] })
    expect(shortFormsOf("Café Lumière", false)).toEqual({ aliases: [], heads: ["Lumière"] })
    expect(shortFormsOf("Glowline Vitamin C Serum", true)).toEqual({
      aliases: [
        "Glowline Vitamin C", "Glowline's Vitamin C Serum", "Glowline Serum", "Glowline's Serum", "Glowline Vitamin Serum",
        "Glowline's Vitamin Serum", "Glowline C Serum", "Glowline's C Serum", "Vitamin C Serum from Glowline",
        "Vitamin C Serum by Glowline",
      ],
      heads: [],
    })
    expect(shortFormsOf("Solace SR-40 Sleep Earbuds", true).heads).toEqual(["SR-40", "SR40"])
    expect(shortFormsOf("Seaview Orthopedic & Sports Medicine", false)).toEqual({
      aliases: ["Seaview Orthopedic & Sports", "Seaview Orthopedic", "Seaview Ortho", "Seaview Orthopedics", "Seaview Sports Medicine"],
      heads: ["Seaview", "SOSM"],
    })
    expect(shortFormsOf("Lindqvist Immigration Law, P.C.", false)).toEqual({
      aliases: ["Lindqvist Immigration Law", "Lindqvist Immigration", "Lindqvist Law"],
      heads: ["Lindqvist", "LIL"],
    })
  })

  const foundry = mentionTargetOf({ itemId: null, name: "Foundry Coworking", url: "https://foundrycowork.example/" })
  const seen = (text: string) => detectMention({ text, citations: [] }, foundry).visible

  it("counts a head only where the answer presents it as a business", () => {
    expect(seen("Then you have Foundry, a friendly coworking space with good coffee.")).toBe(true)
    expect(seen("- **Foundry**: day passes and meeting rooms")).toBe(true)
    expect(seen("The old foundry district has a few cafes.")).toBe(false)
    expect(seen("Foundry Street is being repaved this summer.")).toBe(false)
    expect(seen("Try Upper Foundry Works for a quiet desk.")).toBe(false)
  })

  it("stays linear on long input full of heads and exclusions", () => {
    const target = { ...foundry, exclusions: ["Foundry Coworking Annex"] }
    const text = "Foundry Coworking Annex, a space. Foundry, a ".repeat(5_000) + "Foundry ".repeat(20_000)
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { result, cpuMs } = cpuTimed(() => detectMention({ text, citations: [] }, target))
    expect(result.visible).toBe(true)
    expect(cpuMs).toBeLessThan(10_000)
  })
})
