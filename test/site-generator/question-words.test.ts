import { describe, expect, it } from "vitest"
import { promptQuestion } from "../../src/site-generator/question-words.ts"

describe("promptQuestion", () => {
  it("turns prompts into questions", () => {
    expect(["where to buy bread", "Recommend a bakery.", "Is it open?", ""].map(promptQuestion)).toEqual([
      "Where to buy bread?",
      "Recommend a bakery.",
      "Is it open?",
      ""
    ])
  })
})
