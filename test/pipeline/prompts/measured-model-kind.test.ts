/**
 * A model named by a count run into a word before its kind ("Wren 2-berth campervan", "Tarn
 * 6-person tent"): the count measures the kind, and "2-berth campervan" is what a customer who has
 * not settled on the model asks for, though it ends in the business's own kind of thing. It is
 * countable ("2-berth campervans", "a 2-berth campervan"), and a number is read as it is said ("an
 * 8-berth campervan").
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { offeringForm, withArticle } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const wren = () =>
  factsFromPages({
    name: "Wren 2-berth campervan",
    kind: "product",
    businessName: "Ridgeback Campers",
    url: `${ORIGIN}/vans/wren.html`,
    businessPlace: "Invercargill",
    pages: [
      sitePage("/vans/wren.html", {
        title: "Wren 2-berth campervan hire | Ridgeback Campers",
        headings: ["Wren 2-berth campervan"],
        text: "Wren 2-berth campervan The Wren is our smallest van: a double bed, a gas cooker and a fridge. From NZ$79 per day in winter."
      })
    ]
  })

describe("a model named by a measure before its kind", () => {
  it("is asked about as the measured kind", () => {
    const facts = wren()
    expect(facts.offerings).toContain("2-berth campervan")
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /2-berth campervan/u.test(p)).length).toBeGreaterThanOrEqual(90)
    expect(prompts).toContain("Is a 2-berth campervan good value?")
  })

  it("is countable, and its number is read as said", () => {
    expect(offeringForm("6-person tent")).toEqual({ text: "6-person tents", plural: true })
    expect(withArticle("8-berth campervan")).toBe("an 8-berth campervan")
    expect(withArticle("2-berth campervan")).toBe("a 2-berth campervan")
  })
})
