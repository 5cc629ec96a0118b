import { describe, expect, it } from "vitest"
import { countPrices, currencyOf, hasPrice, PRICE_SOURCE } from "../../../src/domain/money.ts"
import { listingHint } from "../../../src/pipeline/crawler/structured-data.ts"

describe("prices in any currency", () => {
  it.each([
    ["Butter croissant $4.25", "4.25", null],
    ["Tea €3", "3", "EUR"],
    ["Pot of tea 12,50 €", "12,50", "EUR"],
    ["Masala chai | 1 cup | ₹60", "60", "INR"],
    ["Wheel polish (set of four) – R300", "300", "ZAR"],
    ["Vegetable tagine | 40 MAD", "40", "MAD"],
    ["Masala dosa Rs. 90", "90", "INR"],
    ["Pierogi 24 zł", "24", "PLN"],
    ["Tuning 950 Kč", "950", "CZK"],
    ["Lunch CHF 45", "45", "CHF"],
    ["Men's cut | RM 65", "65", "MYR"],
    ["Screen repair – GH₵ 350", "350", "GHS"],
    ["Battery swap KSh 800", "800", "KES"],
    ["Foot massage 60 min 300 baht", "300", "THB"],
    ["Lomo saltado S/ 38", "38", "PEN"],
    // A list's comma after an amount is no decimal or thousands separator.
    ["Packing tape $4, bubble wrap $9", "4", null],
    ["Lunch 9 €, dessert extra", "9", "EUR"]
  ])("reads %s as a priced line", (line, price, currency) => {
    const match = new RegExp(PRICE_SOURCE, "u").exec(line)!
    expect(match[1] ?? match[2]).toBe(price)
    expect(currencyOf(match[0], match[3])).toBe(currency)
    expect(listingHint(line)?.price).toBe(price)
  })

  it("names the line before its price in rupees or rand", () => {
    expect(listingHint("Mango lassi | 300 ml | ₹120")?.name).toBe("Mango lassi")
    expect(listingHint("Wheel polish – R300")?.name).toBe("Wheel polish")
    // As for dollars, the price is kept without its thousands separator.
    expect(listingHint("Brass lamp ₹1,450")?.price).toBe("1450")
  })

  it.each(["Pack of 200 g", "A 15 min walk", "Take the R4 bus", "Room 12 on the left", "35 mad hatters", "Size 42 shoes", "Bring 2 pens", "Rpm 3000", "the RM team"])(
    "finds no price in %s",
    (text) => {
      expect(hasPrice(text)).toBe(false)
      expect(listingHint(text)).toBeUndefined()
    }
  )

  it("counts the prices of a text, whatever their currency", () => {
    expect(countPrices("Hall hire ₹4,000 an evening; tickets ₹300; parking free")).toBe(2)
    expect(countPrices("Open 8:00–16:00, 200 g packs")).toBe(0)
  })
})
