/**
 * A product's set is filled with whole questions about it before any is made longer with a tail:
 * questions that fit the kind of thing it is (a course, a pass, a hire, care at a salon or a
 * clinic, food, a job done at home), and a long name does not make two questions about it one.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { headOf, isServiceProduct } from "../../../src/pipeline/prompts/product-templates.ts"
import { QUALIFIERS } from "../../../src/pipeline/prompts/templates.ts"

const product = (name: string, offerings: ReadonlyArray<string>, more: Partial<PromptFacts> = {}): PromptFacts => ({
  name,
  kind: "product",
  businessName: "Orrin & Vale",
  url: "https://orrin-and-vale.example/product.html",
  offerings,
  category: "kitchen shop",
  place: "Hobart",
  audience: [],
  keywords: [],
  features: [],
  openDays: ["Saturday"],
  visitable: true,
  ...more
})

const tailed = (prompt: string) => QUALIFIERS.some((q) => new RegExp(` ${q}[?.]?$`).test(prompt))

describe("a product's whole questions", () => {
  it("asks about a thing with a long name as often as about one with a short name", () => {
    const prompts = builtinPrompts(product("Tasmanian oak end-grain chopping board", ["tasmanian oak end-grain chopping board"]))
    expect(prompts).toHaveLength(100)
    for (const expected of [
      "How much does a tasmanian oak end-grain chopping board cost?",
      "Is a tasmanian oak end-grain chopping board good value?",
      "What do people say about a tasmanian oak end-grain chopping board?",
      "What is the most common complaint about a tasmanian oak end-grain chopping board?",
      "Who sells a tasmanian oak end-grain chopping board near me?"
    ]) expect(prompts).toContain(expected)
    // (A chopping board is not needed "on short notice": that question is a job's or an appointment's.)
    expect(prompts.findIndex(tailed)).toBe(77)
  })

  it("asks what fits the kind of thing: a course, a pass, a hire, a salon, a clinic, food, a job", () => {
    const cases: ReadonlyArray<readonly [PromptFacts, ReadonlyArray<string>]> = [
      [product("Knife skills course", ["knife skills course"], { category: "cooking school" }), [
        "When is the next knife skills course?",
        "How do I sign up for a knife skills course?",
        "Do I get a certificate after a knife skills course?"
      ]],
      [product("10-class pass", ["10-class pass", "5-class pass"], { category: "dance studio" }), [
        "How long is a 10-class pass valid for?",
        "Can I share a 10-class pass with someone else?",
        "Can I switch from a 10-class pass to a 5-class pass?"
      ]],
      [product("Mini digger hire", ["mini digger hire"], { category: "hire company" }), [
        "What is the minimum hire period for mini digger hire?",
        "Is insurance included with mini digger hire?"
      ]],
      [product("Skin fade", ["skin fade"], { category: "barber" }), [
        "Can I walk in for a skin fade?",
        "How do I prepare for a skin fade?"
      ]],
      [product("Dental implants", ["dental implants"], { category: "dentist" }), [
        "Are dental implants covered by insurance?",
        "Am I a good candidate for dental implants?"
      ]],
      [product("Butter croissant", ["butter croissant"], { category: "bakery" }), [
        "What does a butter croissant taste like?",
        "Which bakery in Hobart makes the best butter croissants?"
      ]],
      [product("Water heater installation", ["water heater installation"], { category: "plumber" }), [
        "Can I get a free quote for a water heater installation?",
        "Can I do a water heater installation myself or should I hire someone?"
      ]]
    ]
    for (const [facts, expected] of cases) {
      const prompts = builtinPrompts(facts)
      for (const prompt of expected) expect(prompts, facts.name).toContain(prompt)
    }
  })

  it("asks the price as the kind of thing is charged, and who a trip, a stay or a class suits", () => {
    const cases: ReadonlyArray<readonly [PromptFacts, ReadonlyArray<string>]> = [
      [product("Garden suite", ["garden suite"], { category: "hotel" }), [
        "How much does a garden suite cost per night?",
        "Is a garden suite suitable for children?"
      ]],
      [product("Reef trip", ["reef trip"], { category: "fishing charter" }), [
        "How much does a reef trip cost per person?",
        "What should I bring on a reef trip?",
        "Is a reef trip suitable for children?"
      ]],
      [product("Trailer hire", ["trailer hire"], { category: "hire company" }), ["How much does trailer hire cost per day?"]],
      [product("Flower subscription", ["flower subscription"], { category: "florist" }), ["How much does a flower subscription cost per month?"]],
      [product("Pizza-making class", ["pizza-making class"], { category: "cookery school" }), ["Can I book a pizza-making class for someone else?"]],
      [product("Skin fade", ["skin fade"], { category: "barber" }), ["How soon can I book a skin fade?"]],
      [product("Butter croissant", ["butter croissant"], { category: "bakery" }), ["Who makes the best butter croissants?"]],
      [product("Stoneware mug", ["stoneware mug"], { category: "ceramics studio" }), ["Does a stoneware mug come in different sizes?"]]
    ]
    for (const [facts, expected] of cases) {
      const prompts = builtinPrompts(facts)
      for (const prompt of expected) expect(prompts, facts.name).toContain(prompt)
    }
    expect(builtinPrompts(product("Monthly membership", ["monthly membership"], { category: "gym" })).filter((p) => /per month/.test(p))).toEqual([])
  })

  it("asks none of a kind's questions of another kind", () => {
    const pass = builtinPrompts(product("10-class pass", ["10-class pass"], { category: "dance studio" }))
    expect(pass.filter((p) => /\b(?:taste|walk in|hire period|free quote|insurance)\b/.test(p))).toEqual([])
    const room = builtinPrompts(product("Vault virtual escape room", ["vault virtual escape room"], { category: "escape room" }))
    expect(room.filter((p) => /\bstay in\b|\bbathroom\b/.test(p))).toEqual([])
    // A clinic's procedure is not sold in a shop, and food is not "right for me".
    const implants = builtinPrompts(product("Dental implants", ["dental implants"], { category: "dentist" }))
    expect(implants.filter((p) => /\b(?:who sells|overrated|locals buy|avoid when buying)\b/i.test(p))).toEqual([])
    const croissant = builtinPrompts(product("Butter croissant", ["butter croissant"], { category: "bakery" }))
    expect(croissant.filter((p) => /right for me/.test(p))).toEqual([])
  })

  it("reads what a product is from the word before 'with' or 'at', and books a walk or a ride", () => {
    expect(["orecchiette cooking class with Nonna Rosa", "beach ride at Egå strand", "walnut chopping board"].map(headOf))
      .toEqual(["class", "ride", "board"])
    expect(["orecchiette cooking class with Nonna Rosa", "six-day guided walk", "lash lift and tint", "pizza masterclass", "walnut chopping board"].map(isServiceProduct))
      .toEqual([true, true, true, true, false])
  })
})
