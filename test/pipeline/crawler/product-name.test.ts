/**
 * A product's name read from its own page, for a product onboarded without a declared name: the
 * page's own JSON-LD Product, else the title's part that is the first heading, else the title's
 * first part that is not the maker's name; never the maker's name from the site's metadata.
 */
import { describe, expect, it } from "vitest"
import { productNameOf } from "../../../src/pipeline/crawler/product-name.ts"

const URL_ = "https://shop.example/products/trail-lamp"
const pageWith = (title: string, headings: ReadonlyArray<string> = [], jsonLd: ReadonlyArray<unknown> = []) => ({
  url: URL_,
  title,
  headings,
  jsonLd
})

describe("productNameOf", () => {
  it("takes the name of the one Product the page's JSON-LD describes", () => {
    const jsonLd = [{ "@context": "https://schema.org", "@type": "Product", name: "Lumen Trail Lamp", offers: { "@type": "Offer", price: "49" } }]
    expect(productNameOf(pageWith("Lumen Trail Lamp – light for every night out | Lumen", ["Lumen Trail Lamp"], jsonLd), "Lumen")).toBe("Lumen Trail Lamp")
  })

  it("ignores Products that link to other pages (related items), and an Organization (the maker)", () => {
    const jsonLd = [
      { "@type": "Organization", name: "Lumen" },
      { "@type": "Product", name: "Lumen Head Torch", url: "https://shop.example/products/head-torch" }
    ]
    expect(productNameOf(pageWith("Trail Lamp | Lumen", ["Trail Lamp"], jsonLd), "Lumen")).toBe("Trail Lamp")
  })

  it("takes the title's part that the first heading repeats, not the tagline beside it", () => {
    expect(productNameOf(pageWith("Lumen Trail Lamp – count the stars without a headache", ["Lumen Trail Lamp", "Specs"]), null)).toBe("Lumen Trail Lamp")
  })

  it("drops the maker's name from the title when no heading matches", () => {
    expect(productNameOf(pageWith("Lumen | Trail Lamp", ["Light for every night out"]), "Lumen")).toBe("Trail Lamp")
    expect(productNameOf(pageWith("Trail Lamp · Lumen", []), "lumen")).toBe("Trail Lamp")
  })

  it("keeps a one-part title whole, and gives nothing for a page with no title or Product", () => {
    expect(productNameOf(pageWith("Trail Lamp"), "Lumen")).toBe("Trail Lamp")
    expect(productNameOf(pageWith("Rolls-Royce Trail-Lamp"), null)).toBe("Rolls-Royce Trail-Lamp")
    expect(productNameOf(pageWith("", ["Trail Lamp"]), "Lumen")).toBeNull()
  })

  it("is not fooled by two different Products on the page (no single one is the page's)", () => {
    const jsonLd = [{ "@type": "Product", name: "Trail Lamp" }, { "@type": "Product", name: "Trail Lamp Mini" }]
    expect(productNameOf(pageWith("Trail Lamp range | Lumen", ["Trail Lamp range"], jsonLd), "Lumen")).toBe("Trail Lamp range")
  })
})
