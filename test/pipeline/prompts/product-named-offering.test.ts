/**
 * A product whose only offering is its own name, with no category and no place: every prompt
 * about that offering names the product, and brand prompts are capped, so the generator once
 * stopped at 10 of 100 and threw, failing the product's onboarding. As the last resort the
 * product page's words stand in.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const FACTS: PromptFacts = {
  name: "The Copper Trail",
  kind: "product",
  businessName: "Ridgeway Cycles",
  url: "https://ridgeway.example/products/copper-trail.html",
  offerings: ["copper trail"],
  category: null,
  place: null,
  audience: [],
  keywords: ["bike", "tour", "vineyard", "picnic", "guide", "helmet"],
  features: [],
  openDays: [],
  visitable: true
}

describe("a product named after its only offering", () => {
  it("gets 100 distinct prompts, about the product or its page's words", () => {
    const prompts = builtinPrompts(FACTS)
    expect(prompts).toHaveLength(100)
    expect(new Set(prompts).size).toBe(100)
    expect(prompts.filter((p) => /copper trail/i.test(p)).length).toBeGreaterThan(0)
    // The page's words fill the rest: each other prompt names one of them.
    const words = /\b(?:bikes?|tours?|vineyards?|picnics?|guides?|helmets?)\b/i
    expect(prompts.filter((p) => !/copper trail/i.test(p) && !words.test(p))).toEqual([])
  })

  it("is the same list for the same facts", () => {
    expect(builtinPrompts(FACTS)).toEqual(builtinPrompts({ ...FACTS }))
  })
})
