/**
 * A price table's row said by the amount it stands for ("Minimum job", "Average double driveway",
 * "Up to 1,000 gal", "Insurance up to") and a sentence's subject with its verb, cut where a
 * figure or a date follows ("Deposit holds", "Crane truck collects"), are no offerings; nor are
 * the charge for going further ("Travel outside Bergen municipality") and a menu's own name
 * ("Meny", "Speisekarte"). The things themselves ("Exposed aggregate driveway") stay.
 */
import { describe, expect, it } from "vitest"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

describe("a price row by its amount", () => {
  it("is a site's label", () => {
    expect(["Minimum job", "Average double driveway", "Up to 1,000 gal", "Insurance up to", "Typical installation", "Minimum 60 portions"].map(isSiteLabel))
      .toEqual([true, true, true, true, true, true])
  })

  it("is not the thing priced", () => {
    expect(["Exposed aggregate driveway", "Septic pumping", "Minimalist tattoos", "Travel insurance"].map(isSiteLabel)).toEqual([false, false, false, false])
  })
})

describe("a charge for going further and a menu's own name", () => {
  it("is a site's label", () => {
    expect(["Travel outside Bergen municipality", "Call-out outside round", "Meny", "Speisekarte"].map(isSiteLabel)).toEqual([true, true, true, true])
  })

  it("is not the trip or the dish", () => {
    expect(["Travel insurance", "Menu planning", "Fiskesuppe"].map(isSiteLabel)).toEqual([false, false, false])
  })
})

describe("a subject and its verb", () => {
  it("is a site's label", () => {
    expect(["Deposit holds", "Crane truck collects", "Price includes VAT"].map(isSiteLabel)).toEqual([true, true, false])
  })

  it("is not read from a price table", () => {
    const f = factsFromPages({
      name: "Slabworks",
      kind: "business",
      businessName: "Slabworks",
      url: "https://site.example/",
      pages: [{
        url: "https://site.example/prices.html",
        title: "Prices | Slabworks",
        description: "",
        headings: ["Prices"],
        text: "Plain concrete driveway: $85 per m². Exposed aggregate driveway: $110 per m². Average double driveway: $6,500. Minimum job: $1,200. Deposit holds: two weeks.",
        jsonLd: [],
        products: []
      }]
    })
    expect(f.offerings.filter((o) => /minimum|average|deposit/iu.test(o))).toEqual([])
    expect(f.offerings).toContain("exposed aggregate driveway")
  })
})
