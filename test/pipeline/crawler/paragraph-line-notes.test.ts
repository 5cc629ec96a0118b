/**
 * A price list typed one paragraph per item often adds a short note after the price ("from £135
 * per night, courtyard view") or says what the item has after its name ("Loft Suite with roll-top
 * bath – from £260"): each is still one priced line, named by the item. A sentence with a price
 * inside it is not.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const page = (main: string) => `<!doctype html><html><head><title>Rooms &amp; rates</title></head><body><main>${main}</main></body></html>`

describe("a paragraph line with a note", () => {
  it("reads the item before its price, whatever note follows the unit", () => {
    const extracted = extractPage(page(`
      <p><b>Harbour Twin</b> &ndash; from &pound;120 per night, garden view</p>
      <p><b>Attic Suite</b> with copper bath and skylight &ndash; from &pound;240 per night</p>
      <p><b>Picnic hamper</b> &ndash; &pound;35 for two.</p>`), "https://made-up.example/rooms.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([["Harbour Twin", "120"], ["Attic Suite", "240"], ["Picnic hamper", "35"]])
  })

  it("reads no item from a sentence that runs on after the price", () => {
    const extracted = extractPage(page(`
      <p>Glow nights run every Friday: $45 per lane per hour, shoes included.</p>
      <p>Parking – £10 per day, which we add to your bill when you check out at the end of your stay.</p>`), "https://made-up.example/info.html")
    expect(extracted.products).toEqual([])
  })
})
