/**
 * A price list typed one paragraph per line with dot leaders between the name and the price
 * ("Upper lip .......... $45"), as site builders' rich-text blocks write it: each line is a priced item.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"

const page = (main: string) => `<!doctype html><html><head><title>Pricing</title></head><body><main>${main}</main></body></html>`

describe("dot leaders in a paragraph price list", () => {
  it("reads each line's name before its dots", () => {
    const extracted = extractPage(page(`
      <h1>Treatments &amp; Pricing</h1>
      <p>Upper arms .......... $60</p>
      <p>Eyebrow tint … £12</p>
      <p>Back &amp; shoulders ..... €95</p>`), "https://made-up.example/pricing.html")
    expect(extracted.products.map((p) => [p.name, p.price])).toEqual([["Upper arms", "60"], ["Eyebrow tint", "12"], ["Back & shoulders", "95"]])
  })

  it("reads no item from prose that trails off before a price", () => {
    const extracted = extractPage(page(`<p>We waited... and waited. Then the price went up to $60 for everyone.</p>`), "https://made-up.example/blog.html")
    expect(extracted.products).toEqual([])
  })
})
