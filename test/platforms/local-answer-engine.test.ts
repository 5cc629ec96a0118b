import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import type { DocumentSourceShape, SourceDocument } from "../../src/platforms/document-source.ts"
import { makeLocalAnswerEngine } from "../../src/platforms/local-answer-engine.ts"
import { LOCAL_PROFILES } from "../../src/platforms/local-profiles.ts"
import { bestSentences, rankBm25, tokenize } from "../../src/platforms/retrieval.ts"

const DOCUMENTS: ReadonlyArray<SourceDocument> = [
  {
    url: "https://pralus.example/",
    title: "Maison Pralus, bakery in Lyon",
    text: "Maison Pralus is a family bakery in Lyon. Its praluline brioche is famous across France. " +
      "The shop opens every day at seven. Sourdough bread is baked on site each morning."
  },
  {
    url: "https://palais.example/",
    title: "Boulangerie du Palais",
    text: "Boulangerie du Palais bakes sourdough bread and croissants in the old town of Lyon. " +
      "The bakery won a regional prize for its baguette. Parking is difficult nearby."
  },
  {
    url: "https://cafe-lumiere.example/",
    title: "Café Lumière",
    text: "A café in Lyon serving coffee, pastries and light lunches. The café has a terrace on the river."
  },
  {
    url: "https://plumbing.example/",
    title: "Rhône Plumbing Services",
    text: "Emergency plumbers in Lyon, available at night. Boilers, leaks and bathrooms."
  },
  {
    url: "https://bikes.example/",
    title: "Vélo Lyon Repairs",
    text: "Bicycle repairs and rentals. Open on Sundays."
  }
]

/** The data port over an array: documents sharing a lower-cased word with the query, in order. */
const arraySource = (documents: ReadonlyArray<SourceDocument>): DocumentSourceShape => ({
  candidates: (query, limit) => {
    const words = new Set(query.toLowerCase().split(/\W+/).filter((word) => word.length > 0))
    const shares = (document: SourceDocument) =>
      `${document.title} ${document.text}`.toLowerCase().split(/\W+/).some((word) => words.has(word))
    return Effect.succeed(documents.filter(shares).slice(0, limit))
  }
})

const answer = (platform: (typeof PLATFORM_KEYS)[number], prompt: string, documents = DOCUMENTS) =>
  makeLocalAnswerEngine(platform, arraySource(documents)).answer({ platform, prompt }, new AbortController().signal)

