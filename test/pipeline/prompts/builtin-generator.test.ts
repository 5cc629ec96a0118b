import { describe, expect, it } from "vitest"
import { builtinPrompts, builtinPromptsTagged, builtinTopUp } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { PROMPT_INTENTS, type PromptIntent, type Slots, TEMPLATES } from "../../../src/pipeline/prompts/templates.ts"
import { namesEntity, normalizePrompt, validatePrompts } from "../../../src/pipeline/prompts/validate-prompts.ts"
import { nearDuplicates } from "../../fixtures/prompt-eval/score.ts"
import { BAKERY, LLM_STYLE_PROMPTS, SAAS, THIN } from "./fixtures.ts"

const intentCounts = (facts: PromptFacts, count = 100) => {
  const counts = Object.fromEntries(PROMPT_INTENTS.map((intent) => [intent, 0])) as Record<PromptIntent, number>
  for (const p of builtinPromptsTagged(facts, count)) counts[p.intent] += 1
  return counts
}

/** The checks every generated set must pass, whatever the facts. */
const expectValidSet = (facts: PromptFacts, prompts: ReadonlyArray<string>, count: number) => {
  expect(prompts).toHaveLength(count)
  expect(new Set(prompts.map(normalizePrompt)).size).toBe(count)
  // Validated as one set: one sentence each, 4–30 words, distinct, relevant, brand cap held.
  expect(validatePrompts(prompts, facts, { count }).rejected).toEqual([])
  expect(prompts.filter((p) => namesEntity(p, facts)).length).toBeLessThanOrEqual(Math.floor(count / 10))
}

describe("TEMPLATES", () => {
  it("has at least 40 templates, at least 4 per intent, with unique ids", () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(40)
    for (const intent of PROMPT_INTENTS) {
      expect(TEMPLATES.filter((t) => t.intent === intent).length, intent).toBeGreaterThanOrEqual(4)
    }
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length)
  })
})

