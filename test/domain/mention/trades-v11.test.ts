// Short forms of detector version 11, on examples of its own (not an evaluation split's answers):
// more trades a name may end in (building work, tailoring, travel), European legal forms
// ("S.A.", "B.V.", "AG") dropped like "Ltd", and a surname opened by a one-letter particle
// ("Ó Dálaigh") kept whole.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { shortFormsOf } from "../../../src/domain/mention/short-forms.ts"

const seen = (name: string, text: string) =>
  detectMention({ text, citations: [] }, mentionTargetOf({ itemId: null, name, url: null })).visible

describe("more trades and legal forms (version 11)", () => {
  it("drops building, tailoring and travel trades to find the distinctive word", () => {
    expect(shortFormsOf("Quarrow Masonry", false).heads).toEqual(["Quarrow"])
    expect(shortFormsOf("Fenwick Tailors", false).heads).toEqual(["Fenwick"])
    expect(shortFormsOf("Solvara Tours", false).heads).toEqual(["Solvara"])
    expect(seen("Quarrow Masonry", "For the garden wall we hired Quarrow, a small stonework crew from the valley.")).toBe(true)
    expect(seen("Fenwick Tailors", "- **Fenwick** – alterations while you wait")).toBe(true)
  })

  it("drops a European legal form like 'Ltd'", () => {
    expect(shortFormsOf("Brisol Reisen AG", false).aliases).toContain("Brisol Reisen")
    expect(shortFormsOf("Caldera Viajes S.A.", false)).toEqual({ aliases: ["Caldera Viajes", "Caldera Viaje"], heads: ["Caldera"] })
    expect(shortFormsOf("Tarn Bouw B.V.", false).aliases).toContain("Tarn Bouw")
  })

  it("keeps a surname opened by a one-letter particle whole, never the particle alone with the trade", () => {
    expect(shortFormsOf("Ó Dálaigh Joinery", false)).toEqual({ aliases: ["Ó Dálaigh"], heads: ["ÓDJ"] })
    expect(seen("Ó Dálaigh Joinery", "Our stairs came from Ó Dálaigh and they are solid oak.")).toBe(true)
  })

  it("still reads the trade word as a word where nothing presents a business", () => {
    expect(seen("Quarrow Masonry", "The quarrow stones along the path are loose after the frost.")).toBe(false)
  })
})

describe("a head given as one of a kind of business (version 11)", () => {
  it("counts after a plural business noun and 'such as', 'like' or 'including'", () => {
    expect(seen("Harrowgate Shirtmakers", "For made-to-measure, try tailors such as Harrowgate or a department store.")).toBe(true)
    expect(seen("Harrowgate Shirtmakers", "Small outfits including Harrowgate still cut by hand.")).toBe(true)
  })

  it("does not count after a noun that as often names a place", () => {
    expect(seen("Harrowgate Shirtmakers", "We stopped at places like Harrowgate on the way north.")).toBe(false)
  })
})

describe("a caveat about the reader's own setup (version 11)", () => {
  const gateway = mentionTargetOf({ itemId: null, name: "Portcullis", url: "https://portcullis.example/" })
  const visible = (text: string) => detectMention({ text, citations: [] }, gateway).visible

  it("is no knowledge disclaimer: what follows about the entity counts", () => {
    expect(visible("I can't see your cluster's load, so with that caveat: Portcullis is a solid gateway for most teams.")).toBe(true)
    expect(visible("I'm not able to check your config, but Portcullis handles retries well.")).toBe(true)
  })

  it("is one when the entity's own things are out of reach", () => {
    expect(visible("I can't check Portcullis's release notes from here.")).toBe(false)
  })
})

describe("a caveat on one detail, then the entity named again (version 11)", () => {
  const clinic = mentionTargetOf({ itemId: null, name: "Larchmont Physical Therapy", url: null })
  const found = (text: string) => detectMention({ text, citations: [] }, clinic)

  it("counts what the contrast says of the entity, by name or by a head it describes", () => {
    expect(found("I can't check Larchmont Physical Therapy's opening hours, so ring first, but Larchmont PT is known for sports rehab.").visible).toBe(true)
    expect(found("I can't check Larchmont Physical Therapy's hours, so ring first, but Larchmont is known locally as a sports rehab clinic.").visible).toBe(true)
  })

  it("does not count a contrast that only hedges, nor the caveat alone", () => {
    expect(found("I don't have information about Larchmont Physical Therapy, but Larchmont might be a newer clinic.").visible).toBe(false)
    expect(found("I can't check Larchmont Physical Therapy's opening hours.").visible).toBe(false)
  })
})
