/**
 * A product that is one section of a shared page ("10er-Karte" under "Tickets & Preise", a
 * workshop titled in quotes under "Workshops and schools") is what its own section says it is: the
 * English gloss in brackets after its name ("10er-Karte (ten-visit card)") or the label opening the
 * text under its heading ("Build-your-own automaton workshop: ..."), never the page's headline.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("a product on a shared page", () => {
  it("with an English gloss after its name is that gloss, not the page's tickets", () => {
    const facts = factsFromPages({
      name: "5er-Karte",
      kind: "product",
      businessName: "Kino Nord",
      url: `${ORIGIN}/tickets.html`,
      businessPlace: "Kassel",
      pages: [sitePage("/tickets.html", {
        title: "Tickets & Preise – Kino Nord",
        headings: ["Tickets & Preise", "Filmclub", "5er-Karte"],
        text: "Tickets & Preise Tickets an der Kasse. Filmclub Mitglieder zahlen weniger. 5er-Karte Fünf Besuche für 40 €. Die 5er-Karte (five-visit card) gilt für alle Vorstellungen."
      })]
    })
    expect(facts.offerings[0]).toBe("five-visit card")
    expect(facts.offerings).not.toContain("tickets")
  })

  it("titled in quotes after its kind is what the label under its heading says", () => {
    const facts = factsFromPages({
      name: "La petite horloge",
      kind: "product",
      businessName: "Musée du Temps",
      url: `${ORIGIN}/ateliers.html`,
      businessPlace: "Besançon",
      pages: [sitePage("/ateliers.html", {
        title: "Ateliers | Musée du Temps",
        headings: ["Ateliers / Workshops", "Atelier « La petite horloge »", "Sorties scolaires"],
        text: "Ateliers / Workshops Atelier « La petite horloge » Build-your-own clock workshop: in three hours, children build a wooden clock. CHF 30. Sorties scolaires School visits for classes."
      })]
    })
    expect(facts.offerings[0]).toBe("build-your-own clock workshop")
    expect(facts.offerings.filter((o) => /petite/.test(o))).toEqual([])
  })

  it("a colour in brackets after its name is no other name for it", () => {
    const facts = factsFromPages({
      name: "Stretch Tent 6 m × 9 m",
      kind: "product",
      businessName: "Pegs & Poles Hire",
      url: `${ORIGIN}/products/stretch-tent.html`,
      businessPlace: "Durban",
      pages: [sitePage("/products/stretch-tent.html", {
        title: "Stretch Tent 6 m × 9 m | Pegs & Poles Hire",
        headings: ["Stretch Tent 6 m × 9 m (Sand)"],
        text: "Stretch Tent 6 m × 9 m (Sand) R1,950 per day. A sand-coloured Bedouin-style stretch tent."
      })]
    })
    expect(facts.offerings).not.toContain("sand")
  })
})
