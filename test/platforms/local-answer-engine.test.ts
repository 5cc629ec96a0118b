import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import type { DocumentSourceShape, SourceDocument } from "../../src/platforms/document-source.ts"
import { makeLocalAnswerEngine, NOTHING_FOUND, STAND_IN_NOTE } from "../../src/platforms/local-answer-engine.ts"
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
    // Every answer says, last, that the stand-in wrote it.
    for (const a of answers) expect(a.text.endsWith(`\n\n${STAND_IN_NOTE}`)).toBe(true)
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
      expect(result.text).toBe(`${NOTHING_FOUND}\n\n${STAND_IN_NOTE}`)
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

/** A tenant: its pages, all carrying the entity card the documents read model gives them. */
const tenant = (key: string, name: string, places: ReadonlyArray<string>, about: string, pages: ReadonlyArray<[string, string, string]>) =>
  pages.map(([url, title, text]): SourceDocument => ({ url, title, text, entity: { key, name, places, about } }))

const BAKERY = tenant("crumb", "Crumb Bakery", ["Asheville", "North Carolina"], "Bakery\nCroissants\nCustom birthday cakes\nSourdough bread", [
  ["https://crumb.example/", "Crumb Bakery | Asheville", "Crumb Bakery bakes sourdough bread, croissants and custom birthday cakes in Asheville. Open every day but Monday."],
  // The About page that scored the bakery for every question: "best", "delivery", "community".
  ["https://crumb.example/about", "About Crumb Bakery", "We are the best bakery for our community. Free delivery in town for orders over $40. Founded in 2012."],
  ["https://crumb.example/cakes", "Cakes | Crumb Bakery", "Custom birthday cakes and wedding cakes, made to order. Gluten-free sponge on request."]
])
const PIZZERIA = tenant("tonys", "Tony's Pizzeria", ["Chicago"], "Restaurant\nPizza\nDeep dish pizza", [
  ["https://tonys.example/", "Tony's Pizzeria, Chicago", "Deep dish pizza in Chicago since 1971. Delivery across the Loop until midnight."]
])
const LAW_FIRM = tenant("hale", "Hale & Ward", ["Boston"], "Legal Service\nFamily law\nDivorce", [
  ["https://haleward.example/", "Hale & Ward, family lawyers in Boston", "Hale & Ward is a family law firm in Boston. We handle divorce, custody and adoption cases."]
])
const PLUMBER = tenant("milehigh", "Mile High Plumbing", ["Denver"], "Plumber\nEmergency repairs\nWater heaters", [
  ["https://milehigh.example/", "Mile High Plumbing | Denver plumbers", "Emergency plumbers in Denver, day and night. Leaks, water heaters and drains."]
])
const SECOND_BAKERY = tenant("rise", "Rise & Shine", ["Asheville"], "Bakery\nBagels\nDonuts\nCroissants", [
  ["https://rise.example/", "Rise & Shine, Asheville", "A bakery in Asheville for bagels and donuts, open from six."]
])
const CHICAGO_BAKERY = tenant("loop", "Loop Loaves", ["Chicago"], "Bakery\nSourdough bread", [
  ["https://loop.example/", "Loop Loaves", "Sourdough bread and rye, baked in Chicago every morning."]
])
/** Software that states no place: it may be named for a question that names none. */
const INVOICING = tenant("tally", "Tally Books", [], "Software Application\nInvoicing software\nExpense tracking", [
  ["https://tally.example/", "Tally Books | Invoicing software for freelancers", "Send invoices, track expenses and get paid faster. Invoicing software for freelancers and small teams."]
])
const TENANTS = [...BAKERY, ...PIZZERIA, ...LAW_FIRM, ...PLUMBER, ...SECOND_BAKERY, ...CHICAGO_BAKERY, ...INVOICING]

/** Every platform's answer to `prompt` over `documents`. */
const everyPlatform = (prompt: string, documents: ReadonlyArray<SourceDocument> = TENANTS) =>
  Promise.all(PLATFORM_KEYS.map((platform) => answer(platform, prompt, documents)))

