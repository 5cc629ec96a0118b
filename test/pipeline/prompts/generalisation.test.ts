/**
 * Rules of the round aimed at unseen sites, on made-up pages: offerings named the ways real sites
 * name them once (a price row in rupees or rand, the subject of a FAQ's yes to any question), and
 * a business's kind read only from a sentence whose subject is the business.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { categoryFromSelfDescription } from "../../../src/pipeline/prompts/text-facts.ts"
import { BAKERY, SAAS } from "./fixtures.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch & Fern", kind: "business", businessName: "Larch & Fern", url: `${ORIGIN}/`, pages })

const home = sitePage("/", {
  title: "Larch & Fern | Pottery studio in Perth",
  headings: ["Larch & Fern", "Clay for everyone"],
  text: "Clay for everyone Larch & Fern is a pottery studio in Perth."
})

describe("the subject of a FAQ's yes", () => {
  it("reads the thing a yes opens with, when it restates the question or has a price", () => {
    const result = facts([
      home,
      sitePage("/faq.html", {
        title: "FAQ",
        headings: ["FAQ"],
        text:
          "Do you fire other people's pots? Yes. Kiln firing for outside work costs $2 a shelf. " +
          "Can you tell me what my old vase is worth? Yes. A written pottery appraisal for insurance costs $60. " +
          "Can you glaze my mugs? Yes, glaze application usually takes a week."
      })
    ])
    expect(result.offerings).toEqual(["kiln firing", "pottery appraisal", "glaze application"])
  })

  it("reads nothing from a yes that opens with an amount, a pronoun, a person, what is included, or a no", () => {
    const result = facts([
      home,
      sitePage("/faq.html", {
        title: "FAQ",
        headings: ["FAQ"],
        text:
          "Are you insured? Yes, $2 million public cover. " +
          "Do you travel to schools? Yes. Travel within the city is included. " +
          "Do you teach on Sundays? Yes, every class runs on Sundays too. " +
          "Do you photograph the pots? Yes, Aoife is a photographer and shoots each piece for $10. " +
          "Do you sell glazes? No, we don't sell glazes."
      })
    ])
    expect(result.offerings).toEqual([])
  })
})

describe("price rows in any currency", () => {
  it("reads a shop's table priced in rupees as its offerings, and a table of sizes without prices as none", () => {
    const shop = extractPage(
      `<html><head><title>Shop | Larch & Fern</title></head><body><main><h1>Shop</h1>
      <table><tr><th>Item</th><th>Pack</th><th>Price</th></tr>
      <tr><td>Stoneware mug</td><td>1</td><td>₹340</td></tr>
      <tr><td>Serving platter</td><td>1</td><td>₹1,450</td></tr>
      <tr><td>Glaze sampler</td><td>6</td><td>₹260</td></tr></table>
      <h2>Sizes</h2><table><tr><td>Small bowl</td><td>12 cm</td></tr><tr><td>Large bowl</td><td>20 cm</td></tr></table>
      </main></body></html>`,
      `${ORIGIN}/shop.html`
    )
    expect(shop.products.map((p) => [p.name, p.price, p.currency])).toEqual([
      ["Stoneware mug", "340", "INR"],
      ["Serving platter", "1450", "INR"],
      ["Glaze sampler", "260", "INR"]
    ])
    const result = facts([home, sitePage("/shop.html", { title: shop.title, headings: shop.headings, text: shop.text, products: shop.products, listItems: shop.listItems })])
    expect(result.offerings).toEqual(["stoneware mug", "serving platter", "glaze sampler"])
  })
})

describe("the kind a business says it is", () => {
  it("is read from a sentence whose subject ends in the business's name", () => {
    expect(categoryFromSelfDescription(["Welcome. Larch & Fern is a small pottery studio in Perth."], new Set(["larch", "fern"])))
      .toBe("pottery studio")
  })

  it("is not read from a sentence about a thing after a heading with the name's word", () => {
    expect(categoryFromSelfDescription(["Fern pots A planter is a deep bowl with a hole in it."], new Set(["larch", "fern"])))
      .toBeUndefined()
  })
})

describe("software is not asked about chains", () => {
  it("writes no 'chain' prompt for a software business, and keeps them for a bakery", () => {
    expect(builtinPrompts({ ...SAAS, kind: "business", name: "Taskly Labs", place: "Hamilton", visitable: false }).filter((p) => /\bchains?\b/u.test(p))).toEqual([])
    expect(builtinPrompts(BAKERY).filter((p) => /\bchains?\b/u.test(p)).length).toBeGreaterThan(0)
  })
})
