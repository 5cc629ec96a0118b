import { describe, expect, it } from "vitest"
import { factCheck } from "../../src/site-generator/fact-check.ts"
import { gapsOf, planPost, postSlugOf } from "../../src/site-generator/post-writer.ts"
import { bakery } from "./sample-site.ts"

describe("post writer", () => {
  it("orders prompts by the platforms they are visible on, fewest first, ties in set order", () => {
    const checks = [
      { prompt: "a", platform: "p1", status: "answered", visible: true },
      { prompt: "a", platform: "p2", status: "answered", visible: true },
      { prompt: "b", platform: "p1", status: "answered", visible: true },
      { prompt: "c", platform: "p1", status: "failed", visible: true }
    ]
    expect(gapsOf(["a", "b", "c", "d"], checks)).toEqual([
      { prompt: "c", visibleOn: 0 },
      { prompt: "d", visibleOn: 0 },
      { prompt: "b", visibleOn: 1 },
      { prompt: "a", visibleOn: 2 }
    ])
  })

  it("cuts a slug at a word boundary", () => {
    expect(postSlugOf("Which bakeries in Lyon give the best value for money on sourdough loaves?")).toBe(
      "which-bakeries-in-lyon-give-the-best-value-for-money-on"
    )
  })

  it("answers the least visible prompt, dated the day given, with a fact from the site", () => {
    const planned = planPost({ facts: bakery, prompts: ["best croissant in Lyon", "sourdough near me"], checks: [
      { prompt: "sourdough near me", platform: "p1", status: "answered", visible: true }
    ], posts: [], date: "2026-12-01" })
    expect(planned.prompt).toBe("best croissant in Lyon")
    expect(planned.post.date).toBe("2026-12-01")
    expect(planned.post.bodyParagraphs.join(" ")).toContain("1.40 EUR")
  })
})

describe("fact check", () => {
  it("accepts a price of the facts and rejects an invented one", () => {
    expect(factCheck("Acme Bakery sells its Butter croissant at 1.40 EUR.", bakery)).toEqual({ passed: true, failures: [] })
    expect(factCheck("Acme Bakery sells its Butter croissant at 2.10 EUR.", bakery)).toEqual({ passed: false, failures: ["number 2.10: not in the facts"] })
  })
})
