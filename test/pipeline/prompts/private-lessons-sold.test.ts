/**
 * "Private lesson" on a price list beside the group lessons is what is booked there, though
 * "private sessions" is also a feature customers filter by ("a studio with private sessions").
 * Guards: the site still states the feature, and another feature named as an item ("Gluten-free")
 * is still no offering. With it among a studio's offerings, two prompts pairing offerings are no
 * near-duplicates either way round: the longer holds nearly every word of the shorter.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages, type PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { nearDuplicates } from "../../fixtures/prompt-eval/score.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch Snow School", kind: "business", businessName: "Larch Snow School", url: `${ORIGIN}/`, pages })

describe("a private lesson on a price list", () => {
  it("is an offering beside the group lessons, and the feature is still stated", () => {
    const lessons = sitePage("/lessons.html", {
      title: "Lessons & prices | Larch Snow School",
      headings: ["Lessons & prices"],
      text: "Lessons & prices. Group ski lesson $129. Private lesson $495. Private sessions for families on request.",
      products: [{ name: "Group ski lesson", price: "129" }, { name: "Private lesson", price: "495" }, { name: "Gluten-free", price: "4" }]
    })
    const result = facts([lessons])
    expect(result.offerings).toEqual(expect.arrayContaining(["group ski lesson", "private lesson"]))
    expect(result.offerings).not.toContain("gluten-free")
    expect(result.features).toContain("private sessions")
  })
})

describe("pairs of offerings", () => {
  it("writes no pair the scorer counts as near-duplicates from the longer prompt's side", () => {
    const studio: PromptFacts = {
      name: "Kōwhai Pilates",
      kind: "business",
      businessName: "Kōwhai Pilates",
      url: "https://kowhai-pilates.example/",
      offerings: ["private sessions", "prenatal pilates", "postnatal pilates", "reformer classes", "mat pilates", "intro pack", "casual reformer class",
        "casual mat class", "10-class pass", "unlimited membership", "duet session", "clinical pilates", "gift vouchers"],
      category: "reformer pilates studio",
      place: "Wellington",
      audience: ["beginners"],
      keywords: ["timetable", "teacher", "teachers", "street", "start", "injury", "yoga", "barre", "parking", "front", "desk", "ghuznee"],
      features: ["beginner-friendly", "private sessions"],
      openDays: ["Saturday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      visitable: true,
      atCustomer: false,
      inEnglish: true,
      language: "en"
    }
    const prompts = builtinPrompts(studio)
    expect(nearDuplicates(prompts).map((d) => [prompts[d.a], prompts[d.b]])).toEqual([])
  })
})
