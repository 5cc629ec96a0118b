/**
 * What a copywriter fixed after reading generated posts in the browser: a card's bare list of
 * names is no sentence to quote, and no post's summary talks about "the facts on" a host.
 */
import { describe, expect, it } from "vitest"
import { siteSentences } from "../../src/site-generator/post-facts.ts"
import { comparedPair } from "../../src/site-generator/post-intent.ts"
import { type ExistingPost, planPost } from "../../src/site-generator/post-writer.ts"
import { bakery } from "./sample-site.ts"

const withText = (text: string) => ({
  ...bakery,
  offerings: [],
  pages: [{ url: "https://www.acme-bakery.fr/", title: "Acme Bakery", description: "", headings: [], text }]
})

describe("the sentences a post may quote", () => {
  it("leave out a card's list of names, and keep a sentence that lists things inside it", () => {
    const text = [
      "Plain, almond, and ham & gruyère.",
      "Sourdough, rye, spelt, seeded.",
      "We bake bread, make cakes, and roast our own coffee every morning.",
      "Every Friday we bake a gluten-free batch (brownies, almond cake and a buckwheat loaf) before any wheat flour comes out."
    ].join("\n\n")
    expect(siteSentences(withText(text)).map((s) => s.text)).toEqual([
      "We bake bread, make cakes, and roast our own coffee every morning.",
      "Every Friday we bake a gluten-free batch (brownies, almond cake and a buckwheat loaf) before any wheat flour comes out."
    ])
  })

  it("count words, not signs: five words and an ampersand are too few", () => {
    expect(siteSentences(withText("Bread & butter & jam & honey daily.")).map((s) => s.text)).toEqual([])
    expect(siteSentences(withText("Bread and butter and jam every day.")).map((s) => s.text)).toEqual(["Bread and butter and jam every day."])
  })
})

describe("a post's summary", () => {
  it("never says where its facts came from in place of saying what the post is about", () => {
    const posts: Array<ExistingPost> = []
    const prompts = ["best croissant in Lyon", "sourdough near me", "Acme Bakery opening hours", "croissant vs sourdough loaf", "celebration cakes price"]
    for (let i = 0; i < 30; i++) {
      const planned = planPost({ facts: bakery, prompts, checks: [], posts, date: "2026-12-01" })
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
    const summaries = posts.map((p) => p.summary)
    expect(summaries.filter((s) => /from the facts on|from what it publishes on|acme-bakery\.fr/.test(s))).toEqual([])
    expect(summaries.filter((s) => s.includes("Acme Bakery answers “"))).not.toEqual([])
  })
})

describe("the sentences a post may quote, beside the address", () => {
  it("leave out the contact block run together, which the post gives from the facts", () => {
    const text = "Acme Bakery 12 rue d'Austerlitz, 69004 Lyon Tel. +33 4 78 00 00 00.\n\nWe bake every loaf with a starter kept since 1998."
    expect(siteSentences(withText(text)).map((s) => s.text)).toEqual(["We bake every loaf with a starter kept since 1998."])
  })
})

describe("a comparison of things the site never names", () => {
  const postsFor = (prompt: string, n: number) => {
    const posts: Array<ExistingPost> = []
    for (let i = 0; i < n; i++) {
      const planned = planPost({ facts: bakery, prompts: [prompt], checks: [], posts, date: "2026-12-01" })
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
    return posts
  }

  it("reads the two things compared", () => {
    expect(comparedPair("latte vs cortado")).toEqual(["latte", "cortado"])
    expect(comparedPair("Which is better, croissant or pain au chocolat?")).toEqual(["croissant", "pain au chocolat"])
    expect(comparedPair("difference between sourdough loaf and rye bread")).toEqual(["sourdough loaf", "rye bread"])
    expect(comparedPair("residential bug sweeps vs office bug sweeps: which should I choose?")).toEqual(["residential bug sweeps", "office bug sweeps"])
    // Two kinds of one thing, or no two things at all.
    expect(comparedPair("What is the difference between cheap and premium croissants?")).toBe(null)
    expect(comparedPair("Is an independent bakery better than a chain for croissants?")).toBe(null)
  })

  it("says the site names neither, in every post, and what it lists", () => {
    const posts = postsFor("latte vs cortado", 6)
    const lead = "No mention of latte or cortado was found on acme-bakery.fr, so Acme Bakery may not offer either; ask before you go."
    expect(posts.filter((p) => !p.bodyParagraphs.some((b) => b.startsWith(lead)))).toEqual([])
    // With no offering asked about, the summary names no kind as if it were one ("for a bakery").
    expect(posts.filter((p) => / for an? bakery\b/u.test(p.summary))).toEqual([])
  })

  it("says which one is listed and which is not named", () => {
    const posts = postsFor("Which is better, croissant or pain au chocolat?", 4)
    const lead = "Butter croissant (1.40 EUR) is on Acme Bakery's list; no mention of pain au chocolat was found on acme-bakery.fr, so ask Acme Bakery before you count on it."
    expect(posts.filter((p) => !p.bodyParagraphs.includes(lead)).map((p) => p.angle)).toEqual([])
  })
})

describe("a comparison post's title", () => {
  it("leads with the offering as the site names it, never 'choosing' a bare singular", () => {
    const posts: Array<ExistingPost> = []
    for (let i = 0; i < 40; i++) {
      const planned = planPost({ facts: bakery, prompts: ["butter croissant price in Lyon", "best sourdough loaf in Lyon"], checks: [], posts, date: "2026-12-01" })
      posts.unshift({ ...planned.post, angle: planned.angle })
    }
    const weighed = posts.filter((p) => p.angle === "comparison" && p.title.includes("what to weigh")).map((p) => p.title)
    expect(weighed.length).toBeGreaterThan(1)
    expect(weighed.filter((t) => !/^(?:Butter croissant|Sourdough loaf)(?: in Lyon, France: what to weigh|: what to weigh before you choose)$/.test(t))).toEqual([])
  })
})
