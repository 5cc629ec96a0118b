/**
 * An address written with no label, the North American or Australian way ("2815 Hillsborough
 * Street, Raleigh, NC 27607"), is read, and its town is where the business is; a magazine the
 * business was "seen in" is no place.
 */
import { describe, expect, it } from "vitest"
import { addressFromText, townOfAddress } from "../../src/domain/address-text.ts"
import { factsFromPages } from "../../src/pipeline/prompts/prompt-facts.ts"

describe("an unlabelled street address", () => {
  it("is read with its town", () => {
    const text = "Design Showroom 2815 Hillsborough Street, Raleigh, NC 27607 (919) 555-0164 design@oakcity.example"
    expect(addressFromText(text)).toBe("2815 Hillsborough Street, Raleigh, NC 27607")
    expect(townOfAddress(addressFromText(text)!)).toBe("Raleigh")
    expect(addressFromText("Visit 12 Main St, Springfield, IL 62701-1234 today.")).toBe("12 Main St, Springfield, IL 62701-1234")
    // Numbers that are no street: an amount, a year.
    expect(addressFromText("Over 2,000 closets built since 2009, across the Triangle.")).toBe(null)
  })

  it("places the business, over a magazine it was seen in", () => {
    const facts = factsFromPages({
      name: "Oak City Closet Co.", kind: "business", businessName: "Oak City Closet Co.", url: "https://oakcity.example/",
      pages: [
        { url: "https://oakcity.example/", title: "Custom Closets | Oak City Closet Co.", description: "", headings: ["Walk-in closets", "As seen in Raleigh Magazine"], text: "As seen in Raleigh Magazine. Custom closets built by our own crew.", jsonLd: [], products: [] },
        { url: "https://oakcity.example/contact.html", title: "Contact | Oak City Closet Co.", description: "", headings: ["Design Showroom"], text: "Design Showroom 2815 Hillsborough Street, Raleigh, NC 27607 (919) 555-0164", jsonLd: [], products: [] }
      ]
    })
    expect(facts.place).toBe("Raleigh")
  })
})
