// A one-word name written in lower case (detector version 10), on examples of its own (not an
// evaluation split's answers): beside other names written with capitals it is the word; in an
// answer all in lower case, or followed by a business noun, it may be the business.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const FENNEL = mentionTargetOf({ itemId: null, name: "Fennel", url: "https://fennelmeals.example/" })
const seen = (text: string) => detectMention({ text, citations: [] }, FENNEL).visible

describe("a one-word name written in lower case", () => {
  it.each([
    "Green Chef sometimes ships salmon with fennel and orange; Sunbasket has similar ones.",
    "If you mean wild fennel seeds, Penzeys sells them by the ounce.",
    "Kids who say they hate fennel often like it roasted, says Marley Spoon.",
  ])("is the word beside names with capitals: %s", (text) => expect(seen(text)).toBe(false))

  it.each([
    "honestly, fennel is the kit i'd pick, the portions are big",
    "Green Chef is fine, but the fennel app lets you skip weeks more easily.",
    "Green Chef is fine, but Fennel arrives fresher in my experience.",
  ])("may be the business: %s", (text) => expect(seen(text)).toBe(true))
})
