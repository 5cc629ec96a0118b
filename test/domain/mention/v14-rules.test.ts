// Detector version 14, on examples of its own (not an evaluation split's answers): a negated verb
// of knowing with the entity as its object, a record absent from where one would look, no presence
// of its own, silent sources; a disclaimer about one detail spoken past by a definite description
// or beside a pick; a verdict opened by "Not"; an owner presented as the one to use; a name in the
// plural.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

const business = (name: string, place: string | null = null, url: string | null = null) =>
  mentionTargetOf({ itemId: null, name, url, place })
const detect = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target)
const seen = (text: string, target: ReturnType<typeof business>) => detect(text, target).visible

describe("disclaimers (version 14)", () => {
  const movers = business("Harlan Movers LLC", "Dayton, OH")
  it("reads a negated verb of knowing with the entity as its object as a disclaimer", () => {
    expect(seen("I don't know Harlan Movers, but I can tell you what to ask any mover.", movers)).toBe(false)
    expect(seen("We don't recognise Harlan Movers; check the state's licence search.", movers)).toBe(false)
  })

  it("does not read it when the object is something else, or one of the entity's details", () => {
    expect(seen("I don't know a better crew than Harlan Movers.", movers)).toBe(true)
    expect(seen("I don't know how Harlan Movers prices long moves, but they're quick and careful.", movers)).toBe(true)
    expect(seen("I don't know Harlan Movers' weekend rates, but their crews are careful.", movers)).toBe(true)
  })

  it("reads an absent record, no presence of its own and silent sources as disclaimers", () => {
    expect(seen("Harlan Movers doesn't show up in any directory I checked.", movers)).toBe(false)
    expect(seen("Harlan Movers hasn't come up anywhere I've looked.", movers)).toBe(false)
    expect(seen("Harlan Movers isn't listed anywhere.", movers)).toBe(false)
    expect(seen("Harlan Movers has almost no online presence, so I can't compare it.", movers)).toBe(false)
    expect(seen("The sources I have are silent on Harlan Movers.", movers)).toBe(false)
  })

  it("keeps a detail that does not show up, a footprint that is a size, and a silent machine", () => {
    expect(seen("The Harlan Movers fuel charge doesn't show up on your bill until the end.", movers)).toBe(true)
    expect(seen("Harlan Movers has a small footprint downtown but a big warehouse.", movers)).toBe(true)
    expect(seen("Harlan Movers trucks are silent on the highway.", movers)).toBe(true)
  })
})

describe("impersonal and passive disclaimers (version 14)", () => {
  const movers = business("Harlan Movers LLC", "Dayton, OH")
  it("reads them as disclaimers", () => {
    expect(seen("Harlan Movers' licensing status could not be established.", movers)).toBe(false)
    expect(seen("Harlan Movers does not appear to have any published reviews.", movers)).toBe(false)
    expect(seen("It is difficult to find information about Harlan Movers.", movers)).toBe(false)
    expect(seen("It's hard to say much about Harlan Movers.", movers)).toBe(false)
    expect(seen("Search results for Harlan Movers are inconclusive.", movers)).toBe(false)
    expect(seen("Harlan Movers (no verifiable track record)", movers)).toBe(false)
    expect(seen("There's no trustworthy source covering Harlan Movers.", movers)).toBe(false)
    expect(seen("It's not possible for me to evaluate Harlan Movers.", movers)).toBe(false)
    expect(seen("Harlan Movers is beyond what I can assess.", movers)).toBe(false)
  })

  it("does not read what is known, praise, or a detail's outcome as one", () => {
    expect(seen("Harlan Movers has an established track record since 1990.", movers)).toBe(true)
    expect(seen("It's hard to find a better mover than Harlan Movers.", movers)).toBe(true)
    expect(seen("It's hard to say enough good things about Harlan Movers.", movers)).toBe(true)
    expect(seen("Harlan Movers does not appear to have any hidden fees.", movers)).toBe(true)
    expect(seen("Tests of Harlan Movers' packing were inconclusive.", movers)).toBe(true)
  })
})

describe("a disclaimer about one detail (version 14)", () => {
  const movers = business("Harlan Movers LLC", "Dayton, OH")
  it("keeps the entity when a contrast identifies it as the one to use, by pronoun", () => {
    expect(seen("I can't check whether Harlan Movers has Sunday slots, but they're the firm our office always books.", movers)).toBe(true)
  })

  it("keeps the disclaimer when the contrast only hedges or speaks of the name", () => {
    expect(seen("I can't confirm whether Harlan Movers still does weekend moves, but they may be the firm you mean.", movers)).toBe(false)
    expect(seen("I couldn't find anything on Harlan Movers, but it's a common name.", movers)).toBe(false)
  })

  it("keeps the entity picked earlier in the sentence, a doubt after it on what it does", () => {
    expect(seen("Harlan Movers is my choice for a small flat; I'm not sure they still take Sunday jobs.", movers)).toBe(true)
    expect(seen("- **Harlan Movers**: a Dayton crew that moves pianos and safes; whether they're bonded for both I can't confirm.", movers)).toBe(true)
  })

  it("keeps the disclaimer when nothing describes or picks the entity before it", () => {
    expect(seen("- **Harlan Movers**: whether they're still in business I can't confirm.", movers)).toBe(false)
    expect(seen("Harlan Movers? I'm not sure it's still operating.", movers)).toBe(false)
  })
})

