/**
 * The mention evaluation set (test/fixtures/mention-eval/*.jsonl, labelled independently of the
 * detector): loading, running the detector as the service does for a check, the name-substring
 * baseline, and the figures (precision, recall, F1, sentiment accuracy) per slice.
 * Shared by test/domain/mention-eval.test.ts and bench/mention-accuracy.ts.
 */
import { existsSync, readFileSync } from "node:fs"
import { doubtOf } from "../../../src/domain/mention/doubt.ts"
import { detectMention, mentionTargetOf, type MentionTarget } from "../../../src/domain/mention/index.ts"

export type Sentiment = "positive" | "neutral" | "negative"

export interface EvalEntity {
  readonly name: string
  readonly kind: "business" | "product"
  readonly brand?: string
  readonly domain: string | null
  /** Where the business is ("Denver, CO"), as the service reads it from its site; may be absent or "". */
  readonly place?: string | null
  readonly aliases: ReadonlyArray<string>
  readonly not_aliases: ReadonlyArray<string>
}

export interface EvalCase {
  readonly id: string
  readonly entity: EvalEntity
  readonly platform_style: string
  readonly trap: string
  readonly hard: boolean
  readonly answer: string
  readonly citations: ReadonlyArray<string>
  readonly expected: { readonly visible: boolean; readonly sentiment: Sentiment | null }
}

/**
 * `dev`, `dev2`, `holdout` (holdout1), `holdout2` to `holdout7`, and `holdout8` and `holdout9`
 * (two writers who worked apart, run once together at the end of version 12), `holdout10` to
 * `holdout12` (three writers, run once together at the end of version 14), `holdout13` to
 * `holdout15` (three more, at the end of version 15), `holdout16` to `holdout18` (three more,
 * at the end of version 16), `holdout19` to `holdout21` (three more, at the end of version 17) and
 * `holdout22` to `holdout24` (three more, at the end of version 18) are for tuning: each
 * holdout was run once at the end of an earlier stop and its failures read, so it is spent and
 * tuned on since. No split is unseen now: the next writers' splits go into `UNSEEN_SPLITS`, read
 * once, at the end (`npm run bench -- mention-accuracy --holdout`), never their wrong ids; two
 * or more are each reported and pooled, since one writer's split moved the figure by more than a
 * round of rules did.
 */
export type Split =
  | "dev" | "dev2" | "holdout" | "holdout2" | "holdout3" | "holdout4" | "holdout5" | "holdout6" | "holdout7" | "holdout8" | "holdout9"
  | "holdout10" | "holdout11" | "holdout12" | "holdout13" | "holdout14" | "holdout15" | "holdout16" | "holdout17" | "holdout18"
  | "holdout19" | "holdout20" | "holdout21" | "holdout22" | "holdout23" | "holdout24"

/** The splits tuned on, in report order. */
export const TUNING_SPLITS: ReadonlyArray<Split> = [
  "dev", "dev2", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7", "holdout8", "holdout9",
  "holdout10", "holdout11", "holdout12", "holdout13", "holdout14", "holdout15", "holdout16", "holdout17", "holdout18",
  "holdout19", "holdout20", "holdout21", "holdout22", "holdout23", "holdout24",
]

/** The splits kept unseen until their one run. */
// Empty since version 18's run of holdout22 to holdout24: the next writers' splits go here (and into `Split`).
export const UNSEEN_SPLITS: ReadonlyArray<Split> = []

/** How a split is named in reports: the file `holdout.jsonl` is holdout1; the holdouts tuned on are spent. */
export const splitLabel = (split: Split): string =>
  split === "holdout"
    ? "holdout1 (spent, tuned on)"
    : split !== "dev" && split !== "dev2" && TUNING_SPLITS.includes(split)
      ? `${split} (spent, tuned on)`
      : split

export const splitPath = (split: Split): string =>
  new URL(`../../fixtures/mention-eval/${split}.jsonl`, import.meta.url).pathname

