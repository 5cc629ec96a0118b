/**
 * What the naturalness judges of holdout-bc to holdout-bh marked (round thirty): a countable
 * thing whose name stays in the singular is asked for with "a" ("a wig cut and style"); materials
 * and work done are never made plural ("seasoned hardwoods", "koi pond constructions", "postages");
 * a participle or an adverb after a thing keeps its "s" off the last word ("wigs bought elsewheres");
 * a trade that works where its customer is gets no opening-hours prompts ("Are dry stone wallers usually open on Monday?");
 * a hut, a lodge or a villa is a stay, booked and stayed in ("Who has a kestrel hut in stock?", "What happens during a kestrel hut?").
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { namesOne, offeringForm, pluralOf } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { productArticle } from "../../../src/pipeline/prompts/product-templates.ts"
import { type Slots, TEMPLATES } from "../../../src/pipeline/prompts/templates.ts"
import { atCustomerOf } from "../../../src/pipeline/prompts/visit-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const template = (id: string) => TEMPLATES.find((t) => t.id === id)!
const slots = (offering: string, other = "medical wigs"): Slots => {
  const form = offeringForm(offering)
  const otherForm = offeringForm(other)
  return {
    kind: "business",
    category: "wig studio",
    aCategory: "a wig studio",
    categories: "wig studios",
    countable: true,
    offering: form.text,
    offeringPlural: form.plural,
    offeringOne: namesOne(form),
    other: otherForm.text,
    otherOne: namesOne(otherForm),
    place: "Toronto",
    audience: "brides",
    feature: "vegan",
    day: "Friday",
    name: "Maple Crown Wigworks"
  }
}

describe("one thing named in the singular", () => {
  it("is one thing when two things are sold as one, a detail has its own article, or a pack is counted by its figure", () => {
    for (const name of ["wig cut and style", "home visit in the GTA", "campfire bundle 3-pack", "lash lift and tint", "flea & tick bath", "arborist report for a tree permit"]) {
      expect({ name, one: namesOne(offeringForm(name)) }).toEqual({ name, one: true })
    }
  })

  it("is not one thing when its head is no such thing, it counts its own, or it is a plural, a name, a request or another language", () => {
    for (const name of ["garden and farm", "sake by the glass", "two men and a van", "maple syrup & honey", "plant of the month", "learn to boulder", "wedding cakes", "sports massage", "Heritage Kilt with sporran"]) {
      expect({ name, one: namesOne(offeringForm(name)) }).toEqual({ name, one: false })
    }
    expect(namesOne(offeringForm("wig cut and style", false), false)).toBe(false)
  })

  it("takes its article in a sentence, and stays bare in a typed query", () => {
    expect(template("price-usual-charge").render(slots("wig cut and style"))).toBe("What do wig studios usually charge for a wig cut and style?")
    expect(template("discovery-really-good").render(slots("campfire bundle 3-pack"))).toBe("Where can I find a really good campfire bundle 3-pack?")
    expect(template("alternatives-usual-closed").render(slots("home visit in the GTA"))).toBe("If my usual wig studio is closed, what is a good alternative for a home visit in the GTA?")
    expect(template("comparison-cheap-premium").render(slots("wig cut and style"))).toBe("What is the difference between a cheap and a premium wig cut and style?")
    expect(template("price-worth-it").render(slots("wig cut and style"))).toBe("Is an expensive wig cut and style really worth the money?")
    expect(template("comparison-better").render(slots("medical wigs", "wig cut and style"))).toBe("Which is better, medical wigs or a wig cut and style?")
    expect(template("discovery-best-in-place").render(slots("wig cut and style"))).toBe("best wig cut and style in Toronto")
    // Plurals and things named as written read as before.
    expect(template("price-usual-charge").render(slots("medical wig"))).toBe("What do wig studios usually charge for medical wigs?")
    expect(template("discovery-really-good").render(slots("garden and farm"))).toBe("Where can I find really good garden and farm?")
  })

  // (Round thirty-one's judges: "It is my first time getting pathfinder 4 mobility scooter", "Where can
  // I find really good ranger 8 heavy duty scooter?", an article dropped before a model.)
  it("is one thing when it is a model by its number, of a thing had one at a time", () => {
    for (const name of ["pathfinder 4 mobility scooter", "ranger 8 heavy duty scooter", "desert 6\" dobsonian telescope", "grade 3 club bat", "kestrel 62\" take-down recurve bow"]) {
      expect({ name, one: namesOne(offeringForm(name)) }).toEqual({ name, one: true })
    }
    expect(template("problem-first-time").render(slots("pathfinder 4 mobility scooter"))).toBe("It is my first time getting a pathfinder 4 mobility scooter, what should I know?")
    expect(template("discovery-really-good").render(slots("ranger 8 heavy duty scooter"))).toBe("Where can I find a really good ranger 8 heavy duty scooter?")
    expect(template("discovery-best-in-place").render(slots("ranger 8 heavy duty scooter"))).toBe("best ranger 8 heavy duty scooter in Toronto")
  })

  it("guard: a number that is a measure, a time or a count, a thing sold by the kilo, work done or a name stays as written", () => {
    for (const name of ["70mm refractor telescope", "omega 3 fish oil", "level 2 coaching", "24/7 emergency plumbing", "10:30 class", "Trail Runner 3 shoe", "kids' 70mm refractor starter telescope"]) {
      expect({ name, one: namesOne(offeringForm(name)) }).toEqual({ name, one: false })
    }
  })
})

describe("materials and work done", () => {
  it("are asked for in the singular and without an article", () => {
    for (const name of ["seasoned hardwood", "pizza oven wood", "soft leaf buffalo grass", "turf underlay soil", "koi pond construction", "postage", "placenta encapsulation", "postpartum meal prep", "long straw"]) {
      expect({ name, form: offeringForm(name) }).toEqual({ name, form: { text: name, plural: false } })
      expect({ name, aProduct: productArticle(name).aProduct }).toEqual({ name, aProduct: name })
    }
  })

  // (Round thirty-one: "beard oils", "amber rich maple syrups", "an amber rich maple syrup".)
  it("include what is sold by the measure: oil, honey, syrup, flour, milk, juice", () => {
    for (const name of ["beard oil", "estate extra virgin olive oil", "amber rich maple syrup", "wildflower honey", "stoneground flour", "raw milk", "cold-pressed apple juice"]) {
      expect({ name, form: offeringForm(name) }).toEqual({ name, form: { text: name, plural: false } })
      expect({ name, aProduct: productArticle(name).aProduct }).toEqual({ name, aProduct: name })
    }
  })
})

describe("a thing with a participle or an adverb after it", () => {
  it("keeps the plural on the thing", () => {
    expect(offeringForm("wigs bought elsewhere")).toEqual({ text: "wigs bought elsewhere", plural: true })
    expect(pluralOf("shingles blown off")).toBe("shingles blown off")
    expect(pluralOf("consultation elsewhere")).toBe("consultations elsewhere")
  })
})

describe("trades that work where the customer is", () => {
  it("are no place with opening hours", () => {
    for (const kind of ["dry stone waller", "water well drilling company", "proofing company", "shearing gang", "bath reglazing service", "floor sanding company"]) {
      expect({ kind, atCustomer: atCustomerOf(["We build and repair walls across the dales."], kind) }).toEqual({ kind, atCustomer: true })
    }
    // ("Visit us" still says customers come in.)
    expect(atCustomerOf(["Visit us at the yard."], "dry stone waller")).toBe(false)
    expect(atCustomerOf(["We build walls."], "wallpaper shop")).toBe(false)
  })
})

describe("a stay sold as a product", () => {
  const productFacts = (name: string, path: string, text: string) =>
    factsFromPages({
      name,
      kind: "product",
      businessName: "Tregarrow Glamping",
      url: `${ORIGIN}${path}`,
      businessPlace: "St Agnes",
      pages: [sitePage(path, { title: `${name} | Tregarrow Glamping`, headings: [name], text: `${name} ${text}`, products: [] })]
    })

  it("is booked and stayed in, never bought, delivered or gone through", () => {
    const prompts = builtinPrompts(productFacts("The Kestrel Hut", "/the-kestrel-hut.html", "A hand-built shepherd's hut for two with a wood-fired hot tub. From £140 a night."))
    expect(prompts).toHaveLength(100)
    expect(prompts.filter((p) => /\b(?:in stock|delivered|buying|on sale|what happens during)\b/iu.test(p))).toEqual([])
    // (Named, it is asked for as the shepherd's hut its page says it is: named-things.test.ts.)
    expect(prompts).toContain("Do I need to book a hand-built shepherd's hut in advance?")
    expect(prompts).toContain("How far ahead should I book a hand-built shepherd's hut?")
  })

  it("leaves an escape room played in, as before", () => {
    const prompts = builtinPrompts(productFacts("Vault Virtual Escape Room", "/the-vault.html", "The Vault is a virtual escape room for remote teams, played over video. $25 per player."))
    expect(prompts.filter((p) => /what happens during/iu.test(p))).toEqual(["What happens during a vault virtual escape room?"])
  })
})
