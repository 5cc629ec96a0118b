/**
 * An offering's own page lists, under "Extras" or "Add-ons", the priced things sold beside it
 * ("Hot towel upgrade – $5", "Engraving: +$25"): each is on offer, named without its price. A line
 * that prices a condition of the sale ("Extra child", "Travel beyond 30 miles", "Rush fee",
 * "Deposit", "Weekend surcharge") or a free extra is no offering.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const barber = (heading: string, items: ReadonlyArray<string>) =>
  factsFromPages({
    name: "Sharp End",
    kind: "business",
    businessName: "Sharp End",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Sharp End | Barber in Hull", headings: ["Sharp End"], text: "Barber in Hull since 2009." }),
      sitePage("/wet-shave.html", {
        title: "Wet shave | Sharp End",
        headings: ["Wet shave", heading],
        text: `Wet shave A straight-razor shave with hot towels, £25. ${heading} ${items.join(" ")}`,
        listItems: items.map((text) => ({ heading, text }))
      })
    ]
  })

describe("extras sold beside an offering, on its own page", () => {
  it("names each priced extra without its price or its note", () => {
    const facts = barber("Extras", ["Hot towel upgrade – £5", "Beard oil, 30 ml – £12", "Engraving: +£25"])
    expect(facts.offerings).toEqual(["wet shave", "hot towel upgrade", "beard oil", "engraving"])
  })

  it("reads add-ons in another language's heading too", () => {
    const facts = barber("Zusatzleistungen", ["Bartpflege – 8 €"])
    expect(facts.offerings).toEqual(["wet shave", "bartpflege"])
  })

  it("guard: a line pricing a condition of the sale is no offering", () => {
    const facts = barber("Extras", ["Extra child – £10", "Travel beyond 30 miles – £1 a mile", "Rush fee – £15", "Deposit – £20", "Weekend surcharge – £5", "Hot towel upgrade – £5"])
    expect(facts.offerings).toEqual(["wet shave", "hot towel upgrade"])
  })

  it("guard: a free extra is no offering", () => {
    const facts = barber("Extras", ["Coffee or tea – free, ask at the desk", "Hot towel upgrade – £5"])
    expect(facts.offerings).toEqual(["wet shave", "hot towel upgrade"])
  })

  it("guard: 'Suppléments' over who and what more the price is for is no list of extras", () => {
    const facts = barber("Suppléments", ["Personne supplémentaire : 6 €", "Chien tenu en laisse : 3 € par nuit"])
    expect(facts.offerings).not.toContain("chien tenu en laisse")
    expect(facts.offerings).not.toContain("personne supplémentaire")
  })

  it("guard: a list under another heading on the page is read as before", () => {
    const facts = barber("Good to know", ["Walk-ins welcome – £25 cash or card"])
    expect(facts.offerings).toEqual(["wet shave"])
  })
})
