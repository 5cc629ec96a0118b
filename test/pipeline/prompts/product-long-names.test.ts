/**
 * A product whose name is long, titled or joined with "&" is still asked about by its name, as a
 * customer types it: "Lakeside Cabin with Wood-Fired Hot Tub" is a lakeside cabin, "GCSE Revision
 * Course" and "Pottery Wheel Course, Level 2" are courses (not models), "Harbour tour & tasting" is
 * a tour though the business is Harbour Distillers. Before, such names were dropped (over six
 * words) or read as model names, and the product's set was about something else its page said.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { isDescriptiveName } from "../../../src/pipeline/prompts/english.ts"
import { shortProductName } from "../../../src/pipeline/prompts/offering-facts.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { productArticle } from "../../../src/pipeline/prompts/product-templates.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const productFacts = (name: string, business: string, path: string, text: string) =>
  factsFromPages({
    name,
    kind: "product",
    businessName: business,
    url: `${ORIGIN}${path}`,
    businessPlace: "Kelso",
    pages: [sitePage(path, { title: `${name} | ${business}`, headings: [name], text })]
  })

describe("a product's long or titled name", () => {
  it("is descriptive in title case when it ends in what is booked, or with a size or level after a comma", () => {
    expect(
      ["GCSE Revision Course", "BMW Brake Repair", "Pottery Wheel Course, Level 2", "Olive Oil, 500 ml", "Refurbished iPhone 12, 128 GB", "XR Pro Max", "ACME Trail Runner", "XR Pro"]
        .map((name) => [name, isDescriptiveName(name)])
    ).toEqual([
      ["GCSE Revision Course", true],
      ["BMW Brake Repair", true],
      ["Pottery Wheel Course, Level 2", true],
      ["Olive Oil, 500 ml", true],
      ["Refurbished iPhone 12, 128 GB", false],
      ["XR Pro Max", false],
      ["ACME Trail Runner", false],
      ["XR Pro", false]
    ])
  })

  it("is shortened past six words to what it is, or to its first two and last two words", () => {
    expect([
      "Lakeside Cabin with Wood-Fired Hot Tub",
      "Cold Pressed Single Estate Arbequina Olive Oil",
      "Hand-Thrown Stoneware Serving Bowl",
      "Two Night Riverside Glamping Break – Breakfast and Firewood Included"
    ].map(shortProductName)).toEqual([
      "Lakeside Cabin",
      "Cold Pressed Olive Oil",
      "Hand-Thrown Stoneware Serving Bowl",
      "Two Night Riverside Glamping Break"
    ])
  })

  it("is the product's first offering, shortened", () => {
    const cabin = productFacts("Lakeside Cabin with Wood-Fired Hot Tub", "Tweedbank Lodges", "/cabin.html", "Our one cabin sits on the loch shore. Its hot tub is yours all stay.")
    expect(cabin.offerings[0]).toBe("lakeside cabin")
    const oil = productFacts("Cold Pressed Single Estate Arbequina Olive Oil", "Finca Morera", "/oil.html", "Arbequina olives pressed within hours of picking. 500 ml.")
    expect(oil.offerings[0]).toBe("cold pressed olive oil")
    const course = productFacts("GCSE Revision Course", "Second Chapter Tutors", "/revision.html", "Six Saturday mornings of GCSE revision in small groups.")
    expect(course.offerings[0]).toBe("GCSE revision course")
  })

  it("joined with '&' takes its first thing's article, and is not read as the business's name", () => {
    expect(productArticle("harbour tour & tasting")).toEqual({ aProduct: "a harbour tour & tasting", plural: false })
    const tour = productFacts("Harbour tour & tasting", "Harbour Distillers", "/visit.html", "A guided walk through the stillhouse, then four drams in the tasting room.")
    expect(tour.offerings[0]).toBe("harbour tour & tasting")
    // The business's kind, as the service gives a product the facts of its business's site.
    const prompts = builtinPrompts({ ...tour, category: "distillery" })
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => !/harbour tour & tasting/i.test(p))).toEqual([])
    expect(prompts).toContain("How much does a harbour tour & tasting cost?")
    expect(prompts.filter((p) => /tour & tastings/.test(p))).toEqual([])
  })
})
