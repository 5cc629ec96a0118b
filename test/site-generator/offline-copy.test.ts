import { describe, expect, it } from "vitest"
import type { SiteFacts } from "../../src/domain/site-events.ts"
import { slugify } from "../../src/domain/slug.ts"
import { blogTopics, composePost, dailyTopics, promptQuestion } from "../../src/site-generator/offline-copy.ts"
import { composeAbout } from "../../src/site-generator/about-copy.ts"
import { composeFaq } from "../../src/site-generator/faq-copy.ts"
import { bakery } from "./sample-site.ts"

/** Only a name and a website: nothing else may appear in the copy. */
const bare: SiteFacts = {
  ...bakery,
  name: "Zorba Studio",
  businessName: "Zorba Studio",
  sourceUrl: "https://zorba.example/",
  description: null,
  category: null,
  place: null,
  address: null,
  phone: null,
  email: null,
  offerings: [],
  pages: []
}

describe("promptQuestion", () => {
  it("turns prompts into questions", () => {
    expect(["where to buy bread", "Recommend a bakery.", "Is it open?", ""].map(promptQuestion)).toEqual([
      "Where to buy bread?",
      "Recommend a bakery.",
      "Is it open?",
      ""
    ])
  })
})

describe("blog topics and posts", () => {
  it("offers at least 15 distinct topics, however few the facts", () => {
    for (const facts of [bakery, bare]) {
      const topics = blogTopics(facts)
      expect(topics.length).toBeGreaterThanOrEqual(15)
      expect(new Set(topics.map(slugify)).size).toBe(topics.length)
    }
    expect(blogTopics(bakery)).toContain("Sourdough loaf: what to know")
  })

  it("rotates the topics by date: 15 distinct a day, a different set the next day, the same again for the same day", () => {
    const day1 = dailyTopics(bakery, "2026-03-01")
    const day2 = dailyTopics(bakery, "2026-03-02")
    expect(day1).toHaveLength(15)
    expect(new Set(day1).size).toBe(15)
    expect(new Set(dailyTopics(bare, "2026-03-01")).size).toBe(15)
    expect(day2).not.toEqual(day1)
    expect(dailyTopics(bakery, "2026-03-01")).toEqual(day1)
    expect(day1[0]).toBe("Frequently asked questions about Acme Bakery")
  })

  it("composes a post on a topic from the facts only", () => {
    expect(composePost(bakery, "Sourdough loaf: what to know", "2026-03-02")).toEqual({
      date: "2026-03-02",
      slug: "sourdough-loaf-what-to-know",
      title: "Sourdough loaf: what to know",
      summary: "Sourdough loaf: what to know: the essentials, drawn from what Acme Bakery publishes about itself.",
      bodyParagraphs: [
        "This article gathers what Acme Bakery publishes on acme-bakery.fr about one subject: Sourdough loaf: what to know.",
        "Acme Bakery is a bakery in Lyon, France: a family bakery in the Croix-Rousse baking sourdough bread and French pastries every morning since 1998.",
        "Sourdough loaf: A naturally leavened country loaf with a dark crust, baked daily. The listed price is 6.50 EUR. Acme Bakery also offers Butter croissant and Celebration cakes.",
        "The page “Acme Bakery | Sourdough and pastries in Lyon” on acme-bakery.fr puts it this way: “Sourdough bread, croissants and cakes from our Croix-Rousse bakery.”",
        "Acme Bakery can be reached by phone at +33 4 78 00 00 00, by email at hello@acme-bakery.fr, or in person at 12 rue d'Austerlitz, 69004 Lyon, FR. More details are on acme-bakery.fr. Answers to common questions are in the FAQ on this site."
      ],
      topic: "Sourdough loaf: what to know"
    })
  })

  it("gives one day's 15 posts distinct addresses and 3 to 5 paragraphs each, deterministically", () => {
    for (const facts of [bakery, bare]) {
      const posts = dailyTopics(facts, "2026-03-01").map((t) => composePost(facts, t, "2026-03-01"))
      expect(new Set(posts.map((p) => p.slug)).size).toBe(15)
      for (const p of posts) {
        expect(p.bodyParagraphs.length).toBeGreaterThanOrEqual(3)
        expect(p.bodyParagraphs.length).toBeLessThanOrEqual(5)
        expect(p.slug).toBe(slugify(p.title))
      }
      expect(dailyTopics(facts, "2026-03-01").map((t) => composePost(facts, t, "2026-03-01"))).toEqual(posts)
    }
  })

  it("states no price the facts do not", () => {
    const text = JSON.stringify([
      composeFaq(bakery, ["How much does a croissant cost?", "cake prices"]),
      blogTopics(bakery).map((t) => composePost(bakery, t, "2026-03-01")),
      composeAbout(bakery)
    ])
    expect(new Set(text.match(/\d+[.,]\d{2}\s*(EUR|€)|[€$£]\s*\d/g))).toEqual(new Set(["1.40 EUR", "6.50 EUR"]))
  })
})
