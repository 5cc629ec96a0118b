/**
 * A described product's name written as ordinary text ("flower subscription", "EV charger
 * installation") describes the thing: prompts naming it are about it, not brand prompts capped at
 * 10% of the set. A model name ("XR Pro", "iPhone", "Trail Runner 3") stays a brand.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { isDescriptiveName } from "../../../src/pipeline/prompts/english.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { namesEntity } from "../../../src/pipeline/prompts/validate-prompts.ts"

const product = (name: string, offering: string): PromptFacts => ({
  name,
  kind: "product",
  businessName: "Larch & Fern",
  url: "https://larch-and-fern.example/product.html",
  offerings: [offering],
  category: "florist",
  place: "Perth",
  audience: [],
  keywords: [],
  features: ["delivery"],
  openDays: ["Saturday", "Monday"],
  visitable: true
})

describe("a described product's name", () => {
  it("is descriptive with an acronym beside lower-case words, not with capitals alone", () => {
    expect(
      ["EV charger installation", "DELE exam preparation", "NAIT recording", "flower subscription", "Butter Croissant", "XR Pro", "ACME", "iPhone", "Trail Runner 3"]
        .map((name) => [name, isDescriptiveName(name)])
    ).toEqual([
      ["EV charger installation", true],
      ["DELE exam preparation", true],
      ["NAIT recording", true],
      ["flower subscription", true],
      ["Butter Croissant", true],
      ["XR Pro", false],
      ["ACME", false],
      ["iPhone", false],
      ["Trail Runner 3", false]
    ])
  })

  it("written as ordinary text never names the product; written with its capitals it does", () => {
    expect(namesEntity("best flower subscription in Perth", product("flower subscription", "flower subscription"))).toBe(false)
    expect(namesEntity("best EV charger installation in Perth", product("EV charger installation", "EV charger installation"))).toBe(false)
    expect(namesEntity("Is the Butter Croissant good?", product("Butter Croissant", "butter croissants"))).toBe(true)
    expect(namesEntity("Is the XR Pro good?", product("XR Pro", "bike lights"))).toBe(true)
  })

  it("gives a product named in lower case or with an acronym 100 prompts, every one naming it", () => {
    for (const [name, offering, word] of [
      ["flower subscription", "flower subscription", /flower subscription/],
      ["EV charger installation", "EV charger installation", /EV charger installation/]
    ] as const) {
      const prompts = builtinPrompts(product(name, offering))
      expect(prompts).toHaveLength(100)
      expect(prompts.filter((p) => !word.test(p))).toEqual([])
    }
  })
})
