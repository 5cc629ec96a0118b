/**
 * The qualifiers a thin set ends prompts with: none is a relative clause ("best sourdough in Lyon
 * that are easy to reach" does not agree), and software or a shop that only ships gets none about
 * going somewhere.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { QUALIFIERS, VISIT_QUALIFIERS } from "../../../src/pipeline/prompts/templates.ts"

const THIN: PromptFacts = {
  name: "Larch Sync",
  kind: "product",
  businessName: "Larch",
  url: "https://larch.example/products/sync.html",
  offerings: ["stock management"],
  category: "inventory software",
  place: "Utrecht",
  audience: [],
  keywords: [],
  features: [],
  openDays: [],
  visitable: false
}

describe("qualifiers", () => {
  it("has no relative clause", () => {
    expect(QUALIFIERS.filter((q) => /^(?:that|which|who)\b/.test(q))).toEqual([])
  })

  it("uses qualifiers on thin facts, none about going somewhere for what customers do not visit", () => {
    const prompts = builtinPrompts(THIN)
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => QUALIFIERS.some((q) => p.includes(` ${q}`))).length).toBeGreaterThan(0)
    expect(prompts.filter((p) => [...VISIT_QUALIFIERS].some((q) => p.includes(` ${q}`)))).toEqual([])
  })

  it("uses them for a place customers visit, but not 'close by' after 'near me'", () => {
    const prompts = builtinPrompts({ ...THIN, name: "Larch Bakery", kind: "business", businessName: "Larch Bakery", offerings: ["sourdough"], category: "bakery", visitable: true })
    expect(prompts.filter((p) => [...VISIT_QUALIFIERS].some((q) => p.includes(` ${q}`))).length).toBeGreaterThan(0)
    expect(prompts.filter((p) => /\b(?:near me|nearby|closest)\b/.test(p) && p.includes(" close by"))).toEqual([])
  })
})