describe("builtinPrompts", () => {
  it("returns exactly 100 distinct, valid prompts for a business", () => {
    expectValidSet(BAKERY, builtinPrompts(BAKERY), 100)
  })

  it("is deterministic: the same facts give the same list, byte for byte", () => {
    const first = JSON.stringify(builtinPrompts(BAKERY))
    const second = JSON.stringify(builtinPrompts(BAKERY))
    expect(second).toBe(first)
    // Equal facts built in another key order are the same input.
    const reordered: PromptFacts = {
      keywords: [...BAKERY.keywords],
      audience: [...BAKERY.audience],
      place: BAKERY.place,
      category: BAKERY.category,
      offerings: [...BAKERY.offerings],
      url: BAKERY.url,
      businessName: BAKERY.businessName,
      kind: BAKERY.kind,
      name: BAKERY.name
    }
    expect(JSON.stringify(builtinPrompts(reordered))).toBe(first)
  })

  it("covers every intent the facts allow, brand prompts at their quota", () => {
    const counts = intentCounts(BAKERY)
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(100)
    expect(counts.brand).toBe(5)
    // No feature and no open day in these facts: filter prompts only ask for two offerings at one
    // place, and hours only as "open now".
    expect(builtinPromptsTagged(BAKERY).filter((p) => p.intent === "filter").map((p) => p.prompt)).toEqual([
      "Which bakeries offer both viennoiseries and sourdough bread?",
      "Which bakeries offer both wedding cakes and custom birthday cakes?"
    ])
    for (const intent of PROMPT_INTENTS.filter((i) => i !== "brand" && i !== "filter" && i !== "hours")) {
      expect(counts[intent], intent).toBeGreaterThanOrEqual(7)
    }
    const rich = intentCounts({ ...BAKERY, features: ["gluten-free", "wheelchair accessible"], openDays: ["Sunday", "Saturday"] })
    expect(rich.filter).toBeGreaterThanOrEqual(6)
    expect(rich.hours).toBeGreaterThanOrEqual(6)
  })

  it("asks what a customer would: best in the place, near me, open on a day, dietary filters", () => {
    const prompts = builtinPrompts({ ...BAKERY, features: ["gluten-free"], openDays: ["Sunday"] }, 200)
    for (const expected of [
      "highest rated croissants in Lyon",
      "bakery open now near me in Lyon",
      "What time do bakeries in Lyon open on Sunday?",
      "Which bakeries in Lyon have gluten-free options?"
    ]) expect(prompts).toContain(expected)
  })

  it("keeps brand-navigational prompts to a few, and everything else free of the name", () => {
    const tagged = builtinPromptsTagged(BAKERY)
    const naming = tagged.filter((p) => namesEntity(p.prompt, BAKERY))
    expect(naming.length).toBeLessThanOrEqual(10)
    expect(naming.every((p) => p.intent === "brand")).toBe(true)
  })

  it("fills the templates with the facts: offerings, place, audience", () => {
    const prompts = builtinPrompts(BAKERY)
    const mentioning = (phrase: string) => prompts.filter((p) => p.toLowerCase().includes(phrase.toLowerCase())).length
    expect(mentioning("bakery") + mentioning("bakeries")).toBeGreaterThanOrEqual(45)
    expect(mentioning("Lyon")).toBeGreaterThanOrEqual(8)
    expect(mentioning("near me")).toBeGreaterThanOrEqual(3)
    expect(mentioning("wedding cakes")).toBeGreaterThanOrEqual(5)
    expect(mentioning("event planners") + mentioning("busy families") + mentioning("couples")).toBeGreaterThanOrEqual(5)
    expect(prompts).toContain("What is the best bakery in Lyon?")
  })

  it("reads well: plurals, articles and verb agreement", () => {
    const template = (id: string) => TEMPLATES.find((t) => t.id === id)!
    const slots: Slots = {
      kind: "business",
      category: "bakery",
      aCategory: "a bakery",
      categories: "bakeries",
      countable: true,
      offering: "wedding cakes",
      offeringPlural: true,
      offeringOne: false,
      other: "croissants",
      otherOne: false,
      place: "Lyon",
      audience: "couples",
      feature: "gluten-free",
      day: "Sunday",
      name: "Maison Dupont"
    }
    expect(template("price-worth-it").render(slots)).toBe("Are expensive wedding cakes really worth the money?")
    expect(template("price-worth-it").render({ ...slots, offering: "sourdough bread", offeringPlural: false }))
      .toBe("Is expensive sourdough bread really worth the money?")
    expect(template("price-cost-in-place").render(slots)).toBe("How much do wedding cakes cost in Lyon?")
    expect(template("how-to-choose").render(slots)).toBe("How do I choose a good bakery for wedding cakes?")
    expect(template("comparison-better").render(slots)).toBe("Which is better, wedding cakes or croissants?")
    expect(template("hours-open-day-place").render(slots)).toBe("bakeries open on Sunday in Lyon")
    // Offerings are asked for in the plural when countable, as written otherwise.
    expect(offeringForm("butter croissant")).toEqual({ text: "butter croissants", plural: true })
    expect(offeringForm("sourdough loaf")).toEqual({ text: "sourdough loaves", plural: true })
    expect(offeringForm("teeth whitening")).toEqual({ text: "teeth whitening", plural: false })
    expect(offeringForm("pain au chocolat")).toEqual({ text: "pain au chocolat", plural: false })
    // A service named by its control, removal or hire is asked for in the singular ("ant controls" is nobody's question).
    expect(offeringForm("ant control")).toEqual({ text: "ant control", plural: false })
    expect(offeringForm("wasp nest removal")).toEqual({ text: "wasp nest removal", plural: false })
    expect(offeringForm("shoe hire")).toEqual({ text: "shoe hire", plural: false })
    // A verb's phrase is never pluralised ("learn to boulders"); nor is art ("nail arts").
    expect(offeringForm("learn to boulder")).toEqual({ text: "learn to boulder", plural: false })
    expect(offeringForm("nail art")).toEqual({ text: "nail art", plural: false })

    const prompts = builtinPrompts(BAKERY, 200)
    expect(prompts.some((p) => p.includes("a bakery"))).toBe(true)
    // No "a" before a vowel sound.
    expect(prompts.filter((p) => /\ba [aeio]/i.test(p))).toEqual([])
  })

  it("handles a product in a mass-noun category, online only: no article, no near-me", () => {
    const prompts = builtinPrompts(SAAS)
    expectValidSet(SAAS, prompts, 100)
    expect(prompts.some((p) => /near me|nearby/i.test(p))).toBe(false)
    expect(prompts.some((p) => /\ba project management software\b/i.test(p))).toBe(false)
    expect(prompts).toContain("project management software for small teams with Gantt charts")
    // A product's prompts are about what it offers: every one names an offering, its category or its business.
    const about = [...SAAS.offerings, SAAS.category!, SAAS.businessName]
    expect(prompts.filter((p) => !about.some((o) => p.includes(o)))).toEqual([])
    const counts = intentCounts(SAAS)
    expect(counts.local).toBe(0)
    for (const intent of PROMPT_INTENTS.filter((i) => !["local", "brand", "hours", "filter"].includes(i))) {
      expect(counts[intent], intent).toBeGreaterThanOrEqual(5)
    }
  })

  it("works with thin facts (only a name and a URL)", () => {
    const prompts = builtinPrompts(THIN)
    expectValidSet(THIN, prompts, 100)
    const counts = intentCounts(THIN)
    // No town known: no "near me" (it would name no place at all).
    expect(counts.local).toBe(0)
    expect(prompts.filter((p) => /near me|nearby|closest/i.test(p))).toEqual([])
    // Without a town, the near-me templates of other intents ("cheap ... near me in <town>", "open now
    // near me in <town>") are gone too; with no open day either, nothing asks about hours.
    for (const intent of PROMPT_INTENTS.filter((i) => !["filter", "local", "hours"].includes(i))) {
      expect(counts[intent], intent).toBeGreaterThanOrEqual(3)
    }
  })

  it("writes every near-me prompt with the town", () => {
    const prompts = builtinPrompts({ ...BAKERY, features: ["gluten-free", "wheelchair accessible"], openDays: ["Sunday"] }, 200)
    const nearMe = prompts.filter((p) => /near me|nearby|closest/i.test(p))
    expect(nearMe.length).toBe(21)
    expect(nearMe.filter((p) => !p.includes("Lyon"))).toEqual([])
  })

  it("works with a thin product and a category but no offerings", () => {
    const product: PromptFacts = { ...THIN, kind: "product", name: "Widget One", businessName: "Acme" }
    expectValidSet(product, builtinPrompts(product), 100)
    const florist: PromptFacts = { ...THIN, name: "Petals", category: "florist", place: "Bristol" }
    expectValidSet(florist, builtinPrompts(florist), 100)
  })

  it.each([1, 20, 57, 250])("returns exactly %i prompts when asked", (count) => {
    expectValidSet(BAKERY, builtinPrompts(BAKERY, count), count)
    expectValidSet(THIN, builtinPrompts(THIN, count), count)
  })

  it("gives two entities of the same field different openings", () => {
    const other: PromptFacts = { ...BAKERY, name: "Boulangerie Martin", businessName: "Boulangerie Martin", url: "https://martin.fr" }
    expect(builtinPrompts(other).slice(0, 10)).not.toEqual(builtinPrompts(BAKERY).slice(0, 10))
  })

  it("keeps the entity's name out of offerings it is part of", () => {
    const facts: PromptFacts = { ...BAKERY, offerings: ["Maison Dupont signature loaf", "wedding cakes"] }
    const prompts = builtinPrompts(facts)
    expectValidSet(facts, prompts, 100)
    expect(prompts.some((p) => p.includes("signature loaves") && !p.includes("Maison Dupont"))).toBe(true)
  })

  it("copes with a name made of ordinary words", () => {
    const facts: PromptFacts = { ...BAKERY, name: "The Bread Shop", businessName: "The Bread Shop" }
    expectValidSet(facts, builtinPrompts(facts), 100)
  })
})

