import { describe, expect, it } from "vitest"
import { detectMention } from "../../../src/domain/mention/index.ts"
import { fold, foldPlain } from "../../../src/domain/mention/fold.ts"
import { fold as promptFold } from "../../../src/pipeline/prompts/prompt-text.ts"

const crumb = { names: ["Crumb"], aliases: [], domains: [], urls: [] }

describe("fold", () => {
  it("folds every special letter, quote, prime and hyphen, capitals included", () => {
    const specials = ["ø", "Ø", "æ", "Æ", "œ", "Œ", "ß", "ẞ", "đ", "Đ", "ł", "Ł", "ı", "\u2019", "\u2018", "\u02bc", "\u2032", "\u2010", "\u2011", "ς"]
    expect(specials.map((c) => foldPlain(c))).toEqual(
      ["o", "o", "ae", "ae", "oe", "oe", "ss", "ss", "d", "d", "l", "l", "i", "'", "'", "'", "'", "-", "-", "σ"],
    )
  })

  it("folds what a decomposition leaves, so a precomposed letter folds as its base does", () => {
    expect(["ǿ", "Ǽ", "ŉ", "″", "ΟΔΟΣ", "İstanbul", "™"].map((c) => foldPlain(c))).toEqual(["o", "ae", "'n", "''", "οδοσ", "istanbul", "tm"])
  })

  it("keeps en and em dashes unless asked to fold them to hyphens", () => {
    expect(foldPlain("a\u2013b\u2014c")).toBe("a\u2013b\u2014c")
    expect(foldPlain("a\u2013b\u2014c", "hyphen")).toBe("a-b-c")
  })

  it("maps each folded unit back to its source character", () => {
    expect(fold("Ærø’s Café")).toEqual({
      text: "aero's cafe",
      starts: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      ends: [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    })
  })

  it("is the prompt text helpers' fold, dashes folded", () => {
    expect(promptFold("Crème Brûlée — Bjørn’s Bakery")).toBe("creme brulee - bjorn's bakery")
  })

  it("leaves the detector reading a dash as punctuation", () => {
    expect(detectMention({ text: "Crumb—the best bakery in town—is great.", citations: [] }, crumb)).toEqual({
      visible: true, position: 1, sentiment: "positive", matchedBy: ["name"], brands: ["Crumb"],
    })
    expect(detectMention({ text: "Crumb is great—but avoid it on Mondays.", citations: [] }, crumb).sentiment).toBe("neutral")
  })
})
