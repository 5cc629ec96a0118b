/**
 * A product named in title case with an abbreviation everyone writes in capitals ("DIY Soy Candle
 * Kit", "LED Desk Lamp", "USB Microphone") is described, not a model: its prompts are its own
 * ("How much does a DIY soy candle kit cost?"), not its business's or its brand's.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { isDescriptiveName } from "../../../src/pipeline/prompts/english.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const kit: PromptFacts = {
  name: "DIY Soy Candle Kit",
  kind: "product",
  businessName: "Wickstead Candle Co.",
  url: "https://made-up.example/products/diy-soy-candle-kit.html",
  offerings: ["DIY soy candle kit"],
  category: "candle shop",
  place: "Halifax",
  audience: [],
  keywords: ["candles", "wax", "wicks"],
  features: [],
  openDays: [],
  visitable: true
}

describe("a common abbreviation in a product's name", () => {
  it("leaves the name described", () => {
    expect(isDescriptiveName("DIY Soy Candle Kit")).toBe(true)
    expect(isDescriptiveName("LED Desk Lamp")).toBe(true)
    // A model's own capitals still name a model.
    expect(isDescriptiveName("XR Pro")).toBe(false)
    expect(isDescriptiveName("ACME Desk Lamp")).toBe(false)
  })

  it("gives the product its own questions", () => {
    const prompts = builtinPrompts(kit)
    expect(prompts).toContain("How much does a DIY soy candle kit cost?")
  })
})
