/**
 * A card written as paragraphs, as site builders lay out menus: the item's name alone on a line,
 * maybe a line describing it, then a line holding only its price. A breadcrumb trail above a price,
 * prose above a price, or a name line not followed by a price is no such card.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const products = (body: string) =>
  extractPage(`<!doctype html><html><head><title>Menu</title></head><body><main>${body}</main></body></html>`, "https://tea.example/menu.html")
    .products.map((p) => ({ name: p.name, description: p.description, price: p.price }))

describe("a card of paragraphs", () => {
  it("names the item on its own line, with its note and its price", () => {
    const card = (name: string, note: string, price: string) =>
      `<div class="col"><p><span style="font-weight:bold">${name}</span></p><p>${note}</p><p>${price}</p></div>`
    expect(products(`<h2>Milk teas</h2>${card("Taro Milk Tea", "Real taro, jasmine tea.", "$6.25 / $7.25")}${card("Thai Milk Tea", "", "$6.25 / $7.25")}`))
      .toEqual([
        { name: "Taro Milk Tea", description: "Real taro, jasmine tea.", price: "6.25" },
        { name: "Thai Milk Tea", description: null, price: "6.25" }
      ])
  })

  it("is not a breadcrumb above a price, prose above a price, or a price line with words", () => {
    expect(products(`<div><p>Home / Refurbished / iPhone 12</p><p>$520</p></div>`)).toEqual([])
    expect(products(`<div><p>We steep every tea to order.</p><p>$6.25</p></div>`)).toEqual([])
    expect(products(`<div><p>Taro Milk Tea</p><p>Ask for today's price, usually $6.25</p></div>`)).toEqual([])
    // Paragraphs in another element are no card's lines.
    expect(products(`<div><p>Taro Milk Tea</p></div><div><p>$6.25</p></div>`)).toEqual([])
  })
})
