/**
 * "X is a …" names the business's kind only when X is the business: on Signwise BSL's site, "BSL
 * is a visual language" is about the language it teaches.
 */
import { describe, expect, it } from "vitest"
import { categoryFromSelfDescription } from "../../../src/pipeline/prompts/text-facts.ts"

describe("what the business says it is", () => {
  it("skips a sentence about the abbreviation in its name", () => {
    const name = new Set(["signwise", "bsl"])
    expect(categoryFromSelfDescription(["Live classes need a webcam, because BSL is a visual language that your tutor must see."], name)).toBeUndefined()
    expect(categoryFromSelfDescription(["Signwise BSL is an online sign language school for beginners."], name)).toBe("language school")
  })

  it("still reads a business named by its abbreviation alone", () => {
    expect(categoryFromSelfDescription(["KPL is a small plumbing firm in Leeds."], new Set(["kpl"]))).toBe("plumbing firm")
  })
})
