/**
 * schema.org's MedicalClinic says a clinic, not which: a hearing clinic's own name and titles say
 * which ("Tui Hearing Clinic", "Audiologists in Nelson"). A name of two words joined by "&" ("Ink
 * & Brush") is a name, its second word no kind of business.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const clinic = { "@context": "https://schema.org", "@type": "MedicalClinic", name: "Tui Hearing Clinic", address: { "@type": "PostalAddress", addressLocality: "Nelson" } }

describe("the kind under a broad type", () => {
  it("a medical clinic whose name and titles say it is a hearing clinic", () => {
    const facts = factsFromPages({
      name: "Tui Hearing Clinic",
      kind: "business",
      businessName: "Tui Hearing Clinic",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Tui Hearing Clinic | Audiologists in Nelson", headings: ["Hear the birds again"], text: "Hearing tests and hearing aids in Nelson.", jsonLd: [clinic] }),
        sitePage("/hearing-tests.html", { title: "Hearing tests | Tui Hearing Clinic", headings: ["Hearing tests"], text: "A full hearing test takes an hour." })
      ]
    })
    expect(facts.category).toBe("hearing clinic")
  })

  it("a name of two words joined by '&' has no kind in its second word", () => {
    const facts = factsFromPages({
      name: "Ink & Brush",
      kind: "business",
      businessName: "Ink & Brush",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Ink & Brush – Calligraphy School in Leeds",
          headings: ["Calligraphy classes in Leeds"],
          text: "Calligraphy classes in Leeds.",
          jsonLd: [{ "@context": "https://schema.org", "@type": "EducationalOrganization", name: "Ink & Brush", address: { "@type": "PostalAddress", addressLocality: "Leeds" } }]
        }),
        sitePage("/kit.html", { title: "Starter Brush Kit | Ink & Brush", headings: ["Starter Brush Kit"], text: "A brush, ink and paper." })
      ]
    })
    expect(facts.category).not.toBe("brush")
  })

  it("an educational organisation whose home title says what one learns there is a school of it", () => {
    const facts = factsFromPages({
      name: "Quill & Nib",
      kind: "business",
      businessName: "Quill & Nib",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Quill & Nib – Learn Copperplate Lettering Online",
          headings: ["Lettering lessons from Bath"],
          text: "Video lessons and live classes.",
          jsonLd: [{ "@context": "https://schema.org", "@type": "EducationalOrganization", name: "Quill & Nib", address: { "@type": "PostalAddress", addressLocality: "Bath" } }]
        })
      ]
    })
    expect(facts.category).toBe("copperplate lettering school")
  })

  it("a medical clinic named for its practice ('Chiropractic') is what its title calls it", () => {
    const facts = factsFromPages({
      name: "Spine Line Chiropractic",
      kind: "business",
      businessName: "Spine Line Chiropractic",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Spine Line Chiropractic | Chiropractor in Riccarton, Christchurch",
          headings: ["Move freely again"],
          text: "Adjustments in Riccarton.",
          jsonLd: [{ ...clinic, name: "Spine Line Chiropractic", address: { "@type": "PostalAddress", addressLocality: "Christchurch" } }]
        }),
        sitePage("/treatments.html", { title: "Treatments | Spine Line Chiropractic", headings: ["Treatments", "Dry needling"], text: "Chiropractic care for backs." })
      ]
    })
    expect(facts.category).toBe("chiropractor")
  })

  it("a snack bar's page does not make a bowling alley a bar", () => {
    const facts = factsFromPages({
      name: "Strike Alley",
      kind: "business",
      businessName: "Strike Alley",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Strike Alley | Tenpin Bowling in Dayton", headings: ["Dayton's lanes"], text: "Sixteen lanes in Dayton, Dayton's oldest." }),
        sitePage("/snack-bar.html", { title: "Snack Bar Menu | Strike Alley", headings: ["Snack Bar"], text: "Nachos and hot dogs." })
      ]
    })
    expect(facts.category).not.toBe("bar")
  })
})

