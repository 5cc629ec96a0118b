/**
 * A business typed as a travel agency whose title names the outing it runs ("Whale watching from
 * Húsavík") is the operator of that outing, not an agency selling others' trips.
 */
import { describe, expect, it } from "vitest"
import { operatorOfOwnTrips } from "../../../src/pipeline/prompts/jsonld-facts.ts"

describe("operators of their own outings", () => {
  it("reads the outing from a title", () => {
    expect(operatorOfOwnTrips(["Orca Bay Tours | Whale watching from Tofino"])).toBe("whale watching tour operator")
    expect(operatorOfOwnTrips(["Reef dives and cave diving in Dahab"])).toBe("cave diving tour operator")
  })

  it("reads no outing from a word of how it is run", () => {
    expect(operatorOfOwnTrips(["Private fishing charters"])).toBe(undefined)
    expect(operatorOfOwnTrips(["Flights, hotels and packages"])).toBe(undefined)
  })
})
