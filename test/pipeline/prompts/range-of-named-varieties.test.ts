/**
 * A page headed by one plural kind, in two languages ("Nuestros quesos / Our cheeses"), whose lines
 * are one word each: names no English dictionary has ("Tetilla", "Idiazabal") are varieties on
 * offer; common words ("Single", "Double", "King" under "Headboards") stay its sizes.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const priced = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: null, url: null, image: null, source: "listing" as const })

describe("one-word lines of a range page", () => {
  it("are varieties when they are names, under a headline in two languages", () => {
    const facts = factsFromPages({
      name: "Quesería Arriola",
      kind: "business",
      businessName: "Quesería Arriola",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Quesería Arriola | Cheese shop", headings: ["Quesería Arriola"], text: "A cheese shop." }),
        sitePage("/quesos.html", {
          title: "Nuestros quesos | Quesería Arriola",
          headings: ["Nuestros quesos / Our cheeses"],
          text: "Nuestros quesos / Our cheeses Tetilla €14 Idiazabal €22 Roncal €19",
          products: [priced("Tetilla", "14"), priced("Idiazabal", "22"), priced("Roncal", "19")]
        })
      ]
    })
    expect(facts.offerings).toEqual(["quesos", "tetilla", "idiazabal", "roncal"])
  })

  it("are sizes when they are common words", () => {
    const facts = factsFromPages({
      name: "Oakline Beds",
      kind: "business",
      businessName: "Oakline Beds",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Oakline Beds | Bed maker", headings: ["Oakline Beds"], text: "Beds made in Devon." }),
        sitePage("/headboards.html", {
          title: "Headboards | Oakline Beds",
          headings: ["Headboards"],
          text: "Headboards Single £240 Double £290 King £340",
          products: [priced("Single", "240"), priced("Double", "290"), priced("King", "340")]
        })
      ]
    })
    expect(facts.offerings).toEqual(["headboards"])
  })
})
