/**
 * How a made-up site's price list names things, read as a customer asks for them: "per indoor
 * unit" and a trailing "installed" are how a line is priced, not its name; the business's own
 * first word opening a line is its brand ("Larchwerk heat pump package" at Larchwerk Klimatechnik).
 * An acronym takes the article of its first letter's sound ("an HVAC company").
 */
import { describe, expect, it } from "vitest"
import { withArticle } from "../../../src/pipeline/prompts/english.ts"
import { categoryFromJsonLd } from "../../../src/pipeline/prompts/jsonld-facts.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("price list lines", () => {
  it("reads a line's name without how it is priced and without the business's first word", () => {
    const prices = sitePage("/prices.html", {
      title: "Prices | Larchwerk Klimatechnik",
      headings: ["Prices"],
      products: [
        { name: "AC service per indoor unit", price: "129" },
        { name: "Split air conditioner installed", price: "2650" },
        { name: "Larchwerk heat pump package", price: "17900" }
      ]
    })
    const name = "Larchwerk Klimatechnik"
    expect(factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages: [prices] }).offerings)
      .toEqual(["AC service", "split air conditioner", "heat pump package"])
  })
})

describe("articles and categories", () => {
  it("reads an acronym by its letters", () => {
    expect(withArticle("HVAC company")).toBe("an HVAC company")
    expect(withArticle("DJ")).toBe("a DJ")
    expect(withArticle("electrician")).toBe("an electrician")
    expect(withArticle("university")).toBe("a university")
  })

  it("calls an HVACBusiness an HVAC company, as customers search for one", () => {
    expect(categoryFromJsonLd([{ "@type": "HVACBusiness", name: "Larchwerk" }], "business")).toBe("HVAC company")
  })
})

describe("what was done, said of a thing", () => {
  it("reads no price line that ends in a participle ('Broken spoke replaced', 'Trued') as an offering", () => {
    const prices = sitePage("/prices.html", {
      title: "Prices | Larch Cycles",
      headings: ["Prices"],
      products: [{ name: "Broken spoke replaced", price: "25" }, { name: "Trued", price: "20" }, { name: "Wheel truing", price: "30" }, { name: "Flower bed", price: "40" }]
    })
    expect(factsFromPages({ name: "Larch Cycles", kind: "business", businessName: "Larch Cycles", url: `${ORIGIN}/`, pages: [prices] }).offerings)
      .toEqual(["wheel truing", "flower bed"])
  })
})
