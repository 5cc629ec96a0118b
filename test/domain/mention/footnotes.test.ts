// A footnote that disclaims (detector version 10), on examples of its own (not an evaluation
// split's answers): it covers a list item that only names its lead, not one that describes it.
import { describe, expect, it } from "vitest"
import { cpuTimed } from "../../support/cpu-time.ts"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const TARGET = mentionTargetOf({ itemId: null, name: "Wicklow Wool Co-op", url: "https://wicklowwool.example/" })
const seen = (text: string) => detectMention({ text, citations: [] }, TARGET).visible
const list = (item: string, note: string) =>
  `Yarn shops that ship abroad:\n\n1. **Skein Street** – hand-dyed merino.\n2. **Loop & Purl** – big sock-yarn range.\n3. ${item}\n\n${note}`

describe("a footnote that disclaims", () => {
  it("covers an item that only names its lead", () => {
    expect(seen(list("**Wicklow Wool Co-op**²", "² Listed because people search for it; I have no reliable information on its stock."))).toBe(false)
    expect(seen(list("Wicklow Wool Co-op [^1]", "[^1]: I couldn't verify anything about this shop."))).toBe(false)
  })

  it("leaves an item that says something of the entity, and a footnote that says nothing is missing", () => {
    expect(seen(list("**Wicklow Wool Co-op**² – undyed Irish wool, quick shipping.", "² I have no reliable information on its prices."))).toBe(true)
    expect(seen(list("**Wicklow Wool Co-op**²", "² Family-run since 1982; ships within two days."))).toBe(true)
  })

  it("stays linear on many footnotes and markers", () => {
    const items = Array.from({ length: 3000 }, (_, i) => `${i + 1}. **Shop ${i}**¹²`).join("\n")
    const notes = Array.from({ length: 3000 }, (_, i) => `[^${i}]: I have no information on it.`).join("\n")
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      detectMention({ text: `${items}\n\n¹² I have no information on these.\n${notes}`, citations: [] }, TARGET)
      detectMention({ text: `1. **Wicklow Wool Co-op** ${"¹ ".repeat(100_000)}\n\n¹ I have no information on it.`, citations: [] }, TARGET)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })
})
