/**
 * A one-word section of an offering's own page is a facet of it ("Price", "Prices") unless the text
 * under it names its word again as a kind ("Panniers" over "Roll-top panniers in 20 and 40 litres"):
 * then the section sells them, as a priced one does.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("a one-word section whose text names its word as a kind", () => {
  it("is on offer; a facet named after a small word is not", () => {
    const facts = factsFromPages({
      name: "Spokeshave Cycles",
      kind: "business",
      businessName: "Spokeshave Cycles",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Spokeshave Cycles | Bike shop in Launceston", headings: ["Spokeshave Cycles", "Bike touring"], text: "A bike shop for people who ride far." }),
        sitePage("/touring.html", {
          title: "Bike touring | Spokeshave Cycles",
          headings: ["Bike touring", "Panniers", "Racks", "Prices"],
          text: "Bike touring Everything to carry a week's gear on a bike. Panniers Roll-top panniers in 20 and 40 litres, and handlebar bags. Racks Steel lowrider racks for the front and rear. Prices Our prices match the big online shops."
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["panniers", "racks"]))
    expect(facts.offerings).not.toContain("prices")
  })
})
