/**
 * Offerings a made-up site names as the subject of a sentence that prices them: "Our four-hands
 * massage is 1,200 baht", "Our digital perm gives loose waves ... From RM 380", "Spanish subtitles
 * are $200 per video". Guards: a sum or a term of sale ("Our hourly rate", "Our minimum order",
 * "UK postage"), whom a price is for ("Extra guests", "Second dogs"), where goods are kept
 * ("Bargain bins"), a sentence with no price of its own (a price list's figures run into it from
 * the heading before), a denial, and the section's own offering priced in other words.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"]) =>
  factsFromPages({ name: "Larch & Fern", kind: "business", businessName: "Larch & Fern", url: `${ORIGIN}/`, pages })

describe("things a sentence prices", () => {
  it("reads the subject of 'our X <verb>' and of 'X is/are/starts at <price>', to its first function word", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Massage in Chiang Mai",
        headings: ["Larch & Fern"],
        text:
          "Larch & Fern is a massage studio in Chiang Mai. Two therapists working in step: our four-hands massage is 1,200 baht for " +
          "60 minutes. Our digital perm gives loose, bouncy waves that last three months. From RM 380, including a cut."
      }),
      sitePage("/faq.html", {
        title: "FAQ | Larch & Fern",
        headings: ["FAQ", "Can you add captions?"],
        text:
          "FAQ Can you add captions? Every video ships with English captions. Spanish subtitles are $200 per video. " +
          "Rush framing in 48 hours is $40 extra. Our fish soup by the litre is sold frozen from the hatch: 189 kr per litre."
      })
    ])
    expect(result.offerings).toEqual(["four-hands massage", "digital perm", "spanish subtitles", "rush framing", "fish soup by the litre"])
  })

  it("does not read a sum, a term of sale, whom a price is for, where goods are kept, a denial or the section's own offering", () => {
    const result = facts([
      sitePage("/", {
        title: "Larch & Fern | Records in Bristol",
        headings: ["Larch & Fern"],
        text:
          "Larch & Fern is a record shop in Bristol. Our hourly rate is $60. Our minimum order is $50. Extra guests are $20 each. " +
          "Second dogs are $20. UK postage is £4. Bargain bins start at £2. Our gift vouchers are not sold online, from £20."
      }),
      sitePage("/walks.html", {
        title: "Private guided walks | Larch & Fern",
        headings: ["Private guided walks"],
        text: "Private guided walks Want a guide to yourselves? Any day walk can be booked privately. Private guiding starts at $650 a day."
      }),
      sitePage("/pick.html", {
        title: "Pick your own | Larch & Fern",
        headings: ["Pick your own", "U-pick cherries"],
        text: "Pick your own Cherries late June $3.75/lb U-pick cherries Our cherry block is planted on dwarf rootstock."
      })
    ])
    expect(result.offerings).toEqual(["private guided walks", "u-pick cherries"])
  })
})
