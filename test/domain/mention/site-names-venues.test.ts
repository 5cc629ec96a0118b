// Names and short forms of detector version 9, each on examples of its own (not an evaluation
// split's answers): more trade words to shorten a name by, the business's site name as a handle
// and spelled as words, a name wrapped over a line, "&" without spaces, a shop by its owner's
// possessive at a street, a venue as "the X on <street>", a quoted head followed by what it is,
// heads after verbs of recommending, and the guards: a one-word name in lower case in a list of
// lower-case words is one of them, and "someone named X" is a person.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { aliasesFor } from "../../../src/domain/mention/aliases.ts"
import { shortFormsOf } from "../../../src/domain/mention/short-forms.ts"
import { cpuGrowth, LINEAR_GROWTH_LIMIT } from "../../support/cpu-time.ts"

const business = (name: string, url: string | null = null, place: string | null = null) => mentionTargetOf({ itemId: null, name, url, place })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("short forms by more trade words", () => {
  it("drops 'Auto Body', 'BBQ', 'Optik', 'GmbH', 'IT Solutions' and writes 'Pediatrics' as 'Peds'", () => {
    expect(shortFormsOf("Wozniak Auto Body", false)).toMatchObject({ aliases: expect.arrayContaining(["Wozniak Auto"]), heads: expect.arrayContaining(["Wozniak"]) })
    expect(shortFormsOf("Delgado Brothers BBQ", false).aliases).toEqual(expect.arrayContaining(["Delgado Brothers", "Delgado Bros"]))
    expect(shortFormsOf("Polarstern Optik GmbH", false)).toMatchObject({ aliases: ["Polarstern Optik"], heads: ["Polarstern"] })
    expect(shortFormsOf("Harrowgate IT Solutions", false)).toMatchObject({ aliases: ["Harrowgate IT"], heads: expect.arrayContaining(["Harrowgate"]) })
    expect(shortFormsOf("Millbrook Pediatrics", false).aliases).toContain("Millbrook Peds")
  })

  it("reads them in answers", () => {
    expect(seen("Delgado Bros on the east side smoke a fine brisket.", business("Delgado Brothers BBQ"))).toBe(true)
    expect(seen("Harrowgate IT answers tickets within the hour.", business("Harrowgate IT Solutions"))).toBe(true)
    expect(seen("Harrowgate is a local MSP with a flat monthly fee.", business("Harrowgate IT Solutions"))).toBe(true)
    expect(seen("Viele Kunden empfehlen Polarstern für Gleitsichtbrillen.", business("Polarstern Optik GmbH"))).toBe(true)
  })
})

describe("the business's site name", () => {
  const plants = business("Bramble", "https://bramblegreens.example/")

  it("counts as a handle or hashtag, and spelled as words with capitals", () => {
    expect(seen("Follow @bramblegreens for restock alerts.", plants)).toBe(true)
    expect(seen("Their tag #bramblegreens has plenty of unboxing videos.", plants)).toBe(true)
    expect(seen("Bramble Greens packs every pot in paper, no plastic.", plants)).toBe(true)
    expect(seen("Trim the bramble greens back in March.", plants)).toBe(false)
  })

  it("takes the handle from a business's domain only", () => {
    const lamp = mentionTargetOf({ itemId: "arc-lamp", name: "Arc Lamp", url: "https://glowhaus.example/arc" })
    expect(seen("Follow @glowhaus for their new range.", lamp)).toBe(false)
  })
})

describe("spellings of a name", () => {
  it("reads a name wrapped over a line, and '&' without spaces", () => {
    expect(seen("For trademark work, try Okafor\n& Lind in Leeds.", business("Okafor & Lind LLP"))).toBe(true)
    expect(seen("We ordered from Okafor&Lind twice.", business("Okafor & Lind"))).toBe(true)
    expect(seen("Okafor\n\n& Lind", business("Okafor & Lind"))).toBe(false)
  })
})

