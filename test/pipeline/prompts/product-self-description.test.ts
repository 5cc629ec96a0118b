/**
 * What a product's own page says it is: its opening sentence ("A self-guided route of 22 km ...",
 * "The mobile app for crews ...") or its description, and the other names the page gives its kind
 * of thing ("wedding album" beside "The Heirloom Album"). A product named by its business's name
 * and one word ("Larch Field" sold by Larch) is a model name: the word alone ("fields") is not
 * what it is.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const product = (name: string, businessName: string, page: Parameters<typeof sitePage>[1]) =>
  factsFromPages({
    name,
    kind: "product",
    businessName,
    url: `${ORIGIN}/products/p.html`,
    pages: [sitePage("/products/p.html", page)]
  }).offerings

describe("what a product's page says it is", () => {
  it("reads the opening sentence after the headline, not the cookie banner before it", () => {
    expect(product("The Copper Loop", "Ridgeway Cycles", {
      title: "The Copper Loop | Ridgeway Cycles",
      headings: ["The Copper Loop"],
      text: "We use cookies to remember you. Home Tours Prices The Copper Loop A self-guided route of 30 km through the hills: bike hire and two tastings. 90 € per person."
    })).toEqual(["copper loop", "self-guided route"])
  })

  it("reads the other names its page gives its kind of thing", () => {
    expect(product("The Keepsake Album", "Fen Photography", {
      title: "The Keepsake Album | Fen Photography",
      headings: ["The Keepsake Album"],
      text: "The Keepsake Album A 40-page, 10x10 inch wedding album, hand-bound with linen covers. We also make parent albums at 200 € each."
    })).toEqual(["keepsake album", "wedding album", "parent albums"])
  })

  it("reads a model named by its business's name and one word by what its description says it is", () => {
    expect(product("Larch Field", "Larch", {
      title: "Larch Field | Larch",
      headings: ["Larch Field"],
      text: "Larch Field The mobile app for site crews, even offline.",
      products: [{ name: "Larch Field", description: "Mobile app for site crews with inspection tags.", url: null }]
    })).toEqual(["mobile app"])
  })

  it("reads no sentence without an article as what it is ('Sibling discount: 10%')", () => {
    expect(product("Summer Band Camp", "Fen Music", {
      title: "Summer Band Camp | Fen Music",
      headings: ["Summer Band Camp"],
      text: "Summer Band Camp Sibling discount: 10% off the second child."
    })).toEqual(["summer band camp"])
  })
})
