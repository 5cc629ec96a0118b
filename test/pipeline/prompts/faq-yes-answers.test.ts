/**
 * Offerings the FAQ says yes to on a made-up site: a question asking whether the business sells,
 * runs or hires out something, answered "Yes, ..." with the thing named first. Only what restates
 * the question is read; a yes to something else ("Can children play?") or a no is not.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch & Fern", kind: "business", businessName: "Larch & Fern", url: `${ORIGIN}/`, pages })

describe("offerings the FAQ says yes to", () => {
  it("reads the thing a yes names first, to a function word, a comma or a verb before its object", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Pottery studio in Perth",
        headings: ["Larch & Fern", "Clay for everyone"],
        text: "Clay for everyone Larch & Fern is a pottery studio in Perth."
      }),
      sitePage("/faq.html", {
        title: "FAQ",
        headings: ["FAQ"],
        text:
          "Do you sell gift cards? Yes, gift cards from $30, in the studio or by e-mail. " +
          "Do you run classes outside the studio? Yes, our outdoor raku firing class, Fire & Ash, meets on the beach. " +
          "Can you keep a waiting list for kiln space? Yes. The kiln waitlist keeps your place in order. " +
          "Can children come? Yes. The Saturday club is made for kids. " +
          "Do you sell glazes? No, only finished pots. " +
          "Can I book a table for 20? Yes, 20 seats at most."
      })
    ])
    expect(result.offerings).toEqual(["gift cards", "outdoor raku firing class", "kiln waitlist"])
  })
})
