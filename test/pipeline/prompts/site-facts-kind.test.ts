/**
 * The generated site's category is the kind the prompts name: "Harbour Cookery School" with
 * "school" in its headings is a cookery school in both (the one-word kind rule sits in the facts
 * both read, not in the prompt generator alone).
 */
import { describe, expect, it } from "vitest"
import { SiteCrawled } from "../../../src/domain/crawl-events.ts"
import type { BusinessId } from "../../../src/domain/entity-ref.ts"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { siteFactsFrom } from "../../../src/pipeline/site-facts.ts"

const page = (path: string, title: string, body: string) => {
  const url = `https://harbour.example${path}`
  const p = extractPage(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`, url)
  return { url, title: p.title, description: p.description, headings: p.headings, text: p.text, jsonLd: p.jsonLd, products: [], listItems: p.listItems }
}

describe("the site's category", () => {
  it("is the kind with the word the name says it is of", () => {
    const pages = [
      page("/", "Knife skills classes in Whitby · Harbour Cookery School", "<h1>Knife skills classes</h1><h2>Our school</h2><p>Classes every weekend.</p>"),
      page("/about.html", "About our school", "<h1>A small school</h1><p>Founded in 2012.</p>")
    ]
    const crawl = new SiteCrawled({
      businessId: "harbour" as BusinessId, itemId: null, startUrl: "https://harbour.example/", siteName: null, pages, disallowed: [], crawledAt: "2026-03-01T00:00:00.000Z"
    })
    const facts = siteFactsFrom({ name: "Harbour Cookery School", businessName: "Harbour Cookery School", kind: "business", sourceUrl: "https://harbour.example/", crawl })
    expect(facts.category).toBe("cookery school")
  })
})
