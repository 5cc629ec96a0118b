/**
 * A trade that comes to its customers (a fencing contractor, a caterer, a dog walker) keeps no
 * opening hours anyone asks about: "Are fencing contractors usually open on Tuesday?", "If my usual
 * fencing contractor is closed ...", "... without a long wait" and "independent or chain" are
 * nobody's questions. It is asked when it can come instead: "Which fencing contractors in Geelong
 * work on weekends?", "How soon can a fencing contractor in Geelong come out for fence repairs?".
 * A place customers come to (a bakery, a locksmith with a shop counter) keeps its opening hours.
 */
import { describe, expect, it } from "vitest"
import { builtinPromptsTagged } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { atCustomerOf } from "../../../src/pipeline/prompts/visit-facts.ts"

describe("a business that comes to its customers", () => {
  it("is read from its kind or from pages saying so", () => {
    expect(atCustomerOf(["Timber and steel fences built to last."], "fencing contractor")).toBe(true)
    expect(atCustomerOf(["We come to you anywhere in Leeds. Call-out fee: £40."], null)).toBe(true)
    expect(atCustomerOf(["Mobile service across Christchurch: every job is done on site."], "auto glass shop")).toBe(true)
  })

  it("is not a place that invites customers in, nor one that only sends goods to the door", () => {
    expect(atCustomerOf(["Walk-in key cutting at the shop while you wait."], "locksmith")).toBe(false)
    expect(atCustomerOf(["Coffee roasted in Bologna, at your door in three days."], "coffee roaster")).toBe(false)
    expect(atCustomerOf(["No. We don't cover areas we serve by van; every dog stays with us."], "doggy daycare")).toBe(false)
    expect(atCustomerOf(["Fresh bread every morning. Open Monday to Saturday 7am–3pm."], "bakery")).toBe(false)
    expect(atCustomerOf(["Wooden boats built and restored in our yard."], "wooden boat builder")).toBe(false)
  })
})

const fencer: PromptFacts = {
  name: "Post & Rail",
  kind: "business",
  businessName: "Post & Rail",
  url: "https://example.test/",
  offerings: ["timber paling fences", "fence repairs", "pool fencing", "colorbond fencing"],
  category: "fencing contractor",
  place: "Geelong",
  audience: [],
  keywords: [],
  openDays: ["Saturday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  visitable: true
}

const PREMISES = [
  "hours-open-day-place", "hours-near-me-day", "hours-offering-day", "hours-what-time", "hours-weekend", "hours-usually-open",
  "hours-usually-day", "hours-open-now", "alternatives-independent", "alternatives-usual-closed", "comparison-independent-chain",
  "problem-long-wait", "brand-hours"
]

const hoursOf = (facts: PromptFacts) => builtinPromptsTagged(facts).filter((p) => p.intent === "hours").map((p) => p.prompt)

describe("prompts for a trade that comes to its customers", () => {
  const prompts = builtinPromptsTagged({ ...fencer, atCustomer: true })

  it("ask no opening-hours, walk-in or chain questions", () => {
    expect(prompts.filter((p) => PREMISES.includes(p.template)).map((p) => p.prompt)).toEqual([])
  })

  it("ask when it can come, keeping a hundred prompts", () => {
    expect(prompts.length).toBe(100)
    // (The rest, once the plain ones run out, are the same questions with a qualifier.)
    expect(hoursOf({ ...fencer, atCustomer: true }).slice(0, 9)).toEqual(HOURS_AT_CUSTOMER)
  })

  it("ask for a trade by who does the work, never for a building to come out", () => {
    const glass = builtinPromptsTagged({ ...fencer, category: "auto glass shop", offerings: ["windscreen replacement", "stone chip repair"], atCustomer: true })
    expect(glass.filter((p) => /get an auto glass shop|hiring an auto glass shop/u.test(p.prompt)).map((p) => p.prompt)).toEqual([])
    expect(glass.filter((p) => p.template === "comparison-local-company").map((p) => p.prompt)).toEqual([
      "Is a local auto glass shop better than a big company for windscreen replacement?",
      "Is a local auto glass shop better than a big company for stone chip repair?"
    ])
  })

  it("leave a place customers come to as it was", () => {
    expect(hoursOf(fencer)).toEqual(HOURS_VISITED)
  })
})

const HOURS_AT_CUSTOMER: ReadonlyArray<string> = [
  "Can I get a fencing contractor in Geelong at short notice?",
  "fencing contractor available this weekend in Geelong",
  "Which fencing contractors in Geelong work on weekends?",
  "Can I get a fencing contractor on a Saturday in Geelong?",
  "Which fencing contractors in Geelong work evenings?",
  "How soon can a fencing contractor in Geelong come out for fence repairs?",
  "How far in advance should I book colorbond fencing in Geelong?",
  "How soon can a fencing contractor in Geelong come out for pool fencing?",
  "How far in advance should I book fence repairs in Geelong?"
]

const HOURS_VISITED: ReadonlyArray<string> = [
  "What time do fencing contractors usually open?",
  "Are fencing contractors usually open on Tuesday?",
  "fencing contractor open now near me in Geelong",
  "What time do fencing contractors in Geelong open on Friday?",
  "Are fencing contractors usually open on Wednesday?",
  "Are fencing contractors usually open on Thursday?",
  "Are fencing contractors usually open on Friday?",
  "Are fencing contractors usually open on Saturday?",
  "Are fencing contractors usually open on Monday?",
  "What time do fencing contractors usually open for a first-time customer?"
]
