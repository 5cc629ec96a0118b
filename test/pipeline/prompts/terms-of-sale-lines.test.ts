/**
 * A product page's price lines that say how it is sold, not what it is: how long it is hired for
 * ("3-day hire: $95", "Weekend rental: $60") and where it is sent ("Ships across Canada, $15 flat
 * rate", "Delivered nationwide"). Neither is a thing a customer asks for by that name, so neither
 * is one of the product's names: its prompts would be about "a ships across canada".
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const product = (name: string, businessName: string, page: Parameters<typeof sitePage>[1]) =>
  factsFromPages({
    name,
    kind: "product",
    businessName,
    url: `${ORIGIN}/products/p.html`,
    pages: [sitePage("/products/p.html", page)]
  }).offerings

const line = (name: string, description: string) => ({ name, description, url: null })

describe("a product page's terms of sale", () => {
  it("takes no hire period as one of its names", () => {
    const offerings = product("The Molly 1950s Swing Costume", "Fenwick Fancy Dress", {
      title: "The Molly 1950s Swing Costume | Fenwick Fancy Dress",
      headings: ["The Molly 1950s Swing Costume"],
      text: "The Molly 1950s Swing Costume A full-skirted swing dress with petticoat and scarf.",
      products: [line("The Molly 1950s Swing Costume", "A full-skirted swing dress."), line("3-day hire", "$80"), line("Weekend rental", "$60"), line("Matching beehive wig", "add $15")]
    })
    expect(offerings).not.toContain("3-day hire")
    expect(offerings).not.toContain("weekend rental")
    expect(offerings).toContain("matching beehive wig")
  })

  it("takes no shipping line as one of its names", () => {
    const offerings = product("DIY Soy Candle Kit", "Wickstead Candle Co.", {
      title: "DIY Soy Candle Kit | Wickstead Candle Co.",
      headings: ["DIY Soy Candle Kit"],
      text: "DIY Soy Candle Kit Everything you need to pour four soy candles at home.",
      products: [line("DIY Soy Candle Kit", "$45"), line("Ships across Canada", "$12 flat rate, or pick up free"), line("Delivered nationwide", "in three days")]
    })
    expect(offerings.filter((o) => /\b(?:ships|delivered)\b/iu.test(o))).toEqual([])
    expect(offerings.length).toBeGreaterThan(0)
  })
})
