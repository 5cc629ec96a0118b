/**
 * An amount read without its currency (a spa's "60 min 350" under "Prices in Thai baht") is never
 * shown as a price: without the currency the reader cannot tell what it costs.
 */
import { describe, expect, it } from "vitest"
import { offeringPrice, priceText } from "../../src/site-generator/llms-txt.ts"

describe("amounts without a currency", () => {
  it("are no price", () => {
    expect(priceText("350", null)).toBeNull()
    expect(priceText("1,450", null)).toBeNull()
    expect(offeringPrice({ price: "350", currency: null })).toBeNull()
  })

  it("show with their currency, or as the site wrote them", () => {
    expect(priceText("350", "THB")).toBe("350 THB")
    expect(offeringPrice({ price: "350", currency: null, writtenPrice: "฿350" })).toBe("฿350")
  })
})
