/**
 * A shop theme's product card: a heading for the item's name, a line describing it and its price.
 * The heading is the card's title, apart from the text under it, and a card is known by its class
 * in the theme's language too ("cartao-produto", "produktkarte", "tarjeta-producto").
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const page = (main: string) => `<!doctype html><html><head><title>Loja</title></head><body><main>${main}</main></body></html>`

describe("product cards", () => {
  it("reads each card's heading as its name, its class in any language", () => {
    const extracted = extractPage(page(`
      <div class="grelha">
        <div class="cartao-produto"><h2>Cavala em azeite</h2><p>Filetes sem pele nem espinhas, do Algarve.</p><p class="preco">3,90 €</p></div>
        <div class="produktkarte"><h3>Bergkäse extra alt</h3><p>Zwölf Monate im Keller gereift, kräftig und nussig.</p><span>8,40 €</span></div>
        <article class="tarjeta-producto"><h2>Aceite de oliva virgen extra</h2><p>Primera prensada en frío de nuestra cosecha.</p><p>12,50 €</p></article>
      </div>`), "https://made-up.example/loja.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([
      ["Cavala em azeite", "3,90"],
      ["Bergkäse extra alt", "8,40"],
      ["Aceite de oliva virgen extra", "12,50"]
    ])
  })

  it("keeps a list line whose heading and price stand together", () => {
    const extracted = extractPage(page(`<ul><li><h3>Kayak hire</h3><p>Half day £30</p></li></ul>`), "https://made-up.example/hire.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([["Kayak hire", "30"]])
  })
})
