/**
 * A business whose pages name no kind of business, and whose schema.org type is only
 * LocalBusiness, is the work its home page's title names ("Sewing Machine Repairs & Servicing in
 * Leeds" → "sewing machine repair"; "Tax Preparation and ITIN in Tucson" → "tax preparation"): with
 * no kind at all, its prompts asked for "specialists" and "local businesses". A title that names
 * goods ("Custom printed boxes for D2C brands") says what is sold, not who sells it: no kind from it.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { sitePage } from "./site-builder.ts"

const localBusiness = (name: string) => ({ "@context": "https://schema.org", "@type": "LocalBusiness", name, address: { "@type": "PostalAddress", addressLocality: "Leeds" } })

const factsOf = (name: string, title: string, text: string) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: "https://example.test/",
    pages: [
      sitePage("/", { title, headings: ["Welcome"], text, jsonLd: [localBusiness(name)] }),
      sitePage("/about.html", { title: `About | ${name}`, headings: ["Our story"], text: "We started in a spare room in 2009." })
    ]
  })

describe("the work a home page's title names", () => {
  it("is the kind of a business that says no other", () => {
    expect(factsOf("Kirkgate Sewing Machine Repairs", "Kirkgate | Sewing Machine Repairs & Servicing in Leeds", "Bring your machine in. Skipped stitches, jammed bobbins.").category)
      .toBe("sewing machine repair")
    expect(factsOf("Marisol's Tax Prep", "Marisol's Tax Prep - Tax Preparation and ITIN in Leeds", "Individual returns, ITIN applications and amended returns.").category)
      .toBe("tax preparation company")
  })

  it("guards: goods a title names are not the kind", () => {
    expect(factsOf("Dabba Packaging", "Dabba Packaging – Custom printed boxes for D2C brands, Leeds", "Mailer boxes, rigid boxes and sleeves.").category).not.toBe("custom printed box")
  })

  it("says more than a kind's word seen on one page only", () => {
    const facts = factsFromPages({
      name: "Baseline Tennis Coaching",
      kind: "business",
      businessName: "Baseline Tennis Coaching",
      url: "https://example.test/",
      pages: [
        sitePage("/", { title: "Tennis Lessons Fremantle | Baseline Tennis Coaching", headings: ["Tennis for all ages"], text: "Group lessons, private lessons and holiday camps." }),
        sitePage("/camps.html", { title: "Holiday Camps | Baseline Tennis Coaching", headings: ["Holiday camps", "School holidays"], text: "Three-day camps every school holiday." })
      ]
    })
    expect(facts.category).toBe("tennis lesson")
  })
})