describe("a head presented as the shop or venue", () => {
  const bakery = business("Boulangerie Margaux", null, "Quebec City, QC")
  const hotel = business("Hotel Vireo", null, "Savannah, GA")

  it("reads an owner's possessive at a street, and 'the X on <street>'", () => {
    expect(seen("Margaux's on Rue Saint-Jean does the flakiest croissant in town.", bakery)).toBe(true)
    expect(seen("Ask for Luc at Margaux's on 3rd; he'll box a dozen for you.", bakery)).toBe(true)
    expect(seen("We stayed at the Vireo on Abercorn, two blocks from the square.", hotel)).toBe(true)
    expect(seen("Try The Vireo on Jones Street for a quiet room.", hotel)).toBe(true)
  })

  it("does not read a possessive or 'the X' elsewhere as the business", () => {
    expect(seen("Margaux's on Monday schedule is full.", bakery)).toBe(false)
    expect(seen("The Vireo in spring is a lovely songbird.", hotel)).toBe(false)
    expect(seen("Margaux's cousin bakes too.", bakery)).toBe(false)
  })

  it("reads a quoted head followed by what the business is, and heads after verbs of recommending", () => {
    const vet = business("Harbor Mobile Vet")
    expect(seen(`Around here people just say "HMV" (the mobile vet that comes to you).`, vet)).toBe(true)
    expect(seen("Everyone on our street swears by Margaux for birthday cakes.", bakery)).toBe(true)
    expect(seen("My neighbour recommends Margaux for rye bread.", bakery)).toBe(true)
  })

  it("reads 'someone named X' as a person", () => {
    expect(seen("If the cake is for a friend named Margaux, ask them to pipe the name.", bakery)).toBe(false)
    expect(seen("The bakery called Margaux is the one to try.", bakery)).toBe(true)
  })
})

describe("a one-word name written in lower case in a list of lower-case words", () => {
  const shop = business("Yarrow", "https://yarrowplants.example/")

  it("is one of the words", () => {
    expect(seen("Meadow mixes often include yarrow, sage and poppies.", shop)).toBe(false)
    expect(seen("Sow poppies, cornflowers, yarrow in a sunny bed.", shop)).toBe(false)
    expect(seen("honestly yarrow shipped faster than anyone else I tried.", shop)).toBe(true)
    expect(seen("Whitewashed shelves, yarrow wreaths, linen: the look is easy.", shop)).toBe(false)
    expect(seen("honestly, yarrow is the shop I'd use again.", shop)).toBe(true)
  })
})

describe("derived spellings", () => {
  it("keep '&' without spaces out of a family firm", () => {
    expect(aliasesFor("Okafor & Sons")).toEqual(["Okafor and Sons"])
  })

  it("write initials opening a name with dots, not a legal form at its end", () => {
    expect(aliasesFor("KR Auto Repair")).toContain("K.R. Auto Repair")
    expect(aliasesFor("Nordvik AB")).toEqual(["Nordvik"])
  })
})

describe("the version 9 rules on hostile input", () => {
  it("stay linear over thousands of possessives, venues, wrapped names, handles and lower-case lists", async () => {
    const target = business("Hotel Vireo & Spa", "https://vireospa.example/", "Savannah, GA")
    // At n = 10,000: 2,000 runs of possessives to handles, 10,000 "vireo, " and 10,000 "Hotel\n".
    const text = (n: number) =>
      "Vireo's on Abercorn, the Vireo on 3rd, Hotel\nVireo &\nSpa, @vireospa #vireospa Vireo Spa, ".repeat(n / 5) +
      "vireo, ".repeat(n) + "Hotel\n".repeat(n) + "someone named Vireo ".repeat(n / 5)
    const work = (n: number) => detectMention({ text: text(n), citations: [] }, target).visible
    // Linear growth, in CPU time: n = 10,000 against 8 runs of 1,250 take about as long
    // (quadratic work would take 8 times as long). Not a bound in seconds: neither the
    // machine's load nor its speed moves the ratio.
    const growth = await cpuGrowth(work, 1_250)
    expect(growth.result).toBe(true)
    expect(growth.ratio, `CPU ms of 8 runs at 1,250 and one at 10,000: ${growth.cpuMs.map(Math.round).join(", ")}`).toBeLessThan(LINEAR_GROWTH_LIMIT)
  })
})
