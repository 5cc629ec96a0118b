/**
 * Software used online is not chosen by town: its prompts name no place ("podcast hosting software
 * in Lisbon" is nobody's question), though its site gives the town its company sits in. A shop
 * that only ships is still of its town ("coffee roasters in Turin").
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const online = (name: string, category: string, offerings: ReadonlyArray<string>, place: string): PromptFacts => ({
  name,
  kind: "business",
  businessName: name,
  url: "https://made-up.example/",
  offerings,
  category,
  place,
  audience: ["independent podcasters"],
  keywords: [],
  features: [],
  openDays: [],
  visitable: false
})

describe("the town of a business customers never visit", () => {
  it("is never asked about for software", () => {
    const prompts = builtinPrompts(online("Wavecast", "podcast hosting software", ["podcast analytics", "private podcasts", "dynamic ad insertion"], "Lisbon"))
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => p.includes("Lisbon"))).toEqual([])
  })

  it("is still asked about for a shop that only ships", () => {
    const prompts = builtinPrompts(online("Tostatura Po", "coffee roaster", ["espresso blends", "single-origin coffee", "moka pots"], "Turin"))
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => p.includes("Turin")).length).toBeGreaterThan(10)
    expect(prompts.filter((p) => /near me|nearby|closest/.test(p))).toEqual([])
  })
})
