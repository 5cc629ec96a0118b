/**
 * A price list in ringgit, cedis or shillings is read as one in dollars is ("Men's cut | RM 65");
 * its rows per device model ("Pixel 7 screen | GH₵ 900") are one service priced for each model,
 * not offerings of their own, and "priced separately" is how something is sold, not a thing.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { listingHint } from "../../../src/pipeline/crawler/structured-data.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const hints = (lines: ReadonlyArray<string>) => lines.map((line) => listingHint(line)!).map((hint) => ({ ...hint, url: null }))

describe("price rows", () => {
  it("in ringgit are a salon's offerings", () => {
    const facts = factsFromPages({
      name: "Helai Hair Studio",
      kind: "business",
      businessName: "Helai Hair Studio",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Helai Hair Studio | Hair salon in Petaling Jaya", headings: ["A hair salon in Petaling Jaya"], text: "Six stylists and one calm room." }),
        sitePage("/services.html", {
          title: "Services & prices | Helai Hair Studio",
          headings: ["Services & prices", "Haircuts", "Colour"],
          text: "Men's cut RM 65 Kids' cut RM 45 Balayage from RM 450 Scalp treatment RM 150",
          products: hints(["Men's cut RM 65", "Kids' cut RM 45", "Balayage from RM 450", "Scalp treatment RM 150"])
        })
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["men's cut", "kids' cut", "balayage", "scalp treatment"]))
  })

  it("per device model are the service they price, and an adverb's phrase is no offering", () => {
    const facts = factsFromPages({
      name: "Kente Phone Clinic",
      kind: "business",
      businessName: "Kente Phone Clinic",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Kente Phone Clinic | Phone repair in Kumasi", headings: ["Phone repair in Kumasi", "Screen replacement"], text: "Cracked screens fixed in an hour." }),
        sitePage("/prices.html", {
          title: "Prices | Kente Phone Clinic",
          headings: ["Prices"],
          text: "Pixel 7 screen GH₵ 900 Galaxy S23 screen GH₵ 1,300 Charging port repair GH₵ 200 Two grades of parts, priced separately.",
          products: hints(["Pixel 7 screen GH₵ 900", "Galaxy S23 screen GH₵ 1,300", "Charging port repair GH₵ 200"])
        })
      ]
    })
    expect(facts.offerings).toContain("screen replacement")
    expect(facts.offerings).toContain("charging port repair")
    expect(facts.offerings.filter((o) => /pixel|galaxy|separately/i.test(o))).toEqual([])
  })
})
