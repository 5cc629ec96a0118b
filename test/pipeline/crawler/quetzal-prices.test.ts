/**
 * Prices in quetzales as Guatemalan shops write them, the sign glued to the amount ("Q55"), while
 * a quarter of the year ("Q4 2025", "Q1") is no price.
 */
import { describe, expect, it } from "vitest"
import { countPrices, currencyOf, hasPrice, PRICE_SOURCE } from "../../../src/domain/money.ts"

describe("quetzal prices", () => {
  it("reads Q and GTQ amounts as quetzales", () => {
    const match = new RegExp(PRICE_SOURCE, "u").exec("Nibs de cacao, 200 g – Q45")!
    expect([match[1], currencyOf(match[0], match[3])]).toEqual(["45", "GTQ"])
    expect(countPrices("Caja de regalo Q210 · Té Q35 · 90 GTQ")).toBe(3)
  })

  it("reads no price from a quarter or a Q&A", () => {
    expect(hasPrice("Results for Q4 2025 and Q1")).toBe(false)
    expect(hasPrice("FAQ and Q&A about our 12 flavours")).toBe(false)
  })
})
