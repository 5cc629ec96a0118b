// Spellings of detector version 10, on examples of its own (not an evaluation split's answers):
// a plural noun closing a name in the singular, German umlauts written out, and the business's
// site name as one capitalised word.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const seen = (name: string, url: string | null, text: string) =>
  detectMention({ text, citations: [] }, mentionTargetOf({ itemId: null, name, url })).visible

describe("more spellings of a name (version 10)", () => {
  it("reads a plural noun closing the name in the singular too, not a family firm's", () => {
    expect(mentionTargetOf({ itemId: null, name: "Lakeside Awnings", url: null }).aliases).toContain("Lakeside Awning")
    expect(seen("Lakeside Awnings", null, "For a retractable canopy, Lakeside Awning fitted mine in a day.")).toBe(true)
    expect(mentionTargetOf({ itemId: null, name: "Corwin Brothers", url: null }).aliases).not.toContain("Corwin Brother")
    expect(mentionTargetOf({ itemId: null, name: "Tessa Glass", url: null }).aliases).toEqual([])
  })

  it("reads German umlauts written out", () => {
    expect(seen("Müller Dachdeckerei GmbH", null, "Mueller Dachdeckerei fixed our slate roof quickly and fairly.")).toBe(true)
    expect(seen("Größl Optik", null, "Groessl Optik has the widest frame choice in town.")).toBe(true)
  })

  it("reads the business's site name written as one capitalised word", () => {
    expect(seen("Lumen", "https://lumenledger.example/", "Most freelancers I know like LumenLedger for quick invoices.")).toBe(true)
    expect(seen("Lumen", "https://lumenledger.example/", "a lumenledger export is a csv file")).toBe(false)
  })
})
