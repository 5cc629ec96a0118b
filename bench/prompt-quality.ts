/**
 * `npm run bench -- prompt-quality [--split=holdout|holdout-b|holdout-c]`: the built-in prompt generator measured
 * on the labelled sites of test/fixtures/prompt-eval (the `dev` split by default). Each site is
 * served on loopback, crawled by the real crawler, and 100 prompts are generated for the business
 * and for each labelled product, then scored by the set's own scorer. Prints per site the share
 * of prompts about a real offering, category or the brand, offering coverage, intent mix,
 * near-duplicates, not-offering hits and each product's share. Figures, not pass/fail.
 * `--prompts-out=<dir>` also writes each site's prompts (`<site>.json`: the business's and each
 * product's), so that a reader who never sees the generator can judge how they read.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { formatRun, runSite, type SiteRun, sitesOf } from "../test/pipeline/prompts/prompt-eval-harness.ts"

const optionOf = (name: string): string | undefined =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length) || undefined

const splitOf = (): string => optionOf("split") ?? "dev"

const writePrompts = (dir: string, site: string, result: SiteRun): void => {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const body = {
    site,
    business: { name: result.facts.name, prompts: result.prompts },
    products: result.products.map((p) => ({ item_id: p.itemId, name: p.facts.name, prompts: p.prompts }))
  }
  writeFileSync(join(dir, `${site}.json`), `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 })
}

export const run = async (): Promise<void> => {
  const split = splitOf()
  const dirs = sitesOf(split)
  if (dirs.length === 0) {
    console.log(`no labelled sites under test/fixtures/prompt-eval/${split}`)
    return
  }
  console.log(`split: ${split}, ${dirs.length} sites, built-in generator, 100 prompts per entity`)
  const promptsOut = optionOf("prompts-out")
  const rows: Array<string> = []
  for (const dir of dirs) {
    const result = await runSite(dir)
    console.log(formatRun(result))
    if (promptsOut !== undefined) writePrompts(promptsOut, dir.split("/").at(-1) ?? dir, result)
    const m = result.metrics
    const products = result.products.map((p) => `${p.itemId} ${(p.metrics.onTopicShare * 100).toFixed(0)}%`).join(", ")
    rows.push(
      `| ${result.site.split("/").at(-1)} | ${(m.aboutRealShare * 100).toFixed(0)}% | ${Object.keys(m.offeringCoverage).length - m.uncovered.length}/${
        Object.keys(m.offeringCoverage).length
      }${m.uncovered.length > 0 ? ` (missing: ${m.uncovered.join(", ")})` : ""} | ${m.nearDuplicates.length} | ${m.notOfferingHits.length} | ${products} |`
    )
  }
  console.log("\n| site | about a real offering, category or brand | offerings covered | near-duplicates | not-offering hits | products on their own topic |")
  console.log("|---|---|---|---|---|---|")
  for (const row of rows) console.log(row)
}
