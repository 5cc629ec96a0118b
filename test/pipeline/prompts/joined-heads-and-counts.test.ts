/**
 * A name joined by "or" or "on" keeps its head's form ("piano or cello lessons", "oysters on ice"
 * as written: never "trio or duos", "taffy on snows"); a count of a thing on a price list ("One
 * show", "Two sessions back-to-back") is how many are bought, not a thing on offer.
 */
import { describe, expect, it } from "vitest"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("joined names", () => {
  it("are not made plural at their end", () => {
    expect(offeringForm("harp or flute duo").text).toBe("harp or flute duo")
    expect(offeringForm("shaved ice on a stick").text).toBe("shaved ice on a stick")
  })
})

describe("a count on a price list", () => {
  it("is not an offering", () => {
    const facts = factsFromPages({
      name: "Puppet Pete",
      kind: "business",
      businessName: "Puppet Pete",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Puppet Pete | Puppet shows in Hull", headings: ["Puppet shows"], text: "Shows for parties." }),
        sitePage("/prices.html", {
          title: "Prices",
          headings: ["Prices"],
          text: "Prices Party or school show (one show) £150 Two shows back-to-back, same day £260",
          products: [{ name: "Party or school show (one show)", price: "£150" }, { name: "Two shows back-to-back, same day", price: "£260" }]
        })
      ]
    })
    expect(facts.offerings.filter((o) => /^(?:one|two)\b/u.test(o))).toEqual([])
  })
})
