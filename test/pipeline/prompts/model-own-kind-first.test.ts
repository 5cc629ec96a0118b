/**
 * A model's name ("RUSH Legal Courier") is its brand: its prompts are about its kind, and the kind
 * its own name ends in ("legal courier") comes before a wider one its page also gives ("business
 * courier"). A courier, a tutor or a chauffeur is booked, never bought.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const courier: PromptFacts = {
  name: "RUSH Legal Courier",
  kind: "product",
  businessName: "Pine Hill Couriers",
  url: "https://made-up.example/services/rush-legal.html",
  offerings: ["RUSH legal courier", "business courier", "legal couriers"],
  category: null,
  place: "Leeds",
  audience: [],
  keywords: ["court", "filing", "routes"],
  features: [],
  openDays: [],
  visitable: true
}

describe("a model's own kind", () => {
  it("comes first: the kind its own name ends in", () => {
    const prompts = builtinPrompts(courier)
    const own = prompts.filter((p) => /\blegal couriers?\b/iu.test(p)).length
    const wider = prompts.filter((p) => /\bbusiness couriers?\b/iu.test(p)).length
    expect(own).toBeGreaterThan(wider)
    expect(prompts.slice(0, 10).filter((p) => /\bbusiness couriers?\b/iu.test(p))).toEqual([])
  })

  it("is booked when it is a courier, never bought", () => {
    const prompts = builtinPrompts(courier)
    expect(prompts.filter((p) => /\bbuy(?:ing)?\b|\bin stock\b|\bdelivered\b|\bon sale\b/iu.test(p))).toEqual([])
  })
})
