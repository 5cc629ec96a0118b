/**
 * A type's kind and the home page's title: "Nanny Agency in Bristol & Bath" under EmploymentAgency
 * ("recruitment agency") names the business in its own words, a kind of the type's own noun; a
 * title that says how ("24/7 Plumber in Denver") leaves the type's kind as it is.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const site = (name: string, type: string, title: string) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", {
        title: `${name} | ${title}`,
        headings: [name],
        text: `${name} Trusted by families since 2012.`,
        jsonLd: [{ "@context": "https://schema.org", "@type": type, name }]
      })
    ]
  })

describe("the title's kind of the type's noun", () => {
  it("takes the title's own kind over the type's", () => {
    expect(site("Bramble & Bough Nannies", "EmploymentAgency", "Nanny Agency in Bristol & Bath").category).toBe("nanny agency")
  })

  it("keeps the type's kind when the title says how, not what", () => {
    expect(site("Front Range Plumbing Co.", "Plumber", "24/7 Plumber in Denver, CO").category).toBe("plumber")
    expect(site("Bramble & Bough Nannies", "EmploymentAgency", "Bristol & Bath").category).toBe("recruitment agency")
  })
})
