/**
 * "Walk-in" is a way in for customers ("Walk-ins welcome") only when it is not the name of a thing
 * ("walk-in coolers", "a walk-in shower panel") and not denied ("Online only; no walk-in shop"):
 * a refrigeration engineer does not offer walk-in service, and a shop with no walk-in shop that
 * ships is not a place people go to.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const site = (name: string, home: string, contact: string) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: `${name}`, headings: [name], text: home }),
      sitePage("/contact.html", { title: `Contact | ${name}`, headings: ["Contact"], text: contact })
    ]
  })

describe("walk-in", () => {
  it("before a thing's name is that thing, not walk-in service", () => {
    const facts = site(
      "Frostline Refrigeration",
      "Commercial refrigeration repair in Leeds. We repair walk-in coolers and freezers, reach-ins and ice machines.",
      "Call 0113 496 0000 for a same-day visit."
    )
    expect(facts.features).not.toContain("walk-in service")
  })

  it("denied is no visit: an online shop that ships gets no near me", () => {
    const facts = site(
      "Hamper Post",
      "Gift hampers of local food, packed by hand. Free shipping across New Zealand on orders over $80.",
      "Postal address: Unit 4, 27 Saxton Road, Nelson. Online only; no walk-in shop."
    )
    expect(facts.features).not.toContain("walk-in service")
    expect(facts.visitable).toBe(false)
  })

  it("welcomed is walk-in service", () => {
    const facts = site("Kerb Barbers", "Skin fades, beard trims and hot towel shaves in Leeds. Walk-ins welcome.", "Find us on Briggate.")
    expect(facts.features).toContain("walk-in service")
  })
})
