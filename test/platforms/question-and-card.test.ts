import { describe, expect, it } from "vitest"
import { cardFromPages, MAX_PLACES, type CardPage } from "../../src/platforms/entity-card.ts"
import { placesInQuestion, placesInText } from "../../src/platforms/place-phrases.ts"
import { readQuestion } from "../../src/platforms/question.ts"
import { QUALIFIERS } from "../../src/pipeline/prompts/templates.ts"

const page = (overrides: Partial<CardPage>): CardPage => ({
  title: "", description: "", headings: [], text: "", jsonLd: [], products: [], ...overrides
})

describe("readQuestion", () => {
  it("keeps the topic and the place, and drops the intent words", () => {
    const question = readQuestion("Best pizza delivery in Chicago?")
    expect(question.topic.map((term) => term.concept)).toEqual(["pizza", "deliveri"])
    expect(question.places).toEqual([["chicago"], ["chicago"]])
    expect(question.nearMe).toBe(false)
    expect(question.search).toBe("pizza pizzas pizzeria pizzerias delivery chicago")
  })

  it("reads a law firm question down to its subject", () => {
    const question = readQuestion("Which law firm in Boston handles divorce cases?")
    expect(question.topic.map((term) => term.concept)).toEqual(["lawyer", "divorce", "case"])
    expect(question.places).toEqual([["boston"]])
  })

  it("has no topic for a question made of intent words", () => {
    expect(readQuestion("What is open near me on Sunday?").topic).toEqual([])
    expect(readQuestion("What is open near me on Sunday?").nearMe).toBe(true)
  })

  it("reads the prompt generator's qualifiers as intent: they add no topic term", () => {
    // A set from thin facts ends some prompts with "this year" or "on a tight budget"; a business
    // that fits the question without them fits it with them.
    for (const qualifier of QUALIFIERS) {
      expect({ qualifier, topic: readQuestion(`What is the best bakery in Lyon ${qualifier}?`).topic.map((term) => term.concept) })
        .toEqual({ qualifier, topic: ["bakeri"] })
    }
  })
})

describe("place phrases", () => {
  it("finds places after a preposition, after a street address, and ending a question", () => {
    expect(placesInText("Fresh sourdough baked every morning in the heart of Lyon since 1990.")).toEqual(["Lyon"])
    expect(placesInText("12 rue de la Paix, Lyon. Open Monday to Saturday.")).toEqual(["Lyon"])
    // "City" is an intent word ("best bakery in the city"): the place is New York.
    expect(placesInText("Family lawyers in Boston, MA and near New York City.")).toEqual(["Boston MA", "New York"])
    expect(placesInQuestion("custom birthday cake Asheville")).toEqual(["Asheville"])
  })

  it("takes no weekday, brand or title-cased question word for a place", () => {
    expect(placesInQuestion("bakery open Sunday")).toEqual([])
    expect(placesInQuestion("Reviews of Crumb Bakery")).toEqual([])
    expect(placesInQuestion("Best Bakery In Lyon")).toEqual(["Lyon", "Lyon"])
    expect(placesInText("Founded in 1990, open in January.")).toEqual([])
  })
})

describe("cardFromPages", () => {
  it("reads places and offers from schema.org first, then from the pages", () => {
    const card = cardFromPages([
      page({
        title: "Tony's Pizzeria | Deep dish pizza in Chicago",
        headings: ["Menu"],
        jsonLd: [{
          "@type": "Restaurant",
          servesCuisine: "Pizza",
          address: { "@type": "PostalAddress", addressLocality: "Chicago", addressRegion: "IL" },
          areaServed: [{ "@type": "City", name: "Evanston" }],
          hasMenu: { "@type": "Menu", hasMenuItem: [{ "@type": "MenuItem", name: "Deep dish pizza" }] }
        }]
      }),
      page({ title: "Contact", text: "200 W Madison St, Chicago. Delivery across the Loop." })
    ])
    // Each object's own fields before its children's; "IL" is no word the engine compares.
    expect(card.places).toEqual(["Evanston", "Chicago", "Loop"])
    expect(card.about.split("\n")).toEqual([
      "Restaurant", "Pizza", "Postal Address", "City", "Menu", "Menu Item", "Deep dish pizza",
      "Tony's Pizzeria | Deep dish pizza in Chicago", "Contact"
    ])
  })

  it("stays bounded on hostile JSON-LD and pages", () => {
    let deep: Record<string, unknown> = { addressLocality: "Bottom" }
    for (let i = 0; i < 10_000; i++) deep = { "@type": "Thing", child: deep }
    const wide = Array.from({ length: 5_000 }, (_, i) => ({ "@type": "Place", addressLocality: `Town${i}` }))
    const card = cardFromPages([page({ jsonLd: [deep, wide], text: "in Springfield ".repeat(100_000) })])
    expect(card.places).not.toContain("Bottom")
    expect(card.places.length).toBeLessThanOrEqual(MAX_PLACES)
    expect(card.about.length).toBeLessThanOrEqual(4_000)
  })
})
