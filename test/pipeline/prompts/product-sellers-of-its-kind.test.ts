/**
 * A product of a business whose kind is known is asked about by that kind ("catering options",
 * "caterers"), never by "shops", "stores" or "brands": "What do stores usually charge for wedding
 * buffet packages?" reads as nonsense for a caterer, a workshop or a restaurant's dish. The generic
 * sellers stand in only when no kind is known.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const buffet: PromptFacts = {
  name: "Wedding Buffet Package",
  kind: "product",
  businessName: "Larkfield Spit Roasts",
  url: "https://made-up.example/packages/wedding.html",
  offerings: ["wedding buffet package"],
  category: "catering",
  place: null,
  audience: [],
  keywords: ["menus", "spit", "guests", "lamb", "food"],
  features: ["gluten-free", "vegetarian"],
  openDays: [],
  visitable: true
}

describe("a product of a known kind of business", () => {
  it("is never asked about by shops, stores or brands", () => {
    const prompts = builtinPrompts(buffet)
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => /\b(?:shops?|stores?|brands?)\b/i.test(p))).toEqual([])
    // Its set stays about it: the kind's stand-ins take the places the shops had.
    expect(prompts.filter((p) => /wedding buffet package/iu.test(p)).length).toBeGreaterThanOrEqual(95)
  })
})
