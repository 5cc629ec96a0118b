/**
 * A clinic's price list by area of the body names each line by the area only ("Upper lip $45"):
 * a customer asks for "upper lip laser hair removal", so each area is named with the treatment it
 * prices. How a customer pays ("Afterpay available") is no offering.
 */
import { describe, expect, it } from "vitest"
import { isBodyArea, withAreaTreatment } from "../../../src/pipeline/prompts/body-areas.ts"
import { isPaymentOption } from "../../../src/pipeline/prompts/payment-options.ts"
import { type CrawledPageFacts, factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"

const page = (overrides: Partial<CrawledPageFacts>): CrawledPageFacts => ({
  title: "", description: "", headings: [], text: "", jsonLd: [], products: [], ...overrides
})
const row = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: "USD", url: null, image: null, source: "listing" as const })

describe("price lists by area of the body", () => {
  it("tells an area from a treatment", () => {
    expect(["upper lip", "Full legs", "chest & stomach", "Back / shoulders", "Brazilian"].map(isBodyArea)).toEqual([true, true, true, true, true])
    expect(["beard shaping", "bikini wax", "laser hair removal", "line dancing", "lip fillers"].map(isBodyArea)).toEqual([false, false, false, false, false])
  })

  it("names each area with the treatment of the list, in the singular before it", () => {
    expect(withAreaTreatment(["waxing", "full legs", "underarms", "eyebrows", "lip fillers"]))
      .toEqual(["waxing", "full leg waxing", "underarm waxing", "eyebrow waxing", "lip fillers"])
    expect(withAreaTreatment(["full legs", "gel nails"])).toEqual(["full legs", "gel nails"])
  })

  it("tells how a customer pays from what is sold", () => {
    expect(["Afterpay available", "Klarna accepted", "Apple Pay", "afterpay"].map(isPaymentOption)).toEqual([true, true, true, true])
    expect(["car finance", "gift vouchers", "pay monthly membership"].map(isPaymentOption)).toEqual([false, false, false])
  })

  it("asks about a waxing salon's areas as waxing", () => {
    const facts = factsFromPages({
      name: "Petal Wax Bar", kind: "business", businessName: "Petal Wax Bar", url: "https://petal.example/",
      pages: [
        page({ title: "Petal Wax Bar | Waxing salon in Tulsa", headings: ["Waxing in Tulsa"], text: "Petal Wax Bar is a waxing salon in Tulsa, OK. Book waxing online." }),
        page({
          title: "Waxing prices | Petal Wax Bar", headings: ["Waxing prices"], text: "Upper lip $12 Underarms $20 Full legs $55 Afterpay available",
          products: [row("Upper lip", "12"), row("Underarms", "20"), row("Full legs", "55"), row("Afterpay available", "0")]
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["upper lip waxing", "underarm waxing", "full leg waxing"]))
    expect(facts.offerings.some((o) => /afterpay/i.test(o))).toBe(false)
    expect(builtinPrompts(facts).filter((p) => /\b(?:upper lips|full legs|underarms)\b/i.test(p))).toEqual([])
  })
})
