/**
 * A product's set is its own questions (how to use it, what it is used for, what it includes, how
 * to book or download it, whether it is worth it at its business), not general questions made
 * longer with tails ("... for a first-time customer"), and a thing one business sells is asked
 * about, never ranked as a kind sold all over its town ("best colour analysis in Edinburgh").
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { isServiceProduct } from "../../../src/pipeline/prompts/product-templates.ts"
import { QUALIFIERS } from "../../../src/pipeline/prompts/templates.ts"

const product = (name: string, offerings: ReadonlyArray<string>, more: Partial<PromptFacts> = {}): PromptFacts => ({
  name,
  kind: "product",
  businessName: "Harriet Lowe",
  url: "https://harriet-lowe.example/product.html",
  offerings,
  category: null,
  place: "Edinburgh",
  audience: [],
  keywords: [],
  features: [],
  openDays: ["Saturday"],
  visitable: true,
  ...more
})

const tailed = (prompt: string) => QUALIFIERS.some((q) => new RegExp(` ${q}[?.]?$`).test(prompt))

describe("a product's own questions", () => {
  it("books work named by what it finds out, a job done to the customer and a short break", () => {
    expect(["colour analysis", "brazilian laser hair removal", "coastal escape", "deep sleep hypnosis audio", "chef's knife"].map(isServiceProduct))
      .toEqual([true, true, true, false, false])
  })

  it("fills a service's set with its own questions, its tails last, none ranking it in its town", () => {
    const prompts = builtinPrompts(product("Colour Analysis", ["colour analysis"]))
    expect(prompts).toHaveLength(100)
    for (const expected of [
      "Has anyone tried colour analysis?",
      "Is colour analysis at Harriet Lowe worth it?",
      "When is the best time to book colour analysis?",
      "Is colour analysis available online?",
      "Is colour analysis a waste of money?",
      "Would you recommend colour analysis?"
    ]) expect(prompts).toContain(expected)
    // Its own questions come first, and tails only once they and the plain general ones run out.
    expect(prompts.findIndex(tailed)).toBe(78)
    expect(prompts.filter(tailed)).toHaveLength(22)
    expect(prompts.filter((p) => /^(?:best|highest rated|good) colour analysis\b|buy colour analysis/u.test(p))).toEqual([])
  })

  it("asks how to download and play a recording, and how to use and look after a tool", () => {
    const audio = builtinPrompts(product("Deep Sleep Hypnosis Audio", ["deep sleep hypnosis audio"], { visitable: false }))
    for (const expected of [
      "How do I download a deep sleep hypnosis audio?",
      "Can I listen to a deep sleep hypnosis audio on my phone?",
      "How long is a deep sleep hypnosis audio?"
    ]) expect(audio).toContain(expected)
    expect(audio.findIndex(tailed)).toBe(79)
    expect(audio.filter((p) => /^(?:best|highest rated|good) deep sleep/u.test(p))).toEqual([])
    const knife = builtinPrompts(product("210mm chef's knife", ["chef's knife"], { category: "knife maker" }))
    for (const expected of [
      "How do I keep a chef's knife in good condition?",
      "Is a chef's knife good for a beginner?",
      "What is a chef's knife used for?"
    ]) expect(knife).toContain(expected)
  })
})
