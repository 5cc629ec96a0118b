/**
 * Trades whose work is done at the customer's home, whom nobody asks whether they are "open on
 * Thursday" (a house sitter, a nanny, a baby sleep consultant, a private chef, a Christmas light
 * installer), and foods and farm goods sold by the measure ("hardneck garlic", "huckleberry fudge",
 * "well-rotted hen manure", "dried lavender confetti"), never made plural.
 */
import { describe, expect, it } from "vitest"
import { isMass } from "../../../src/pipeline/prompts/english.ts"
import { atCustomerOf } from "../../../src/pipeline/prompts/visit-facts.ts"

describe("home trades and foods by the measure", () => {
  it("keeps no opening hours for trades that work at the customer's home", () => {
    const kinds = ["house sitter", "house sitting service", "nanny agency", "babysitter", "sleep consultancy", "baby sleep consultant",
      "private chef", "chef a domicilio", "christmas light installer", "lighting company"]
    expect(kinds.filter((kind) => !atCustomerOf(["We look after your home while you are away."], kind))).toEqual([])
    // A shop customers walk into keeps its hours, whatever its kind.
    expect(atCustomerOf(["Visit us in our showroom on Main Street."], "lighting company")).toBe(false)
    expect(atCustomerOf(["Fresh bread every morning."], "bakery")).toBe(false)
  })

  it("sells garlic, fudge, manure and confetti by the measure", () => {
    expect(["hardneck garlic", "huckleberry fudge", "well-rotted hen manure", "dried lavender confetti", "chicken bone broth", "lavender"]
      .filter((phrase) => !isMass(phrase))).toEqual([])
    expect(["garlic press", "fudge tin", "cake"].filter(isMass)).toEqual([])
  })
})
