/**
 * What the home page or the FAQ says the business does with a verb of service beyond making and
 * selling: "we fix attic ventilation", "We plant replacement trees", "We arrange repatriation",
 * "we deliver office lunches", "We choreograph wedding first dances". Guards: a pronoun or a
 * place after the verb ("we fix them in one visit", "we deliver to your door") names nothing, and
 * how a thing is done, said after it ("we bake our sourdough fresh"), is no part of its name.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch & Fern", kind: "business", businessName: "Larch & Fern", url: `${ORIGIN}/`, pages })

describe("work said with a verb of service", () => {
  it("reads the objects of fix, plant, arrange, deliver and choreograph on the home page and in the FAQ", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Dance studio in Leeds",
        headings: ["Larch & Fern"],
        text: "Larch & Fern is a dance studio in Leeds. We choreograph wedding first dances: three or five private lessons, your song."
      }),
      sitePage("/faq.html", {
        title: "FAQ | Larch & Fern",
        headings: ["FAQ", "Do you help with a hot attic?", "Can you send someone home?"],
        text:
          "FAQ Do you help with a hot attic? Often, yes. A hot attic cooks shingles, so we fix attic ventilation with ridge vents. " +
          "Yes. We plant replacement trees, which many permits require. Can you send someone home? Yes. We arrange repatriation to " +
          "and from any country. For ten portions or more we deliver office lunches on weekdays."
      })
    ])
    expect(result.offerings).toEqual(["wedding first dances", "attic ventilation", "replacement trees", "repatriation", "office lunches"])
  })

  it("reads nothing after a pronoun or a place, and ends a name before how it is done", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Bakery in Leeds",
        headings: ["Larch & Fern"],
        text:
          "Larch & Fern is a bakery in Leeds. Most leaks come from a cracked seal, and we fix them in one visit. " +
          "We deliver to your door. We bake our sourdough fresh every morning."
      })
    ])
    expect(result.offerings).toEqual(["sourdough"])
  })
})
