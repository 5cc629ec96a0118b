/**
 * Word forms a customer would not type ("canoe basicses", "charcuteries", a place cut to "Scott"),
 * gift cards asked about only as people ask for them, and headings that group offerings
 * ("classes & workshops") not asked about as one.
 */
import { describe, expect, it } from "vitest"
import { builtinPromptsTagged } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { placeMentions } from "../../../src/pipeline/prompts/text-facts.ts"

describe("word forms", () => {
  it("never makes a word in -ics plural again, nor a mass noun of a trade", () => {
    expect(["paddleboard basics", "ceramics", "charcuterie", "sports chiropractic", "kids karate", "separation anxiety", "toughened glass", "tile"].map((p) => offeringForm(p)))
      .toEqual([
        { text: "paddleboard basics", plural: false },
        { text: "ceramics", plural: false },
        { text: "charcuterie", plural: false },
        { text: "sports chiropractic", plural: false },
        { text: "kids karate", plural: false },
        { text: "separation anxiety", plural: false },
        { text: "toughened glass", plural: false },
        { text: "tiles", plural: true }
      ])
  })

  it("reads a place named with a possessive whole, and a possessive before a district as the town", () => {
    const places = (text: string) => placeMentions(text, new Set()).map((m) => m.place)
    expect(places("Our studio is in Fenwick's Landing, Tallow County.")).toEqual(["Fenwick's Landing"])
    expect(places("Our studio is in Fenwick’s Landing.")).toEqual(["Fenwick's Landing"])
    expect(places("A small shop in Lisbon's Alfama Velha quarter.")).toEqual(["Lisbon"])
    expect(places("A small shop in Lisbon's old quarter.")).toEqual(["Lisbon"])
  })
})

describe("gift cards", () => {
  const facts: PromptFacts = {
    name: "Thimble & Loom",
    kind: "business",
    businessName: "Thimble & Loom",
    url: "https://thimble-and-loom.example/",
    offerings: ["sewing classes", "fabric", "gift vouchers", "haberdashery"],
    category: "fabric shop",
    place: "Ludlow",
    audience: [],
    keywords: [],
    features: [],
    openDays: ["Saturday"],
    visitable: true
  }

  it("are asked for where to get them, never judged, compared or learnt about", () => {
    const prompts = builtinPromptsTagged(facts)
    const gift = prompts.filter((p) => /gift vouchers?/.test(p.prompt))
    expect(gift.length).toBeGreaterThan(0)
    expect([...new Set(gift.map((p) => p.template))].every((t) => ["local-where-near-me", "discovery-order-online", "discovery-recommend", "brand-offering"].includes(t)))
      .toBe(true)
  })
})

describe("headings that group offerings", () => {
  const facts = (offerings: ReadonlyArray<string>): PromptFacts => ({
    name: "Hollin Dog School",
    kind: "business",
    businessName: "Hollin Dog School",
    url: "https://hollin.example/",
    offerings,
    category: "dog trainer",
    place: "Ely",
    audience: [],
    keywords: [],
    features: [],
    openDays: [],
    visitable: true
  })

  it("are not asked about when the offerings under them say their words again", () => {
    const prompts = builtinPromptsTagged(facts(["puppy classes", "recall workshops", "classes & workshops", "agility training", "home visits"]))
    expect(prompts.filter((p) => p.prompt.includes("classes & workshops"))).toEqual([])
    expect(prompts.some((p) => p.prompt.includes("recall workshops"))).toBe(true)
  })

  it("are kept when they name what nothing else names", () => {
    const prompts = builtinPromptsTagged(facts(["puppy classes", "scent & tracking", "agility training", "home visits"]))
    expect(prompts.some((p) => p.prompt.includes("scent & tracking"))).toBe(true)
  })
})
