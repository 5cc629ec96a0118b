// A table row whose cells beside the name hold only a disclaimer and advice to check for oneself
// ("Verify before switching", "you'd have to test it") does not show the entity. Invented examples.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const target = mentionTargetOf({ itemId: null, name: "Larkspur", url: null })
const head = "| Shop | Notes | Next step |\n|---|---|---|\n| Mei | rare oolongs | order a sampler |\n"
const seen = (row: string) => detectMention({ text: head + row, citations: [] }, target).visible

describe("advice to check, beside a disclaimer in a table row", () => {
  it("says nothing about the entity", () => {
    expect(seen("| Larkspur | No information available; you'd have to test it |")).toBe(false)
    expect(seen("| Larkspur | Info not available | Verify before switching |")).toBe(false)
    expect(seen("| Larkspur | Info not available | You need to ask them directly |")).toBe(false)
  })

  it("leaves a row that says something of the entity shown", () => {
    expect(seen("| Larkspur | Info not available | Big catalog, fast shipping |")).toBe(true)
    expect(seen("| Larkspur | Strong oolongs | Verify before switching |")).toBe(true)
  })
})
