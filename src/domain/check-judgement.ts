/**
 * Judging a stored check again (docs/api.md, "Re-judged checks"): a check keeps its answers'
 * text and citations, so the detector of today can read them again without asking any platform.
 * A check needs it when another detector version judged it, or other declared names.
 */
import type { Adjudication, CheckedAnswer, PlatformChecked } from "./check-events.ts"
import type { JudgedWith, PromptResult } from "./entity-events.ts"
import { type DeclaredNames, noDeclaredNames } from "./entity-names.ts"
import { type Detection, detectMention, type MentionTarget } from "./mention/index.ts"
import { doubtOf, sameSentence } from "./mention/doubt.ts"
import { DETECTOR_VERSION } from "./mention/version.ts"
import { PLATFORM_KEYS, type PlatformKey } from "./platforms.ts"
import { majorityOf, type SampleReading } from "./sample-majority.ts"
import { sha256Hex } from "./sha256.ts"

/**
 * Which declared names judged a check: "none", or the first 12 hex digits of the SHA-256 of both
 * lists, each sorted (their order changes no verdict). A fingerprint rather than a counter so that
 * the check and the read models name the same names without sharing a sequence.
 */
export const namesVersionOf = (declared: DeclaredNames | undefined): string => {
  const names = declared ?? noDeclaredNames
  if (names.aliases.length === 0 && names.notAliases.length === 0) return "none"
  return sha256Hex(JSON.stringify([[...names.aliases].sort(), [...names.notAliases].sort()])).slice(0, 12)
}

/** What a check says about the entity: the majority over its samples. */
export interface Verdict {
  readonly visible: boolean
  readonly visibleShare: number
  readonly position: number | null
  readonly sentiment: "positive" | "neutral" | "negative" | null
}

/** A check's verdict as it stands now, and which detector and names it comes from. */
export interface Judgement extends Verdict {
  /** The rule engine's flag alone (the majority of its verdicts), beside `visible`, which the adjudications may have decided. */
  readonly ruleVisible: boolean
  /** The adjudications the verdict stands with, one per answer adjudicated (none without `LLM_*`). */
  readonly adjudications: ReadonlyArray<Adjudication>
  readonly detectorVersion: number
  readonly namesVersion: string | null
  /** Judged again now, not as recorded. */
  readonly rejudged: boolean
}

/** Whether the check was judged by another detector, or with other declared names, than `namesVersion`. */
export const needsJudging = (check: PlatformChecked, namesVersion: string): boolean =>
  check.status === "answered" && (check.detectorVersion !== DETECTOR_VERSION || check.namesVersion !== namesVersion)

/**
 * An answer's verdict (docs/mention-accuracy.md, "Adjudicator"): the adjudicator's when it
 * answered about the sentence in doubt, the rule's otherwise (no adjudicator, no doubt, or the
 * model failed). The position is the rule's, and only when both found the entity: the model
 * reads one sentence, not the answer's ranking.
 */
export const answerVerdict = (detection: Detection, adjudication: Adjudication | undefined): SampleReading =>
  adjudication?.status === "adjudicated" && adjudication.visible !== null
    ? {
      visible: adjudication.visible,
      position: adjudication.visible && detection.visible ? detection.position : null,
      sentiment: adjudication.visible ? adjudication.sentiment ?? "neutral" : null
    }
    : { visible: detection.visible, position: detection.position, sentiment: detection.sentiment }

/**
 * Each answer read again by today's detector, and their majority (as the check was first judged).
 * Never asks a model: an answer's stored adjudication still stands when the sentence in doubt
 * today is the one it was asked about; otherwise (no doubt now, another sentence) the rule's
 * verdict does.
 */
export const judgeAnswers = (answers: ReadonlyArray<CheckedAnswer>, target: MentionTarget): Verdict & Pick<Judgement, "ruleVisible" | "adjudications"> => {
  const rules: Array<SampleReading> = []
  const verdicts: Array<SampleReading> = []
  const adjudications: Array<Adjudication> = []
  for (const answer of answers) {
    const detection = detectMention(answer, target)
    rules.push(detection)
    const stored = answer.adjudication
    const doubt = stored === undefined ? undefined : doubtOf(answer, target, detection)
    const standing = stored !== undefined && doubt !== undefined && sameSentence(stored.sentence, doubt.sentence)
      ? { ...stored, doubt: doubt.kind, ruleVisible: detection.visible }
      : undefined
    if (standing !== undefined) adjudications.push(standing)
    verdicts.push(answerVerdict(detection, standing))
  }
  return { ...majorityOf(verdicts), ruleVisible: majorityOf(rules).visible, adjudications }
}

/** The rule's flag and the adjudications of a check as recorded. */
export const recordedAdjudications = (check: PlatformChecked): Pick<Judgement, "ruleVisible" | "adjudications"> => {
  const adjudications = check.answers.flatMap((answer) => answer.adjudication === undefined ? [] : [answer.adjudication])
  if (adjudications.length === 0) return { ruleVisible: check.visible, adjudications }
  const rules = check.answers.map((answer) => ({ visible: answer.adjudication?.ruleVisible ?? answer.visible, position: null, sentiment: null }))
  return { ruleVisible: majorityOf(rules).visible, adjudications }
}

/**
 * The check's verdict for the entity's current target: as recorded when today's detector and
 * these names judged it (and for a failed check, which has nothing to read), otherwise judged
 * again from its answers.
 */
export const judgementOf = (check: PlatformChecked, target: MentionTarget, namesVersion: string): Judgement => {
  if (!needsJudging(check, namesVersion)) {
    return {
      visible: check.visible,
      visibleShare: check.visibleShare,
      position: check.position,
      sentiment: check.sentiment,
      ...recordedAdjudications(check),
      detectorVersion: check.detectorVersion,
      namesVersion: check.namesVersion,
      rejudged: false
    }
  }
  return { ...judgeAnswers(check.answers, target), detectorVersion: DETECTOR_VERSION, namesVersion, rejudged: true }
}

/**
 * A service-computed score's results derived again from its job's checks (in log order), each
 * check's flag from `judge`. As the score step built them: per prompt and platform the first
 * answered check (the first try, or its retry when the first failed); none answered: not
 * visible and unmeasured. A prompt and platform with no check of the job keeps its result. Each
 * result says the versions its checks are judged with now (`judgedWith`).
 */
export const rederiveResults = (
  results: ReadonlyArray<PromptResult>,
  checks: ReadonlyArray<PlatformChecked>,
  judge: (check: PlatformChecked) => boolean,
  judgedWith: JudgedWith
): ReadonlyArray<PromptResult> => {
  const byKey = new Map<string, Array<PlatformChecked>>()
  for (const check of checks) {
    const key = `${check.platform}\u0000${check.prompt}`
    const list = byKey.get(key)
    if (list === undefined) byKey.set(key, [check])
    else list.push(check)
  }
  return results.map((result) => {
    const flags: Record<PlatformKey, boolean> = { ...result.flags }
    const failed = new Set(result.failedPlatforms)
    for (const platform of PLATFORM_KEYS) {
      const own = byKey.get(`${platform}\u0000${result.prompt}`)
      if (own === undefined) continue
      const answered = own.find((check) => check.status === "answered")
      flags[platform] = answered !== undefined && judge(answered)
      if (answered === undefined) failed.add(platform)
      else failed.delete(platform)
    }
    return { prompt: result.prompt, flags, failedPlatforms: PLATFORM_KEYS.filter((key) => failed.has(key)), judgedWith }
  })
}
