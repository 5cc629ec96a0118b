/**
 * A services page or a menu written as a definition list without prices: each `<dt>` names what is
 * sold and the `<dd>` under it describes it ("Bathroom tiling" over "Full bathroom floors and
 * walls"). The terms are the page's list items, as `<li>` items are; the notes are not. Guards: a
 * spec sheet's terms ("Weight", "Lead time") are no items, nor is a term of one word naming a
 * group its note lists ("Regency", "1920s"; a word naming work, "Regrouting", is one), nor a
 * definition list in the navigation; a question term on an FAQ page and a term naming whom the
 * work is for ("Kinder und Babys") name nothing.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN } from "./site-builder.ts"

// (As the crawler stores it: with its address, which tells a services page from an FAQ.)
const page = (path: string, title: string, main: string, nav = "") => ({
  ...extractPage(`<!doctype html><html><head><title>${title}</title></head><body>${nav}<main>${main}</main></body></html>`, `${ORIGIN}${path}`),
  url: `${ORIGIN}${path}`
})

const SERVICES = `<h1>Tiling services</h1>
  <dl>
    <dt>Bathroom tiling</dt><dd>Full bathroom floors and walls, including tub surrounds.</dd>
    <dt>Kitchen backsplash</dt><dd>Subway, zellige and mosaic sheets.</dd>
    <dt>Regrouting</dt><dd>Old grout raked out and replaced in a day.</dd>
  </dl>`

describe("definition lists of terms without prices", () => {
  it("reads each term as a list item under the heading before it, never its note", () => {
    expect(page("/services.html", "Services | Belmont Tile", SERVICES).listItems).toEqual([
      { heading: "Tiling services", text: "Bathroom tiling" },
      { heading: "Tiling services", text: "Kitchen backsplash" },
      { heading: "Tiling services", text: "Regrouting" }
    ])
  })

  it("names the terms of a services page as offerings", () => {
    const services = page("/services.html", "Services | Belmont Tile", SERVICES)
    const facts = factsFromPages({ name: "Belmont Tile", kind: "business", businessName: "Belmont Tile", url: `${ORIGIN}/`, pages: [services] })
    expect(facts.offerings).toEqual(expect.arrayContaining(["bathroom tiling", "kitchen backsplash", "regrouting"]))
  })

  it("reads no item from a spec sheet's terms, nor from a definition list in the navigation", () => {
    const spec = page("/table.html", "Oak dining table | Belmont Tile", `<h1>Oak dining table</h1>
      <dl><dt>Weight</dt><dd>45 kg</dd><dt>Lead time</dt><dd>6 weeks</dd><dt>Materials</dt><dd>White oak</dd></dl>`,
      `<nav><dl><dt>Shop</dt><dd>Tables</dd></dl></nav>`)
    expect(spec.listItems).toEqual([])
  })

  it("reads no item from a one-word term naming the group its note lists", () => {
    const catalogue = page("/catalogue.html", "Catalogue | Belmont Costume Hire", `<h1>Period costumes</h1>
      <dl><dt>Regency</dt><dd>Empire-line dresses, tailcoats.</dd><dt>1920s</dt><dd>Flapper dresses, gangster suits.</dd>
      <dt>Tudor and Elizabethan</dt><dd>Gowns, doublets, ruffs.</dd></dl>`)
    expect(catalogue.listItems).toEqual([{ heading: "Period costumes", text: "Tudor and Elizabethan" }])
  })

  it("names no term that says whom the work is for", () => {
    const services = page("/leistungen.html", "Leistungen | Praxis Belmont", `<h1>Leistungen</h1>
      <dl><dt>Osteopathische Behandlung</dt><dd>Bei Rückenschmerzen.</dd><dt>Kinder und Babys</dt><dd>Sanfte Behandlung ab der Geburt.</dd></dl>`)
    const facts = factsFromPages({ name: "Praxis Belmont", kind: "business", businessName: "Praxis Belmont", url: `${ORIGIN}/`, pages: [services] })
    expect(facts.offerings.map((o) => o.toLowerCase())).toEqual(["osteopathische behandlung"])
  })

  it("names nothing from an FAQ page's question terms", () => {
    const faq = page("/faq.html", "FAQ | Belmont Tile", `<h1>Frequently asked questions</h1>
      <dl><dt>Do you remove old tile?</dt><dd>Yes, for $3 a square foot.</dd><dt>How long does a bathroom take?</dt><dd>About a week.</dd></dl>`)
    const facts = factsFromPages({ name: "Belmont Tile", kind: "business", businessName: "Belmont Tile", url: `${ORIGIN}/`, pages: [faq] })
    expect(facts.offerings).toEqual([])
  })
})
