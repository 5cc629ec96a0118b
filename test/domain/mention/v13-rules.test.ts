// Detector version 13, on examples of its own (not an evaluation split's answers): more ways of
// disclaiming knowledge, a caveat the speaker flags as one and then speaks past, and more trade
// words a name starts or ends with.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { shortFormsOf } from "../../../src/domain/mention/short-forms.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

const business = (name: string, place: string | null = null, url: string | null = null) =>
  mentionTargetOf({ itemId: null, name, url, place })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("disclaimers (version 13)", () => {
  const yard = business("Pellworth Timber Yard", "Norwich, UK")
  it("reads listed adjectives, 'can find/give … information', 'not something I can provide', 'no pricing for' as disclaimers", () => {
    expect(seen("I don't have solid, up-to-date information about Pellworth Timber Yard; ask a local builder instead.", yard)).toBe(false)
    expect(seen("Pellworth Timber Yard is not a supplier I can find trustworthy information on, so look at Greyhill Sawmill.", yard)).toBe(false)
    expect(seen("Pellworth Timber Yard isn't a merchant I can give you accurate, recent details about. Greyhill Sawmill is well reviewed.", yard)).toBe(false)
    expect(seen("Opening times for Pellworth Timber Yard aren't something I can honestly provide; Greyhill Sawmill lists theirs online.", yard)).toBe(false)
    expect(seen("I have no current prices for Pellworth Timber Yard. Compare quotes from two merchants.", yard)).toBe(false)
  })

  it("reads 'doesn't bring up anything', 'could not be independently checked', 'too few to draw conclusions' as disclaimers", () => {
    expect(seen("The name Pellworth Timber Yard doesn't bring up anything I can rely on; Greyhill Sawmill is established.", yard)).toBe(false)
    expect(seen("Delivery times quoted for Pellworth Timber Yard could not be independently checked.", yard)).toBe(false)
    expect(seen("Ratings for Pellworth Timber Yard are too few to draw any conclusion from.", yard)).toBe(false)
  })

  it("keeps what can be provided, checked or is found in numbers", () => {
    expect(seen("I have current prices for Pellworth Timber Yard: oak boards at £40 a metre.", yard)).toBe(true)
    expect(seen("Pellworth Timber Yard's delivery times can be checked on its site, and it's quick.", yard)).toBe(true)
    expect(seen("Pellworth Timber Yard is a supplier I can give you good information on: cut to size, same day.", yard)).toBe(true)
    expect(seen("Reviews of Pellworth Timber Yard are plentiful and warm.", yard)).toBe(true)
  })
})

describe("a caveat flagged as one and spoken past (version 13)", () => {
  const app = business("Tallyfern")
  it("keeps the entity when the speaker marks the disclaimer as a caveat and goes on about it", () => {
    expect(seen("I haven't read recent reviews of Tallyfern, so take this with a grain of salt, but it's made for exactly this kind of budgeting.", app)).toBe(true)
    expect(seen("I can't check Tallyfern's price this month, so look before you pay. That caveat aside, it's the app I'd start with.", app)).toBe(true)
  })

  it("keeps the disclaimer when nothing is said of the entity after the caveat", () => {
    expect(seen("I haven't read any reviews of Tallyfern, so take anything online with a grain of salt.", app)).toBe(false)
    expect(seen("I have no information about Tallyfern. Take forum posts with a grain of salt; Ledgerly is the safer pick.", app)).toBe(false)
  })
})

