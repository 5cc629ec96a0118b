/**
 * "first time buying ..., what should I know?" asks about a kind of thing said with its article
 * ("first time buying a chef's knife"); a thing named on its own, without one, is one thing bought
 * once ("first time buying isolde", "first time buying ceremonial matcha" read as nobody's words).
 */
import { describe, expect, it } from "vitest"
import { productCandidates, type ProductFill } from "../../../src/pipeline/prompts/product-templates.ts"

const fill = (names: ReadonlyArray<string>): ProductFill => ({
  names,
  category: "homeware shop",
  place: "Leeds",
  audiences: [],
  dietary: [],
  business: "Hearth & Home",
  visitable: true
})

const firstTime = (names: ReadonlyArray<string>) =>
  productCandidates(fill(names), 0).filter((c) => c.template === "product-first-time").map((c) => c.prompt)

describe("first time buying", () => {
  it("asks about a kind of thing said with its article", () => {
    expect(firstTime(["chef's knife"])).toEqual(["first time buying a chef's knife, what should I know?"])
  })

  it("never about a thing named on its own", () => {
    expect(firstTime(["isolde"])).toEqual([])
    expect(firstTime(["ceremonial matcha"])).toEqual([])
  })
})
