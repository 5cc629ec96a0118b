// Knowledge disclaimers of detector version 9, each on examples of its own (not an evaluation
// split's answers): the speaker cannot tell which business is meant, nothing found confirms it,
// the speaker's knowledge of it is none, a cell that only doubts it, "isn't a firm I can tell you
// anything about", an adverb inside "don't know it", praise that is only someone else's on a
// condition, and a sentence that only says someone may suggest it.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const QUILL = mentionTargetOf({ itemId: null, name: "Quillmore Print Works", url: "https://quillmore.example/" })
const seen = (text: string) => detectMention({ text, citations: [] }, QUILL).visible

describe("what the speaker does not know about the entity", () => {
  it.each([
    "A few printers go by Quillmore Print Works, and I can't tell which one you're thinking of or vouch for its turnaround.",
    "Quillmore Print Works shows up in a couple of directories, but nothing confirms its prices or its opening hours.",
    "Names such as Quillmore Print Works come up now and then, though no source I checked confirms whether it still takes orders.",
    "Quillmore Print Works isn't a printer I can tell you anything about with certainty.",
    "Quillmore Print Works is outside what I can verify, so ask around.",
    "There may be a Quillmore Print Works near you; I can't pin down which shop that would be.",
    "Quillmore Print Works sounds established, but my knowledge of it is zero.",
    "Quillmore Print Works came up in your message, but I have no basis for a view on it.",
    "You also asked about Quillmore Print Works. If that's a local shop, I don't really know it.",
    "Somebody might point you to Quillmore Print Works. It's not one I can tell you anything about.",
  ])("%s", (text) => expect(seen(text)).toBe(false))

  it("reads praise reported on a condition as no praise of its own", () => {
    expect(seen("3. **Quillmore Print Works** – if a colleague recommended them, great, but I have no basis for an opinion.")).toBe(false)
    expect(seen("3. **Quillmore Print Works** – crisp letterpress, great paper, though I have no basis for their rush fees.")).toBe(true)
  })

  it("takes a cell or a clause that only doubts the entity as a disclaimer in a table row", () => {
    const head = "| Printer | Turnaround | Notes |\n|---|---|---|\n| Inkwell | 2 days | reliable |\n"
    const row = (cells: string) => detectMention({ text: `${head}| Quillmore Print Works | ${cells} |`, citations: [] }, QUILL).visible
    expect(row("unsure | no info I can vouch for")).toBe(false)
    expect(row("Not sure it still trades; no data | ?")).toBe(false)
    expect(row("— | keine belastbaren Angaben")).toBe(false)
    expect(row("3 days | not sure about weekends, solid letterpress")).toBe(true)
  })

  it("keeps the entity where the answer says something of it", () => {
    expect(seen("Quillmore Print Works is the one I'd pick: nothing beats their letterpress.")).toBe(true)
    expect(seen("Your colleagues might suggest Quillmore Print Works, and they'd be right: it's excellent.")).toBe(true)
  })
})
