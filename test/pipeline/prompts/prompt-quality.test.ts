/**
 * The built-in generator on the labelled dev sites of test/fixtures/prompt-eval, through the real
 * crawler on loopback, scored by the set's own scorer. The targets: ≥ 90% of prompts about
 * a real offering, category or the brand; every labelled offering covered; no near-duplicates.
 * Where a site misses a target today, the test pins today's figure and names what is missed
 * (docs/prompt-quality.md), so a regression fails and an improvement must update it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TARGET_ABOUT_REAL_SHARE } from "../../fixtures/prompt-eval/score.ts"
import { runSite, type SiteRun, sitesOf } from "./prompt-eval-harness.ts"

/** Known misses, per site: the share floor below target and the offerings no prompt names. */
const KNOWN: Readonly<Record<string, { readonly share?: number; readonly uncovered?: ReadonlyArray<string> }>> = {
  // "standard service", "motor and battery diagnostics", "wheels" are real but unlabelled;
  // "secondhand bikes" is only a home-page section heading, which is not read as an offering.
  "gearbox-bicycle-workshop": { share: 0.89, uncovered: ["secondhand bikes"] },
  // Past the 16 offerings kept: the menu's fish taco ("Pescado"), chips and guacamole, aguas frescas.
  "taqueria-el-guero": { uncovered: ["fish tacos", "chips and guacamole", "aguas frescas"] }
}

const runs = new Map<string, SiteRun>()
const dirs = sitesOf("dev")

beforeAll(async () => {
  for (const dir of dirs) {
    const run = await runSite(dir)
    runs.set(dir.split(/[/\\]/).at(-1)!, run)
  }
}, 60_000)

afterAll(() => runs.clear())

describe("prompt quality on the labelled dev sites", () => {
  it("has the dev sites", () => {
    expect(dirs.length).toBeGreaterThanOrEqual(5)
  })

  it.each(dirs.map((dir) => dir.split(/[/\\]/).at(-1)!))("%s: 100 prompts about real offerings, each offering covered, no near-duplicates", (site) => {
    const run = runs.get(site)!
    const known = KNOWN[site] ?? {}
    expect(run.prompts).toHaveLength(100)
    expect(run.metrics.aboutRealShare, run.metrics.notAboutReal.join(" | ")).toBeGreaterThanOrEqual(known.share ?? TARGET_ABOUT_REAL_SHARE)
    expect(run.metrics.uncovered).toEqual(known.uncovered ?? [])
    expect(run.metrics.nearDuplicates).toEqual([])
    expect(run.metrics.notOfferingHits).toEqual([])
    // Every product's prompts are about it.
    for (const product of run.products) {
      expect(product.prompts).toHaveLength(100)
      expect(product.metrics.onTopicShare, `${product.itemId}: ${product.metrics.offTopic.join(" | ")}`).toBeGreaterThanOrEqual(0.75)
    }
  })
})
