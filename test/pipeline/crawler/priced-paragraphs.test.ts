/**
 * A shop or price list written as one paragraph per item ("<p>Card holder – $48</p>") is read as
 * its lines are in a list; a paragraph of prose that mentions a price is not a line.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const page = (main: string) => `<!doctype html><html><head><title>Shop</title></head><body><main>${main}</main></body></html>`

describe("priced paragraphs", () => {
  it("one item per paragraph, its price after a dash or a colon, is a priced line", () => {
    const extracted = extractPage(page(`
      <h1>Shop</h1><h3>Wallets</h3>
      <p>Card holder, three pockets &ndash; $48</p>
      <p>Long wallet / checkbook &ndash; $120</p>
      <p>Key fob with brass ring: $22</p>
      <p>Gift card &ndash; $25 to $250</p>`), "https://made-up.example/shop.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([
      ["Card holder, three pockets", "48"],
      ["Long wallet / checkbook", "120"],
      ["Key fob with brass ring", "22"],
      ["Gift card", "25"]
    ])
  })

  it("a paragraph of prose with a price in it is no line", () => {
    const extracted = extractPage(page(`
      <h1>Glow nights</h1>
      <p>Our glow nights run Friday and Saturday from 9pm to midnight: $45 per lane per hour, up to 6 bowlers, shoes included.</p>
      <p>We also repair zips and straps for $15, just drop them in.</p>`), "https://made-up.example/glow.html")
    expect(extracted.products).toEqual([])
  })
})
