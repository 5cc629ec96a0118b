/**
 * A home page's title may put the region before the kind ("Okanagan Wedding Planner, Kelowna BC");
 * when the pages say "in the Okanagan", the region is where, not what: the kind is "wedding planner",
 * and no prompt writes the region's name in lower case.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const page = (url: string, title: string, text: string, jsonLd: ReadonlyArray<unknown> = []) => ({ url, title, description: "", headings: [], text, jsonLd, products: [] })

describe("a region before the kind in a title", () => {
  it("leaves the region out of the kind", () => {
    const facts = factsFromPages({
      name: "Birch Row Weddings", kind: "business", businessName: "Birch Row Weddings", url: "https://birch.example/",
      pages: [
        page("https://birch.example/", "Birch Row Weddings | Kootenay Wedding Planner, Nelson BC", "Birch Row plans weddings in the Kootenay. Full planning, partial planning and day-of coordination in Nelson, BC.",
          [{ "@context": "https://schema.org", "@type": "LocalBusiness", name: "Birch Row Weddings", address: { "@type": "PostalAddress", addressLocality: "Nelson", addressRegion: "BC", addressCountry: "CA" } }]),
        page("https://birch.example/services.html", "Services | Birch Row Weddings", "Full planning from $6,500. Partial planning from $3,800.")
      ]
    })
    expect(facts.category).toBe("wedding planner")
    expect(builtinPrompts(facts).filter((p) => /\bkootenay\b/u.test(p))).toEqual([])
  })
})
