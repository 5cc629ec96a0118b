/**
 * Judging stored checks again (src/domain/check-judgement.ts): which checks need it, the verdict
 * from the stored answers, and a service score's results derived again from its job's checks.
 */
import { describe, expect, it } from "vitest"
import { checkFromStored, checkToStored, PlatformChecked } from "../../src/domain/check-events.ts"
import { answerVerdict, judgementOf, namesVersionOf, needsJudging, rederiveResults } from "../../src/domain/check-judgement.ts"
import type { PromptResult } from "../../src/domain/entity-events.ts"
import { declaredTargetOf } from "../../src/domain/entity-names.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { DETECTOR_VERSION } from "../../src/domain/mention/version.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../../src/domain/platforms.ts"

const FACTS = { itemId: null, name: "Calloway Street Bakery", url: "https://calloway-street.example" }
const ALIAS = { aliases: ["Crumbhouse"], notAliases: [] }
const CRUMBHOUSE = "For sourdough in town, Crumbhouse is the one people queue for."
const NOBODY = "Most bakeries in town bake sourdough on weekends."

const answer = (text: string, visible: boolean) => ({
  text,
  citations: [],
  engine: "openai-compatible" as const,
  model: "fixed",
  latencyMs: 10,
  costUsd: null,
  visible,
  position: visible ? 1 : null,
  sentiment: visible ? "positive" as const : null
})

const check = (options: {
  readonly prompt?: string
  readonly platform?: PlatformKey
  readonly texts?: ReadonlyArray<string>
  readonly visible?: boolean
  readonly failed?: boolean
  readonly detectorVersion?: number
  readonly namesVersion?: string | null
}) => {
  const visible = options.visible ?? false
  const failed = options.failed ?? false
  return new PlatformChecked({
    businessId: "calloway-street" as BusinessId,
    itemId: null,
    prompt: options.prompt ?? "best sourdough?",
    platform: options.platform ?? "ai_platform_1",
    status: failed ? "failed" : "answered",
    answers: failed ? [] : (options.texts ?? [CRUMBHOUSE]).map((text) => answer(text, visible)),
    visible: !failed && visible,
    visibleShare: !failed && visible ? 1 : 0,
    position: !failed && visible ? 1 : null,
    sentiment: !failed && visible ? "positive" : null,
    error: failed ? { reason: "timeout", message: "No answer within 60000 ms" } : null,
    samplesRequested: 1,
    checkedAt: "2026-11-24T10:00:00.000Z",
    detectorVersion: options.detectorVersion ?? DETECTOR_VERSION,
    namesVersion: options.namesVersion === undefined ? "none" : options.namesVersion
  })
}

const noFlags = Object.fromEntries(PLATFORM_KEYS.map((key) => [key, false])) as Record<PlatformKey, boolean>

describe("namesVersionOf", () => {
  it("is none without declared names, and a 12-digit fingerprint that ignores the lists' order otherwise", () => {
    expect(namesVersionOf(undefined)).toBe("none")
    expect(namesVersionOf({ aliases: [], notAliases: [] })).toBe("none")
    const one = namesVersionOf({ aliases: ["Crumbhouse", "CSB"], notAliases: ["Calloway Supply"] })
    expect(one).toMatch(/^[0-9a-f]{12}$/)
    expect(namesVersionOf({ aliases: ["CSB", "Crumbhouse"], notAliases: ["Calloway Supply"] })).toBe(one)
    // A name moved from one list to the other is other names.
    expect(namesVersionOf({ aliases: ["Crumbhouse", "CSB", "Calloway Supply"], notAliases: [] })).not.toBe(one)
  })
})

