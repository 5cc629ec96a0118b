/**
 * The doubt picker (src/domain/mention/doubt.ts): given the rule detector's verdict on an answer,
 * whether it is in doubt and the one sentence it hangs on. Targets are written out (no derived
 * short forms or heads), so each case reads only the rules it names.
 */
import { describe, expect, it } from "vitest"
import { type Answer, detectMention, type MentionTarget } from "../../../src/domain/mention/index.ts"
import { doubtOf, MAX_DOUBT_SENTENCE, sameSentence } from "../../../src/domain/mention/doubt.ts"

const target = (names: ReadonlyArray<string>, extra: Partial<MentionTarget> = {}): MentionTarget => ({ names, aliases: [], domains: [], urls: [], ...extra })
const NORTHWIND = target(["Northwind Optics"], { domains: ["northwind-optics.example"] })

/** The rule verdict and the doubt of an answer. */
const read = (t: MentionTarget, text: string, citations: ReadonlyArray<string> = []) => {
  const answer: Answer = { text, citations }
  const detection = detectMention(answer, t)
  return { visible: detection.visible, doubt: doubtOf(answer, t, detection) }
}

describe("doubtOf", () => {
  it("given a name only inside a knowledge disclaimer, when read, then the rules say not visible and the disclaimer's sentence is in doubt", () => {
    expect(read(NORTHWIND, "Reviews of Northwind Optics could not be confirmed. For frames, Clearview Eyewear is a safe pick.")).toEqual({
      visible: false,
      doubt: { kind: "disclaimer", sentence: "Reviews of Northwind Optics could not be confirmed." }
    })
  })

  it("given a name the rules read as part of a longer name, when read, then that sentence is in doubt", () => {
    expect(read(target(["Crumb"]), "Our pick: Sweet Crumb Cafe bakes the best croissants in town. Get there early.")).toEqual({
      visible: false,
      doubt: { kind: "rejected", sentence: "Our pick: Sweet Crumb Cafe bakes the best croissants in town." }
    })
  })

  it("given no spelling of the name but its distinctive first word, capitalised, when read, then it is a near miss", () => {
    expect(read(target(["Northwind Physical Therapy"]), "Physios abound. For a knee injury, Northwind PT is where runners go.")).toEqual({
      visible: false,
      doubt: { kind: "near-miss", sentence: "For a knee injury, Northwind PT is where runners go." }
    })
  })

  it("given a name of ordinary words counted with no domain or citation, when read, then the counted sentence is in doubt", () => {
    expect(read(target(["Monday"]), "1. **Monday** — flexible boards for agencies.\n2. **Trello** — simple cards.")).toEqual({
      visible: true,
      doubt: { kind: "ordinary-word", sentence: "**Monday** — flexible boards for agencies." }
    })
  })

  it("given a one-word name opening a table cell, when counted with no domain or citation, then its row is in doubt", () => {
    expect(read(target(["Zorvik"]), "| Tool | Why |\n|---|---|\n| Zorvik | fast, cheap |\n| Trello | simple |")).toEqual({
      visible: true,
      doubt: { kind: "ordinary-word", sentence: "| Zorvik | fast, cheap |" }
    })
  })

  it("given a name counted only in a sentence that negates and speaks of knowledge, when read, then that sentence is in doubt", () => {
    expect(read(NORTHWIND, "Northwind Optics doesn't publish prices, but their fittings are the best I know. Book ahead.")).toEqual({
      visible: true,
      doubt: { kind: "hedged", sentence: "Northwind Optics doesn't publish prices, but their fittings are the best I know." }
    })
    // Counted in a plain sentence too: the verdict does not hang on the hedged one.
    expect(read(NORTHWIND, "Northwind Optics doesn't publish prices. Northwind Optics has the best frames in town.")).toEqual({ visible: true, doubt: undefined })
  })

  it("given the entity's domain or a citation, when read, then nothing is in doubt, whatever the sentence says", () => {
    expect(read(target(["Monday"], { domains: ["monday.example"] }), "1. **Monday** (monday.example) — flexible boards for agencies.")).toEqual({ visible: true, doubt: undefined })
    expect(read(NORTHWIND, "Reviews of Northwind Optics could not be confirmed.", ["https://northwind-optics.example/about"])).toEqual({ visible: true, doubt: undefined })
  })

  it("given a plain recommendation, a name declared as not it, or no name at all, when read, then nothing is in doubt", () => {
    expect(read(NORTHWIND, "Northwind Optics has the best frames in town.")).toEqual({ visible: true, doubt: undefined })
    expect(read(target(["Hollis Coffee"], { exclusions: ["Hollis Coffee Roasters"] }), "Hollis Coffee Roasters sells excellent beans.")).toEqual({ visible: false, doubt: undefined })
    expect(read(NORTHWIND, "Clearview Eyewear and Lensworks both do same-day frames.")).toEqual({ visible: false, doubt: undefined })
  })

  it("given a sentence longer than the bound, when read, then the sentence in doubt is cut to a window that holds the name", () => {
    const filler = "Clearview Eyewear has frames. ".replace(". ", ", ").repeat(40)
    const text = `${filler}though I'm not familiar with Northwind Optics, ${filler}so pick Clearview.`
    const { doubt, visible } = read(NORTHWIND, text)
    expect(visible).toBe(false)
    expect(doubt?.kind).toBe("disclaimer")
    expect(doubt?.sentence.length).toBeLessThanOrEqual(MAX_DOUBT_SENTENCE)
    expect(text.length).toBeGreaterThan(2 * MAX_DOUBT_SENTENCE)
    expect(doubt?.sentence).toContain("not familiar with Northwind Optics")
  })

  it("given two spellings of one sentence, when compared, then case, accents and spacing do not matter, words do", () => {
    expect(sameSentence("Reviews of  Northwind could not be confirmed.", "reviews of northwind could NOT be confirmed.")).toBe(true)
    expect(sameSentence("Café Lumière is lovely.", "Cafe Lumiere is lovely.")).toBe(true)
    expect(sameSentence("Northwind is lovely.", "Northwind is awful.")).toBe(false)
  })
})
