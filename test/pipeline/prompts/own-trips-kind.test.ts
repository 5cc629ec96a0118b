/**
 * A site typed a travel agency in its JSON-LD, whose own words say it leads its guided walks or
 * tours, is a tour operator, not an agency selling others' trips; one that says nothing of leading
 * trips stays a travel agency.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const site = (title: string, description: string, text = "Where we go Alpine lakes circuit Five days. Coastal day walk One day.") =>
  factsFromPages({
    name: "Tussock Trails",
    kind: "business",
    businessName: "Tussock Trails",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", {
        title,
        headings: ["Tussock Trails", "Where we go", "Alpine lakes circuit", "Coastal day walk"],
        text,
        jsonLd: [{ "@context": "https://schema.org", "@type": "TravelAgency", name: "Tussock Trails", description }]
      })
    ]
  })

describe("a travel agency that leads its own trips", () => {
  it("reads guided walks as a walking tour operator", () => {
    expect(site("Guided walks in Otago · Tussock Trails", "Small-group guided walks in Otago: alpine lakes and the coast.").category).toBe("walking tour operator")
  })

  it("reads guided kayak tours as a kayak tour operator, and private tours as a tour operator", () => {
    expect(site("Tussock Trails", "We run guided kayak tours on the sounds.").category).toBe("kayak tour operator")
    expect(site("Tussock Trails", "Guided private tours of Otago.").category).toBe("tour operator")
  })

  it("reads small-group tours said in the home page's prose as a tour operator of their kind", () => {
    expect(site("Tussock Trails | Wine country", "", "Small-group wine tours through Central Otago, with a local guide.").category).toBe("wine tour operator")
  })

  it("keeps a travel agency that books others' holidays, guided tours among them", () => {
    expect(site("Tussock Trails | Holidays in Otago", "Package holidays, flights and cruises booked for you.", "We book flights, hotels and guided tours.").category).toBe("travel agency")
  })
})
