/**
 * A site that names its town nowhere but in its address line, written in a common postal format
 * with no label and no JSON-LD ("Perth PH1 5AB", "Ashford, Kent TN23 1AA", "Frankfort, KY
 * 40601", "80331 München"), or in its home page's title's tail ("Handmade Saddles, Frankfort KY"),
 * is asked about in that town: the town over its county, never a street's or a building's words.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { townOfPostalLine, townOfTitleTail } from "../../../src/pipeline/prompts/text-facts.ts"

const page = (url: string, title: string, text: string) => ({ url, title, description: "", headings: [], text, jsonLd: [], products: [] })

/** A small saddler's site whose contact page ends in the given address line. */
const placeOf = (address: string, title = "Home | Brook Saddlers") =>
  factsFromPages({
    name: "Brook Saddlers", kind: "business", businessName: "Brook Saddlers", url: "https://brook.example/",
    pages: [
      page("https://brook.example/", title, "Handmade saddles, bridles and saddle repairs. Every saddle is fitted to the horse."),
      page("https://brook.example/contact.html", "Contact | Brook Saddlers", `Contact Brook Saddlers ${address} Phone: 01234 555 018 Email: shop@brook.example`)
    ]
  }).place

describe("the town of an address line in a common postal format", () => {
  it("reads the town before a UK postcode, before its county, and before an Eircode", () => {
    expect(placeOf("Unit 4, Tay Street Workshops Perth PH1 5AB")).toBe("Perth")
    expect(placeOf("12 Mill Lane, Ashford, Kent TN23 1AA")).toBe("Ashford")
    expect(placeOf("The Old Forge, Church Road Ludlow, Shropshire SY8 9QT")).toBe("Ludlow")
    expect(placeOf("14 Glasheen Road, Cork T12 X2K4")).toBe("Cork")
    expect(placeOf("Main Street, Dingle, Co. Kerry V92 X2Y5")).toBe("Dingle")
  })

  it("reads the town before a US, Canadian or Australian state and its code", () => {
    expect(placeOf("212 West Main Street Frankfort, KY 40601")).toBe("Frankfort")
    expect(placeOf("412 Hall Street, Nelson, BC V1L 1Y9")).toBe("Nelson")
    expect(placeOf("27 Boundary Street, West End QLD 4101")).toBe("West End")
  })

  it("reads a New Zealand town before its code after a street, and a European town after its code", () => {
    expect(placeOf("112 Kelvin Grove Road Palmerston North 4414")).toBe("Palmerston North")
    expect(placeOf("Sendlinger Straße 8, 80331 München")).toBe("München")
  })

  it("reads the town of a title's tail", () => {
    expect(placeOf("", "Handmade Saddles, Frankfort KY | Brook Saddlers")).toBe("Frankfort")
    expect(placeOf("", "Brook Saddlers – saddle fitting, Naas, Co. Kildare")).toBe("Naas")
    expect(townOfTitleTail("Saddle Repairs Middlebury VT", "")).toBe("Middlebury")
  })

  it("guards: a street's, a building's or a road's words are not the town", () => {
    expect(townOfPostalLine("Feeder Road Trading Estate Bristol BS2 0UY", "")).toBe("Bristol")
    expect(townOfPostalLine("1460 Route 7 South Middlebury, VT 05753", "")).toBe("Middlebury")
    expect(townOfPostalLine("14 Montpellier Parade Harrogate North Yorkshire HG1 2TJ", "")).toBe("Harrogate")
  })

  it("guards: a place the site names itself keeps its place; a registered office is no shop", () => {
    expect(placeOf("27 Boundary Street, West End QLD 4101. We are the ukulele shop in Brisbane, based in Brisbane since 2001.")).toBe("Brisbane")
    expect(placeOf("Registered office: Level 2, 101 Cuba Street, Te Aro, Wellington 6011")).toBeNull()
    expect(placeOf("We answer the phone Monday to Friday, 9am to 5pm. Since 2004 we have made 1200 saddles.")).toBeNull()
  })
})
