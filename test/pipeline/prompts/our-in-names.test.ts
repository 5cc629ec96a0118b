/**
 * "Our" is the business speaking, never part of what it sells: "Rooibos face oil, our best seller"
 * and "Area rug cleaning at our plant" name the face oil and the rug cleaning; "Nuestros mezcales"
 * and "Unsere Stauden" (our mezcals, our perennials) name the mezcals and the perennials; "Made in
 * our workshop", "Ourselves" and a heading opening with another language's "for" ("Für Schatten":
 * for shade) name nothing on offer.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const card = (name: string) => ({ name, description: null, sku: null, price: "28", currency: null, url: null, image: null, source: "listing" as const })

const offerings = (headings: ReadonlyArray<string>, cards: ReadonlyArray<string> = []) =>
  factsFromPages({
    name: "Kiln & Kettle",
    kind: "business",
    businessName: "Kiln & Kettle",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Kiln & Kettle | Homewares in Ballarat", headings: ["Homewares made in Ballarat"], text: "A small shop of things for the kitchen." }),
      sitePage("/shop.html", {
        title: "Shop | Kiln & Kettle",
        headings: ["Shop", ...headings],
        text: headings.map((h) => `${h} Read about it.`).join(" "),
        products: cards.map(card)
      })
    ]
  }).offerings

describe("'our' in an offering's name", () => {
  it("ends the name before it", () => {
    expect(offerings(["Area rug cleaning at our plant"], ["Rooibos face oil our best seller"])).toEqual(["area rug cleaning", "rooibos face oil"])
  })

  it("in another language is dropped before the thing", () => {
    expect(offerings(["Nuestros mezcales", "Unsere Stauden"])).toEqual(["mezcales", "stauden"])
  })

  it("leaves nothing on offer when nothing but a participle, a pronoun or whom it is for is named", () => {
    expect(offerings(["Made in our workshop", "Ourselves", "Für Schatten", "Pour les enfants"])).toEqual([])
  })
})
