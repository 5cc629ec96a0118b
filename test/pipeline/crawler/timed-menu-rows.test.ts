/**
 * A service menu as a table: each row a name in bold over a note (a line break between them) and
 * its prices by length of time, the currency said once for the page ("Prices in Thai baht"). Each
 * row is one priced line named by its bold name; a length with no amount after it is no price.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const page = (main: string) => `<!doctype html><html><head><title>Treatment menu</title></head><body><main>${main}</main></body></html>`

describe("a menu priced by time", () => {
  it("reads each row's name above its note, priced without a currency sign", () => {
    const extracted = extractPage(page(`
      <h1>Treatment menu</h1>
      <p>Prices in rupees, per person.</p>
      <table>
        <tr><td><strong>Abhyanga oil massage</strong><br><span>Warm sesame oil, head to toe</span></td><td>60 min 2200 · 90 min 3000</td></tr>
        <tr><td><b>Shirodhara</b><br>A steady stream of oil on the forehead</td><td>45 min 1800</td></tr>
        <tr><td><strong>Foot ritual</strong></td><td>30 min 900</td></tr>
      </table>`), "https://made-up.example/menu.html")
    expect(extracted.products.map((p) => [p.name, p.price, p.currency])).toEqual([
      ["Abhyanga oil massage", "2200", null],
      ["Shirodhara", "1800", null],
      ["Foot ritual", "900", null]
    ])
  })

  it("reads no price from a length alone or a number that is no amount", () => {
    const extracted = extractPage(page(`
      <table>
        <tr><td>Yoga flow</td><td>60 min</td></tr>
        <tr><td>Room 12</td><td>Floor 3</td></tr>
        <tr><td>Beginners' course</td><td>6 weeks, 90 min each</td></tr>
      </table>`), "https://made-up.example/classes.html")
    expect(extracted.products).toEqual([])
  })

  it("keeps a name that runs over a line break in a price list with signs as its first line", () => {
    const extracted = extractPage(page(`
      <ul><li>Gel manicure<br>Includes cuticle care — $35</li></ul>`), "https://made-up.example/prices.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([["Gel manicure", "35"]])
  })
})
