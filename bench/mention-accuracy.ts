/**
 * `npm run bench -- mention-accuracy`: the mention detector's accuracy on the labelled
 * evaluation set (test/fixtures/mention-eval), beside the name-substring baseline, as markdown
 * tables: precision, recall and F1 of the visible flag overall, on hard cases, per trap kind and
 * per platform style, and sentiment accuracy on the answers found visible, for the tuning splits
 * (`TUNING_SPLITS`: dev, dev2 and the holdouts already run, each once at the end of an earlier stop
 * and its failures read, so spent and tuned on since), with the wrong ids per trap.
 * Per split, a ceiling line: the F1 if every answer the doubt picker (`doubtOf`) puts in doubt
 * were decided right by the adjudicator, and how many answers per 1,000 are in doubt. The unseen
 * holdouts (`UNSEEN_SPLITS`) are read only when `--holdout` is given, once, at the end of tuning,
 * each and then pooled, and only their figures are printed, never their wrong ids.
 *
 * `--without-place`: the entities' places are not given to the detector, as the service does
 * not give them yet (an entity row holds no town).
 *
 * `--against=<commit>`: the speed of this checkout's detector against the one of `<commit>`
 * (its `src/domain` extracted under `.tmp/`), in one process, in ABBA rounds over the same dev
 * answers: on a shared, loaded machine the ratio is what holds, not the absolute figures.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, rmSync } from "node:fs"
import { detectMention, mentionTargetOf } from "../src/domain/mention/index.ts"
import { percentile } from "./support.ts"
import {
  baselineVerdict,
  ceilingVerdict,
  detectorVerdict,
  EXCLUSIONS_SUPPORTED,
  loadSplit,
  markdownTable,
  reportOf,
  splitExists,
  splitLabel,
  type Split,
  targetOf,
  TUNING_SPLITS,
  UNSEEN_SPLITS,
  wrongByTrap
} from "../test/domain/mention/eval-set.ts"

/**
 * Time of one detection over the dev answers (µs): each answer's fastest of 7 runs after a
 * warm-up pass, so that a loaded machine's preemptions do not count; median and p95 of those.
 */
const timing = (cases: ReturnType<typeof loadSplit>) => {
  const inputs = cases.map((c) => ({ answer: { text: c.answer, citations: c.citations }, target: targetOf(c.entity) }))
  for (const i of inputs) detectMention(i.answer, i.target)
  const fastest = inputs.map(() => Infinity)
  for (let pass = 0; pass < 7; pass++) {
    inputs.forEach((i, k) => {
      const start = performance.now()
      detectMention(i.answer, i.target)
      fastest[k] = Math.min(fastest[k]!, (performance.now() - start) * 1000)
    })
  }
  fastest.sort((a, b) => a - b)
  return { median: percentile(fastest, 50), p95: percentile(fastest, 95), n: fastest.length }
}

type Detector = { readonly detectMention: typeof detectMention; readonly mentionTargetOf: typeof mentionTargetOf }

/** The detector of another commit, its `src/domain` extracted into `.tmp/bench-detector-<commit>`. */
const detectorAt = async (commit: string): Promise<Detector> => {
  const root = new URL("..", import.meta.url).pathname
  const sha = execFileSync("git", ["rev-parse", "--short", commit], { cwd: root, encoding: "utf8" }).trim()
  const dir = `${root}.tmp/bench-detector-${sha}`
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const archive = execFileSync("git", ["archive", sha, "src/domain"], { cwd: root, maxBuffer: 1 << 28 })
  execFileSync("tar", ["-x", "-C", dir], { input: archive })
  return (await import(`${dir}/src/domain/mention/index.ts`)) as Detector
}

/**
 * ABBA rounds (A B B A, then B A A B, …) of one pass each over the dev answers; per answer the
 * fastest of its passes, per detector the median and p95 of those, and the ratio B/A of the medians.
 */
const abba = (cases: ReturnType<typeof loadSplit>, a: Detector, b: Detector, rounds: number) => {
  const inputsOf = (d: Detector) =>
    cases.map((c) => {
      // The facts of `targetOf`, through the detector's own `mentionTargetOf` (its short forms
      // may differ); a product's item id only marks it as one, its name is given.
      const product = c.entity.kind === "product"
      const own = d.mentionTargetOf({ itemId: product ? "product" : null, name: c.entity.name, url: product || c.entity.domain === null ? null : `https://${c.entity.domain}/` })
      return { answer: { text: c.answer, citations: c.citations }, target: { ...own, aliases: [...own.aliases, ...c.entity.aliases], exclusions: c.entity.not_aliases } }
    })
  const runs = { A: { d: a, inputs: inputsOf(a), fastest: cases.map(() => Infinity) }, B: { d: b, inputs: inputsOf(b), fastest: cases.map(() => Infinity) } }
  const pass = (r: (typeof runs)["A"]) =>
    r.inputs.forEach((i, k) => {
      const start = performance.now()
      r.d.detectMention(i.answer, i.target)
      r.fastest[k] = Math.min(r.fastest[k]!, (performance.now() - start) * 1000)
    })
  pass(runs.A)
  pass(runs.B)
  runs.A.fastest.fill(Infinity)
  runs.B.fastest.fill(Infinity)
  for (let round = 0; round < rounds; round++) {
    for (const k of round % 2 === 0 ? (["A", "B", "B", "A"] as const) : (["B", "A", "A", "B"] as const)) pass(runs[k])
  }
  const stats = (xs: Array<number>) => {
    const sorted = [...xs].sort((x, y) => x - y)
    return { median: percentile(sorted, 50)!, p95: percentile(sorted, 95)! }
  }
  return { a: stats(runs.A.fastest), b: stats(runs.B.fastest) }
}

