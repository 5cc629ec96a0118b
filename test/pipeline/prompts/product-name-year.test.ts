/**
 * A year before or after a product's name is its vintage or model year, a detail of the thing the
 * rest of the name describes: "Kerbside Riesling 2021" is a riesling, asked about as one, not a
 * brand whose prompts are capped at 10% of the set. A model's own number ("Trail Runner 3") is no
 * year, and a name still holding a model's code after its year ("1964 Austin A40 Saloon") stays a model.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { isDescriptiveName } from "../../../src/pipeline/prompts/english.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { namesEntity } from "../../../src/pipeline/prompts/validate-prompts.ts"

const wine: PromptFacts = {
  name: "Kerbside Riesling 2021",
  kind: "product",
  businessName: "Gully Road Estate",
  url: "https://gully-road.example/wines/riesling.html",
  offerings: ["Kerbside Riesling 2021"],
  category: "winery",
  place: "Clare",
  audience: [],
  keywords: ["cellar", "door", "tastings"],
  features: [],
  openDays: ["Saturday"],
  visitable: true
}

describe("a year in a product's name", () => {
  it("is a detail of a described thing; a model's number or code is not", () => {
    expect(
      ["Kerbside Riesling 2021", "1998 Vintage Port", "Violino modello Guarneri 1742", "Trail Runner 3", "1964 Austin A40 Saloon", "Model 42"]
        .map((name) => [name, isDescriptiveName(name)])
    ).toEqual([
      ["Kerbside Riesling 2021", true],
      ["1998 Vintage Port", true],
      ["Violino modello Guarneri 1742", true],
      ["Trail Runner 3", false],
      ["1964 Austin A40 Saloon", false],
      ["Model 42", false]
    ])
  })

  it("leaves a vintage's prompts about the wine, never capped as brand prompts", () => {
    expect(namesEntity("How much does Kerbside Riesling 2021 cost in Clare?", wine)).toBe(false)
    const prompts = builtinPrompts(wine)
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => !/riesling/i.test(p))).toEqual([])
  })
})
