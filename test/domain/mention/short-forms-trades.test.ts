// Short forms and spellings of a name (detector version 7), on examples of their own: more
// trades' words dropped, a run of trade words as its initials, partners' names, initials of the
// whole name, a product's brand with its model number, "&" written "+".
import { describe, expect, it } from "vitest"
import { aliasesFor } from "../../../src/domain/mention/aliases.ts"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { shortFormsOf } from "../../../src/domain/mention/short-forms.ts"

const business = (name: string) => mentionTargetOf({ itemId: null, name, url: `https://${name.toLowerCase().replace(/[^a-z]+/g, "")}.example/` })
const product = (name: string) => mentionTargetOf({ itemId: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), name, url: null })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("short forms of more trades", () => {
  it("drops the trade words of rentals, care, pharmacies, catering, inspections and more", () => {
    // Since version 15 the distinctive first word is a head whatever follows it ("Equipment" is no trade word).
    expect(shortFormsOf("Marbury Equipment Rental", false)).toEqual({ aliases: ["Marbury Equipment", "Marbury Rental"], heads: ["Marbury", "MER"] })
    expect(shortFormsOf("Kinsale Ridge Urgent Care", false)).toEqual({
      aliases: ["Kinsale Ridge Urgent", "Kinsale Ridge", "Kinsale Ridge UC"],
      heads: ["KRUC"],
    })
    expect(shortFormsOf("Brackett Pharmacy", false)).toEqual({ aliases: ["Brackett Rx"], heads: ["Brackett"] })
    expect(shortFormsOf("Ostrava Home Inspections", false)).toEqual({ aliases: ["Ostrava Home Inspection", "Ostrava Home", "Ostrava Inspections"], heads: ["Ostrava", "OHI"] })
    // One distinctive word is a head already: its trade words are not written as initials after it.
    expect(shortFormsOf("Pellucid Sleep Center", false)).toEqual({ aliases: ["Pellucid Sleep", "Pellucid Center"], heads: ["Pellucid", "PSC"] })
    expect(shortFormsOf("Chen & Vale CPAs", false)).toEqual({ aliases: ["Chen & Vale", "Chen Vale"], heads: ["C&V"] })
  })

  it("keeps a firm named after two partners by their names, and their initials as a head", () => {
    expect(shortFormsOf("Quillon & Marsh Bookbinders", false)).toEqual({
      aliases: ["Quillon & Marsh", "Quillon Marsh"],
      heads: ["Q&M", "QMB"],
    })
    expect(shortFormsOf("Ashby & Associates", false).heads).toEqual(["Ashby"])
  })

  it("keeps a product's brand with its model number", () => {
    expect(shortFormsOf("Tamsin 360 Tower Fan", true).aliases).toEqual(expect.arrayContaining(["Tamsin 360", "Tamsin's 360", "360 from Tamsin", "360 by Tamsin"]))
    expect(shortFormsOf("Tamsin Tower Fan", true).aliases).not.toContain("Tamsin Tower")
  })

  it("writes '&' and 'and' as '+' and '&' without spaces too, not in '& Co.' or '& Sons'", () => {
    expect(aliasesFor("Sable & Oriel")).toEqual(["Sable and Oriel", "Sable + Oriel", "Sable&Oriel", "Sable y Oriel", "Sable e Oriel", "Sable et Oriel", "Sable und Oriel"])
    expect(aliasesFor("Smith & Sons")).toEqual(["Smith and Sons"])
  })
})

describe("the short forms in answers", () => {
  it("reads the short forms and their spellings as the entity", () => {
    expect(seen("Kinsale Ridge UC stitched me up in twenty minutes.", business("Kinsale Ridge Urgent Care"))).toBe(true)
    expect(seen("Brackett Rx compounds flavoured antibiotics for kids.", business("Brackett Pharmacy"))).toBe(true)
    expect(seen("Ostrava Inspections did ours; the report came the same night.", business("Ostrava Home Inspections"))).toBe(true)
    expect(seen("Quillon and Marsh rebound my grandmother's Bible.", business("Quillon & Marsh Bookbinders"))).toBe(true)
    expect(seen("Sable + Oriel rings are solid 14k.", business("Sable & Oriel"))).toBe(true)
    expect(seen("Get the Tamsin 360: quiet enough to sleep beside.", product("Tamsin 360 Tower Fan"))).toBe(true)
    expect(seen("The Aero 2 from Pellucid is my tempo shoe.", product("Pellucid Aero 2 Running Shoe"))).toBe(true)
    expect(seen("Kinsale Tree took down our dead oak in a morning.", business("Kinsale Tree Service LLC"))).toBe(true)
  })

  it("reads initials only in capitals and where presented as the business", () => {
    const larkspur = business("Larkspur Dental Studio")
    expect(seen("LDS is the practice I'd pick in Reno.", larkspur)).toBe(true)
    expect(seen("Lds is the practice I'd pick in Reno.", larkspur)).toBe(false)
    expect(seen("LDS members meet on Sundays.", larkspur)).toBe(false)
  })

  it("reads a short form followed by a trade of another kind, or none known, as another business", () => {
    expect(seen("Quillon & Marsh Bistro does a fine brunch.", business("Quillon & Marsh Catering"))).toBe(false)
    expect(seen("Quillon & Marsh catered our wedding.", business("Quillon & Marsh Catering"))).toBe(true)
  })
})

describe("family firms", () => {
  it("keep no partners' initials and no '+' spelling for '& Daughters'", () => {
    expect(shortFormsOf("Brackett & Daughters Hardware", false).heads).toEqual(["BDH"])
    expect(aliasesFor("Brackett & Daughters")).toEqual(["Brackett and Daughters"])
  })
})
