import { describe, expect, it } from "vitest"
import { addressFromText, townOfAddress } from "../../src/domain/address-text.ts"

describe("an address in visible text", () => {
  it("reads the labelled line up to the next label", () => {
    expect(addressFromText("Visit us Monday Closed Address: 2218 SE Division Street, Portland, OR 97202 Phone: (503) 555-0142")).toBe(
      "2218 SE Division Street, Portland, OR 97202"
    )
    expect(addressFromText("Adresse : Rue Saint-Gilles 214, 4000 Liège Téléphone : +32 4 555 01 62")).toBe("Rue Saint-Gilles 214, 4000 Liège")
    expect(addressFromText("Email address: hello@shop.example")).toBeNull()
    expect(addressFromText("Address: ask us for directions.")).toBeNull()
  })

  it("finds the town after a postcode or before a region, postcode or country, never a street", () => {
    expect(townOfAddress("2218 SE Division Street, Portland, OR 97202")).toBe("Portland")
    expect(townOfAddress("Rue Saint-Gilles 214, 4000 Liège, BE")).toBe("Liège")
    expect(townOfAddress("12 rue d'Austerlitz, 69004 Lyon, FR")).toBe("Lyon")
    expect(townOfAddress("5 Broad Street, Ludlow")).toBe("Ludlow")
    expect(townOfAddress("Unit 4, Mill Lane")).toBeNull()
    expect(townOfAddress("Old Forge, Mill Lane, Ludlow SY8 1AB")).toBeNull()
  })

  it("reads a province code with a Canadian postcode after the town, and never takes the country for the town", () => {
    expect(townOfAddress("1188 Kingsway, Vancouver, BC V5V 3C8, Canada")).toBe("Vancouver")
    expect(townOfAddress("12 High St, Ludlow, Shropshire SY8 9QT, United Kingdom")).toBeNull()
    expect(townOfAddress("Unit 4, Canal Wharf Yard, Leeds LS11 5PS")).toBeNull()
  })
})
