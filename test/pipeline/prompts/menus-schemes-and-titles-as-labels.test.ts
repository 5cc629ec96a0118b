/**
 * A menu's or a price's own heading in other languages ("Carta", "Precio", "Speisekarte"), a loyalty
 * scheme's name ("Moon Rewards"), a page's information sections ("Details", "Resources for
 * parents", "Typical budgets"), a person by title ("Dr Sarah O'Connell"), a part of the world
 * ("South-East Asia") and a way to pay ("0% finance", "payment plans") are no offerings.
 */
import { describe, expect, it } from "vitest"
import { isPaymentOption } from "../../../src/pipeline/prompts/payment-options.ts"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"

describe("site labels", () => {
  it("are menus, prices, schemes, information sections, people by title and parts of the world", () => {
    const labels = ["Carta", "Nuestra carta", "Precio", "Speisekarte", "La carte", "Menu", "Moon Rewards", "Bean Points Club", "Details",
      "Facts", "Resources for parents", "Destination guides", "Typical budgets", "Dr Sarah O'Connell", "Dr. Ben Castillo", "Prof. Lee",
      "South-East Asia", "Sub-Saharan Africa", "South America", "The Caribbean"]
    expect(labels.filter((l) => !isSiteLabel(l))).toEqual([])
  })

  it("leave what is sold", () => {
    const sold = ["Tasting menu", "Carta de vinos", "Mole mapping", "Doctor consultation", "Asian street food", "Africa tour", "Rewards card printing", "Fact-checking"]
    expect(sold.filter((s) => isSiteLabel(s))).toEqual([])
  })
})

describe("ways to pay", () => {
  it("are finance and payment plans, not lending sold", () => {
    expect(["0% finance", "Interest-free finance", "Payment plans", "Finance options", "Pay monthly"].filter((p) => !isPaymentOption(p))).toEqual([])
    expect(["Car finance", "Home loans", "Asset finance"].filter((p) => isPaymentOption(p))).toEqual([])
  })
})
