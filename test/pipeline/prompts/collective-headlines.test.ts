/**
 * A page headed by a collective noun ("Tableware", "Climbing gear", "Zubehör") lists things whose
 * names never repeat it ("Stoneware dinner plate", "Linen napkins"): each is on offer, as a price
 * list's lines are. The collective itself is asked about as written, never made plural.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const homewaresShop = (headline: string) =>
  factsFromPages({
    name: "Fernleaf Home",
    kind: "business",
    businessName: "Fernleaf Home",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Fernleaf Home | Homewares in Dunedin", headings: ["Fernleaf Home"], text: "A small homewares shop on George Street." }),
      sitePage("/dining.html", {
        title: `${headline} | Fernleaf Home`,
        headings: [headline],
        text: `${headline} We choose every piece ourselves. Stoneware dinner plate, 27 cm $24 Linen napkins, set of 4 $32 Recycled glass tumbler $9`,
        products: [
          { name: "Stoneware dinner plate, 27 cm", price: "$24" },
          { name: "Linen napkins, set of 4", price: "$32" },
          { name: "Recycled glass tumbler", price: "$9" }
        ]
      })
    ]
  })

describe("a page headed by a collective noun", () => {
  it("offers every thing it lists, though no name repeats the headline", () => {
    expect(homewaresShop("Tableware").offerings).toEqual(expect.arrayContaining(["stoneware dinner plate", "linen napkins", "recycled glass tumbler"]))
  })

  it("keeps only the kinds under a headline that is one thing (the others are its sizes or parts)", () => {
    expect(homewaresShop("Dinner plates").offerings).not.toContain("linen napkins")
  })

  it("writes the collective as it is, never in the plural", () => {
    expect(offeringForm("tableware")).toEqual({ text: "tableware", plural: false })
    expect(offeringForm("merino knitwear")).toEqual({ text: "merino knitwear", plural: false })
  })
})
