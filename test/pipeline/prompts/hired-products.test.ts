/**
 * A product that is hired, not bought (a campervan, a photo booth, a bouncy castle from a hire
 * business), is asked about as something booked: where to book it and how far ahead, never where
 * to buy it, whether to buy it or what happens during it. Its page says so: "hire" or "rental" in
 * another of its names ("bouncy castle hire"), or as the word its pages use most beside its names
 * (a coffee blend on a site that also hires out its van is bought).
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const van = (keywords: ReadonlyArray<string>, offerings: ReadonlyArray<string> = ["wren 2-berth campervan", "2-berth campervan"]): PromptFacts => ({
  name: "Wren 2-berth campervan",
  kind: "product",
  businessName: "Ridgeback Campers",
  url: "https://made-up.example/vans/wren.html",
  offerings,
  category: "campervan",
  place: "Invercargill",
  audience: [],
  keywords,
  features: [],
  openDays: [],
  visitable: true
})

const BUYING = /\bbuy(?:ing)?\b|\bin stock\b|\bon sale\b|\bwhat happens during\b/iu

describe("a hired product", () => {
  it("is booked, never bought, when hire is its pages' word", () => {
    const prompts = builtinPrompts(van(["hire", "season", "winter"]))
    expect(prompts.filter((p) => BUYING.test(p))).toEqual([])
    expect(prompts).toContain("How far ahead should I book a 2-berth campervan?")
  })

  it("is booked when another of its names says hire", () => {
    const prompts = builtinPrompts(van(["season", "winter"], ["wren 2-berth campervan", "2-berth campervan hire"]))
    expect(prompts.filter((p) => BUYING.test(p))).toEqual([])
  })

  it("is bought when nothing says it is hired, or hire is only one of its pages' later words", () => {
    for (const keywords of [["season", "winter"], ["beans", "roast", "hire"]]) {
      const prompts = builtinPrompts(van(keywords))
      expect(prompts.filter((p) => /\bbuy(?:ing)?\b/iu.test(p)).length).toBeGreaterThan(0)
    }
  })
})
