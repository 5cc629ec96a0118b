/**
 * A farm shop's page at `/winkel.html` ("De boerderijwinkel") with a dairy price table: the Dutch
 * word for a shop names a page that lists what is sold, as `/shop` does, not one thing's own page,
 * so every priced line is an offering ("boerenyoghurt", "karnemelk", "roomboter").
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const listed = (name: string, price: string) =>
  ({ name, description: null, sku: null, price, currency: "EUR", url: null, image: null, source: "listing" as const })

describe("a shop page in Dutch", () => {
  it("reads every priced line of /winkel.html", () => {
    const facts = factsFromPages({
      name: "Boerderij Klaverhoeve",
      kind: "business",
      businessName: "Boerderij Klaverhoeve",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Boerderij Klaverhoeve", headings: ["Boerderij Klaverhoeve"], text: "Boerderij Klaverhoeve Melkveebedrijf in Kamerik." }),
        sitePage("/winkel.html", {
          title: "Boerderijwinkel | Boerderij Klaverhoeve",
          headings: ["De boerderijwinkel", "Prijslijst zuivel"],
          text: "De boerderijwinkel In de oude hooiberg hebben we een kleine winkel ingericht. Prijslijst zuivel Boerenyoghurt 1 liter € 2,40 Karnemelk 1 liter € 1,40 Roomboter 250 gram € 4,20",
          products: [listed("Boerenyoghurt", "2,40"), listed("Karnemelk", "1,40"), listed("Roomboter", "4,20")]
        })
      ]
    })
    expect(facts.offerings).toEqual(["boerderijwinkel", "boerenyoghurt", "karnemelk", "roomboter"])
  })
})