describe("a verdict opened by 'Not' (version 14)", () => {
  const movers = business("Harlan Movers LLC", "Dayton, OH")
  it("counts the entity after a sentence-opening 'Not' or 'Never', with negative sentiment", () => {
    expect(detect("Not Harlan Movers: they broke two chairs and billed four extra hours.", movers)).toMatchObject({ visible: true, sentiment: "negative" })
    expect(detect("Never Harlan Movers again.", movers)).toMatchObject({ visible: true, sentiment: "negative" })
  })

  it("still reads another capitalised word before the name as a longer name", () => {
    expect(seen("Brightway Harlan Movers is a different outfit in Ohio.", movers)).toBe(false)
  })
})

describe("an owner presented as the one to use (version 14)", () => {
  const planner = business("Okonkwo Financial Planning", "Tulsa, OK")
  it("counts the owner's full name when the reader is sent to, picks or is served by her", () => {
    expect(seen("You could talk to Adaeze Okonkwo about the rollover.", planner)).toBe(true)
    expect(seen("Adaeze Okonkwo is the one I'd call.", planner)).toBe(true)
    expect(seen("Adaeze Okonkwo did our retirement rollover in a week.", planner)).toBe(true)
  })

  it("does not count a person merely named, or someone else's staff", () => {
    expect(seen("Adaeze Okonkwo wrote a book on budgeting in 2015.", planner)).toBe(false)
    expect(seen("At Redbud Wealth, ask for Adaeze Okonkwo, their office lead.", planner)).toBe(false)
    expect(seen("Call Adaeze Okonkwo at Redbud Wealth.", planner)).toBe(false)
  })
})

describe("a name in the plural (version 14)", () => {
  it("counts a name of two words or more ending in a noun, written in the plural", () => {
    expect(seen("Maple Ridge Window Cleaners did our storefront last fall.", business("Maple Ridge Window Cleaner", "Asheville, NC"))).toBe(true)
    const care = business("Brookfield Animal Care")
    expect(seen("Brookfield Vets took our cat the same day.", { ...care, aliases: [...care.aliases, "Brookfield Vet"] })).toBe(true)
  })

  it("does not count a one-word name's plural", () => {
    expect(seen("Crumbs is the bakery I'd pick.", business("Crumb"))).toBe(false)
    expect(seen("Hollow Pantrys is the shop I'd pick.", business("Hollow Pantry"))).toBe(false)
  })
})

describe("version 14's rules on hostile input", () => {
  it("stay linear", () => {
    const movers = business("Harlan Movers LLC")
    const planner = business("Okonkwo Financial Planning")
    const { cpuMs } = cpuTimed(() => {
      // The possessive is looked for within six words of the verb: this far away the clause disclaims.
      expect(seen("I don't know the the the ".repeat(5_000) + "Harlan Movers's fees, but they're fine.", movers)).toBe(false)
      // Where it does not show up follows the verb at once: "in in in … any directory" is none.
      expect(seen("Harlan Movers doesn't show up " + "in ".repeat(15_000) + "any directory.", movers)).toBe(true)
      expect(seen("Harlan Movers doesn't show up in any directory. ".repeat(3_000), movers)).toBe(false)
      // Only the sentence's first word opens it: "Not Not … Harlan Movers" reads a longer name.
      expect(seen("Not Not Not ".repeat(5_000) + "Harlan Movers.", movers)).toBe(false)
      expect(seen("Ada ".repeat(5_000) + "Okonkwo handled our taxes.", planner)).toBe(true)
      expect(seen("Talk to ".repeat(5_000) + "Ada Okonkwo.", planner)).toBe(true)
      expect(seen("Harlan Movers is the pick; I'm not sure they they they ".repeat(3_000), movers)).toBe(true)
      expect(seen("It is difficult to find " + "very ".repeat(15_000) + "much about Harlan Movers.", movers)).toBe(true)
      expect(seen("Search results for Harlan Movers " + "and more ".repeat(10_000) + "are inconclusive.", movers)).toBe(true)
    })
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    expect(cpuMs).toBeLessThan(10_000)
  })
})
