/**
 * `npm run bench -- mention-doubt`: what the optional adjudicator (docs/mention-accuracy.md,
 * "Adjudicator") would cost on the labelled evaluation set: per split, how many answers the
 * doubt picker (`doubtOf`) puts in doubt, that is the model calls per 1,000 checks of one sample
 * when `LLM_*` is set, on plain and hard cases and by kind of doubt; how many of the rule
 * detector's wrong verdicts are among them (the most the adjudicator could correct); and the
 * picker's own time per answer. The model itself is not run: a loopback model says nothing about
 * accuracy. Reads the tuning splits (`TUNING_SPLITS`: dev, dev2 and the spent holdouts); never the one kept unseen.
 */
import { detectMention } from "../src/domain/mention/index.ts"
import { doubtOf } from "../src/domain/mention/doubt.ts"
import { loadSplit, splitExists, targetOf, TUNING_SPLITS } from "../test/domain/mention/eval-set.ts"
import { percentile } from "./support.ts"

export const run = async () => {
  console.log("| split | answers | in doubt | per 1,000 checks | plain: in doubt / answers | hard: in doubt / answers | by kind | rule errors in doubt | doubtOf median µs |")
  console.log("|---|---|---|---|---|---|---|---|---|")
  for (const split of TUNING_SPLITS) {
    if (!splitExists(split)) continue
    const cases = loadSplit(split)
    const kinds = new Map<string, number>()
    let doubted = 0, plain = 0, plainDoubted = 0, wrong = 0, wrongDoubted = 0
    const micros: Array<number> = []
    for (const c of cases) {
      const answer = { text: c.answer, citations: c.citations }
      const target = targetOf(c.entity)
      const detection = detectMention(answer, target)
      const start = performance.now()
      const doubt = doubtOf(answer, target, detection)
      micros.push((performance.now() - start) * 1000)
      const isWrong = detection.visible !== c.expected.visible
      if (!c.hard) plain += 1
      if (isWrong) wrong += 1
      if (doubt === undefined) continue
      doubted += 1
      kinds.set(doubt.kind, (kinds.get(doubt.kind) ?? 0) + 1)
      if (!c.hard) plainDoubted += 1
      if (isWrong) wrongDoubted += 1
    }
    micros.sort((a, b) => a - b)
    const byKind = [...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(", ")
    console.log(
      `| ${split} | ${cases.length} | ${doubted} | ${Math.round((1000 * doubted) / cases.length)} | ${plainDoubted} / ${plain} | ` +
        `${doubted - plainDoubted} / ${cases.length - plain} | ${byKind} | ${wrongDoubted} / ${wrong} | ${percentile(micros, 50).toFixed(1)} |`
    )
  }
}
