/**
 * A price row that names a variant after a comma ("Kayak hire, high season", "Dog walk, each way",
 * "Recording session, half day with engineer") prices one thing several ways: the thing is the
 * offering, the season, the count or the part of a day is not part of its name. A list after a
 * comma ("Chips, salsa & guacamole") stays, and a name never ends in a comma ("Heat pump,
 * installed" is a heat pump).
 */
import { describe, expect, it } from "vitest"
import { listingHint } from "../../../src/pipeline/crawler/structured-data.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const hints = (lines: ReadonlyArray<string>) => lines.map((line) => listingHint(line)!).map((hint) => ({ ...hint, url: null }))

const rows = [
  "Kayak hire, high season €40",
  "Kayak hire, shoulder and winter €25",
  "Paddleboard lesson, each person €35",
  "Recording session, half day with engineer €180",
  "Heat pump, installed €2,400",
  "Chips, salsa & guacamole €6"
]

const facts = () =>
  factsFromPages({
    name: "Ria Verde Outdoors",
    kind: "business",
    businessName: "Ria Verde Outdoors",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: "Ria Verde Outdoors | Kayak hire in Pontevedra", headings: ["Out on the river in Pontevedra"], text: "Boats, boards and a snack bar by the water." }),
      sitePage("/prices.html", {
        title: "Prices | Ria Verde Outdoors",
        headings: ["Prices"],
        text: rows.join(" "),
        products: hints(rows)
      })
    ]
  })

describe("a price row's variant after a comma", () => {
  it("is left out of the offering's name", () => {
    const offerings = facts().offerings
    expect(offerings).toEqual(expect.arrayContaining(["kayak hire", "paddleboard lesson", "recording session", "heat pump"]))
    expect(offerings.filter((o) => /season|winter|each|half day/u.test(o))).toEqual([])
    expect(offerings.filter((o) => /[,\s]$/u.test(o))).toEqual([])
  })

  it("keeps a list after a comma", () => {
    expect(facts().offerings).toContain("chips, salsa & guacamole")
  })
})