describe("builtinPrompts and the evaluation set's near-duplicate measure", () => {
  it("writes no pair the scorer counts as near-duplicates, a word repeated in another form included", () => {
    const inn: PromptFacts = {
      name: "Wisteria House",
      kind: "business",
      businessName: "Wisteria House",
      url: "https://wisteria.example",
      offerings: ["breakfasts", "garden rooms", "afternoon tea", "family suite"],
      category: "bed and breakfast",
      place: "Bath",
      audience: ["couples"],
      keywords: [],
      features: ["breakfast included", "vegan", "dog-friendly"],
      openDays: ["Saturday", "Sunday"]
    }
    for (const facts of [inn, BAKERY, { ...BAKERY, features: ["gluten-free"], openDays: ["Sunday"] }]) {
      const prompts = builtinPrompts(facts)
      expect(nearDuplicates(prompts).map((d) => [prompts[d.a], prompts[d.b]])).toEqual([])
    }
  })
})

describe("builtinTopUp", () => {
  it("fills around existing prompts without repeating them or exceeding the brand cap", () => {
    const existing = [
      ...LLM_STYLE_PROMPTS.slice(0, 50),
      ...Array.from({ length: 8 }, (_, i) => `Is Maison Dupont the right bakery for event number ${i + 1}?`)
    ]
    const topUp = builtinTopUp(BAKERY, existing, 42, 100).map((p) => p.prompt)
    expect(topUp).toHaveLength(42)
    const all = [...existing, ...topUp]
    expect(validatePrompts(all, BAKERY, { count: 100 }).rejected).toEqual([])
    expect(all.filter((p) => namesEntity(p, BAKERY)).length).toBeLessThanOrEqual(10)
  })
})
