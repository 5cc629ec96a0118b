/**
 * Offerings and the category a made-up site states plainly: a list's priced line in any currency
 * ("Private hire of the whole venue: from 2,400 zł"), the home page's "What we ..." list, a
 * yes in the FAQ that names a thing with a day in it ("test-day car hire"), and, under a parent
 * schema.org type (EntertainmentBusiness), the kind of business its name ends in.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("priced lines, 'What we ...' lists and the kind in the name", () => {
  it("reads a list's priced line before 'of the ...', a home 'What we ...' list and a FAQ yes with a day in its name", () => {
    const result = factsFromPages({
      name: "Larch & Fern",
      kind: "business",
      businessName: "Larch & Fern",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Larch & Fern",
          headings: ["Larch & Fern", "What we paint"],
          text: "What we paint Murals — big walls. Pub signs — hand lettered.",
          listItems: [
            { heading: "What we paint", text: "Murals — big walls" },
            { heading: "What we paint", text: "Pub signs — hand lettered" }
          ]
        }),
        sitePage("/groups.html", {
          title: "Larch & Fern",
          headings: ["Our prices"],
          text: "Our prices",
          listItems: [{ heading: "Our prices", text: "Studio hire of the whole loft: from 900 zł (up to 20 people)" }]
        }),
        sitePage("/faq.html", {
          title: "FAQ",
          headings: ["FAQ"],
          text: "Can I use your van for my move? Yes, moving-day van hire is 95 zł with a driver."
        })
      ]
    })
    expect(result.offerings).toEqual(["murals", "pub signs", "studio hire", "moving-day van hire"])
  })

  it("takes the kind of business the name ends in, said in the titles too, over a parent type", () => {
    const page = (path: string, title: string) =>
      sitePage(path, { title, headings: [title], jsonLd: path === "/" ? [{ "@type": "EntertainmentBusiness", name: "Ridge Bowling Alleys" }] : [] })
    const result = factsFromPages({
      name: "Ridge Bowling Alleys",
      kind: "business",
      businessName: "Ridge Bowling Alleys",
      url: `${ORIGIN}/`,
      pages: [page("/", "Ridge Bowling Alleys | Bowling alleys in Leeds"), page("/contact.html", "Contact | Ridge Bowling Alleys")]
    })
    expect(result.category).toBe("bowling alley")
  })
})