describe("stored checks", () => {
  it("read a check recorded before versions were as judged by detector 0 with unknown names", () => {
    const stored = checkToStored(check({}))
    const { detectorVersion: _d, namesVersion: _n, ...v1 } = stored.data as Record<string, unknown>
    const old = checkFromStored({ type: "PlatformChecked", data: v1 })
    expect([old.detectorVersion, old.namesVersion]).toEqual([0, null])
    expect(stored.schemaVersion).toBe(4)
  })

  it("read a version 3 adjudication (no usage) as it was, and a skipped one as the rule's verdict", () => {
    const base = { model: "judge-1", doubt: "disclaimer" as const, sentence: CRUMBHOUSE, ruleVisible: false, visible: true, sentiment: "neutral" as const, reason: "ok" }
    const stored = checkToStored(check({}))
    const data = stored.data as { answers: Array<Record<string, unknown>> }
    const v3 = { ...data, answers: data.answers.map((a) => ({ ...a, adjudication: { ...base, status: "adjudicated" } })) }
    expect(checkFromStored({ type: "PlatformChecked", data: v3 }).answers[0]!.adjudication).toEqual({ ...base, status: "adjudicated" })

    const rule = { visible: false, position: null, sentiment: null, mentions: [] } as unknown as Parameters<typeof answerVerdict>[0]
    const skipped = { ...base, status: "skipped" as const, visible: null, sentiment: null, reason: "daily adjudication limit reached" }
    expect(answerVerdict(rule, skipped)).toEqual({ visible: false, position: null, sentiment: null })
    expect(answerVerdict(rule, { ...base, status: "adjudicated", usage: { promptTokens: 1, completionTokens: 2 } }))
      .toEqual({ visible: true, position: null, sentiment: "neutral" })
  })
})

describe("judgementOf", () => {
  const target = declaredTargetOf({ ...FACTS, declared: ALIAS })
  const names = namesVersionOf(ALIAS)

  it("keeps the recorded verdict of a check judged by this detector with these names", () => {
    // Recorded not visible with the alias already declared: kept as recorded, not read again.
    expect(judgementOf(check({ namesVersion: names }), target, names)).toEqual({
      visible: false, visibleShare: 0, position: null, sentiment: null, ruleVisible: false, adjudications: [], detectorVersion: DETECTOR_VERSION,
      namesVersion: names, rejudged: false
    })
    expect(needsJudging(check({ namesVersion: names }), names)).toBe(false)
  })

  it("judges again a check recorded with other names, or by another detector, from its answers", () => {
    // The sentiment is the detector's own reading (its tests cover it); here, that it was read again.
    const { sentiment, ...judged } = judgementOf(check({ namesVersion: "none" }), target, names)
    expect(judged).toEqual({
      visible: true, visibleShare: 1, position: 1, ruleVisible: true, adjudications: [], detectorVersion: DETECTOR_VERSION, namesVersion: names, rejudged: true
    })
    expect(sentiment).not.toBeNull()
    expect(judgementOf(check({ detectorVersion: 0, namesVersion: null, texts: [NOBODY], visible: true }), target, names)).toEqual({
      visible: false, visibleShare: 0, position: null, sentiment: null, ruleVisible: false, adjudications: [], detectorVersion: DETECTOR_VERSION,
      namesVersion: names, rejudged: true
    })
  })

  it("takes the majority of the samples, a tie not visible", () => {
    expect(judgementOf(check({ texts: [CRUMBHOUSE, NOBODY, CRUMBHOUSE] }), target, names)).toMatchObject({ visible: true, visibleShare: 2 / 3 })
    expect(judgementOf(check({ texts: [CRUMBHOUSE, NOBODY] }), target, names)).toMatchObject({ visible: false, visibleShare: 0.5 })
  })

  it("leaves a failed check as it is: there is nothing to read", () => {
    expect(judgementOf(check({ failed: true, detectorVersion: 0 }), target, names)).toMatchObject({ visible: false, rejudged: false, detectorVersion: 0 })
  })
})

