import { describe, expect, it } from "vitest"
import {
  cleanPrompt,
  isAboutField,
  makePromptValidator,
  namesEntity,
  normalizePrompt,
  validatePrompts
} from "../../../src/pipeline/prompts/validate-prompts.ts"
import { BAKERY, LLM_STYLE_PROMPTS, THIN } from "./fixtures.ts"

const reasonOf = (candidate: string, facts = BAKERY) => {
  const result = validatePrompts([candidate], facts)
  return result.rejected[0]?.reason ?? "accepted"
}

describe("normalizePrompt", () => {
  it("ignores case, spacing, punctuation and diacritics", () => {
    expect(normalizePrompt("What's the BEST  Café in Lyon?")).toBe("whats the best cafe in lyon")
    expect(normalizePrompt("  whats the best cafe, in lyon ")).toBe("whats the best cafe in lyon")
    expect(normalizePrompt("Crème brûlée — où?")).toBe("creme brulee ou")
  })

  it("is empty for punctuation only", () => {
    expect(normalizePrompt(" ?! … ")).toBe("")
  })
})

describe("cleanPrompt", () => {
  it("ends a question with a question mark", () => {
    expect(cleanPrompt("what is the best bakery in Lyon")).toBe("what is the best bakery in Lyon?")
    expect(cleanPrompt("Which bakery makes the best croissants.")).toBe("Which bakery makes the best croissants?")
  })

  it("leaves a statement or a search query as it is", () => {
    expect(cleanPrompt("Compare the best bakeries in Lyon.")).toBe("Compare the best bakeries in Lyon.")
    expect(cleanPrompt("best bakery in Lyon for wedding cakes")).toBe("best bakery in Lyon for wedding cakes")
  })

  it("drops list markers, wrapping quotes and extra spaces", () => {
    expect(cleanPrompt('  12.  "Where can I buy  sourdough bread in Lyon?" ')).toBe("Where can I buy sourdough bread in Lyon?")
    expect(cleanPrompt("- Who bakes the best croissants in Lyon?")).toBe("Who bakes the best croissants in Lyon?")
    expect(cleanPrompt("• “Which bakery in Lyon is open on Sunday?”")).toBe("Which bakery in Lyon is open on Sunday?")
  })
})