export const splitExists = (split: Split): boolean => existsSync(splitPath(split))

export const loadSplit = (split: Split): ReadonlyArray<EvalCase> =>
  readFileSync(splitPath(split), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as EvalCase)

/** `Glowline Vitamin C Serum` → `glowline-vitamin-c-serum`, an item id as the service would have. */
const slugOf = (name: string): string =>
  name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")

/**
 * The detector's target for a case, built as the service builds it for a check
 * (`mentionTargetOf` over the entity row's name and URL): a business's URL is its site; a
 * product's is its page, which the set does not give, so a product has no URL. The entity's
 * place is given too, which the service does not do yet (its entity rows hold no town):
 * `MENTION_EVAL_PLACE=off` (the bench's `--without-place`) judges as the service does today. The declared
 * `aliases` are added to the target's aliases (the detector's way to take extra spellings);
 * `not_aliases` go to `exclusions` when the detector has them.
 */
export const targetOf = (entity: EvalEntity): MentionTarget => {
  const product = entity.kind === "product"
  const base = mentionTargetOf({
    itemId: product ? slugOf(entity.name) : null,
    name: entity.name,
    url: product || entity.domain === null ? null : `https://${entity.domain}/`,
    place: entity.place === undefined || entity.place === "" || process.env.MENTION_EVAL_PLACE === "off" ? null : entity.place
  })
  return { ...base, aliases: [...base.aliases, ...entity.aliases], ...exclusionsOf(entity) }
}

/** Whether the detector takes names that must never count (`not_aliases`). */
export const EXCLUSIONS_SUPPORTED: boolean = true

const exclusionsOf = (entity: EvalEntity) => ({ exclusions: entity.not_aliases })

export interface Verdict {
  readonly visible: boolean
  readonly sentiment: Sentiment | null
}

const targets = new Map<string, MentionTarget>()
const cachedTargetOf = (entity: EvalEntity): MentionTarget => {
  const key = JSON.stringify(entity)
  let target = targets.get(key)
  if (target === undefined) {
    target = targetOf(entity)
    targets.set(key, target)
  }
  return target
}

export const detectorVerdict = (c: EvalCase): Verdict => {
  const d = detectMention({ text: c.answer, citations: c.citations }, cachedTargetOf(c.entity))
  return { visible: d.visible, sentiment: d.sentiment }
}

/**
 * The detector's verdict, except that an answer `doubtOf` puts in doubt gets its label, as a
 * perfect adjudicator would decide it: the ceiling of what adjudicating the answers in doubt can
 * reach, not a measurement of any model. `inDoubt` is told of each answer in doubt.
 */
export const ceilingVerdict = (inDoubt: (c: EvalCase) => void) => (c: EvalCase): Verdict => {
  const answer = { text: c.answer, citations: c.citations }
  const target = cachedTargetOf(c.entity)
  const d = detectMention(answer, target)
  if (doubtOf(answer, target, d) === undefined) return { visible: d.visible, sentiment: d.sentiment }
  inDoubt(c)
  return c.expected
}

/**
 * The name-substring baseline: visible when the name or the domain appears, ignoring case, in
 * the answer or its citations. It has no sentiment (reported as neutral).
 */
export const baselineVerdict = (c: EvalCase): Verdict => {
  const needles = [c.entity.name, c.entity.domain ?? ""].filter((s) => s !== "").map((s) => s.toLowerCase())
  const hay = [c.answer, ...c.citations].map((s) => s.toLowerCase())
  const visible = needles.some((n) => hay.some((h) => h.includes(n)))
  return { visible, sentiment: visible ? "neutral" : null }
}

export interface Figures {
  readonly n: number
  readonly tp: number
  readonly fp: number
  readonly fn: number
  readonly tn: number
  readonly precision: number
  readonly recall: number
  readonly f1: number
  /** Right sentiment among cases labelled visible and found visible. */
  readonly sentimentAccuracy: number
  readonly sentimentN: number
  readonly wrong: ReadonlyArray<string>
}

