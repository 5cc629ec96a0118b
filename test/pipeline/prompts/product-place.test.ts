/**
 * A product's town is its business's: a product's crawl reads a few pages around its own, which
 * often leave the contact page out, and then the town's name read as a plain word ("baths" from
 * Bath) filled its prompts.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const page = (url: string, title: string, text: string, headings: ReadonlyArray<string> = []) => ({
  url, title, description: "", headings, text, jsonLd: [], products: [], listItems: []
})

const productPages = [
  page("https://inn.example/rooms/garden-room", "The Garden Room | Larch House", "The Garden Room opens onto the walled garden. A short walk to the Roman baths and the abbey. King bed, rain shower.", ["The Garden Room"]),
  page("https://inn.example/", "Larch House | Bed and breakfast", "A Georgian bed and breakfast ten minutes' walk from the baths.", ["Larch House"])
]

describe("a product's place", () => {
  it("is its business's town when the business's crawl gives one", () => {
    const facts = factsFromPages({ name: "The Garden Room", kind: "product", businessName: "Larch House", url: productPages[0]!.url, pages: productPages, businessPlace: "Bath" })
    expect(facts.place).toBe("Bath")
    expect(facts.keywords).not.toContain("bath")
  })

  it("is read from its own pages when the business's town is unknown, as before", () => {
    const facts = factsFromPages({ name: "The Garden Room", kind: "product", businessName: "Larch House", url: productPages[0]!.url, pages: productPages, businessPlace: null })
    expect(facts.place).toBeNull()
  })

  it("is not given to a business (its own site says where it is)", () => {
    const facts = factsFromPages({ name: "Larch House", kind: "business", businessName: "Larch House", url: "https://inn.example/", pages: productPages, businessPlace: "Bath" })
    expect(facts.place).toBeNull()
  })
})
