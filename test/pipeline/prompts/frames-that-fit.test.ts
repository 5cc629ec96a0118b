/**
 * Frames that fit the business: "Which is better, A or B?" weighs two things of one kind ("shio
 * ramen" against "tonkotsu ramen"), never two that are no alternatives ("bike rentals or airport
 * transfers"); two offerings of any kinds are wanted from one place ("Which hostels offer both bike
 * rentals and airport transfers?"). Neither pairs a thing with a longer name of itself.
 */
import { describe, expect, it } from "vitest"
import { builtinPromptsTagged } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const business = (name: string, category: string, offerings: ReadonlyArray<string>): PromptFacts => ({
  name,
  kind: "business",
  businessName: name,
  url: "https://example.test/",
  offerings,
  category,
  place: "Split",
  audience: [],
  keywords: []
})

const byTemplates = (facts: PromptFacts, ids: ReadonlyArray<string>) =>
  builtinPromptsTagged(facts).filter((p) => ids.includes(p.template)).map((p) => p.prompt)

const COMPARED = ["comparison-better", "comparison-versus"]

describe("offerings named together", () => {
  const hostel = business("Hostel Zmaj", "hostel", ["4-bed dorms", "6-bed female dorms", "private rooms", "bike rentals", "airport transfers"])

  it("are compared only when of one kind", () => {
    expect(byTemplates(hostel, COMPARED)).toEqual([
      "4-bed dorms vs 6-bed female dorms: which should I choose?",
      "Which is better, 4-bed dorms or 6-bed female dorms?"
    ])
  })

  it("of any kinds are wanted from one place, each in one pair", () => {
    expect(byTemplates(hostel, ["filter-offer-both"])).toEqual([
      "Which hostels offer both bike rentals and airport transfers?",
      "Which hostels offer both 6-bed female dorms and private rooms?"
    ])
  })

  it("are not compared when no two are of one kind", () => {
    const coach = business("Northbound", "career coach", ["interview coaching", "resume rewrites", "salary negotiation sessions"])
    expect(byTemplates(coach, COMPARED)).toEqual([])
    expect(byTemplates(coach, ["filter-offer-both"])).toEqual(["Which career coaches offer both salary negotiation sessions and interview coaching?"])
  })

  it("never pair a thing with a longer name of itself, nor with a gift card", () => {
    const glass = business("Chipstop", "windscreen repairer", ["windscreen replacement", "windscreen replacement for vans", "stone chip repair", "gift cards"])
    const named = byTemplates(glass, [...COMPARED, "filter-offer-both"])
    expect(named.filter((p) => /windscreen replacement .*windscreen replacement|gift cards/.test(p))).toEqual([])
    expect(byTemplates(glass, COMPARED)).toEqual([])
  })
})
