// The rules added while tuning on the second dev split, each on examples of its own (not the
// split's answers): impersonal disclaimers and their scope, table rows, short forms, products.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { cpuGrowth, LINEAR_GROWTH_LIMIT } from "../../support/cpu-time.ts"

const business = (name: string, domain: string) => mentionTargetOf({ itemId: null, name, url: `https://${domain}/` })
const product = (name: string) => mentionTargetOf({ itemId: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), name, url: null })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

const ORCHID = business("Orchid Lane Pediatrics", "orchidlane.example")

describe("knowledge disclaimers in more phrasings", () => {
  it.each([
    "I've got nothing solid on Orchid Lane Pediatrics, so no opinion from me.",
    "There's very little out there about Orchid Lane Pediatrics that I could stand behind.",
    "Orchid Lane Pediatrics isn't a practice I have reliable information on.",
    "I can't say much about Orchid Lane Pediatrics.",
    "Reviews of Orchid Lane Pediatrics could not be found in the sources consulted.",
    "| Orchid Lane Pediatrics | Unknown to me | Unknown to me |",
  ])("does not count %s", (text) => expect(seen(text, ORCHID)).toBe(false))

  it("covers the earlier clause it refers back to, and a restating sentence before", () => {
    expect(seen("Orchid Lane Pediatrics came up earlier, but information about it is scarce.", ORCHID)).toBe(false)
    expect(seen("You also mentioned Orchid Lane Pediatrics. That one is a blank for me.", ORCHID)).toBe(false)
  })

  it("leaves praise with a caveat about one detail visible", () => {
    expect(seen("Orchid Lane Pediatrics is excellent, but I couldn't confirm its Saturday hours.", ORCHID)).toBe(true)
    expect(seen("I can't check whether Orchid Lane Pediatrics takes every plan, but I'd still pick it: the doctors are excellent.", ORCHID)).toBe(true)
    expect(seen("| Orchid Lane Pediatrics | Calm, thorough doctors | I couldn't confirm their fees |", ORCHID)).toBe(true)
  })
})

describe("short forms and products", () => {
  it("strips a dotted legal form and reads the owner's practice", () => {
    const law = business("Okoro Immigration Law, P.C.", "okorolaw.example")
    expect(seen("For a green card, Okoro Law in Denver is careful and clear.", law)).toBe(true)
    expect(seen("Dr. Okoro's office answers portal messages the same day.", business("Okoro Pediatrics", "okoropeds.example"))).toBe(true)
  })

  it("reads a short form followed by a word the name lacks as another business", () => {
    expect(seen("Okoro Law Group handles estate planning.", business("Okoro Immigration Law, P.C.", "okorolaw.example"))).toBe(false)
    expect(seen("Hike the Harbor Crest Trail at dawn.", business("Harbor Crest Orthodontics", "harborcrest.example"))).toBe(false)
  })

  it("reads a product by its brand with its last word, and a model code presented as the product", () => {
    const bed = product("Ridgeback Orthopedic Dog Bed")
    expect(seen("My pick is Ridgeback's orthopedic bed: dense foam and a low edge.", bed)).toBe(true)
    const buds = product("Lumen QX-9 Sleep Earbuds")
    expect(seen("1. **QX-9** – flattest shell I know of.", buds)).toBe(true)
    expect(seen("The Lumen QX9 is flatter than most.", buds)).toBe(true)
  })
})

describe("disclaimer scopes on hostile input", () => {
  // Linear growth, in CPU time: 20,000 repetitions against 8 runs of 2,500 take about as long
  // (quadratic work would take 8 times as long). Not a bound in seconds: neither the machine's
  // load nor its speed moves the ratio.
  const linear = async (work: (n: number) => boolean, expected: boolean) => {
    const growth = await cpuGrowth(work, 2_500)
    expect(growth.result).toBe(expected)
    expect(growth.ratio, `CPU ms of 8 runs at 2,500 and one at 20,000: ${growth.cpuMs.map(Math.round).join(", ")}`).toBeLessThan(LINEAR_GROWTH_LIMIT)
  }

  it("stay linear with thousands of disclaimers in one sentence or one table row", async () => {
    await linear((n) => seen("| Orchid Lane Pediatrics | " + "unknown to me | ".repeat(n), ORCHID), false)
    await linear((n) => seen("Orchid Lane Pediatrics came up, " + "but I know nothing about it; ".repeat(n), ORCHID), false)
    await linear((n) => seen("I can't check Orchid Lane Pediatrics' hours, " + "but it is excellent, ".repeat(n), ORCHID), true)
  })

  it("stays linear with thousands of bold names joined by '&'", async () => {
    const target = business("Orchid Lane", "orchidlane.example")
    await linear((n) => seen("**Orchid Lane & Zorba** ".repeat(n), target), false)
  })
})
