/**
 * What a made-up site shows that is not on offer: one thing named in two languages ("Urodziny ·
 * Birthday parties") is read once, in English, and not at all beside furniture ("Nasza historia ·
 * Our story"); what the site says has closed; free extras; a size or the staff alone as a heading;
 * a figure after a colon ("Pass rate: 87%"). "New" and "point of sale" inside a name are kept.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { headingOfferings } from "../../../src/pipeline/prompts/text-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch & Fern", kind: "business", businessName: "Larch & Fern", url: `${ORIGIN}/`, pages })

describe("headings in two languages", () => {
  it("reads the English side, the longer on a tie, and nothing beside furniture", () => {
    const none = new Set<string>()
    expect(headingOfferings("Urodziny · Birthday parties", none)).toEqual(["birthday parties"])
    expect(headingOfferings("Pottery courses · Kursy ceramiki", none)).toEqual(["pottery courses"])
    expect(headingOfferings("Vouchery · Gift vouchers", none)).toEqual(["gift vouchers"])
    expect(headingOfferings("Nasza historia · Our story", none)).toEqual([])
    expect(headingOfferings("Aktualności · News", none)).toEqual([])
  })

  it("keeps 'new' and 'point of sale' inside a name, not a heading of 'New arrivals' or 'Sale'", () => {
    const none = new Set<string>()
    expect(headingOfferings("Lunar New Year hampers", none)).toEqual(["lunar new year hampers"])
    expect(headingOfferings("Ferry kiosk point of sale", none)).toEqual(["ferry kiosk point of sale"])
    expect(headingOfferings("New arrivals", none)).toEqual([])
    expect(headingOfferings("Summer sale", none)).toEqual([])
  })

  it("reads no size or staff heading alone", () => {
    const none = new Set<string>()
    expect(["Medium", "Large", "The artists", "Instructors"].flatMap((h) => headingOfferings(h, none))).toEqual([])
    expect(headingOfferings("Large format printing", none)).toEqual(["large format printing"])
  })
})

describe("what is gone, free or a figure", () => {
  it("drops what the site says has closed, free extras and a percentage after a colon", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Leeds",
        headings: ["Larch & Fern", "Our rooms", "The Night Tour has closed – meet The Vault", "The Vault", "Lantern Maze", "Free lockers"],
        text:
          "Our rooms The Night Tour has closed – meet The Vault The Vault is our newest room. Lantern Maze Average escape rate: 31%. " +
          "Free lockers for your bags."
      }),
      sitePage("/rooms.html", {
        title: "Larch & Fern",
        headings: ["Night Tour", "Vault heist", "Lantern Maze"],
        text: "Night Tour Night Tour closed for good in May. Vault heist A bank job. Lantern Maze Average escape rate: 31%."
      })
    ])
    expect(result.offerings).toEqual(["vault heist", "lantern maze"])
  })
})
