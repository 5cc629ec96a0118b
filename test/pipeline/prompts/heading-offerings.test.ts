/**
 * What one heading names: "Rewiring of old terraces and cottages" is rewiring (the "and" joins what
 * it is of), "Data and TV antenna cabling" is two kinds of cabling, "Homestay with a local family" a
 * homestay; an imperative ("Add a little extra"), a card's own name ("The Meadow"), a room named
 * after someone or somewhere ("The Alberta Room", not "The Garden Room"), "Ways to work
 * here" and a schedule ("Class times") name nothing on offer; "home" first in a longer name says
 * where the thing is used, elsewhere it is the page ("take-home", "Back home").
 */
import { describe, expect, it } from "vitest"
import { headingOfferings } from "../../../src/pipeline/prompts/text-facts.ts"

describe("the offerings a heading names", () => {
  it("reads each heading as a customer would", () => {
    const headings = [
      "Rewiring of old terraces and cottages", "Data and TV antenna cabling", "Homestay with a local family", "Add a little extra",
      "Give a gift subscription", "The Meadow", "The Alberta Room", "The Garden Room", "The Growth package", "Ways to work here", "Class times", "Health fund rebates",
      "Home espresso course", "Custom take-home trays", "Back home", "Home"
    ]
    expect(headings.map((h) => [h, headingOfferings(h, new Set())])).toEqual([
      ["Rewiring of old terraces and cottages", ["rewiring"]],
      ["Data and TV antenna cabling", ["data cabling", "TV antenna cabling"]],
      ["Homestay with a local family", ["homestay"]],
      ["Add a little extra", []],
      ["Give a gift subscription", []],
      ["The Meadow", []],
      ["The Alberta Room", []],
      ["The Garden Room", ["the garden room"]],
      ["The Growth package", ["the growth package"]],
      ["Ways to work here", []],
      ["Class times", []],
      ["Health fund rebates", []],
      ["Home espresso course", ["home espresso course"]],
      ["Custom take-home trays", []],
      ["Back home", []],
      ["Home", []]
    ])
  })
})
