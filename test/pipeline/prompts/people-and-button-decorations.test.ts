/**
 * A team card's "Name – role" is a person, not an offering; a card's emoji or a button's arrow is
 * no part of an offering's name.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const site = (pages: ReadonlyArray<{ readonly path: string; readonly title: string; readonly headings: ReadonlyArray<string>; readonly text: string }>) =>
  factsFromPages({
    name: "Coral Cay Divers", kind: "business", businessName: "Coral Cay Divers", url: "https://coralcay.example/",
    pages: pages.map((p) => ({ url: `https://coralcay.example${p.path}`, title: p.title, description: "", headings: p.headings, text: p.text, jsonLd: [], products: [] }))
  })

describe("a team card", () => {
  it("names a person by their role after the dash", () => {
    const facts = site([
      { path: "/", title: "Coral Cay Divers | Dive school in Cairns", headings: ["Dive courses", "Open Water course", "Reef day trips"], text: "Learn to dive in four days. Two dives a day on the outer reef." },
      { path: "/crew.html", title: "The crew | Coral Cay Divers", headings: ["Meet the crew"], text: "Shannon Pike – owner and Course Director. 6,000 dives.\n\nTomasz Wróbel – skipper and instructor. Spots sea snakes.\n\nAlly Nguyen – our resident underwater photographer." }
    ])
    expect(facts.offerings).toEqual(expect.arrayContaining(["open water course", "reef day trips"]))
    expect(facts.offerings.filter((o) => /pike|wróbel|nguyen/iu.test(o))).toEqual([])
  })
})

describe("an offering's name", () => {
  it("leaves out a card's emoji and a button's arrow", () => {
    const facts = site([
      { path: "/", title: "Coral Cay Divers | Dive school in Cairns", headings: ["Courses", "🚀 Open Water course", "✨ Night dive", "Rescue Diver course →"], text: "Courses for every level." }
    ])
    expect(facts.offerings.filter((o) => /\p{Extended_Pictographic}|→/u.test(o))).toEqual([])
    expect(facts.offerings).toEqual(expect.arrayContaining(["open water course", "night dive", "rescue diver course"]))
  })
})
