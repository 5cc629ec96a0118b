/**
 * A model's name that ends in its kind ("1966 Daimler V8 Wedding Car") is asked about by that kind
 * when its page gives no other and its business's kind says it too: a couple who have not settled
 * on the car ask for wedding car hire, hired as the business's kind says ("Should I buy a wedding
 * car?" is nobody's question). A code's own suffix ("Canon AE-1 Program") is no kind of a camera
 * shop's, and the set stays as it was.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const model = (name: string, businessName: string, category: string): PromptFacts => ({
  name,
  kind: "product",
  businessName,
  url: "https://example.example/model.html",
  offerings: [name],
  category,
  place: "Harrogate",
  audience: [],
  keywords: ["chauffeur", "classic", "ribbons"],
  features: [],
  openDays: [],
  visitable: true
})

describe("a model's kind in its own name", () => {
  it("asks about a wedding car named as a model as wedding car hire, never as a purchase", () => {
    const prompts = builtinPrompts(model("1966 Daimler V8 Wedding Car", "Lace & Lily Wedding Cars", "wedding car hire company"))
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => !/wedding car/i.test(p))).toEqual([])
    expect(prompts.filter((p) => /\bbuy/i.test(p))).toEqual([])
    expect(prompts.slice(0, 3)).toEqual(["What should I know before booking wedding car hire?", "What to expect from wedding car hire?", "Do I need wedding car hire?"])
  })

  it("takes no kind from a code's suffix its business's kind does not say", () => {
    const prompts = builtinPrompts(model("Canon AE-1 Program", "Darkroom Row", "camera shop"))
    expect(prompts.filter((p) => /\bprograms?\b/.test(p))).toEqual([])
  })
})