describe("the stand-in names a business only when it fits the question", () => {
  it("names the business that offers the topic where the question asks, and no other", async () => {
    const cases: ReadonlyArray<[string, string, string]> = [
      ["Best pizza delivery in Chicago?", "Tony's Pizzeria", "https://tonys.example/"],
      ["Which law firm in Boston handles divorce cases?", "Hale & Ward", "https://haleward.example/"],
      ["emergency plumber Denver", "Mile High Plumbing", "https://milehigh.example/"],
      // The bakery's About page says "best" and "delivery", not pizza.
      ["pizza delivery Chicago", "Tony's Pizzeria", "https://tonys.example/"],
      // No place asked, and the software states none: a question asking for something to choose.
      ["Best invoicing software for freelancers?", "Tally Books", "https://tally.example/"],
      ["Where can I order a custom birthday cake in Asheville?", "Crumb Bakery", "https://crumb.example/cakes"]
    ]
    for (const [prompt, name, url] of cases) {
      for (const result of await everyPlatform(prompt)) {
        expect(result.citations).toEqual([url])
        expect(result.text).toContain(name)
        for (const other of ["Crumb Bakery", "Tony's Pizzeria", "Hale & Ward", "Mile High Plumbing", "Rise & Shine", "Loop Loaves", "Tally Books"]) {
          if (other !== name) expect(result.text).not.toContain(other)
        }
      }
    }
  })

  it("names nobody for an off-topic question or a question about another city", async () => {
    const prompts = [
      "How do I fix a leaking roof?",
      "Best bakery in Denver?",
      "Best pizza in Asheville",
      "Which law firm in Chicago handles divorce cases?",
      "Best sushi near me"
    ]
    for (const prompt of prompts) {
      for (const result of await everyPlatform(prompt)) {
        expect(result.citations).toEqual([])
        expect(result.text).toBe(`${NOTHING_FOUND}\n\n${STAND_IN_NOTE}`)
      }
    }
  })

  it("names every business that fits, the best fit first, the bakery of another city left out", async () => {
    const [listwise] = await everyPlatform("sourdough bakery in Asheville")
    // Crumb matches both topic terms (sourdough, bakery); Rise & Shine only "bakery" of two: not
    // enough. Loop Loaves matches both but is in Chicago.
    expect(listwise!.citations).toEqual(["https://crumb.example/"])
    // Three terms: Crumb matches all three, Rise & Shine two (bakery, croissants): both fit, Crumb first.
    const [ranked] = await everyPlatform("bakery with sourdough and croissants in Asheville")
    expect(ranked!.citations).toEqual(["https://crumb.example/", "https://rise.example/"])
    expect(ranked!.text).toMatch(/^Here are some options for "bakery with sourdough and croissants in Asheville":\n\n1\. \*\*Crumb Bakery\*\*: .*\n2\. \*\*Rise & Shine\*\*: /)
    const [both] = await everyPlatform("Best bakery in Asheville")
    expect([...both!.citations].sort()).toEqual(["https://crumb.example/about", "https://rise.example/"])
    const [chicago] = await everyPlatform("sourdough bakery in Chicago")
    expect(chicago!.citations).toEqual(["https://loop.example/"])
  })

  it("counts several pages of one business as one option", async () => {
    const [listwise] = await everyPlatform("croissants and birthday cakes in Asheville")
    expect(listwise!.citations).toEqual(["https://crumb.example/"])
    expect(listwise!.text).toMatch(/^Here are some options for "[^"]+":\n\n1\. \*\*Crumb Bakery\*\*: [^\n]+\n\n\(Answered by Sightline's built-in stand-in engine/)
  })

  it("names a business the question names, whatever else it asks", async () => {
    for (const result of await everyPlatform("Is Crumb Bakery open on Sunday?")) {
      expect(result.citations[0]).toMatch(/^https:\/\/crumb\.example\//)
      expect(result.text).toContain("Crumb Bakery")
    }
  })

  it("names no local business for a question that names no place, whose asker it cannot place", async () => {
    // Each business that fits the topic states where it operates; the stand-in does not know
    // where the person asking is, so it would be guessing.
    for (const prompt of ["pizza delivery", "Where can I find really good sourdough?", "Which bakeries are known for their croissants?", "emergency plumber"]) {
      expect((await everyPlatform(prompt)).map((result) => result.citations)).toEqual(PLATFORM_KEYS.map(() => []))
    }
  })

  it("names nobody for a question asking for knowledge rather than for something to choose", async () => {
    // The software states no place, and its pages match the topic, but nothing here asks for an option.
    for (const prompt of ["What should I look for in invoicing software?", "How do I track expenses as a freelancer?", "Is invoicing software really worth the money?"]) {
      expect((await everyPlatform(prompt)).map((result) => result.citations)).toEqual(PLATFORM_KEYS.map(() => []))
    }
    for (const prompt of ["Which invoicing software is best for freelancers?", "alternatives to spreadsheets for tracking expenses"]) {
      expect((await everyPlatform(prompt)).map((result) => result.citations)).toEqual(PLATFORM_KEYS.map(() => ["https://tally.example/"]))
    }
  })

  it("names nobody for somewhere near the person asking, whose place it does not know", async () => {
    for (const prompt of ["croissants near me", "Which bakery nearby makes birthday cakes?", "closest bakery to me for croissants"]) {
      expect((await everyPlatform(prompt)).map((result) => result.citations)).toEqual(PLATFORM_KEYS.map(() => []))
    }
    // Named, the place is known: both Asheville bakeries list croissants, Crumb's page says so.
    const [listwise] = await everyPlatform("croissants near me in Asheville")
    expect(listwise!.citations).toEqual(["https://crumb.example/", "https://rise.example/"])
  })

  it("names the others that fit for alternatives to a business the question names", async () => {
    // "Crumb" is the named business's own word; "bakery" stays the topic, Asheville the place.
    const [listwise] = await everyPlatform("What are some alternatives to Crumb Bakery in Asheville?")
    expect(listwise!.citations.map((url) => new URL(url).host)).toEqual(["crumb.example", "rise.example"])
  })

  it("reads a place written in lower case when a business states it", async () => {
    const [listwise] = await everyPlatform("bagels asheville")
    expect(listwise!.citations).toEqual(["https://rise.example/"])
    const [none] = await everyPlatform("bagels denver")
    expect(none!.citations).toEqual([])
  })

  it("answers a hostile prompt with bounded, storable text", async () => {
    const hostile = `${"chicago pizza\u0000 \ud800 ".repeat(20_000)}${"in ".repeat(5_000)}Boston`
    const results = await everyPlatform(hostile)
    // Read up to its first thousand characters: a question about pizza in Chicago, not Boston.
    expect(results[0]!.citations).toEqual(["https://tonys.example/"])
    for (const result of results) {
      expect(result.text).not.toContain("\u0000")
      expect(result.text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
      expect(result.text.length).toBeLessThan(4_000)
    }
  })
})
