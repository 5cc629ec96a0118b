/**
 * A portfolio ("Selected work", `/work`, `/projects`, "Referenzen") names past clients and their
 * projects in its headings ("Tall Pines Brewing"): a page about the business, never its offerings.
 */
import { describe, expect, it } from "vitest"
import { pageKind } from "../../../src/pipeline/prompts/site-pages.ts"

const page = (url: string, title: string) => ({ url, title, headings: [], text: "", jsonLd: [], products: [] })

describe("portfolio pages", () => {
  it("are pages about the business, by address or title", () => {
    expect(pageKind(page("https://studio.example/work.html", "Work | Studio"))).toBe("business")
    expect(pageKind(page("https://studio.example/projekte/", "Projekte | Atelier Nord"))).toBe("business")
    expect(pageKind(page("https://studio.example/p/42", "Selected work | Halfmoon Design"))).toBe("business")
    expect(pageKind(page("https://studio.example/p/43", "Nos réalisations | Atelier Sud"))).toBe("business")
    // A wedding planner's portfolio: couples' names ("Sarah & Tom") in its headings.
    expect(pageKind(page("https://planner.example/real-weddings.html", "Real Weddings | Birch Row Weddings"))).toBe("business")
    expect(pageKind(page("https://planner.example/p/7", "Real weddings | Birch Row Weddings"))).toBe("business")
  })

  it("leaves a page of a service alone", () => {
    expect(pageKind(page("https://studio.example/services/packaging-design", "Packaging design | Studio"))).not.toBe("business")
  })
})
