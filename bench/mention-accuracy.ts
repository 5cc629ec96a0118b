/**
 * `npm run bench -- mention-accuracy`: the mention detector's accuracy on the labelled
 * evaluation set (test/fixtures/mention-eval), beside the name-substring baseline, as markdown
 * tables: precision, recall and F1 of the visible flag overall, on hard cases, per trap kind and
 * per platform style, and sentiment accuracy on the answers found visible, for the two dev splits
 * (dev, dev2). The wrong ids per trap are listed for the dev splits only. The holdout is read only
 * when `--holdout` is given.
 */
import { detectMention } from "../src/domain/mention/index.ts"
import { percentile } from "./support.ts"
import {
  baselineVerdict,
  detectorVerdict,
  EXCLUSIONS_SUPPORTED,
  loadSplit,
  markdownTable,
  reportOf,
  splitExists,
  type Split,
  targetOf,
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

export const run = async () => {
  const splits: Array<Split> = process.argv.includes("--holdout") ? ["dev", "dev2", "holdout"] : ["dev", "dev2"]
  for (const split of splits) {
    if (!splitExists(split)) {
      console.log(`${split}: test/fixtures/mention-eval/${split}.jsonl is not there`)
      continue
    }
    const cases = loadSplit(split)
    const detector = reportOf(cases, detectorVerdict)
    const baseline = reportOf(cases, baselineVerdict)
    const unsupported = cases.filter((c) => c.entity.not_aliases.length > 0).length
    console.log(markdownTable(`${split} (${cases.length} answers)`, detector, baseline))
    if (!EXCLUSIONS_SUPPORTED) console.log(`\nnot_aliases: not supported by the detector (${unsupported} answers declare some; ignored)`)
    if (split !== "holdout") console.log(`\nWrong ids by trap (detector):\n${wrongByTrap(detector)}`)
    if (split === "dev") {
      const t = timing(cases)
      console.log(`\ndetectMention per answer (fastest of 7 runs, ${t.n} answers): median ${t.median!.toFixed(1)} µs, p95 ${t.p95!.toFixed(1)} µs`)
    }
  }
}
