/**
 * A page that tells the business's story is about the business in any language: its sections
 * ("Tre generazioni", "Vom Hof zur Käserei") are chapters of that story, not offerings, whether
 * its address or its title says so ("/la-nostra-storia", "Unsere Geschichte").
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("story pages in other languages", () => {
  it("an Italian story page's sections are no offerings", () => {
    const facts = factsFromPages({
      name: "Podere Ulivo",
      kind: "business",
      businessName: "Podere Ulivo",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Podere Ulivo – Agriturismo a Lucca", headings: ["Podere Ulivo"], text: "Camere e cene in campagna." }),
        sitePage("/camere.html", { title: "Camere – Podere Ulivo", headings: ["Camere"], text: "Sei camere." }),
        sitePage("/la-nostra-storia.html", { title: "Podere Ulivo – dal 1921", headings: ["Dal 1921", "Tre generazioni", "Vigne e ulivi"], text: "Tre generazioni. Vigne e ulivi." })
      ]
    })
    expect(facts.offerings.map((o) => o.toLowerCase())).not.toContain("tre generazioni")
    expect(facts.offerings.map((o) => o.toLowerCase())).not.toContain("vigne e ulivi")
  })

  it("a German page titled 'Unsere Geschichte' is about the business wherever it lives", () => {
    const facts = factsFromPages({
      name: "Hofkäserei Brunner",
      kind: "business",
      businessName: "Hofkäserei Brunner",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Hofkäserei Brunner – Käserei in Bregenz", headings: ["Hofkäserei Brunner"], text: "Bergkäse und Frischkäse vom Hof." }),
        sitePage("/bergkaese.html", { title: "Bergkäse – Hofkäserei Brunner", headings: ["Bergkäse"], text: "Zwölf Monate gereift." }),
        sitePage("/seit-1952.html", { title: "Unsere Geschichte | Hofkäserei Brunner", headings: ["Unsere Geschichte", "Vom Hof zur Käserei"], text: "Vom Hof zur Käserei." })
      ]
    })
    expect(facts.offerings.map((o) => o.toLowerCase())).toContain("bergkäse")
    expect(facts.offerings.map((o) => o.toLowerCase())).not.toContain("vom hof zur käserei")
  })
})