describe("more trade words (version 13)", () => {
  it("drops trailing and leading trade words to a distinctive head", () => {
    expect(shortFormsOf("Quennell Housekeeping", false).heads).toEqual(["Quennell"])
    expect(shortFormsOf("Brantry Metrics Ltd", false).heads).toEqual(["Brantry"])
    expect(shortFormsOf("Moorcroft Insights", false).heads).toEqual(["Moorcroft"])
    expect(shortFormsOf("Hessling Logistiek B.V.", false).heads).toEqual(["Hessling"])
    expect(shortFormsOf("Dunmore Pools LLC", false).heads).toEqual(["Dunmore"])
    expect(shortFormsOf("Barney's Septic", false).heads).toEqual(["Barney's"])
    expect(shortFormsOf("Okafor Endodontics", false).heads).toEqual(["Okafor"])
    expect(shortFormsOf("Osteria Lucciola", false).heads).toEqual(["Lucciola"])
    expect(shortFormsOf("Fromagerie Bastien", false).heads).toEqual(["Bastien"])
    expect(shortFormsOf("Auberge Montclair", false).heads).toEqual(["Montclair"])
    expect(shortFormsOf("Greystone Feline Care", false).heads).toContain("Greystone")
  })

  it("counts the head where presented as the business, not as a word or place", () => {
    const pools = business("Dunmore Pools LLC", "Tucson, AZ")
    expect(seen("- **Dunmore** – weekly service, fair prices.", pools)).toBe(true)
    expect(seen("Dunmore, a pool company on the east side, is the one I'd call.", pools)).toBe(true)
    expect(seen("The Dunmore family moved to Tucson in 1902.", pools)).toBe(false)
  })
})

describe("heads presented as the business (version 13)", () => {
  const firm = business("Brantry Metrics Ltd", "Leeds, UK")
  it("counts a head with a legal form, picked as the one to use, another brand's alternative, switched to, or doing the speaker's own", () => {
    expect(seen("| Vendor | Seats |\n|---|---|\n| Brantry BV | 3 |", firm)).toBe(true)
    expect(seen("Brantry is who I'd use for a small team.", firm)).toBe(true)
    expect(seen("Brantry is the one we'd call first.", firm)).toBe(true)
    expect(seen("Brantry is a solid cheaper alternative to Mixpanel.", firm)).toBe(true)
    expect(seen("We switched to Brantry in March and never looked back.", firm)).toBe(true)
    expect(seen("Brantry does our reporting every month.", firm)).toBe(true)
  })

  it("does not count the head as a place, a person or a word", () => {
    expect(seen("Brantry is where I grew up, a quiet village.", firm)).toBe(false)
    expect(seen("Brantry is an alternative spelling of the village name.", firm)).toBe(false)
    expect(seen("Brantry does well in the spring, with walks by the river.", firm)).toBe(false)
  })
})

describe("version 13's rules on hostile input", () => {
  it("stay linear", () => {
    const yard = business("Pellworth Timber Yard")
    const { cpuMs } = cpuTimed(() => {
      expect(seen("I don't have solid, solid, solid ".repeat(5_000) + "information about Pellworth Timber Yard.", yard)).toBe(false)
      expect(seen("not a yard I can find ".repeat(5_000) + "Pellworth Timber Yard is fine.", yard)).toBe(true)
      expect(seen("Pellworth Timber Yard is good. grain of salt, grain of salt. ".repeat(3_000), yard)).toBe(true)
      expect(seen("I have no info on Pellworth Timber Yard, take it with a grain of salt, but it's ok. ".repeat(3_000), yard)).toBe(true)
      expect(seen("Brantry is a a a a cheap ".repeat(5_000) + "switched to to to ".repeat(5_000), business("Brantry Metrics Ltd"))).toBe(false)
    })
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    expect(cpuMs).toBeLessThan(10_000)
  })
})

describe("'The <Word>' businesses and heads with their kind or street (version 13)", () => {
  const bar = business("The Alderney", "Chicago, IL")
  it("counts the word alone only where presented as the business", () => {
    expect(seen("If you like Alderney-style crab, drive out to Alderney for a weekend.", bar)).toBe(false)
    expect(seen("Alderney scallops show up on most menus in spring.", bar)).toBe(false)
    expect(seen("The Alderney is my pick for a date.", bar)).toBe(true)
    expect(seen("- **Alderney** – candlelit booths, good cocktails.", bar)).toBe(true)
  })

  it("counts a head with its kind before it, or opening its sentence on a street", () => {
    expect(seen("My top pick would be Hotel Alderney in River North.", bar)).toBe(true)
    expect(seen("Alderney on Halsted is perfect for a date.", bar)).toBe(true)
    expect(seen("Alderney on Halsted. Get the crab.", bar)).toBe(true)
    expect(seen("We drove to Alderney on Friday.", bar)).toBe(false)
  })
})
