/**
 * The business's first word before a thing's name is its brand ("Kühlwerk heat pump package"), but
 * not when "and" joins it to the next word: "Salt and pepper squid" at Salt Kitchen, "Tongue and
 * groove cladding" at Tongue Timber are whole names, never "and pepper squid".
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const priced = (name: string, price: string) => ({ name, description: null, sku: null, price, currency: null, url: null, image: null, source: "listing" as const })

describe("the brand's first word in a name joined by 'and'", () => {
  it("a timber yard named for a joint keeps the joint's name in its price list's lines", () => {
    const facts = factsFromPages({
      name: "Tongue Timber Supplies",
      kind: "business",
      businessName: "Tongue Timber Supplies",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Tongue Timber Supplies | Timber merchant in Dunedin", headings: ["Timber cut to size"], text: "Timber merchant in Dunedin." }),
        sitePage("/prices.html", {
          title: "Prices | Tongue Timber Supplies",
          headings: ["Prices"],
          text: "Tongue and groove cladding $42 / m Tongue hardwood decking kit $310 Macrocarpa sleepers $28 each",
          products: [priced("Tongue and groove cladding", "42"), priced("Tongue hardwood decking kit", "310"), priced("Macrocarpa sleepers", "28")]
        })
      ]
    })
    expect(facts.offerings).toContain("tongue and groove cladding")
    expect(facts.offerings.some((o) => /^and\b/u.test(o))).toBe(false)
    // The brand before a thing's name is still left out.
    expect(facts.offerings).toContain("hardwood decking kit")
  })
})
