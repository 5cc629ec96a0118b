/**
 * The category from the business's own sentence when the headings say only its head word ("school"
 * in the headings, "a small Spanish language school" in its sentence), even when that sentence runs
 * on from a heading; and "same-day delivery" as a shop that delivers words it.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { featuresOf } from "../../../src/pipeline/prompts/visit-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("category and features in a business's own words", () => {
  it("narrows a one-word category to the kind the business's own sentence names", () => {
    const result = factsFromPages({
      name: "Larch & Fern",
      kind: "business",
      businessName: "Larch & Fern",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Larch & Fern | School in Perth",
          headings: ["Larch & Fern", "Learn with us"],
          text: "Learn with us Larch & Fern is a small Spanish language school in Perth's old town. Classes of eight."
        })
      ]
    })
    expect(result.category).toBe("language school")
  })

  it("keeps a one-word category the business's sentence does not narrow", () => {
    const result = factsFromPages({
      name: "Larch & Fern",
      kind: "business",
      businessName: "Larch & Fern",
      url: `${ORIGIN}/`,
      pages: [sitePage("/", { title: "Larch & Fern | School in Perth", headings: ["Larch & Fern"], text: "Larch & Fern is a friendly place in Perth." })]
    })
    expect(result.category).toBe("school")
  })

  it("says same-day delivery when the site does, same-day service otherwise", () => {
    expect(featuresOf(["Same-day flower delivery across Perth when you order by 1pm."], 12)).toEqual(["same-day delivery"])
    expect(featuresOf(["Same-day delivery across Perth. Repairs done the same day."], 12)).toEqual(["same-day delivery", "same-day service"])
    expect(featuresOf(["Same-day repairs on most bikes."], 12)).toEqual(["same-day service"])
  })
})