/** Precision and recall of the visible class; an empty class scores 1 (nothing to get wrong). */
export const figuresOf = (cases: ReadonlyArray<EvalCase>, verdicts: ReadonlyMap<string, Verdict>): Figures => {
  let tp = 0, fp = 0, fn = 0, tn = 0, sentRight = 0, sentN = 0
  const wrong: Array<string> = []
  for (const c of cases) {
    const v = verdicts.get(c.id)!
    if (v.visible && c.expected.visible) {
      tp++
      sentN++
      if (v.sentiment === c.expected.sentiment) sentRight++
    } else if (v.visible) fp++
    else if (c.expected.visible) fn++
    else tn++
    if (v.visible !== c.expected.visible) wrong.push(c.id)
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp)
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn)
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return { n: cases.length, tp, fp, fn, tn, precision, recall, f1, sentimentAccuracy: sentN === 0 ? 1 : sentRight / sentN, sentimentN: sentN, wrong }
}

export interface Report {
  readonly overall: Figures
  readonly hard: Figures
  readonly byTrap: ReadonlyMap<string, Figures>
  readonly byStyle: ReadonlyMap<string, Figures>
}

const groupBy = (cases: ReadonlyArray<EvalCase>, key: (c: EvalCase) => string) => {
  const out = new Map<string, Array<EvalCase>>()
  for (const c of cases) out.set(key(c), [...(out.get(key(c)) ?? []), c])
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)))
}

export const reportOf = (cases: ReadonlyArray<EvalCase>, judge: (c: EvalCase) => Verdict): Report => {
  const verdicts = new Map(cases.map((c) => [c.id, judge(c)] as const))
  const of = (subset: ReadonlyArray<EvalCase>) => figuresOf(subset, verdicts)
  return {
    overall: of(cases),
    hard: of(cases.filter((c) => c.hard)),
    byTrap: new Map([...groupBy(cases, (c) => c.trap)].map(([k, v]) => [k, of(v)])),
    byStyle: new Map([...groupBy(cases, (c) => c.platform_style)].map(([k, v]) => [k, of(v)])),
  }
}

const f3 = (x: number): string => x.toFixed(3)

/** A markdown table of the detector's and the baseline's figures, row by row. */
export const markdownTable = (title: string, detector: Report, baseline: Report): string => {
  const rows: Array<[string, Figures, Figures]> = [
    ["overall", detector.overall, baseline.overall],
    ["hard cases", detector.hard, baseline.hard],
    ...[...detector.byTrap].map(([k, f]): [string, Figures, Figures] => [`trap: ${k}`, f, baseline.byTrap.get(k)!]),
    ...[...detector.byStyle].map(([k, f]): [string, Figures, Figures] => [`style: ${k}`, f, baseline.byStyle.get(k)!]),
  ]
  const lines = [
    `### ${title}`,
    "",
    "| slice | answers | precision | recall | F1 | sentiment (visible) | wrong | baseline P | baseline R | baseline F1 |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(([k, d, b]) =>
      `| ${k} | ${d.n} | ${f3(d.precision)} | ${f3(d.recall)} | ${f3(d.f1)} | ${f3(d.sentimentAccuracy)} (${d.sentimentN}) | ${d.wrong.length} | ${f3(b.precision)} | ${f3(b.recall)} | ${f3(b.f1)} |`
    ),
  ]
  return lines.join("\n")
}

/** The wrong ids per trap kind (tuning splits only: the unseen holdout's lines are not for reading). */
export const wrongByTrap = (r: Report): string =>
  [...r.byTrap].filter(([, f]) => f.wrong.length > 0).map(([k, f]) => `- ${k}: ${f.wrong.join(", ")}`).join("\n")
