/**
 * A product is asked about as customers ask about one thing: its price and worth, reviews, its
 * kinds, where to buy or book it, what to know first. Named in the singular as its page names it,
 * one question each, and not piled up with qualifiers while its own templates last.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { alternativesOf, isServiceProduct, kindOf, productArticle } from "../../../src/pipeline/prompts/product-templates.ts"
import { QUALIFIERS } from "../../../src/pipeline/prompts/templates.ts"

const product = (name: string, offerings: ReadonlyArray<string>, more: Partial<PromptFacts> = {}): PromptFacts => ({
  name,
  kind: "product",
  businessName: "Orrin & Vale",
  url: "https://orrin-and-vale.example/product.html",
  offerings,
  category: "kitchen shop",
  place: "Hobart",
  audience: [],
  keywords: [],
  features: [],
  openDays: ["Saturday"],
  visitable: true,
  ...more
})

const qualified = (prompt: string) => QUALIFIERS.some((q) => new RegExp(`${q}[?.]?$`).test(prompt))

describe("a product's own prompts", () => {
  it("asks a thing's price, worth, reviews, kind and where to buy it, in the singular", () => {
    const prompts = builtinPrompts(product("Frameless cast iron skillet", ["frameless cast iron skillet", "cast iron skillet"]))
    expect(prompts).toHaveLength(100)
    for (const expected of [
      "How much does a frameless cast iron skillet cost?",
      "Is a frameless cast iron skillet worth it?",
      "frameless cast iron skillet reviews and ratings",
      "cheapest place to buy a frameless cast iron skillet in Hobart",
      "Is there a shop in Hobart that sells frameless cast iron skillets?",
      "first time buying a frameless cast iron skillet, what should I know?",
      "Is a frameless cast iron skillet better than other cast iron skillets?"
    ]) expect(prompts).toContain(expected)
    // Its own templates come first: none of the opening prompts carries a qualifier.
    expect(prompts.slice(0, 30).filter(qualified)).toEqual([])
  })

  it("asks a course how long it is and what to bring, never where to buy it, and in the plural where the general templates ask for several", () => {
    const prompts = builtinPrompts(product("Knife skills course", ["knife skills course"], { category: "cooking school", audience: ["teenagers"] }))
    expect(prompts).toContain("How long is a knife skills course?")
    expect(prompts).toContain("What should I bring to a knife skills course?")
    expect(prompts).toContain("Where can I book a knife skills course in Hobart?")
    expect(prompts).toContain("Is a knife skills course good for teenagers?")
    expect(prompts.filter((p) => /\b(?:where can I buy|buying) a knife skills course\b/i.test(p))).toEqual([])
    expect(prompts).toContain("Can you recommend a cooking school in Hobart for knife skills courses?")
  })

  it("keeps a proper name of one word as it is written, never in the plural", () => {
    const prompts = builtinPrompts(product("Brindlewick", ["brindlewick"], { category: "board game shop", visitable: false }))
    expect(prompts).toHaveLength(100)
    expect(prompts).toContain("Is brindlewick worth it?")
    expect(prompts.filter((p) => /brindlewicks/i.test(p))).toEqual([])
  })

  it("compares a product with another of its kinds, not with its own kind or another name of it", () => {
    expect(alternativesOf("dedicated desk", ["hot desk", "desk"])).toEqual(["hot desk"])
    expect(alternativesOf("frameless shower screen", ["shower screen"])).toEqual([])
    expect(alternativesOf("monstera", ["swiss cheese plant"])).toEqual([])
    expect(kindOf("frameless shower screen", ["shower screen"])).toBe("shower screen")
    expect(kindOf("custom ice cream cake", ["cream cake"])).toBe("cake")
    expect(kindOf("flower subscription", [])).toBeUndefined()
  })

  it("says the article a customer says, and tells a booked thing from a bought one", () => {
    expect(["monstera deliciosa", "brindlewick", "dental implants", "hot yoga", "new patient consultation", "time tracking"].map((p) => productArticle(p)))
      .toEqual([
        { aProduct: "a monstera deliciosa", plural: false },
        { aProduct: "brindlewick", plural: false },
        { aProduct: "dental implants", plural: true },
        { aProduct: "hot yoga", plural: false },
        { aProduct: "a new patient consultation", plural: false },
        { aProduct: "time tracking", plural: false }
      ])
    expect(["knife skills course", "e-bike service", "dental cleaning", "walnut board"].map(isServiceProduct)).toEqual([true, true, true, false])
  })

  it("qualifies a product only once its own templates and the plain general ones are used up, with one short qualifier first", () => {
    const prompts = builtinPrompts(product("Walnut chopping board", ["walnut chopping board"]))
    const first = prompts.findIndex(qualified)
    expect(first).toBeGreaterThan(40)
    expect(prompts[first]).toMatch(/(?:on a tight budget|this year|right now|close by|recommended by locals)[?.]?$/)
  })
})
