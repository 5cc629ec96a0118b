/**
 * A menu written as run-on lines: under each heading, one paragraph of items set apart by middle
 * dots, bullets or bars, each with its price ("Fish soup $7 · Crab cake $12"). Each part is an item
 * of its own, also one whose price is left to the day ("Smoked trout priced daily"). A paragraph of
 * prose with a dot in it, a line with one priced part or one thing's prices side by side ("$12 a jar ·
 * $55 for a case of six") is not a menu line.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const html = (main: string) => `<!doctype html><html><head><title>Menu | Harbour Kitchen</title></head><body><main>${main}</main></body></html>`
const priced = (main: string) => extractPage(html(main), `${ORIGIN}/menu.html`).products.map((p) => [p.name, p.price])

describe("run-on menu lines", () => {
  it("reads each dotted part of a priced line as an item", () => {
    expect(priced(`
      <h1>Menu</h1>
      <h2>Bowls</h2><p>Fish soup $7 &middot; Crab cake (with slaw) $12 &middot; Mussels in cider $14</p>
      <h2>To take home</h2><p>Smoked trout $9.50/lb • Potted shrimp $6 • Kippers priced daily</p>`)).toEqual([
      ["Fish soup", "7"], ["Crab cake", "12"], ["Mussels in cider", "14"],
      ["Smoked trout", "9.50"], ["Potted shrimp", "6"], ["Kippers", null]
    ])
  })

  it("reads no prose with a dot and no line with one priced part", () => {
    expect(priced(`
      <h1>Menu</h1>
      <p>Open daily &middot; Lunch from noon, set menu $25 with a glass of wine and coffee afterwards</p>
      <p>Fish soup $7 &middot; Ask about today's catch</p>
      <p>$12 a jar &middot; $55 for a case of six</p>`)).toEqual([])
  })

  it("makes the menu's items offerings", () => {
    const page = extractPage(html(`<h1>Menu</h1><h2>Bowls</h2><p>Fish soup $7 &middot; Crab cake, 2 pcs $12 &middot; Mussels in cider $14</p>`), `${ORIGIN}/menu.html`)
    const facts = factsFromPages({
      name: "Harbour Kitchen", kind: "business", businessName: "Harbour Kitchen", url: `${ORIGIN}/`,
      pages: [sitePage("/menu.html", { ...page, url: `${ORIGIN}/menu.html` })]
    })
    expect(facts.offerings).toEqual(["fish soup", "crab cake", "mussels in cider"])
  })
})
