/**
 * Under a broad schema.org type, the kind is read from the name or the home page's title: a town
 * the name ends in is no part of the kind ("SkinSafe Skin Cancer Clinic Maroochydore"), and a
 * name whose words end in no business's noun ("Polar Reset Cryo") gives way to the title's
 * "<word> <studio|clinic|...>" ("Whole Body Cryotherapy & Recovery Studio in Scottsdale").
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const facts = (name: string, type: string, town: string, titles: ReadonlyArray<string>) =>
  factsFromPages({
    name, kind: "business", businessName: name, url: "https://site.example/",
    pages: titles.map((title, i) => ({
      url: `https://site.example/${i === 0 ? "" : `p${i}.html`}`, title, description: "", headings: [], text: "Book online.", products: [],
      jsonLd: i === 0 ? [{ "@context": "https://schema.org", "@type": type, name, address: { "@type": "PostalAddress", addressLocality: town } }] : []
    }))
  })

describe("the kind under a broad type", () => {
  it("leaves out the town the name ends in", () => {
    const name = "SkinSafe Skin Cancer Clinic Maroochydore"
    expect(facts(name, "MedicalBusiness", "Maroochydore", [`${name} | Skin Checks Sunshine Coast`, `Mole Mapping | ${name}`, `Contact | ${name}`]).category)
      .toBe("skin cancer clinic")
  })

  it("is the title's studio when the name ends in no business's noun", () => {
    const name = "Polar Reset Cryo"
    expect(facts(name, "HealthAndBeautyBusiness", "Scottsdale", [`${name} | Whole Body Cryotherapy & Recovery Studio in Scottsdale, AZ`, `Pricing | ${name}`, `FAQ | ${name}`]).category)
      .toBe("recovery studio")
  })

  it("stays the name's when it ends in one", () => {
    const name = "Polar Cryo Studio"
    expect(facts(name, "HealthAndBeautyBusiness", "Scottsdale", [`${name} | Whole Body Cryotherapy & Recovery Lounge in Scottsdale, AZ`, `Pricing | ${name}`, `Cryo studio FAQ | ${name}`]).category)
      .toBe("cryo studio")
  })
})
