// A firm named after a person with "& Co." (detector version 10), on examples of its own (not an
// evaluation split's answers): the person's name alone counts only where presented as the
// business, "+ Co" is the firm's own spelling, and the dot of "Co." may be left out.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { aliasesFor } from "../../../src/domain/mention/aliases.ts"
import { shortFormsOf } from "../../../src/domain/mention/short-forms.ts"

const HATTIE = mentionTargetOf({ itemId: null, name: "Hattie & Co.", url: "https://hattieandco.example/" })
const seen = (text: string) => detectMention({ text, citations: [] }, HATTIE).visible

describe("a firm named after a person ('& Co.')", () => {
  it("keeps the person's name as a head, not an alias, and spells '& Co.' as '+ Co.'", () => {
    expect(shortFormsOf("Hattie & Co.", false)).toEqual({ aliases: ["Hattie + Co."], heads: ["Hattie"] })
    expect(shortFormsOf("Pruitt and Company", false)).toEqual({ aliases: ["Pruitt + Company"], heads: ["Pruitt"] })
    expect(mentionTargetOf({ itemId: null, name: "Hattie & Co.", url: null })).toMatchObject({
      aliases: ["Hattie and Co.", "Hattie + Co."],
      heads: ["Hattie"],
    })
    // A name without the "&" keeps its word as an alias: "Wren Co." is "Wren".
    expect(mentionTargetOf({ itemId: null, name: "Wren Co.", url: null })).toMatchObject({ aliases: ["Wren"], heads: [] })
    expect(aliasesFor("Hattie and Co.")).toEqual(["Hattie", "Hattie & Co."])
  })

  it.each([
    "My neighbour Hattie swears the wool socks from the market last for years.",
    "If you mean the \"Hattie\" cardigan pattern from a knitting magazine, it is a good first project.",
    "1. **Hattie's Attic Resale** – secondhand bundles, shipped weekly.",
    "| Hattie & Coleman Outfitters | wool | 40 dollars |",
  ])("does not count the person or another firm: %s", (text) => expect(seen(text)).toBe(false))

  it.each([
    "Hattie + Co is pricier, but its wool is thicker and the seams hold.",
    "Hattie & Co. ships quickly and its knits wear well.",
    "Hattie and Co is where I buy winter knits: thick wool, seams that hold.",
    "1. **Hattie** – thick wool knits, shipped quickly.",
  ])("counts the firm: %s", (text) => expect(seen(text)).toBe(true))
})
