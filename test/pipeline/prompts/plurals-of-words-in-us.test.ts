/**
 * "Circuses", "choruses", "octopuses": a word in -us takes -es in the plural, and the generator's
 * near-duplicate check must read it as the same word, as the scorer does ("junior circuses" beside
 * "circus classes" made three near-duplicate pairs at a circus school).
 */
import { describe, expect, it } from "vitest"
import { stem } from "../../../src/pipeline/prompts/prompt-text.ts"

describe("the plural of a word in -us", () => {
  it("has the singular's stem", () => {
    for (const [plural, singular] of [["circuses", "circus"], ["choruses", "chorus"], ["octopuses", "octopus"], ["syllabuses", "syllabus"]]) {
      expect({ plural, stem: stem(plural!) }).toEqual({ plural, stem: stem(singular!) })
    }
  })

  it("guards: a word whose singular ends in -use keeps its e", () => {
    expect(stem("houses")).toBe("house")
    expect(stem("blouses")).toBe("blouse")
  })
})
