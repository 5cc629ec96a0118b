/**
 * A product whose set reaches the general templates, with no kind of business known, is asked
 * about by who sells it ("Which shop in Tamale do locals recommend for refurbished phones?"), never
 * by "product option" or "online shop" in the business's place ("I'm in Tamale, is there a product
 * nearby that offers refurbished phones?" is nobody's question).
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const phone: PromptFacts = {
  name: "Refurbished Pixel 7, 128 GB",
  kind: "product",
  businessName: "Northgate Phone Clinic",
  url: "https://made-up.example/products/pixel-7.html",
  offerings: ["refurbished phones", "refurbished Pixel 7"],
  category: null,
  place: "Tamale",
  audience: [],
  keywords: ["battery", "warranty"],
  features: [],
  openDays: ["Saturday", "Monday"],
  visitable: true
}

describe("a product's sellers", () => {
  it("are shops, stores, brands or sellers, never 'products' or 'product options'", () => {
    const prompts = builtinPrompts(phone)
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => /\bproducts? options?\b|\bonline shops?\b|\b(?:is there an?|which|how do) products?\b/i.test(p))).toEqual([])
    // A model ("Pixel 7") whose page says its kind is asked about as that kind ("best place to buy
    // refurbished phones in Tamale"), by the product's own templates: still by a shop, never a "product".
    expect(prompts.filter((p) => /\b(?:shops?|stores?|sellers?|place to buy)\b/.test(p)).length).toBeGreaterThan(2)
    expect(prompts.filter((p) => /refurbished (?:phones|Pixel 7)/iu.test(p)).length).toBeGreaterThanOrEqual(95)
  })
})
