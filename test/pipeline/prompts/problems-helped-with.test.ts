/**
 * A problem or condition a service treats ("phobias and fears", "back pain") is asked about as help
 * with it ("help with phobias and fears in Calgary", "Can a hypnotherapist help with ...?") or in a
 * frame asking for someone for it; never as a thing got, bought or rated ("good phobias and fears
 * near me in Calgary"), and never in the plural a thing takes ("back pains").
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { isCondition } from "../../../src/pipeline/prompts/templates.ts"

const facts: PromptFacts = {
  name: "Calmwater Hypnotherapy",
  kind: "business",
  businessName: "Calmwater Hypnotherapy",
  url: "https://made-up.example/",
  offerings: ["quit smoking hypnosis", "phobias and fears", "weight management program", "back pain"],
  category: "hypnotherapist",
  place: "Calgary",
  audience: [],
  keywords: [],
  features: [],
  openDays: ["Saturday"],
  visitable: true,
  inEnglish: true,
  language: "en"
}

describe("problems a service helps with", () => {
  it("are told from things sold by their last word", () => {
    expect(["phobias and fears", "back pain", "emotional eating and cravings", "speech sound disorders"].map(isCondition)).toEqual([true, true, true, true])
    expect(["back pain treatment", "tinnitus management", "anxiety & stress program", "pain au chocolat"].map(isCondition)).toEqual([false, false, false, false])
  })

  it("are asked about as help with them, never as things got or rated", () => {
    const prompts = builtinPrompts(facts)
    const problems = prompts.filter((p) => /phobias and fears|back pain/u.test(p))
    expect(problems.length).toBeGreaterThan(0)
    expect(problems.filter((p) => /\b(?:good|best|cheap|affordable|highest rated|really good|get) (?:phobias and fears|back pain)|paying for|pay for|back pains/u.test(p))).toEqual([])
    expect(prompts).toContain("Where can I get help with back pain near me in Calgary?")
    expect(prompts).toContain("Can a hypnotherapist help with phobias and fears?")
    expect(prompts).toContain("Where can I get help with phobias and fears near me in Calgary?")
    // A thing sold never fills a problem's frame.
    expect(prompts.filter((p) => /help with (?:quit smoking hypnosis|weight management)/u.test(p))).toEqual([])
  })
})
