/**
 * A section named for whom it is, in Dutch, Portuguese, Spanish, Italian or French ("Jeugd",
 * "Volwassenen", "Adultos", "Jeunes"), is no offering, as "Juniors" and "Adults" are not; and a
 * hire firm's title naming two towns joined ("Baby Equipment Hire Cairns & Port Douglas") still
 * says what it hires out.
 */
import { describe, expect, it } from "vitest"
import { kindInTitle } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"

describe("whom a section is for, in other languages", () => {
  it("is a site's label, not something sold", () => {
    for (const heading of ["Jeugd", "Volwassenen", "Jongeren", "Adultos", "Jovens", "Adulti", "Jeunes"]) expect({ heading, label: isSiteLabel(heading) }).toEqual({ heading, label: true })
  })

  it("guards: what is taught to them is sold", () => {
    for (const heading of ["Musicalklas", "Toneelles", "Jeugdtheater"]) expect({ heading, label: isSiteLabel(heading) }).toEqual({ heading, label: false })
  })
})

describe("a hire firm's title with two towns joined", () => {
  it("names what it hires out", () => {
    expect(kindInTitle("Baby Equipment Hire Cairns & Port Douglas — Little Nomad Baby Hire", new Set(["little", "nomad", "baby", "hire"]))).toBe("baby equipment hire")
    // (One town, as before.)
    expect(kindInTitle("Wedding Car Hire Cheshire | Silver Lane", new Set(["silver", "lane"]))).toBe("wedding car hire")
  })
})
