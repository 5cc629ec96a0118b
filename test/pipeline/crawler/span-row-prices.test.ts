/**
 * A price list built without a table: each line a `<div>` whose class calls it a row or a line,
 * its cells `<span>`s (a name, maybe a note or a maker, then a price). The row is one priced line
 * and its first cell names what is sold, as a table's row would.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const page = (main: string) => `<!doctype html><html><head><title>Shop</title></head><body><main>${main}</main></body></html>`

describe("price lists of rows of spans", () => {
  it("a row's first span names the line, whatever the spans after it say", () => {
    const extracted = extractPage(page(`
      <h1>Rugs</h1>
      <div class="list">
        <div class="row"><span class="name">Jute runner, natural</span><span class="maker">Weavers of Leek</span><span class="price">£85 / metre</span></div>
        <div class="row"><span class="name">Sheepskin throw</span><span class="price">£120</span></div>
        <div class="line"><span>Rug underlay (cut to size)</span><span>from £12</span></div>
      </div>`), "https://made-up.example/rugs.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([
      ["Jute runner, natural", "85"],
      ["Sheepskin throw", "120"],
      ["Rug underlay", "12"]
    ])
  })

  it("guard: a row without a price is no line of a price list", () => {
    const extracted = extractPage(page(`
      <h1>Rugs</h1>
      <div class="row"><span class="name">Handwoven in Staffordshire</span><span>since 1982</span></div>`), "https://made-up.example/rugs.html")
    expect(extracted.products).toEqual([])
  })

  it("guard: a layout row holding a paragraph of prose with a price reads no line", () => {
    const extracted = extractPage(page(`
      <h1>Visit</h1>
      <div class="row"><div class="col-md-6"><p>Our rugs are woven by hand in Staffordshire by a family that has been at it since 1982, and every one of them is washed, dried and checked before it leaves, from £85.</p></div></div>`), "https://made-up.example/visit.html")
    expect(extracted.products).toEqual([])
  })

  it("guard: spans inside a row's paragraph are words of one sentence, not cells", () => {
    const extracted = extractPage(page(`
      <h1>Rugs</h1>
      <div class="row"><p><span>Sheepskin</span> <span>throw</span> – £120</p></div>`), "https://made-up.example/rugs.html")
    expect(extracted.products.map((p) => p.name)).toEqual(["Sheepskin throw"])
  })
})
