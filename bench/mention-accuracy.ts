/**
 * `npm run bench -- mention-accuracy`: the mention detector's accuracy on the labelled
 * evaluation set (test/fixtures/mention-eval), beside the name-substring baseline, as markdown
 * tables: precision, recall and F1 of the visible flag overall, on hard cases, per trap kind and
 * per platform style, and sentiment accuracy on the answers found visible. The wrong ids per trap
 * are listed for the dev split only. The holdout is read only when `--holdout` is given.
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
  targetOf,
  wrongByTrap
} from "../test/domain/mention/eval-set.ts"

/** Median and p95 time of one detection over the dev answers, after a warm-up pass (µs). */
const timing = (cases: ReturnType<typeof loadSplit>) => {
  const inputs = cases.map((c) => ({ answer: { text: c.answer, citations: c.citations }, target: targetOf(c.entity) }))
  for (const i of inputs) detectMention(i.answer, i.target)
  const times: Array<number> = []
  for (let pass = 0; pass < 5; pass++) {
    for (const i of inputs) {
      const start = performance.now()
      detectMention(i.answer, i.target)
      times.push((performance.now() - start) * 1000)
    }
  }
  times.sort((a, b) => a - b)
  return { median: percentile(times, 50), p95: percentile(times, 95), n: times.length }
}

export const run = async () => {
  const splits: Array<"dev" | "holdout"> = process.argv.includes("--holdout") ? ["dev", "holdout"] : ["dev"]
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
    if (split === "dev") {
      console.log(`\nWrong ids by trap (detector):\n${wrongByTrap(detector)}`)
      const t = timing(cases)
      console.log(`\ndetectMention per answer over ${t.n} detections: median ${t.median!.toFixed(1)} µs, p95 ${t.p95!.toFixed(1)} µs`)
    }
  }
}