describe("validatePrompts", () => {
  it("accepts a valid set, cleaned, in order", () => {
    const result = validatePrompts(LLM_STYLE_PROMPTS, BAKERY)
    expect(result.rejected).toEqual([])
    expect(result.accepted).toEqual(LLM_STYLE_PROMPTS)
  })

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["?!", "empty"],
    ["Where can I find good sourdough bread\nin Lyon?", "multiline"],
    ["Is https://maison-dupont.fr the best bakery in Lyon?", "url"],
    ["Are the bakeries on www.lyon-bakeries.com any good?", "url"],
    ["Are bakeries listed on lyonbakeries.fr any good?", "url"],
    ["Best bakery. In Lyon for wedding cakes?", "several_sentences"],
    ["Is the bakery good? And is it cheap?", "several_sentences"],
    ["I love bread! Which bakery in Lyon is best?", "several_sentences"],
    ["Which bakery has the best croissants in Lyon!", "bad_ending"],
    ["Which bakery in Lyon has the best croissants...", "bad_ending"],
    ["Which bakery in Lyon sells croissants:", "bad_ending"],
    ["Bakery near me?", "too_short"],
    [`Which bakery ${"really ".repeat(25)}makes the best croissants in Lyon?`, "too_long"],
    ["What is the weather like in Lyon this weekend?", "off_topic"],
    ["What are fun activities for busy families?", "off_topic"],
    ["How do I fix a flat bicycle tyre?", "off_topic"],
    // Another city, another brand, a neighbourhood the facts never named: not the facts.
    ["Which bakery in Chicago makes the best croissants?", "unknown_name"],
    ["Is Starbucks better than a bakery for croissants?", "unknown_name"],
    ["How do I compare St. Jean bakeries vs. chains for croissants?", "unknown_name"]
  ])("rejects %j as %s", (candidate, reason) => {
    expect(reasonOf(candidate)).toBe(reason)
  })

  it.each([
    "What is the best bakery in Lyon?",
    "Where can I buy sourdough bread near me",
    "How do I compare local bakeries vs. chains for croissants?",
    // Days are not names to know.
    "Which bakery in Lyon is open on Sunday?",
    "What's the best bakery for gluten-free bread?",
    "Compare the most popular bakeries for wedding cakes.",
    "Which café in Lyon serves the best pastries?",
    // The place with a buying intent counts as the field.
    "Where should I go for breakfast in Lyon on a budget?",
    // Shared prefix: "baker" ~ "bakery".
    "Which baker in town makes good bread for a wedding?"
  ])("accepts %j", (candidate) => {
    expect(reasonOf(candidate)).toBe("accepted")
  })

  it("rejects duplicates after normalization, within a batch and against earlier rounds", () => {
    const result = validatePrompts(
      ["What is the best café in Lyon?", "what is the best  CAFE in lyon", "What is the best cafe, in Lyon ?"],
      BAKERY
    )
    expect(result.accepted).toEqual(["What is the best café in Lyon?"])
    expect(result.rejected.map((r) => r.reason)).toEqual(["duplicate", "duplicate"])

    const again = validatePrompts(["WHAT IS THE BEST CAFÉ IN LYON"], BAKERY, { existing: result.accepted })
    expect(again.accepted).toEqual([])
    expect(again.rejected).toEqual([{ prompt: "WHAT IS THE BEST CAFÉ IN LYON?", reason: "duplicate" }])
  })

  it("rejects a rewording that shares 80% of another prompt's content words", () => {
    // The second shares all its content words with the first; the third adds "makes" (3 of 4 shared).
    const result = validatePrompts(
      ["best croissants in Lyon", "Where are the best croissants in Lyon?", "Who makes the best croissants in Lyon?"],
      BAKERY
    )
    expect(result.accepted).toEqual(["best croissants in Lyon", "Who makes the best croissants in Lyon?"])
    expect(result.rejected).toEqual([{ prompt: "Where are the best croissants in Lyon?", reason: "near_duplicate" }])
  })

  it("lets at most 10% of the set name the entity", () => {
    const branded = Array.from({ length: 15 }, (_, i) => `Is Maison Dupont a good bakery for order number ${i + 1}?`)
    const result = validatePrompts(branded, BAKERY)
    expect(result.accepted).toHaveLength(10)
    expect(result.rejected).toHaveLength(5)
    expect(new Set(result.rejected.map((r) => r.reason))).toEqual(new Set(["too_many_brand_prompts"]))

    // The cap follows the size of the set, and earlier rounds count toward it.
    expect(validatePrompts(branded, BAKERY, { count: 40 }).accepted).toHaveLength(4)
    expect(validatePrompts(branded, BAKERY, { existing: result.accepted }).accepted).toHaveLength(0)
  })

  it("treats a brand-navigational prompt as relevant even without a field term", () => {
    expect(reasonOf("What are some alternatives to Maison Dupont?")).toBe("accepted")
  })
})

describe("namesEntity", () => {
  it("sees the name in any case and with or without accents", () => {
    expect(namesEntity("Is maison dupont worth it?", BAKERY)).toBe(true)
    expect(namesEntity("Is Maisón Dupónt worth it?", BAKERY)).toBe(true)
    expect(namesEntity("Which bakery in Lyon is best?", BAKERY)).toBe(false)
  })

  it("sees a product's business too", () => {
    const product = { ...BAKERY, kind: "product" as const, name: "Pain Dupont", businessName: "Maison Dupont" }
    expect(namesEntity("Does Maison Dupont sell rye bread?", product)).toBe(true)
    expect(namesEntity("Is the Pain Dupont loaf worth it?", product)).toBe(true)
  })

  it("needs the capitals for a name made of ordinary words", () => {
    const shop = { ...BAKERY, name: "The Bread Shop", businessName: "The Bread Shop" }
    expect(namesEntity("Is The Bread Shop good for sourdough?", shop)).toBe(true)
    expect(namesEntity("Where is a good bread shop near me?", shop)).toBe(false)
  })
})

describe("isAboutField", () => {
  it("accepts any buying intent when the facts are too thin to judge", () => {
    expect(isAboutField("Which local business near me has the best reviews?", THIN)).toBe(true)
    expect(isAboutField("Why is the sky blue during the day?", THIN)).toBe(false)
  })

  it("does not count the audience alone", () => {
    expect(isAboutField("Which board games are best for busy families?", BAKERY)).toBe(false)
  })
})

describe("makePromptValidator", () => {
  it("remembers what it accepted", () => {
    const validator = makePromptValidator(BAKERY, { count: 100 })
    expect(validator.offer("Which bakery in Lyon has the best croissants?").ok).toBe(true)
    expect(validator.offer("which bakery in lyon has the best croissants").ok).toBe(false)
    expect(validator.offer("Is Maison Dupont good for croissants?").ok).toBe(true)
    expect(validator.accepted()).toEqual(["Which bakery in Lyon has the best croissants?", "Is Maison Dupont good for croissants?"])
    expect(validator.brandPrompts()).toBe(1)
  })
})
