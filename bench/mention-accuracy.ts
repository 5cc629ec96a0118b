/**
 * `npm run bench -- mention-accuracy`: the mention detector's accuracy on the labelled
 * evaluation set (test/fixtures/mention-eval), beside the name-substring baseline, as markdown
 * tables: precision, recall and F1 of the visible flag overall, on hard cases, per trap kind and
 * per platform style, and sentiment accuracy on the answers found visible. The wrong ids per trap
 * are listed for the dev split only. The holdout is read only when `--holdout` is given.
 */
import {
  baselineVerdict,
  detectorVerdict,
  EXCLUSIONS_SUPPORTED,
  loadSplit,
  markdownTable,
  reportOf,
  splitExists,
  wrongByTrap
} from "../test/domain/mention/eval-set.ts"

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
    if (split === "dev") console.log(`\nWrong ids by trap (detector):\n${wrongByTrap(detector)}`)
  }
}
