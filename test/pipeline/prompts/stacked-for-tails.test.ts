/**
 * A tail saying whom or when for ("for a first-time customer", "for a last-minute need", "for a
 * quick visit") is never put after a prompt that already says what it is for: "closest restaurant
 * to me in Whitby for gluten-free fish & chips for a last-minute need" piles one on the other. A
 * prompt with no "for" may still take one ("best sourdough in Lyon for a first-time customer"), and
 * the last resort's stand-ins, which fill a set of any size, may still take any.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { BAKERY, SAAS, THIN } from "./fixtures.ts"

const FOR_TAIL = /\bfor (?:a first-time customer|a last-minute need|a quick visit)[?.]?$/u
const stacked = (prompts: ReadonlyArray<string>) => prompts.filter((p) => FOR_TAIL.test(p) && /\bfor\b/u.test(p.replace(FOR_TAIL, "")))

const TOUR: PromptFacts = {
  name: "Harbour Tour", kind: "product", businessName: "Harbour Distillers", url: "https://harbour.example/tour",
  offerings: ["harbour tour"], category: "distillery", place: "Hobart", audience: [], keywords: []
}

describe("a tail saying what for", () => {
  it("never follows a prompt's own 'for' while the facts' own values last", () => {
    expect(stacked(builtinPrompts(BAKERY, 150))).toEqual([])
    expect(stacked(builtinPrompts(SAAS, 100))).toEqual([])
    expect(stacked(builtinPrompts(TOUR, 150))).toEqual([])
  })
  it("still lets the last resort's stand-ins fill a set of any size (guard)", () => {
    expect(builtinPrompts(THIN, 250)).toHaveLength(250)
  })
  it("may still end a prompt with no 'for' (guard)", () => {
    const all = [BAKERY, SAAS, THIN, TOUR].flatMap((facts) => builtinPrompts(facts, 150))
    expect(all.some((p) => FOR_TAIL.test(p))).toBe(true)
  })
})
