// Knowledge disclaimers of detector version 10, each on examples of its own (not an evaluation
// split's answers): no independent tests found, "isn't something I have reviews for", "I can't
// give you a reliable figure for X", "isn't something I can access", an adverb between "don't"
// and "know".
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const LOOM = mentionTargetOf({ itemId: null, name: "Harrowgate Loom Studio", url: "https://harrowgateloom.example/" })
const seen = (text: string) => detectMention({ text, citations: [] }, LOOM).visible

describe("what the speaker has no ground for (version 10)", () => {
  it.each([
    "Harrowgate Loom Studio isn't something I have ratings for; for weaving classes, try the guild in town.",
    "Harrowgate Loom Studio is not a studio I have reviews of, so I'd ask the local guild.",
    "I can't give you a dependable number for Harrowgate Loom Studio's class fees; the price list isn't published.",
    "Course fees for Harrowgate Loom Studio aren't something I can access, so ask them directly.",
    "I've heard Harrowgate Loom Studio named, but I don't honestly know anything solid about it.",
    "I do not really know much about Harrowgate Loom Studio.",
  ])("%s", (text) => expect(seen(text)).toBe(false))

  it("takes a cell saying no independent tests turned up as saying nothing of the entity", () => {
    const head = "| Studio | Looms | Verdict |\n|---|---|---|\n| Weft House | 12 floor looms | Best overall |\n"
    const row = (cells: string) => detectMention({ text: `${head}| Harrowgate Loom Studio | ${cells} |`, citations: [] }, LOOM).visible
    expect(row("Unsure; no independent testing found | —")).toBe(false)
    expect(row("8 floor looms | Best for beginners")).toBe(true)
  })

  it("keeps the entity where the answer says something of it", () => {
    expect(seen("Harrowgate Loom Studio is something I have reviewed myself: warm teachers, sturdy looms.")).toBe(true)
    expect(seen("I can give you a figure for Harrowgate Loom Studio: its taster class is £40 and well run.")).toBe(true)
    expect(seen("I actually know Harrowgate Loom Studio well; the teachers are patient and the looms are sturdy.")).toBe(true)
  })
})
