/**
 * Offerings a made-up site names in ways the earlier rules missed: a home-page list under a
 * heading in two languages or over a plural noun ("Lessons", "What's inside"); one-word sections
 * under a plural headline ("Our lessons" over "Cello"); a list item too long to be a name, cut
 * before where, when and how it is made; a headline in another language than its title. Not
 * offerings: news headings in other languages, lengths of time, a price list's instructions.
 */
import { describe, expect, it } from "vitest"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { englishSideOf, headingOfferings } from "../../../src/pipeline/prompts/text-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch & Fern", kind: "business", businessName: "Larch & Fern", url: `${ORIGIN}/`, pages })

const item = (heading: string, text: string) => ({ heading, text })

describe("headings in two languages joined by a slash", () => {
  it("reads the side in English words, and two English sides as one heading", () => {
    expect(englishSideOf("Alquiler de kayaks / Kayak hire")).toBe("Kayak hire")
    expect(englishSideOf("Lo que hacemos / What we do")).toBe("What we do")
    expect(englishSideOf("Kachelöfen / Tiled stoves")).toBe("Tiled stoves")
    expect(englishSideOf("Cuts / Colour")).toBe("Cuts / Colour")
    expect(headingOfferings("Alquiler de kayaks / Kayak hire", new Set())).toEqual(["kayak hire"])
  })

  it("reads no news heading in another language", () => {
    expect(["Novedades", "Aktuelles", "Nieuws", "Actualités", "Opiniones"].flatMap((h) => headingOfferings(h, new Set()))).toEqual([])
  })
})

describe("lists and sections that name offerings", () => {
  it("reads a home-page list under 'What we do' in two languages, under 'Lessons' and under 'What's inside'", () => {
    const home = sitePage("/", {
      headings: ["Larch & Fern", "Lo que hacemos / What we do", "Lessons", "What's inside"],
      listItems: [
        item("Lo que hacemos / What we do", "Kayak hire by the hour or day"),
        item("Lo que hacemos / What we do", "Airport pick-up from the city in our van"),
        item("Lessons", "Cello lessons: beginners to grade 8"),
        item("Lessons", "Harp lessons"),
        item("What's inside", "Route planning and weekly route invoicing")
      ]
    })
    expect(facts([home]).offerings).toEqual(["kayak hire", "airport pick-up", "cello lessons", "harp lessons", "route planning", "weekly route invoicing"])
  })

  it("names the one-word sections of a page headed by a plural noun by that noun", () => {
    const lessons = sitePage("/lessons.html", { title: "Lessons | Larch & Fern", headings: ["Our lessons", "Cello", "Drums", "Singing", "Music theory"] })
    expect(facts([lessons]).offerings).toEqual(["music theory", "cello lessons", "drum lessons", "singing lessons"])
  })

  it("cuts a list item too long for a name before where, when and how it is made", () => {
    const home = sitePage("/", {
      headings: ["Larch & Fern", "What we do"],
      listItems: [
        item("What we do", "Family portrait sessions on the beach at Inch, spring and autumn only"),
        item("What we do", "Bespoke coats cut and sewn in our back room"),
        item("What we do", "Ventilation with heat recovery")
      ]
    })
    expect(facts([home]).offerings).toEqual(["family portrait sessions", "bespoke coats", "ventilation with heat recovery"])
  })

  it("reads a headline half in another language by its page's English title", () => {
    const service = sitePage("/service.html", { title: "Service & repair | Larch & Fern", headings: ["Service & Reparatur", "Boiler servicing"] })
    expect(facts([service]).offerings).toEqual(["boiler servicing"])
  })
})

describe("not offerings on a price list", () => {
  it("reads no length of time, no instruction and no price before a name", () => {
    const prices = sitePage("/prices.html", {
      title: "Prices | Larch & Fern",
      headings: ["Price list"],
      text: "Price list Item | Price Take in hem | $28 Shorten coat sleeves | $45 Half day | $90 Zip replacement | $22 Wedding gown alterations from $250",
      products: [
        { name: "Take in hem", price: "28" },
        { name: "Shorten coat sleeves", price: "45" },
        { name: "Half day", price: "90" },
        { name: "Zip replacement", price: "22" }
      ]
    })
    expect(facts([prices]).offerings).toEqual(["zip replacement", "wedding gown alterations"])
  })

  it("asks for a service named by a phrasal verb in the singular", () => {
    expect(offeringForm("airport pick-up")).toEqual({ text: "airport pick-up", plural: false })
    expect(offeringForm("emergency call-out")).toEqual({ text: "emergency call-out", plural: false })
  })
})
