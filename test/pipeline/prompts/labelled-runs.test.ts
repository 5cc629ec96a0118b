/**
 * Lines run in after their labels, three or more in a row with a price among them, list what is
 * sold: every label is an offering, priced or not ("Corporate shuttles: priced per day."). Days,
 * remarks and questions are no labels. "Minibuses" is the plural of "minibus".
 */
import { describe, expect, it } from "vitest"
import { stem } from "../../../src/pipeline/prompts/prompt-text.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const facts = (text: string) => factsFromPages({
  name: "Corrib Coaches", kind: "business", businessName: "Corrib Coaches", url: "https://corrib.example/",
  pages: [
    { url: "https://corrib.example/", title: "Corrib Coaches | Coach hire in Galway", description: "", headings: ["Coach hire in Galway"], text: "Corrib Coaches: coach hire in Galway.", jsonLd: [], products: [] },
    { url: "https://corrib.example/trips.html", title: "Trips | Corrib Coaches", description: "", headings: ["Other trips"], text, jsonLd: [], products: [] }
  ]
})

describe("runs of labelled lines", () => {
  it("names every label of a priced run", () => {
    const f = facts("Other trips School tours: from €6 per pupil for day trips. Corporate shuttles: conference and staff shuttles, priced per day. Hen and stag runs: a late pick-up, on request.")
    expect(f.offerings).toEqual(expect.arrayContaining(["school tours", "corporate shuttles", "hen and stag runs"]))
  })

  it("reads no run from opening days or a run without a price", () => {
    const days = facts("Other trips Monday: closed. Tuesday: 9 to 5, from €6 at the door. Wednesday: 9 to 5.")
    expect(days.offerings.filter((o) => /day/iu.test(o))).toEqual([])
    const unpriced = facts("Other trips Staff shuttles: on request. Airport runs: on request. Hen and stag runs: on request.")
    expect(unpriced.offerings.filter((o) => /runs|shuttles/iu.test(o))).toEqual([])
  })

  it("stems a plural in -uses and -ses of a singular in -s", () => {
    expect(["minibuses", "buses", "lenses", "houses", "causes"].map(stem)).toEqual(["minibus", "bus", "lens", "house", "cause"])
  })
})
