/**
 * A product named as a model ("Halo X2 Standing Desk") is its own brand: prompts naming it are brand
 * prompts, capped. The words after its code, when its page writes them in lower case ("X2 electric
 * standing desk"), are the kind of thing it is: an offering of its own, asked about as customers
 * shopping for one ask ("standing desk price in NZ"). A code's own suffix ("AE-1 Program") is none.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const product = (name: string, description: string) => ({ name, description, sku: null, price: "649", currency: "NZD", url: null, image: null, source: "jsonld" as const })

const factsOf = (name: string, path: string, text: string, description: string) =>
  factsFromPages({
    name,
    kind: "product",
    businessName: "Birchline Office",
    url: `${ORIGIN}${path}`,
    businessPlace: "Wellington",
    pages: [sitePage(path, { title: `${name} | Birchline Office`, headings: [name], text: `${name} $649 ${text}`, products: [product(name, description)] })]
  })

describe("the kind after a model's code", () => {
  it("a standing desk named as a model is asked about as a standing desk", () => {
    const facts = factsOf("Halo X2 Standing Desk", "/desks/halo-x2.html", "Dual motors, a bamboo top and four memory presets.", "X2 electric standing desk with a bamboo top.")
    expect(facts.offerings).toContain("standing desk")
    const prompts = builtinPrompts(facts)
    const aboutIt = prompts.filter((p) => /standing desk/iu.test(p))
    expect(aboutIt.length).toBeGreaterThanOrEqual(75)
    expect(prompts).not.toContain("Which seller has the best good value products in Wellington?")
  })

  it("a course named by its code is asked about as the course its description says it is, without a length too long to say", () => {
    const facts = factsOf("DVA 2 Open Water Diving", "/courses/dva-2.html", "Pool mornings, then four sea dives. Max. 4 students.", "Three-day beginner scuba diving course with certification.")
    expect(facts.offerings).toContain("beginner scuba diving course")
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /scuba diving course|open water diving/iu.test(p)).length).toBeGreaterThanOrEqual(75)
  })

  it("a machine hired by its weight is asked about as the kind its page writes, weight and hire aside", () => {
    const facts = factsOf("2.5 Tonne Tracked Dumper Hire", "/fleet/dumper.html", "The Brandname TD25 tracked dumper carries a tonne up a slope.", "Dumper for garden and site work.")
    expect(facts.offerings).toContain("tracked dumper")
  })

  it("a code's own suffix that the page never writes in lower case is no kind", () => {
    const facts = factsOf("Meridian AE-1 Program", "/cameras/ae-1.html", "A 1981 SLR body, tested and cleaned.", "Serviced film SLR body.")
    expect(facts.offerings).not.toContain("program")
  })
})