describe("judgementOf with adjudications (never asking a model)", () => {
  const target = declaredTargetOf({ ...FACTS, declared: ALIAS })
  const names = namesVersionOf(ALIAS)
  // The rules read the name inside a knowledge disclaimer: not visible, and that sentence in doubt.
  const DISCLAIMED = "Reviews of Crumbhouse could not be confirmed. Most bakeries in town bake sourdough on weekends."
  const SENTENCE = "Reviews of Crumbhouse could not be confirmed."
  const adjudication = (sentence: string, status: "adjudicated" | "failed" = "adjudicated") => ({
    status,
    model: "judge-1",
    doubt: "disclaimer" as const,
    sentence,
    ruleVisible: false,
    visible: status === "adjudicated" ? true : null,
    sentiment: status === "adjudicated" ? "neutral" as const : null,
    reason: status === "adjudicated" ? "Named as the bakery to try." : "no answer within 15000 ms"
  })
  const adjudicated = (stored: ReturnType<typeof adjudication>, namesVersion: string) => {
    const base = check({ texts: [DISCLAIMED], namesVersion, visible: stored.status === "adjudicated" })
    return new PlatformChecked({
      ...base,
      answers: base.answers.map((a) => ({ ...a, position: null, sentiment: stored.sentiment, adjudication: stored })),
      position: null,
      sentiment: stored.sentiment
    })
  }

  it("keeps a check's recorded verdict and shows the rule's flag and the adjudication beside it", () => {
    expect(judgementOf(adjudicated(adjudication(SENTENCE), names), target, names)).toEqual({
      visible: true, visibleShare: 1, position: null, sentiment: "neutral", ruleVisible: false, adjudications: [adjudication(SENTENCE)],
      detectorVersion: DETECTOR_VERSION, namesVersion: names, rejudged: false
    })
  })

  it("judging again, reuses the stored adjudication while the sentence in doubt is the same", () => {
    expect(judgementOf(adjudicated(adjudication(SENTENCE), "none"), target, names)).toEqual({
      visible: true, visibleShare: 1, position: null, sentiment: "neutral", ruleVisible: false, adjudications: [adjudication(SENTENCE)],
      detectorVersion: DETECTOR_VERSION, namesVersion: names, rejudged: true
    })
  })

  it("judging again, takes the rule's verdict when the model was asked about another sentence, or failed", () => {
    expect(judgementOf(adjudicated(adjudication("Crumbhouse is lovely."), "none"), target, names)).toEqual({
      visible: false, visibleShare: 0, position: null, sentiment: null, ruleVisible: false, adjudications: [],
      detectorVersion: DETECTOR_VERSION, namesVersion: names, rejudged: true
    })
    expect(judgementOf(adjudicated(adjudication(SENTENCE, "failed"), "none"), target, names)).toEqual({
      visible: false, visibleShare: 0, position: null, sentiment: null, ruleVisible: false, adjudications: [adjudication(SENTENCE, "failed")],
      detectorVersion: DETECTOR_VERSION, namesVersion: names, rejudged: true
    })
  })

  it("stores and reads the adjudication with the check (schema version 3)", () => {
    const stored = checkToStored(adjudicated(adjudication(SENTENCE), names))
    expect(checkFromStored(stored).answers[0]?.adjudication).toEqual(adjudication(SENTENCE))
  })
})

describe("rederiveResults", () => {
  const stored: ReadonlyArray<PromptResult> = [
    { prompt: "best sourdough?", flags: noFlags, failedPlatforms: [] },
    { prompt: "bakery open sunday?", flags: { ...noFlags, ai_platform_2: true }, failedPlatforms: ["ai_platform_3"] }
  ]
  const judgeByText = (check: PlatformChecked) => check.answers.some((a) => a.text === CRUMBHOUSE)
  const now = { detectorVersion: DETECTOR_VERSION, namesVersion: "81372a2754fc" }

  it("takes the first answered check of each prompt and platform, the retry when the first failed", () => {
    const checks = [
      check({ prompt: "best sourdough?", platform: "ai_platform_1", texts: [CRUMBHOUSE] }),
      check({ prompt: "best sourdough?", platform: "ai_platform_2", failed: true }),
      // The retry asked every platform again: only the failed one's answer counts.
      check({ prompt: "best sourdough?", platform: "ai_platform_1", texts: [NOBODY] }),
      check({ prompt: "best sourdough?", platform: "ai_platform_2", texts: [CRUMBHOUSE] }),
      check({ prompt: "bakery open sunday?", platform: "ai_platform_3", failed: true }),
      check({ prompt: "bakery open sunday?", platform: "ai_platform_3", failed: true })
    ]
    expect(rederiveResults(stored, checks, judgeByText, now)).toEqual([
      { prompt: "best sourdough?", flags: { ...noFlags, ai_platform_1: true, ai_platform_2: true }, failedPlatforms: [], judgedWith: now },
      // Platform 2 has no check of the job: its stored flag stays; platform 3 failed twice.
      { prompt: "bakery open sunday?", flags: { ...noFlags, ai_platform_2: true }, failedPlatforms: ["ai_platform_3"], judgedWith: now }
    ])
  })

  it("gives back the stored results when the checks judge as they did", () => {
    const checks = [check({ prompt: "best sourdough?", platform: "ai_platform_1", texts: [NOBODY] })]
    expect(rederiveResults(stored, checks, judgeByText, now)).toEqual(stored.map((result) => ({ ...result, judgedWith: now })))
  })
})
