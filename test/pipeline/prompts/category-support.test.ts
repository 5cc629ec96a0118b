/**
 * A category word in the headings is the business's kind only where it is supported: in the name,
 * in the home page's title, or on two pages. One page about school visits at a cider farm, or a
 * question in a sauna's FAQ about coming to hotels, does not make the business a school or a hotel.
 * Under a parent type, the kind a name ends in starts with a word the site says outside the name
 * ("Bryn Coes Physiotherapy" is no "coes physiotherapy"), and a practice is not a business's kind.
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
      { text: "Hotel visits and payment", weight: 2, page: 2 }
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

  it("reads the kind a name ends in only from the site's own words outside the name", () => {
    const named = (name: string, titles: ReadonlyArray<string>) =>
      factsFromPages({
        name,
        kind: "business",
        businessName: name,
        url: `${ORIGIN}/`,
        pages: titles.map((title, i) =>
          sitePage(i === 0 ? "/" : `/p${i}.html`, { title, headings: [title], jsonLd: i === 0 ? [{ "@type": "LocalBusiness", name }] : [] }))
      }).category
    // "Coes" is the name's word: the home page's title says what the business is.
    expect(named("Bryn Coes Physiotherapy", ["Physiotherapists in Splott, Cardiff | Bryn Coes Physiotherapy", "Prices | Bryn Coes Physiotherapy"]))
      .toBe("physiotherapist")
    expect(named("Larkin Bell Tutoring", ["Tutoring in Leeds | Larkin Bell Tutoring", "Contact | Larkin Bell Tutoring"])).toBe("tutoring")
    // "Driving" is the site's word outside the name: the name's kind stands.
    expect(named("Roundel Driving School", ["Driving lessons in Hull | Roundel Driving School", "Prices | Roundel Driving School"])).toBe("driving school")
  })
})
