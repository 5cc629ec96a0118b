/**
 * A shop's schema.org type is the shelf it is filed on ("MusicStore", "Restaurant"); the shop its
 * home page's title names ("Guitar shop & repairs in Glasgow") is what a customer asks for, and
 * goods the title names make the type's kind one of them ("Neapolitan pizza in Dublin" →
 * "neapolitan pizza restaurant"). The business's own name or who does the work are no goods.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { stem } from "../../../src/pipeline/prompts/prompt-text.ts"

const typed = (type: string, name: string, town: string) =>
  ({ "@context": "https://schema.org", "@type": type, name, address: { "@type": "PostalAddress", addressLocality: town } })

const facts = (name: string, type: string | null, title: string, headings: ReadonlyArray<string> = ["Opening hours"]) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: "https://site.example/",
    pages: [{
      url: "https://site.example/",
      title,
      description: "",
      headings,
      text: "Come and see us.",
      jsonLd: type === null ? [] : [typed(type, name, "Leith")],
      products: []
    }]
  })

describe("the shop a home page's title names", () => {
  it("is the kind over a store's type", () => {
    expect(facts("Bridge Strings", "MusicStore", "Bridge Strings | Guitar shop & repairs in Leith").category).toBe("guitar shop")
    expect(facts("Kettle Row", "HomeGoodsStore", "Kettle Row – kitchenware shop in Leith").category).toBe("kitchenware shop")
    expect(facts("Kettle Row", "GardenStore", "Kettle Row | Bonsai nursery in Leith").category).toBe("bonsai nursery")
  })

  it("makes the type's kind one of the goods the title names", () => {
    expect(facts("Forno Nove", "Restaurant", "Forno Nove – Neapolitan pizza in Leith").category).toBe("neapolitan pizza restaurant")
    expect(facts("Brow & Co", "BeautySalon", "Brow & Co | Lash extensions & brows in Leith").category).toBe("lash extension salon")
  })

  it("makes a boutique the headings name one of them", () => {
    expect(facts("Ivy Lane", null, "Ivy Lane | Wedding Dresses in Leith", ["Our boutique", "Visit the boutique"]).category).toBe("wedding dress boutique")
  })

  it("is not the business's own name nor a trade", () => {
    expect(facts("Pritchard & Son", "HardwareStore", "Pritchard & Son | Pritchard in Leith").category).toBe("hardware store")
    expect(facts("Kettle Row", "Restaurant", "Kettle Row | Wedding caterer in Leith").category).toBe("restaurant")
  })
})

describe("a plural in -ais", () => {
  // ("Which bonsai nursery has the best pre-bonsais?" and "What is the best bonsai nursery?" ask one thing.)
  it("stems to its singular, as an -is singular does not", () => {
    expect([stem("bonsais"), stem("bonsai"), stem("basis"), stem("tennis")]).toEqual(["bonsai", "bonsai", "basis", "tennis"])
  })
})
