/**
 * A heading that says what the business sells by the verb of selling it ("Tyres we stock", "Cakes
 * we bake") is over a list of offerings, even on an offering's own page. A case study or success
 * story told under its own heading is what a customer got, not an offering.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("lists of what is stocked, and customers' stories", () => {
  it("the lines under 'Batteries we stock' are offerings; 'Case study' is not", () => {
    const facts = factsFromPages({
      name: "Sparkline Batteries",
      kind: "business",
      businessName: "Sparkline Batteries",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Sparkline Batteries - Mobile Battery Replacement in Hamilton", headings: ["Flat battery? We come to you"], text: "Batteries fitted where you parked." }),
        sitePage("/batteries.html", {
          title: "Batteries - Sparkline Batteries",
          headings: ["Batteries we stock"],
          text: "Batteries we stock. Car batteries for petrol and diesel. Marine batteries. Deep-cycle batteries for caravans.",
          listItems: [
            { heading: "Batteries we stock", text: "Car batteries for petrol and diesel" },
            { heading: "Batteries we stock", text: "Marine batteries" },
            { heading: "Batteries we stock", text: "Deep-cycle batteries for caravans" }
          ]
        }),
        sitePage("/fleet.html", { title: "Fleet battery care - Sparkline Batteries", headings: ["Fleet battery care", "Case study"], text: "Fleet battery care. Case study. A courier firm with 40 vans." })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["fleet battery care", "marine batteries", "deep-cycle batteries"]))
    expect(facts.offerings.some((o) => o.startsWith("car batteries"))).toBe(true)
    expect(facts.offerings.map((o) => o.toLowerCase())).not.toContain("case study")
  })

  it("a list under 'Things we believe' is no offering list", () => {
    const facts = factsFromPages({
      name: "Sparkline Batteries",
      kind: "business",
      businessName: "Sparkline Batteries",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Sparkline Batteries - Mobile Battery Replacement in Hamilton", headings: ["Flat battery? We come to you"], text: "Batteries fitted where you parked." }),
        sitePage("/about.html", {
          title: "About - Sparkline Batteries",
          headings: ["Things we believe"],
          text: "Things we believe. Honest quotes. Recycling every battery.",
          listItems: [{ heading: "Things we believe", text: "Honest quotes" }, { heading: "Things we believe", text: "Recycling every battery" }]
        })
      ]
    })
    expect(facts.offerings.map((o) => o.toLowerCase())).not.toContain("honest quotes")
  })
})
