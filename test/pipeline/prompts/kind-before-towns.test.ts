/**
 * A home page's title naming the kind before the towns it serves, with no "in" ("Mortgage Broker
 * Tauranga & Mount Maunganui"), gives the kind; and a kind of the same trade with a word of its
 * own ("medical courier" at a same-day courier) is an offering, where the business with a feature
 * ("emergency dentist" at a dentist) is not.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages, kindInTitle } from "../../../src/pipeline/prompts/prompt-facts.ts"

describe("a title's kind before its towns", () => {
  it("is the kind", () => {
    const name = new Set(["tidewater", "mortgages"])
    expect(kindInTitle("Tidewater Mortgages | Mortgage Broker Tauranga & Mount Maunganui", name)).toBe("mortgage broker")
    expect(kindInTitle("Tidewater Mortgages | Mortgage Broker Tauranga", name)).toBe("mortgage broker")
    expect(kindInTitle("Leeds Plumbing Co | Emergency Plumber Leeds", new Set(["leeds", "plumbing", "co"]))).toBe("emergency plumber")
    // Not a kind: a slogan's last word is no trade's.
    expect(kindInTitle("Tidewater Mortgages | Honest Advice Tauranga", name)).toBe(undefined)
  })
})

describe("a kind of the business's own trade", () => {
  const facts = (title: string, headings: ReadonlyArray<string>) =>
    factsFromPages({
      name: "Brazos Dispatch", kind: "business", businessName: "Brazos Dispatch", url: "https://brazos.example/",
      pages: [{ url: "https://brazos.example/", title, description: "", headings, text: "We deliver across Austin.", jsonLd: [], products: [] }]
    })

  it("is an offering with a word of its own, and not with a feature", () => {
    const f = facts("Same-Day Courier Austin | Brazos Dispatch", ["Services", "Medical courier", "Legal document courier", "Emergency courier"])
    expect(f.category).toBe("same-day courier")
    expect(f.offerings).toEqual(expect.arrayContaining(["medical courier", "legal document courier"]))
    expect(f.offerings).not.toContain("emergency courier")
  })
})
