/**
 * An offering's own page whose sections are named for a menu's courses ("To drink", "Para comer /
 * To eat") is a menu, whatever its headline ("Tasting room", a place): every line of it is on offer.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const priced = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: null, url: null, image: null, source: "listing" as const })

describe("sections named for a menu's courses", () => {
  it("make the page's lines offerings", () => {
    const facts = factsFromPages({
      name: "Ridgeback Cidery",
      kind: "business",
      businessName: "Ridgeback Cidery",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Ridgeback Cidery | Cidery", headings: ["Ridgeback Cidery"], text: "Cider made on the farm." }),
        sitePage("/taproom.html", {
          title: "Tasting room | Ridgeback Cidery",
          headings: ["Tasting room", "To drink", "Para comer / To eat"],
          text: "Tasting room Open on weekends. To drink Perry on tap $8 Apple juice $4 Para comer / To eat Cheese board $18",
          products: [priced("Perry on tap", "8"), priced("Apple juice", "4"), priced("Cheese board", "18")]
        })
      ]
    })
    expect(facts.offerings).toEqual(["tasting room", "perry on tap", "apple juice", "cheese board"])
  })
})
