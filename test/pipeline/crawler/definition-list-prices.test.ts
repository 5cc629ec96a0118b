/**
 * A price list written as a definition list names each thing in a `<dt>` and prices it in the
 * `<dd>` under it ("<dt>Casual mat class</dt><dd>$25</dd>"): the pair is one priced line. A `<dd>`
 * that says more than a price is a description, not the term's price.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const page = (main: string) => `<!doctype html><html><head><title>Prices</title></head><body><main>${main}</main></body></html>`

describe("prices in a definition list", () => {
  it("a term and the price under it are one priced line", () => {
    const extracted = extractPage(page(`
      <h1>Prices</h1>
      <dl>
        <dt>Starter Pack – 2 climbs in 14 days</dt><dd>$40</dd>
        <dt>Day pass</dt><dd>€18</dd>
        <dt>Monthly membership (12-month minimum)</dt><dd>$95 / month</dd>
        <dt>Shoe hire</dt><dd>£4 per person</dd>
      </dl>`), "https://made-up.example/prices.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([
      ["Starter Pack", "40"],
      ["Day pass", "18"],
      ["Monthly membership", "95"],
      ["Shoe hire", "4"]
    ])
  })

  it("a term priced under a short note of what it comes in is named by the term, not the note", () => {
    const extracted = extractPage(page(`
      <h1>Our range</h1>
      <dl class="catalogue">
        <dt>Hall stand</dt><dd><span>ash · elm · beech</span> <span>from $1,150</span></dd>
        <dt>Writing desk</dt><dd><span>elm · beech</span> <span>$2,300</span> <em>two drawers or three</em></dd>
        <dt>Coat hooks</dt><dd>beech <span>£18 each</span></dd>
      </dl>`), "https://made-up.example/range.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([
      ["Hall stand", "1150"],
      ["Writing desk", "2300"],
      ["Coat hooks", "18"]
    ])
  })

  it("a term described under it, with no price, is no priced line", () => {
    const extracted = extractPage(page(`
      <h1>Our walls</h1>
      <dl>
        <dt>Bouldering cave</dt><dd>Overhanging problems, reset every two weeks.</dd>
        <dt>Kids' wall</dt><dd>Ages 5 to 12, with an instructor at $12 a session.</dd>
      </dl>`), "https://made-up.example/walls.html")
    expect(extracted.products.map((p) => p.name)).not.toContain("Bouldering cave")
    expect(extracted.products.map((p) => p.name)).not.toContain("Kids' wall")
  })
})
