/**
 * An offering's own page with a section headed as its price list ("Listino prezzi", "Price list
 * (inc GST)"): every priced line of it is sold, though none names the page's headline word; a line
 * pricing time worked ("Workshop labour") is a rate, not a thing done.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const priced = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: null, url: null, image: null, source: "listing" as const })

describe("a price list section on an offering's own page", () => {
  it("names each of its lines, in the site's language", () => {
    const facts = factsFromPages({
      name: "Bottega Rinaldi",
      kind: "business",
      businessName: "Bottega Rinaldi",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Bottega Rinaldi | Orologiaio a Parma", headings: ["Bottega Rinaldi"], text: "Orologiaio a Parma dal 1962." }),
        sitePage("/riparazioni.html", {
          title: "Riparazioni | Bottega Rinaldi",
          headings: ["Riparazioni e restauro", "Listino prezzi"],
          text: "Riparazioni e restauro Ripariamo orologi da polso e da tasca. Listino prezzi Revisione completa 180 € Cambio pila 15 € Vetro zaffiro 90 €",
          products: [priced("Revisione completa", "180"), priced("Cambio pila", "15"), priced("Vetro zaffiro", "90")]
        })
      ]
    })
    expect(facts.offerings).toEqual(["riparazioni e restauro", "revisione completa", "cambio pila", "vetro zaffiro"])
  })

  it("leaves out the rate of time worked", () => {
    const facts = factsFromPages({
      name: "Anvil Works",
      kind: "business",
      businessName: "Anvil Works",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Anvil Works | Steel fabrication", headings: ["Anvil Works"], text: "Steel fabrication and welding." }),
        sitePage("/fabrication.html", {
          title: "Fabrication | Anvil Works",
          headings: ["Custom fabrication", "Price list (inc GST)"],
          text: "Custom fabrication Made to your drawing. Price list (inc GST) Workshop labour $95 Laser cutting $60 Powder coating $120",
          products: [priced("Workshop labour", "95"), priced("Laser cutting", "60"), priced("Powder coating", "120")]
        })
      ]
    })
    expect(facts.offerings).toEqual(["custom fabrication", "laser cutting", "powder coating"])
  })
})
