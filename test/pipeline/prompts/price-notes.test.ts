/**
 * A price's note is no offering: what to bring ("Bring lunch"), any one of a kind ("Any course"),
 * a surcharge or a fee in another language ("Wynagrodzenie agencji", "Zuschlag Samstag"), the
 * next of someone ("Second dog"), a transfer from further away ("Transfer from outside Hamilton").
 */
import { describe, expect, it } from "vitest"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"

describe("a price's note", () => {
  it("is a site's label", () => {
    expect(["Bring lunch", "Any course", "Wynagrodzenie agencji", "Zuschlag Samstag", "Second dog", "Transfer from outside Hamilton"].map(isSiteLabel))
      .toEqual([true, true, true, true, true, true])
  })

  it("is not the thing priced", () => {
    expect(["Dog daycare", "Supplements", "Airport transfer", "Risiti Pay", "Second-hand records"].map(isSiteLabel)).toEqual([false, false, false, false, false])
  })
})