export const run = async () => {
  // `--against=<commit>`, one argument: `npm run bench` reads every bare argument as a benchmark's name.
  // Read by the eval set's targets at their first use, below.
  if (process.argv.includes("--without-place")) process.env.MENTION_EVAL_PLACE = "off"
  const commit = process.argv.find((arg) => arg.startsWith("--against="))?.slice("--against=".length)
  if (commit !== undefined) {
    const cases = loadSplit("dev")
    const { a, b } = abba(cases, await detectorAt(commit), { detectMention, mentionTargetOf }, 6)
    console.log(`detectMention per answer, ABBA x6 over ${cases.length} dev answers (each answer's fastest of 12 passes):`)
    console.log(`  ${commit}: median ${a.median.toFixed(1)} µs, p95 ${a.p95.toFixed(1)} µs`)
    console.log(`  this checkout: median ${b.median.toFixed(1)} µs, p95 ${b.p95.toFixed(1)} µs`)
    console.log(`  ratio (this / ${commit}): ${(b.median / a.median).toFixed(3)}`)
    return
  }
  const unseen = process.argv.includes("--holdout")
  if (unseen && UNSEEN_SPLITS.length === 0) {
    // Thrown, so that `npm run bench` exits 1.
    throw new Error(
      "--holdout: no split is unseen now (holdout8 and holdout9 were run once with version 12 and are tuned on); " +
        "add the next writers' splits to UNSEEN_SPLITS in test/domain/mention/eval-set.ts; nothing was run",
    )
  }
  const missing = UNSEEN_SPLITS.filter((split) => !splitExists(split))
  if (unseen && missing.length > 0) {
    // Thrown, so that `npm run bench` exits 1.
    throw new Error(`--holdout: ${missing.map((split) => `test/fixtures/mention-eval/${split}.jsonl`).join(", ")}, unseen, not there (yet); nothing was run`)
  }
  const splits: Array<Split> = unseen ? [...TUNING_SPLITS, ...UNSEEN_SPLITS] : [...TUNING_SPLITS]
  for (const split of splits) {
    if (!splitExists(split)) {
      console.log(`${split}: test/fixtures/mention-eval/${split}.jsonl is not there`)
      continue
    }
    const cases = loadSplit(split)
    const detector = reportOf(cases, detectorVerdict)
    const baseline = reportOf(cases, baselineVerdict)
    let doubted = 0
    const ceiling = reportOf(cases, ceilingVerdict(() => (doubted += 1)))
    const unsupported = cases.filter((c) => c.entity.not_aliases.length > 0).length
    console.log(markdownTable(`${splitLabel(split)} (${cases.length} answers)`, detector, baseline))
    if (!EXCLUSIONS_SUPPORTED) console.log(`\nnot_aliases: not supported by the detector (${unsupported} answers declare some; ignored)`)
    console.log(
      `\nCeiling with a perfect adjudicator on the answers in doubt — not a measurement of any model: F1 ${ceiling.overall.f1.toFixed(3)} ` +
        `(hard ${ceiling.hard.f1.toFixed(3)}; rules alone ${detector.overall.f1.toFixed(3)}), ${Math.round((1000 * doubted) / cases.length)} answers per 1,000 in doubt ` +
        `(${doubted} of ${cases.length}; ${ceiling.overall.wrong.length} wrong verdicts outside them)`
    )
    if (TUNING_SPLITS.includes(split)) console.log(`\nWrong ids by trap (detector):\n${wrongByTrap(detector)}`)
    if (split === UNSEEN_SPLITS.at(-1) && UNSEEN_SPLITS.length > 1) {
      const pooled = UNSEEN_SPLITS.flatMap((name) => loadSplit(name))
      let pooledDoubt = 0
      const pooledCeiling = reportOf(pooled, ceilingVerdict(() => (pooledDoubt += 1)))
      const pooledDetector = reportOf(pooled, detectorVerdict)
      console.log(markdownTable(`unseen splits pooled: ${UNSEEN_SPLITS.join(" + ")} (${pooled.length} answers)`, pooledDetector, reportOf(pooled, baselineVerdict)))
      console.log(`\nCeiling with a perfect adjudicator, pooled: F1 ${pooledCeiling.overall.f1.toFixed(3)} (rules alone ${pooledDetector.overall.f1.toFixed(3)}), ${Math.round((1000 * pooledDoubt) / pooled.length)} answers per 1,000 in doubt`)
    }
    if (split === "dev") {
      const t = timing(cases)
      console.log(`\ndetectMention per answer (fastest of 7 runs, ${t.n} answers): median ${t.median!.toFixed(1)} µs, p95 ${t.p95!.toFixed(1)} µs`)
    }
  }
}