describe("makeLocalAnswerEngine", () => {
  it("cites the most relevant documents and names them in the text", async () => {
    const result = await answer("ai_platform_1", "What is the best sourdough bakery in Lyon?")
    expect(result.engine).toBe("local")
    expect(result.model).toBe("sightline-local-listwise")
    expect(result.costUsd).toBe(0)
    expect(result.citations.slice(0, 2).sort()).toEqual(["https://palais.example/", "https://pralus.example/"])
    expect(result.citations).not.toContain("https://bikes.example/")
    expect(result.citations).not.toContain("https://plumbing.example/")
    expect(result.text).toContain("Maison Pralus, bakery in Lyon")
    expect(result.text).toContain("Boulangerie du Palais")
    // The quoted sentences are the ones sharing the most query terms.
    expect(result.text).toContain("Maison Pralus is a family bakery in Lyon. Sourdough bread is baked on site each morning.")
    expect(result.text).not.toContain("praluline")
    expect(result.text).toMatch(/^Here are some options for "What is the best sourdough bakery in Lyon":\n\n1\. \*\*/)
  })

  it("gives byte-identical answers for the same input", async () => {
    for (const platform of PLATFORM_KEYS) {
      const first = await answer(platform, "sourdough bakery in Lyon")
      const second = await answer(platform, "sourdough bakery in Lyon")
      expect(JSON.stringify(second)).toBe(JSON.stringify(first))
    }
  })

  it("does not depend on the order the source returns candidates in", async () => {
    const forward = await answer("ai_platform_4", "sourdough bakery in Lyon")
    const backward = await answer("ai_platform_4", "sourdough bakery in Lyon", [...DOCUMENTS].reverse())
    expect(backward).toEqual(forward)
  })

  it("answers differently on different platforms", async () => {
    const answers = await Promise.all(PLATFORM_KEYS.map((platform) => answer(platform, "sourdough bakery in Lyon")))
    expect(new Set(answers.map((a) => a.model)).size).toBe(8)
    expect(new Set(answers.map((a) => a.text)).size).toBe(8)
    // Every platform still names the best match.
    for (const a of answers) expect(a.citations).toContain("https://pralus.example/")
    // Source counts follow the profiles (2 to 5), and the styles show.
    for (const [i, platform] of PLATFORM_KEYS.entries()) {
      expect(answers[i]!.citations.length).toBeLessThanOrEqual(LOCAL_PROFILES[platform].maxSources)
    }
    expect(answers[0]!.text).toMatch(/\n1\. \*\*/) // numbered
    expect(answers[1]!.text).toMatch(/^For "sourdough bakery in Lyon", /) // prose
    expect(answers[2]!.text).toMatch(/\n- \*\*/) // bulleted
    expect(answers[3]!.text).toContain("[1]") // citation markers
    expect(answers[5]!.citations.length).toBeLessThanOrEqual(2)
    expect(answers[6]!.text).toMatch(/^Happy to help!/) // conversational
    expect(answers[7]!.text).toMatch(/the sources point to /) // overview
  })

  it("cites as many sources as the profile allows", async () => {
    const bakeries = Array.from({ length: 8 }, (_, i): SourceDocument => ({
      url: `https://bakery-${i}.example/`,
      title: `Bakery number ${i}`,
      text: `Bakery number ${i} sells sourdough bread in Lyon.`
    }))
    expect((await answer("ai_platform_1", "sourdough bakery Lyon", bakeries)).citations).toHaveLength(5)
    expect((await answer("ai_platform_2", "sourdough bakery Lyon", bakeries)).citations).toHaveLength(3)
    expect((await answer("ai_platform_6", "sourdough bakery Lyon", bakeries)).citations).toHaveLength(2)
    // Equal scores fall back to URL order, so the choice is stable.
    expect((await answer("ai_platform_6", "sourdough bakery Lyon", bakeries)).citations).toEqual([
      "https://bakery-0.example/",
      "https://bakery-1.example/"
    ])
  })

  it("says it found nothing, with no citations, when nothing relevant is retrieved", async () => {
    for (const platform of PLATFORM_KEYS) {
      const result = await answer(platform, "quantum computing consultancy in Oslo")
      expect(result.citations).toEqual([])
      expect(result.text).toMatch(/^I could not find specific businesses or products for "quantum computing consultancy in Oslo"/)
    }
  })

  it("ignores candidates that only share stop words with the question", async () => {
    // The source matches "the" and "in"; the engine's tokenizer does not count them.
    const result = await answer("ai_platform_1", "the yoga in the park")
    expect(result.citations).toEqual([])
  })
})

describe("retrieval", () => {
  it("folds diacritics, case and plurals, and drops stop words", () => {
    expect(tokenize("Les meilleures Bakeries de LYON: Café, Pâtisseries & Crêpes")).toEqual([
      "meilleure",
      "bakeri",
      "lyon",
      "cafe",
      "patisseri",
      "crepe"
    ])
    expect(tokenize("bakery pâtisserie plumbers")).toEqual(["bakeri", "patisseri", "plumber"])
  })

  it("ranks by BM25 with a title boost", () => {
    const documents = [
      { url: "a", title: "Plumbing", text: "We also do some gardening." },
      { url: "b", title: "Gardening", text: "Gardening gardening gardening." },
      { url: "c", title: "Bakery", text: "Bread." }
    ]
    const ranked = rankBm25("gardening", documents, { k1: 1.2, b: 0.75, titleBoost: 2 })
    expect(ranked.map((r) => r.document.url)).toEqual(["b", "a"])
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score)
  })

  it("picks the sentences sharing the most query terms, in text order", () => {
    const text = "We open at nine. Fresh sourdough bread daily. Our sourdough bakery is in Lyon. Parking nearby."
    expect(bestSentences("sourdough bakery Lyon", text, 2)).toEqual(["Fresh sourdough bread daily.", "Our sourdough bakery is in Lyon."])
    expect(bestSentences("tax advice", text, 1)).toEqual(["We open at nine."])
  })
})
