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
