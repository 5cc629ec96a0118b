/**
 * A category that names the work ("catering", "Pilates", "photography"), not who does it, has kinds
 * that are what is sold: a page titled "Funeral catering" at a caterer, "Mat Pilates" at a studio.
 * A category that names the business ("dentist", "bakery") still has none ("Emergency dentist").
 * "Pilates" has no singular, and a page called "Menus & prices" lists offerings without being one.
 */
import { describe, expect, it } from "vitest"
import { pluralOf } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { stem } from "../../../src/pipeline/prompts/prompt-text.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const place = (type: string, name: string) => ({ "@context": "https://schema.org", "@type": type, name, address: { "@type": "PostalAddress", addressLocality: "Leicester" } })

describe("kinds of the work a category names", () => {
  it("a caterer's pages for funeral and office catering are offerings, its menus page is not", () => {
    const facts = factsFromPages({
      name: "Cumin & Clove",
      kind: "business",
      businessName: "Cumin & Clove",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Cumin & Clove | Catering in Leicester", headings: ["Home-style catering for every gathering"], text: "Catering across Leicester." }),
        sitePage("/funerals.html", { title: "Funeral catering | Cumin & Clove", headings: ["Funeral catering"], text: "Quiet, respectful food for the wake." }),
        sitePage("/office.html", { title: "Office catering | Cumin & Clove", headings: ["Office catering"], text: "Platters delivered to your office." }),
        sitePage("/menus.html", { title: "Menus & prices | Cumin & Clove", headings: ["Menus & prices"], text: "Our menus." })
      ]
    })
    expect(facts.category).toBe("catering")
    expect(facts.offerings).toContain("funeral catering")
    expect(facts.offerings).toContain("office catering")
    expect(facts.offerings).not.toContain("menus")
  })

  it("a Pilates studio's classes are kinds of Pilates, and 'Pilates' stays whole", () => {
    const facts = factsFromPages({
      name: "Tōtara Pilates",
      kind: "business",
      businessName: "Tōtara Pilates",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Tōtara Pilates | Pilates in Leicester", headings: ["Move well"], text: "Small Pilates classes.", jsonLd: [place("SportsActivityLocation", "Tōtara Pilates")] }),
        sitePage("/clinical.html", { title: "Clinical Pilates | Tōtara Pilates", headings: ["Clinical Pilates"], text: "Pilates with a physio, after injury." })
      ]
    })
    expect(facts.category).toBe("pilates")
    expect(facts.offerings).toContain("clinical pilates")
    expect(stem("Pilates")).toBe("Pilates")
    expect(pluralOf("mat Pilates")).toBe("mat Pilates")
  })

  it("a dentist's emergency page is the business with a feature, not an offering", () => {
    const facts = factsFromPages({
      name: "Soar Dental",
      kind: "business",
      businessName: "Soar Dental",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Soar Dental | Dentist in Leicester", headings: ["Your local dentist"], text: "Check-ups, fillings and whitening.", jsonLd: [place("Dentist", "Soar Dental")] }),
        sitePage("/emergency.html", { title: "Emergency dentist | Soar Dental", headings: ["Emergency dentist"], text: "Same-day appointments for toothache." }),
        sitePage("/whitening.html", { title: "Teeth whitening | Soar Dental", headings: ["Teeth whitening"], text: "Whitening in one visit." })
      ]
    })
    expect(facts.category).toBe("dentist")
    expect(facts.offerings).toContain("teeth whitening")
    expect(facts.offerings).not.toContain("emergency dentist")
  })
})
