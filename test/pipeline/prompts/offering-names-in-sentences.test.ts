/**
 * An offering's name inside a sentence. A thing named with a detail after it ("leather wallet with
 * coin pocket", "class for beginners", "17 inch general purpose saddle") is asked for as its head
 * is: in the plural when the head is counted ("Where can I find really good leather wallets with
 * coin pocket?"), never as a bare singular ("... really good leather wallet with coin pocket?"),
 * and the detail is never made plural ("class for beginnerses", "consultation onlines", "repair
 * done at homes"). A word or phrase is not said twice ("Harbourside Dental dental implants"), and a
 * qualifier does not stack on a tail its frame already has ("..., what should I know on a tight
 * budget?", "... open on weekends this year?") while the set can be filled without it.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { offeringForm, pluralOf } from "../../../src/pipeline/prompts/english.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { saysTwice } from "../../../src/pipeline/prompts/prompt-text.ts"
import { stacksOnFrame } from "../../../src/pipeline/prompts/templates.ts"
import { BAKERY, THIN } from "./fixtures.ts"

const SADDLERY: PromptFacts = {
  name: "Fenwick Saddlery",
  kind: "business",
  businessName: "Fenwick Saddlery",
  url: "https://fenwick-saddlery.example",
  offerings: ["17 inch general purpose saddle", "leather wallet with coin pocket", "class for beginners", "bridle repair"],
  category: "saddler",
  place: "Hexham",
  audience: ["riders"],
  keywords: []
}

describe("a thing named with a detail after it", () => {
  it("is asked for in the plural of its head, the detail as written", () => {
    expect(offeringForm("leather wallet with coin pocket")).toEqual({ text: "leather wallets with coin pocket", plural: true })
    expect(offeringForm("class for beginners")).toEqual({ text: "classes for beginners", plural: true })
    expect(offeringForm("17 inch general purpose saddle")).toEqual({ text: "17 inch general purpose saddles", plural: true })
    expect(offeringForm("flex membership")).toEqual({ text: "flex memberships", plural: true })
  })
  it("is never put bare into a sentence", () => {
    const prompts = builtinPrompts(SADDLERY)
    expect(prompts.filter((p) => /\b(?:saddle|wallet|class)\b(?! for| with)/u.test(p) && /\b(?:for|good|getting|to) (?:17 inch general purpose saddle|leather wallet|class for)\b/u.test(p))).toEqual([])
    expect(prompts.some((p) => p.includes("leather wallets with coin pocket"))).toBe(true)
  })
  it("keeps a name of its own, a request, a mass noun, a service and a plural as written (guard)", () => {
    expect(offeringForm("pain au chocolat").text).toBe("pain au chocolat")
    expect(offeringForm("learn to boulder").text).toBe("learn to boulder")
    expect(offeringForm("shaved ice on a stick").text).toBe("shaved ice on a stick")
    expect(offeringForm("box your bike for a flight").text).toBe("box your bike for a flight")
    expect(offeringForm("advice for carers")).toEqual({ text: "advice for carers", plural: false })
    expect(offeringForm("firewood")).toEqual({ text: "firewood", plural: false })
    expect(offeringForm("gutter cleaning")).toEqual({ text: "gutter cleaning", plural: false })
    expect(offeringForm("kids' bikes")).toEqual({ text: "kids' bikes", plural: true })
    expect(offeringForm("business partnership").plural).toBe(false)
  })
})

describe("the plural of a phrase", () => {
  it("is its head's, never its detail's", () => {
    expect(["class for beginners", "consultation online", "repair done at home", "boots made to order", "course in pottery"].map(pluralOf))
      .toEqual(["classes for beginners", "consultations online", "repairs done at home", "boots made to order", "courses in pottery"])
  })
  it("leaves a request, a verb's phrase and a plural alone (guard)", () => {
    expect(["learn to boulder", "box your bike for a flight", "kids' bikes"].map(pluralOf)).toEqual(["learn to boulder", "box your bike for a flight", "kids' bikes"])
    expect(pluralOf("software")).toBe("software options")
    expect(pluralOf("butter croissant")).toBe("butter croissants")
  })
})

describe("a word said twice", () => {
  it("is found in a row and in a repeated 'for ...' phrase", () => {
    expect(saysTwice("Harbourside Dental dental implants price")).toBe(true)
    expect(saysTwice("best swimming lessons for children for children")).toBe(true)
    expect(saysTwice("swimming lessons for children near me for children")).toBe(true)
  })
  it("is never asked", () => {
    const implants: PromptFacts = {
      name: "Dental implants", kind: "product", businessName: "Harbourside Dental", url: "https://harbourside.example/implants",
      offerings: ["dental implants"], category: "dentist", place: "Whitby", audience: [], keywords: []
    }
    expect(builtinPrompts(implants).filter(saysTwice)).toEqual([])
  })
  it("is not a name doubling its word, a hyphened word or two kinds compared (guard)", () => {
    expect(saysTwice("Is Bora Bora good for diving?")).toBe(false)
    expect(saysTwice("yo-yo lessons")).toBe(false)
    expect(saysTwice("Which is better, a hot desk or a dedicated desk?")).toBe(false)
    expect(saysTwice("Where can I order miscela Bologna in Bologna?")).toBe(false)
  })
})

describe("a qualifier after a frame", () => {
  it("does not stack on a tail or say again what the frame says", () => {
    expect(stacksOnFrame("It is my first time getting croissants, what should I know?", "on a tight budget")).toBe(true)
    expect(stacksOnFrame("Which bakeries in Lyon are open on weekends?", "this year")).toBe(true)
    expect(stacksOnFrame("highest rated croissants in Lyon", "with good reviews")).toBe(true)
    expect(stacksOnFrame("How much do croissants cost in Lyon?", "on a tight budget")).toBe(true)
    expect(stacksOnFrame("Are there cheaper alternatives to croissants in Lyon?", "close by")).toBe(true)
    const stacked = builtinPrompts(BAKERY, 150).filter((p) => /, what should I know [^?]+\?$|open on [^?]+ (?:this year|right now)\?$/u.test(p))
    expect(stacked).toEqual([])
  })
  it("still follows a frame ending in its offering, and a thin set is still filled (guard)", () => {
    expect(stacksOnFrame("What are good alternatives to croissants?", "on a tight budget")).toBe(false)
    expect(stacksOnFrame("best sourdough in Lyon", "for a first-time customer")).toBe(false)
    expect(builtinPrompts(THIN, 250)).toHaveLength(250)
  })
})
