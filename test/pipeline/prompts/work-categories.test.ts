/**
 * A category that names the work ("acupuncture", "osteopathy", "bike hire") has kinds that are
 * offerings ("facial rejuvenation acupuncture", "e-bike hire"); a category that names who does it
 * ("dentist") does not ("emergency dentist" is the business itself). A price row's gloss in
 * brackets before its comma leaves the name and its comma as written.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { join } from "node:path"
import { EVAL_DIR, runSite } from "./prompt-eval-harness.ts"

describe("kinds of the work a business is named for", () => {
  it("keeps the kinds of acupuncture at an acupuncture clinic", async () => {
    // The labelled site's own pages, crawled on loopback: its home page's title calls it "Acupuncture in Victoria, BC".
    const run = await runSite(join(EVAL_DIR, "holdout-ac/still-water-acupuncture"))
    expect(run.facts.category).toBe("acupuncture")
    expect(run.facts.offerings).toEqual(expect.arrayContaining(["facial rejuvenation acupuncture", "community acupuncture"]))
  })

  it("reads a row whose gloss in brackets stands before its comma", () => {
    const extracted = extractPage(`<!doctype html><html><body><main><table>
      <tr><th>Facial acupuncture (cosmetic acupuncture), 75 min</th><td>$140</td></tr></table></main></body></html>`, "https://cedar.example/rates.html")
    expect(extracted.products.map((p) => p.name)).toEqual(["Facial acupuncture, 75 min"])
  })
})
