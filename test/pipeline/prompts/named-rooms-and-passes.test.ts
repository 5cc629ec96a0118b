/**
 * A named room or pass on a page it shares with others: "Lantern Suite" heads its own section of the
 * rooms page ("Our party room for 13 to 30 guests"), "Meeple Pass" is a line of the menu ("£15 a
 * month, free play every visit"). Each is asked about by its name a few times and otherwise as what
 * it is, a party room or a monthly pass, never as "a lantern suite" sold elsewhere, and never as the
 * menu's toasties beside it.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const product = (name: string, business: string, path: string, page: Parameters<typeof sitePage>[1], mention: string) =>
  factsFromPages({
    name,
    kind: "product",
    businessName: business,
    url: `${ORIGIN}${path}`,
    businessPlace: "Leeds",
    pages: [sitePage(path, page), sitePage("/", { title: business, headings: [business], text: `${business} ${mention}` })]
  })

const suite = () =>
  product("Lantern Suite", "Neon Lantern Karaoke", "/rooms.html", {
    title: "Rooms | Neon Lantern Karaoke",
    headings: ["Our Rooms", "Small Room", "Lantern Suite"],
    text: "Our Rooms Small Room 2 to 6 singers. $36 per hour. Lantern Suite Our party room for 13 to 30 guests, with a private bar counter. $120 per hour."
  }, "Book the Lantern Suite for your birthday.")

const pass = (line: string) =>
  product("Meeple Pass", "The Rolling Meeple", "/menu.html", {
    title: "Menu | The Rolling Meeple",
    headings: ["Menu", "Play", "Food"],
    text: `Menu Play Play fee: £6 per person ${line} Food Loaded fries – £6.50 Toasties – £5.50 Brownie – £3.50`,
    products: [["Play fee", "6"], ["Meeple Pass", "15"], ["Loaded fries", "6.50"], ["Toasties", "5.50"], ["Brownie", "3.50"]]
      .map(([name, price]) => ({ name: name!, description: null, sku: null, price: price!, currency: "GBP", url: null, image: null, source: "listing" as const }))
  }, "Regulars save with the Meeple Pass.")

describe("a named room or pass on a shared page", () => {
  it("asks for a named suite as the room its section says it is", () => {
    const facts = suite()
    expect(facts.offerings.slice(0, 2)).toEqual(["Lantern Suite", "party room"])
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /lantern suite/iu.test(p))).toEqual([
      "Neon Lantern Karaoke Lantern Suite reviews",
      "How much does Lantern Suite at Neon Lantern Karaoke cost?",
      "What do people say about Lantern Suite?",
      "How does Lantern Suite compare with other party rooms?"
    ])
  })

  it("asks for a pass priced by the month as a monthly pass, not as the menu's other lines", () => {
    const prompts = builtinPrompts(pass("Meeple Pass: £15 a month, free play every visit and 10% off food"))
    expect(prompts.filter((p) => p.includes("Meeple Pass"))).toEqual([
      "Meeple Pass at The Rolling Meeple reviews",
      "How much does Meeple Pass at The Rolling Meeple cost?",
      "What do people say about Meeple Pass?",
      "How does Meeple Pass compare with other monthly passes?"
    ])
    expect(prompts.filter((p) => /toastie|fries|brownie/iu.test(p))).toEqual([])
    expect(builtinPrompts(pass("Meeple Pass: £150 a year, free play every visit")).filter((p) => /compare/u.test(p)))
      .toEqual(["How does Meeple Pass compare with other annual passes?"])
  })
})
