/**
 * Software sold in tiers and product lines named after the business: a pricing page's one-word
 * lines ("Starter €149", "Enterprise on request"), an app's one-word JSON-LD offers and "the Harbour
 * plan" in prose are each "<Name> plan"; a page about a model named by the business's name and one
 * word ("Larch Field") is read by what it says the model is, never as "fields"; two names joined
 * before what is done with them ("Exact Online and Twinfield accounting integration") are that
 * thing. Prompts ask how to handle only something done, not a thing ("mobile apps").
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages, type PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { headingOfferings } from "../../../src/pipeline/prompts/text-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch", kind: "business", businessName: "Larch", url: `${ORIGIN}/`, pages })

describe("plan tiers", () => {
  it("reads a pricing page's one-word lines, priced or on request, as plans", () => {
    const pricing = sitePage("/pricing.html", {
      title: "Pricing | Larch",
      headings: ["Pricing"],
      text: "Pricing Plan Per month Includes Basic €49 1 site, 3 users Growth €149 5 sites Enterprise on request unlimited sites"
    })
    expect(facts([pricing]).offerings).toEqual(["basic plan", "growth plan", "enterprise plan"])
  })

  it("reads an app's one-word JSON-LD offers and 'the X plan' in prose", () => {
    const home = sitePage("/", {
      headings: ["Larch"],
      text: "A free trial on the Harbour plan.",
      jsonLd: [{ "@type": "SoftwareApplication", name: "Larch", offers: [{ "@type": "Offer", name: "Harbour", price: "99" }, { "@type": "Offer", name: "Marina", price: "249" }] }]
    })
    expect(facts([home]).offerings).toEqual(["harbour plan", "marina plan"])
  })

  it("reads no one-word priced line of a price list that is not sold by the month", () => {
    const prices = sitePage("/prices.html", { title: "Prices | Larch", headings: ["Prices"], text: "Prices Haircut €20 Beard €12 Kids €15" })
    expect(facts([prices]).offerings.filter((o) => o.endsWith(" plan"))).toEqual([])
  })

  // (Round thirty-one: "Payment plans available for the RePL course" under a course price list made
  // "course plan", "endorsement plan" and "basics plan" of its lines' last words.)
  it("reads no price list as tiers because it offers payment plans", () => {
    const prices = sitePage("/prices.html", {
      title: "Fees | Larch",
      headings: ["Course fees"],
      text: "Course fees RePL Course $1,895 Night Flying Endorsement $450 Drone Photography Basics $249 All fees include GST. Payment plans available for the RePL course."
    })
    expect(facts([prices]).offerings.filter((o) => o.endsWith(" plan"))).toEqual([])
  })
})

describe("product lines named after the business", () => {
  it("reads a model's page by what it says the model is", () => {
    const field = sitePage("/products/larch-field.html", {
      title: "Larch Field | Larch",
      headings: ["Larch Field"],
      text: "Larch Field The mobile app for site crews, even offline.",
      products: [{ name: "Larch Field", description: "Mobile app for site crews with inspection tags.", url: `${ORIGIN}/products/larch-field.html` }]
    })
    expect(facts([field]).offerings).toEqual(["mobile app"])
  })

  it("reads two names joined before what is done with them as that thing", () => {
    expect(headingOfferings("Exact Online and Twinfield accounting integration", new Set())).toEqual(["accounting integration"])
    expect(headingOfferings("Data and TV antenna cabling", new Set())).toEqual(["data cabling", "TV antenna cabling"])
  })

  it("asks for a kind named after a plural in the singular", () => {
    expect(offeringForm("design drawings import")).toEqual({ text: "design drawings import", plural: false })
    expect(offeringForm("florist's choice")).toEqual({ text: "florist's choices", plural: true })
  })
})

describe("software prompts", () => {
  const SOFTWARE: PromptFacts = {
    name: "Larch",
    kind: "business",
    businessName: "Larch",
    url: `${ORIGIN}/`,
    offerings: ["mobile app", "crew planning", "starter plan"],
    category: "yard management software",
    place: "Utrecht",
    audience: [],
    keywords: [],
    features: [],
    openDays: [],
    visitable: false
  }

  it("asks how to handle something done, never a thing, and no local business stands in for software", () => {
    const prompts = builtinPrompts(SOFTWARE)
    const handled = prompts.filter((p) => p.startsWith("What is the best way to handle"))
    expect(handled.length).toBeGreaterThan(0)
    expect(handled.filter((p) => !p.startsWith("What is the best way to handle crew planning"))).toEqual([])
    expect(prompts.filter((p) => /local business|service provider/.test(p))).toEqual([])
  })

  it("gives a countable stand-in its article ('How much does an app with ... cost?')", () => {
    const prompts = builtinPrompts({ ...SOFTWARE, offerings: ["crew planning"] })
    expect(prompts.filter((p) => /\b(?:does|choose) (?:app|software tool) /.test(p))).toEqual([])
  })
})
