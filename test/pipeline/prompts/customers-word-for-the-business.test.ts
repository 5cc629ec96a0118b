/**
 * The business's kind in the customer's word, read from its own pages before a schema.org filing
 * name: "educational organization" and "home and construction business" never reach a prompt; a
 * title's "Coding classes for kids" names coding classes; "Meet our therapists" names the staff, not
 * the business, whose name says "Laser Clinic"; "Clinical Hypnotherapy in Calgary" with "Certified
 * Clinical Hypnotherapist" on the pages is a clinical hypnotherapist.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { isPeopleHeading } from "../../../src/pipeline/prompts/site-labels.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const factsOf = (name: string, pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

const typed = (type: string, town: string) => [{ "@type": type, name: "x", address: { "@type": "PostalAddress", addressLocality: town } }]

describe("the customer's word for the business", () => {
  it("is what the title says it teaches, whom for left out, not schema.org's educational organization", () => {
    const facts = factsOf("Pixel Pals", [
      sitePage("/", { title: "Coding classes for kids in Leeds | Pixel Pals", headings: ["Pick a path", "Web Builders"], text: "Small-group coding classes.", jsonLd: typed("EducationalOrganization", "Leeds") }),
      sitePage("/courses.html", { title: "Classes | Pixel Pals", headings: ["Web Builders"], text: "Build a website.", jsonLd: typed("EducationalOrganization", "Leeds") })
    ])
    expect(facts.category).toBe("coding class")
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /organi[sz]ation/iu.test(p))).toEqual([])
    expect(prompts).toContain("What is the best coding school in Leeds?")
  })

  it("is never a schema.org filing name, even when nothing else says what the business is", () => {
    const facts = factsOf("Fennick Glass", [
      sitePage("/", { title: "Home – Fennick Glass", headings: ["Leaded light repair"], text: "We repair leaded lights.", jsonLd: typed("HomeAndConstructionBusiness", "Galway") })
    ])
    expect(facts.category).toBe(null)
    expect(builtinPrompts(facts).filter((p) => /construction business/iu.test(p))).toEqual([])
  })

  it("is the institution the name ends in, not the staff a 'Meet our therapists' heading introduces", () => {
    const facts = factsOf("Glow Theory Laser Clinic", [
      sitePage("/", { title: "Laser Hair Removal | Glow Theory Laser Clinic", headings: ["Smooth skin, finally."], text: "Medical-grade laser hair removal for women and men." }),
      sitePage("/about.html", { title: "About | Glow Theory Laser Clinic", headings: ["Meet our therapists"], text: "Our laser therapists are trained nurses." })
    ])
    expect(facts.category).toBe("laser clinic")
    expect(isPeopleHeading("Meet our therapists")).toBe(true)
    expect(isPeopleHeading("Laser hair removal")).toBe(false)
  })

  it("is who practises what the title names, when the pages write that word", () => {
    const facts = factsOf("Stillpond Hypnotherapy", [
      sitePage("/", { title: "Clinical Hypnotherapy in Calgary - Stillpond Hypnotherapy", headings: ["Change the habits"], text: "Calm clinical hypnotherapy in Calgary." }),
      sitePage("/about.html", { title: "About - Stillpond Hypnotherapy", headings: ["Training"], text: "Certified Clinical Hypnotherapist in Calgary." })
    ])
    expect(facts.category).toBe("clinical hypnotherapist")
  })
})
