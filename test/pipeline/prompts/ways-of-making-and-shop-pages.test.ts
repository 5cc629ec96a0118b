/**
 * "Bean-to-bar chocolate", "From bean to bar", "farm-to-table": a way of making names no kind of
 * business (a chocolate maker is no bar). A page called "Tienda / Shop" is where things are sold,
 * not one of them.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { categoryFromText } from "../../../src/pipeline/prompts/text-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("ways of making, and shop pages", () => {
  it("'bean-to-bar' and 'from bean to bar' make no bar", () => {
    expect(categoryFromText([{ text: "Cacao Norte – bean-to-bar chocolate, Quito", weight: 3 }, { text: "Del grano a la barra / From bean to bar", weight: 2, page: 0 }]).stray).not.toBe("bar")
    expect(categoryFromText([{ text: "The Oak Bar – cocktail bar in Quito", weight: 3 }]).supported).toBe("bar")
  })

  it("a shop page's name in Spanish or English is no offering", () => {
    const facts = factsFromPages({
      name: "Cacao Norte",
      kind: "business",
      businessName: "Cacao Norte",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Cacao Norte – bean-to-bar chocolate, Quito", headings: ["Del grano a la barra / From bean to bar"], text: "Chocolate from Esmeraldas cacao." }),
        sitePage("/tienda.html", { title: "Tienda – Cacao Norte", headings: ["Tienda / Shop"], text: "Tabletas y cacao." }),
        sitePage("/taller.html", { title: "Taller – Cacao Norte", headings: ["Chocolate tasting workshop"], text: "Two hours, six chocolates." })
      ]
    })
    expect(facts.category).not.toBe("bar")
    expect(facts.offerings).toContain("chocolate tasting workshop")
    expect(facts.offerings.map((o) => o.toLowerCase())).not.toContain("tienda")
    expect(facts.offerings.map((o) => o.toLowerCase())).not.toContain("shop")
  })
})

describe("a market by its name", () => {
  it("a farmers' market is a farmers market, not the bakery one of its stalls is", () => {
    const facts = factsFromPages({
      name: "Millrace Farmers' Market",
      kind: "business",
      businessName: "Millrace Farmers' Market",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Millrace Farmers' Market | Sundays in Kendal", headings: ["Local food, every Sunday"], text: "Thirty stalls from farms near Kendal." }),
        sitePage("/stalls.html", { title: "Our stallholders | Millrace Farmers' Market", headings: ["Our stallholders", "Bakery & cakes", "Cheese & dairy"], text: "Bakery & cakes. Cheese & dairy." }),
        sitePage("/baking.html", { title: "Bakery stalls | Millrace Farmers' Market", headings: ["Bakery stalls"], text: "Two bakery stalls." })
      ]
    })
    expect(facts.category).toBe("farmers market")
  })
})

describe("who sells at a market", () => {
  it("a market's 'Our stallholders' page names who sells there, not what is sold", () => {
    const facts = factsFromPages({
      name: "Millrace Farmers' Market",
      kind: "business",
      businessName: "Millrace Farmers' Market",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Millrace Farmers' Market | Sundays in Kendal", headings: ["Local food, every Sunday"], text: "Thirty stalls from farms near Kendal." }),
        sitePage("/stallholders.html", { title: "Stallholders | Millrace Farmers' Market", headings: ["Stallholders"], text: "Thirty stallholders." }),
        sitePage("/veg-box.html", { title: "Veg box | Millrace Farmers' Market", headings: ["Veg box"], text: "A box of what is in season." })
      ]
    })
    expect(facts.offerings).toContain("veg box")
    expect(facts.offerings.map((o) => o.toLowerCase())).not.toContain("stallholders")
  })
})
