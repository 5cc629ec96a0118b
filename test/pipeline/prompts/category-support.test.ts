/**
 * A category word in the headings is the business's kind only where it is supported: in the name,
 * in the home page's title, or on two pages. One page about school visits at a cider farm, or a
 * question in a sauna's FAQ about coming to hotels, does not make the business a school or a hotel.
 */
import { describe, expect, it } from "vitest"
import { categoryFromText } from "../../../src/pipeline/prompts/text-facts.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const site = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Quill Hollow", kind: "business", businessName: "Quill Hollow", url: `${ORIGIN}/`, pages })

describe("a category word must be supported", () => {
  it("does not take a word on one page over the business's own sentence", () => {
    const facts = site([
      sitePage("/", { title: "Quill Hollow | Cider apples in Kent", headings: ["Quill Hollow"], text: "Quill Hollow is a family cider farm in Kent. Pick apples in October." }),
      sitePage("/visits", { title: "School Visits | Quill Hollow", headings: ["School visits", "What pupils do"], text: "Classes come on weekdays." }),
      sitePage("/faq", { title: "FAQ | Quill Hollow", headings: ["Can schools book a tour?"], text: "Yes." })
    ])
    expect(facts.category).toBe("cider farm")
  })

  it("asks nothing of a question heading", () => {
    expect(categoryFromText([
      { text: "Do you come to hotels or condos?", weight: 2, page: 1 },
      { text: "Hotel visits, couples and payment", weight: 2, page: 2 }
    ])).toEqual({ supported: undefined, stray: "hotel" })
  })

  it("keeps a word of the name or the home page's title, and a word on two pages", () => {
    expect(categoryFromText([{ text: "Quill Hollow Bakery", weight: 3 }, { text: "Our kennels", weight: 2, page: 1 }, { text: "No kennels", weight: 2, page: 1 }]).supported)
      .toBe("bakery")
    expect(categoryFromText([{ text: "Opening times", weight: 2, page: 0 }, { text: "Our bakery", weight: 2, page: 1 }, { text: "Bakery menu", weight: 2, page: 2 }]).supported)
      .toBe("bakery")
  })

  it("falls back to a word on one page when the business says nothing else of itself", () => {
    const facts = site([
      sitePage("/", { title: "Quill Hollow | Kent", headings: ["Quill Hollow"], text: "Welcome to Kent's apple country." }),
      sitePage("/about", { title: "About our bakery | Quill Hollow", headings: ["About us"], text: "We bake bread." })
    ])
    expect(facts.category).toBe("bakery")
  })
})
