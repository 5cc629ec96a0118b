/**
 * Offerings named by what cannot be counted are asked for as they are named: fish and game sold
 * by weight ("smoked salmon", not "smoked salmons"), spices and brews ("ginger turmeric",
 * "kombucha") and every word in -sis ("quit smoking hypnosis", not "hypnosises"); a thing counted
 * one by one still takes its plural.
 */
import { describe, expect, it } from "vitest"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"

describe("offerings that are not counted", () => {
  it("keep their singular", () => {
    expect(["oak-smoked salmon", "ginger turmeric", "kombucha", "quit smoking hypnosis", "wild venison"].map((p) => offeringForm(p)))
      .toEqual([
        { text: "oak-smoked salmon", plural: false },
        { text: "ginger turmeric", plural: false },
        { text: "kombucha", plural: false },
        { text: "quit smoking hypnosis", plural: false },
        { text: "wild venison", plural: false }
      ])
  })

  it("while things counted one by one are asked for in the plural", () => {
    expect(["ginger turmeric shot", "salmon fillet", "croissant"].map((p) => offeringForm(p).text)).toEqual(["ginger turmeric shots", "salmon fillets", "croissants"])
  })
})
