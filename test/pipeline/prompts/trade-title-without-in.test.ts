/**
 * A home page's title may name the trade and the county it serves with no "in" between them
 * ("Wedding Car Hire Cheshire"): the trade before the place is the business's kind.
 */
import { describe, expect, it } from "vitest"
import { kindInTitle } from "../../../src/pipeline/prompts/prompt-facts.ts"

describe("a trade named before its place, without 'in'", () => {
  it("reads the trade", () => {
    expect(kindInTitle("Wedding Car Hire Cheshire | Silver Bow Wedding Cars", new Set(["silver", "bow", "wedding", "cars"]))).toBe("wedding car hire")
    expect(kindInTitle("Carpet Cleaning North Yorkshire – Fresh Fibres", new Set(["fresh", "fibres"]))).toBe("carpet cleaning")
  })

  it("reads nothing from a title of a name and a town alone", () => {
    expect(kindInTitle("Silver Bow | Knutsford Cheshire", new Set(["silver", "bow"]))).toBeUndefined()
  })
})
