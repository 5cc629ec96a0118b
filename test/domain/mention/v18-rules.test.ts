// Detector version 18, on examples of its own (not an evaluation split's answers): a one-word name
// written in lower case in an answer of one sentence, or a table, that opens with a capital is
// the ordinary word.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const business = (name: string, place: string | null = null) => mentionTargetOf({ itemId: null, name, url: null, place })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("a lower-case name in an answer that opens with a capital (version 18)", () => {
  const shop = business("Hessian")
  it.each([
    "Flour kept in hessian or paper goes stale fast; move it to a sealed tin.",
    "| Fabric | Use |\n|---|---|\n| hessian | sacks |\n| linen | towels |",
    "My son's toy is wrapped in hessian; the shop we use is a small one.",
  ])("does not count the word: %s", (text) => {
    expect(seen(text, shop)).toBe(false)
  })

  it.each([
    "honestly, hessian is the shop i'd pick, the sacks are sturdy",
    "Hessian sells sturdy sacks for flour.",
    "My son's toys came from the hessian shop; it ships fast.",
  ])("still counts it written as a name, or in an answer all in lower case: %s", (text) => {
    expect(seen(text, shop)).toBe(true)
  })
})

describe("a site named after an entity whose own site is not known (version 18)", () => {
  const desk = mentionTargetOf({ itemId: "ocelot-o2-standing-desk", name: "Ocelot O2 Standing Desk", url: null })
  const books = { ...business("Abacus"), aliases: ["Abacus Books"] }
  const judged = (text: string, citations: ReadonlyArray<string>, target: ReturnType<typeof business>) =>
    detectMention({ text, citations: [...citations] }, target).visible

  it("counts a site named by its first word and another of its own words, or by a name as one word", () => {
    expect(judged("A 50-inch standing desk is sold at ocelotdesk.example.", [], desk)).toBe(true)
    expect(judged("One maker sells a 50-inch standing desk for $549 [1].", ["https://ocelotdesk.example/o2"], desk)).toBe(true)
    expect(judged("Try the 30-day trial at abacusbooks.example.", [], books)).toBe(true)
    expect(judged("The bookkeeping app at abacushq.example has a free trial.", [], books)).toBe(true)
  })

  it("not a longer site name, one with hyphens, or one joined to a word not its own", () => {
    expect(judged("Prices are tracked at ocelotdeskdeals.example.", [], desk)).toBe(false)
    expect(judged("Prices are tracked at ocelot-desk.example.", [], desk)).toBe(false)
    expect(judged("Check abacuscalc.example for the sums.", [], books)).toBe(false)
  })

  it("not for an entity whose own site is known: another site is not its", () => {
    const shop = { ...mentionTargetOf({ itemId: null, name: "Abacus", url: "https://abacus.example/", place: null }), aliases: ["Abacus Books"] }
    expect(judged("Try the 30-day trial at abacusbooks.example.", [], shop)).toBe(false)
  })
})

describe("knowledge missing said of the thing, the speaker its object (version 18)", () => {
  const bakery = business("Quince Bakeshop", "Duluth, MN")
  it.each([
    "Quince Bakeshop's custom-cake rules aren't known to me, so call before you order.",
    "Hours at Quince Bakeshop aren't something I can pull up. A map app will have them.",
    "Not much information exists on a bakery named Quince Bakeshop; I'd read recent reviews.",
  ])("does not count the name: %s", (text) => {
    expect(seen(text, bakery)).toBe(false)
  })

  it.each([
    "Quince Bakeshop's sourdough is known to me and everyone on my street: it's the best in Duluth.",
    "Quince Bakeshop is the bakery I can pull a dozen good reviews for.",
  ])("still counts it where something is said of it: %s", (text) => {
    expect(seen(text, bakery)).toBe(true)
  })
})

describe("two trades joined by '&' (version 18)", () => {
  it("counts the name with the first trade alone", () => {
    const firm = business("Tamsin Plumbing & Drains", "Leeds, UK")
    expect(seen("Tamsin Plumbing fixed our boiler in an hour and charged fairly.", firm)).toBe(true)
  })
  it("not a name whose first word is a trade, nor one word before the trade", () => {
    expect(seen("Plumbing Supply is the aisle you want.", business("Plumbing Supply & Tools"))).toBe(false)
    expect(seen("Tamsin Plumbing fixed our boiler in an hour.", business("Plumbing & Drains"))).toBe(false)
  })
})

describe("a bed and breakfast written 'B&B' (version 18)", () => {
  it("counts the name with 'B&B' for 'Bed & Breakfast' or 'Bed and Breakfast'", () => {
    expect(seen("Larkspur B&B is a short walk to the harbour, and breakfast is generous.", business("Larkspur Bed & Breakfast", "Bath, UK"))).toBe(true)
    expect(seen("Larkspur B&B is a short walk to the harbour, and breakfast is generous.", business("Larkspur Bed and Breakfast", "Bath, UK"))).toBe(true)
  })
})
