// More of detector version 9, each on examples of its own (not an evaluation split's answers):
// disclaimers that anything said would be made up, that the sources leave the entity out or found
// nothing, that there is no ground to judge on, said without a subject after a dash or in
// parentheses; a table cell that holds no fact; a list item that only restates the question
// before its disclaimer; and spellings: initials with dots, a trade noun in the plural, "stay at
// the X", a two-character model code, a possessive opening the sentence before a name.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const FERN = mentionTargetOf({ itemId: null, name: "Fernhill Glazing", url: "https://fernhillglazing.example/" })
const seen = (text: string, target = FERN) => detectMention({ text, citations: [] }, target).visible

describe("disclaimers of version 9, second part", () => {
  it.each([
    "Fernhill Glazing came up, but anything I wrote about it would be invented.",
    "On Fernhill Glazing, I'd be making things up.",
    "I looked for reviews of Fernhill Glazing, but none of the guides I used mention it, so it's left out.",
    "Fernhill Glazing: my sources don't cover it.",
    "Fernhill Glazing isn't covered by anything I'd trust, so I'm not going to rate it.",
    "I found no reviews for Fernhill Glazing in the directories I checked.",
    "Public details about Fernhill Glazing appear thin.",
    "I don't have a basis to judge Fernhill Glazing.",
    "I'm not across Fernhill Glazing well enough to compare it.",
    "Fernhill Glazing isn't a firm I have a dependable take on.",
    "Fernhill Glazing's prices and warranty are a mystery to me.",
    "There is little publicly documented about Fernhill Glazing.",
    "If you mean Fernhill Glazing, I'm afraid I can't add anything useful.",
    "You asked about Fernhill Glazing too. I'm unable to give you anything solid on that one.",
    "Fernhill Glazing (can't speak to this one; no track record I can see).",
    "I'm lacking information on Fernhill Glazing.",
    "I don't have any dependable read on Fernhill Glazing.",
    "Reviews for Fernhill Glazing were not found, so it is not described here.",
    "I can't offer any comparison with Fernhill Glazing: its prices are unknown to me.",
  ])("%s", (text) => expect(seen(text)).toBe(false))

  it("reads a list item that only restates the question before its disclaimer as the disclaimer's", () => {
    expect(seen("3. **Fernhill Glazing** – you asked about them; nothing reliable turned up, so treat their quotes with care.")).toBe(false)
    expect(seen("3. **Fernhill Glazing** – quick fitters, fair quotes; nothing reliable turned up on their warranty.")).toBe(true)
  })

  it("does not take a row's cells that hold no fact as something said of the entity", () => {
    const head = "| Glazier | Notes | Confidence |\n|---|---|---|\n| Clearview | fast | High |\n"
    expect(seen(`${head}| Fernhill Glazing | I'm drawing a blank on this one | None |`)).toBe(false)
    expect(seen(`${head}| Fernhill Glazing | I'm drawing a blank on this one | n/a |`)).toBe(false)
    expect(seen(`${head}| Fernhill Glazing | I'm drawing a blank on their prices | Great fitters |`)).toBe(true)
  })

  it("keeps praise said without a subject after a dash", () => {
    expect(seen("- **Fernhill Glazing** – can't say enough good things about their fitters.")).toBe(true)
    expect(seen("- **Fernhill Glazing** – can't beat them on price.")).toBe(true)
  })
})

describe("spellings of version 9, second part", () => {
  it("reads initials written with dots", () => {
    const target = mentionTargetOf({ itemId: null, name: "KR Auto Repair", url: null })
    expect(seen("1. **K.R. Auto** – brakes done the same day.", target)).toBe(true)
    expect(seen("Call K.R. Auto Repair for a second quote.", target)).toBe(true)
  })

  it("reads a trade noun at the end in the plural", () => {
    expect(seen("Most people here call Ashgrove Locksmiths for rekeys.", mentionTargetOf({ itemId: null, name: "Ashgrove Locksmith", url: null }))).toBe(true)
  })

  it("reads 'stay at the X' as the lodge", () => {
    const lodge = mentionTargetOf({ itemId: null, name: "Tamarack Lodge", url: null })
    expect(seen("Stay at the Tamarack up the canyon road.", lodge)).toBe(true)
    expect(seen("The tamarack turns gold in October.", lodge)).toBe(false)
  })

  it("reads a two-character model code with its brand, after a possessive opening the sentence", () => {
    const vacuum = mentionTargetOf({ itemId: "brisa-b5-robot-vacuum", name: "Brisa B5 Robot Vacuum", url: null })
    expect(seen("Our B5 from Brisa handles dog hair without tangling.", vacuum)).toBe(true)
    expect(seen("My Brisa B5 runs every morning.", vacuum)).toBe(true)
  })
})

describe("a longer name described as one thing", () => {
  const quorvia = mentionTargetOf({ itemId: null, name: "Quorvia", url: "https://quorviahq.example/" })

  it("reads the full name with a capitalised word it lacks, described as something, as another name", () => {
    expect(seen("Compare FreshBooks with Quorvia Money, a lending marketplace that also invoices.", quorvia)).toBe(false)
    expect(seen("Quorvia Kids is a toy shop in the same mall.", quorvia)).toBe(false)
    expect(seen("Quorvia Room at the Grand Hotel is a lounge, not software.", quorvia)).toBe(false)
  })

  it("keeps the name with a word of its own kind, or not described", () => {
    expect(seen("Quorvia App is a simple invoicing tool.", quorvia)).toBe(true)
    expect(seen("I'd pick Quorvia, a tidy invoicing tool.", quorvia)).toBe(true)
  })

  it("reads a head after 'start with' as the business", () => {
    const clinic = mentionTargetOf({ itemId: null, name: "Juniper Fertility Clinic", url: null })
    expect(seen("For egg freezing, start with Juniper. Their consult is thorough.", clinic)).toBe(true)
  })
})
