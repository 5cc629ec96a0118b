// How one distinctive word, a handle or an ordinary word is read (detector version 7), on
// examples of their own: a head picked, named or compared with another business; a name written
// as a handle or hashtag; a one-word name used as a verb.
import { describe, expect, it } from "vitest"
import { cpuTimed } from "../../support/cpu-time.ts"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const business = (name: string, domain: string) => mentionTargetOf({ itemId: null, name, url: `https://${domain}/` })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("a head presented as the business", () => {
  const pellucid = business("Pellucid Sleep Center", "pellucidsleep.example")
  it("counts the one picked, or what a business is called", () => {
    expect(seen("With kids in tow, my top pick is Pellucid on the east side.", pellucid)).toBe(true)
    expect(seen("The small clinic everyone just calls Pellucid runs CBT-I courses.", pellucid)).toBe(true)
    expect(seen("Pellucid was the name of an old ship.", pellucid)).toBe(false)
  })

  it("counts one compared with another business, not with a town", () => {
    const ivy = business("Ivy Lane Pharmacy", "ivylanerx.example")
    expect(seen("Ivy Lane is usually cheaper than CVS for generics.", ivy)).toBe(true)
    expect(seen("Ivy Lane is quieter than Main Street on weekends.", ivy)).toBe(false)
  })
})

describe("handles and hashtags", () => {
  const larkspur = business("Larkspur Dental Studio", "larkspurdental.example")
  it("reads the name written as one word after '@' or '#'", () => {
    expect(seen("Follow @larkspurdental for same-day openings.", larkspur)).toBe(true)
    expect(seen("Check #LarkspurDentalStudio for before-and-after photos.", larkspur)).toBe(true)
    expect(seen("Follow @larkspurdentalcare for news.", larkspur)).toBe(false)
    expect(seen("Email hello@larkspurdental.example for a slot.", larkspur)).toBe(true)
  })

  it("stays linear on thousands of handles", () => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      expect(seen("@larkspurdentalx #larkspur ".repeat(20_000), larkspur)).toBe(false)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })
})

describe("a one-word name used as a verb", () => {
  const fathom = business("Fathom", "fathomhq.example")
  it("reads it as the verb after a negated auxiliary or an infinitive's 'to'", () => {
    expect(seen("I can't fathom paying that much at seed stage.", fathom)).toBe(false)
    expect(seen("Pricing is hard to fathom at first.", fathom)).toBe(false)
    // In an answer all in lower case: one opening with a capital writes names with theirs.
    expect(seen("we switched to fathom last year and love it.", fathom)).toBe(true)
  })
})

describe("a longer name with 'for' or 'of' after a short form or head", () => {
  const hollowmere = business("Hollowmere Sleep Center", "hollowmere.example")
  it("reads a trade word followed by 'for'/'of' and a capitalised word as another organisation", () => {
    expect(seen("Hollowmere Center for the Arts hosts concerts.", hollowmere)).toBe(false)
    expect(seen("The Hollowmere Institute of Music is nearby.", hollowmere)).toBe(false)
    expect(seen("Hollowmere Sleep did my study in a week.", hollowmere)).toBe(true)
    expect(seen("Hollowmere Sleep Center for kids' apnea studies is the one I'd pick.", hollowmere)).toBe(true)
  })
})

describe("declining to rate for want of knowledge, not as a verdict", () => {
  const hollowmere = business("Hollowmere Sleep Center", "hollowmere.example")
  it("reads 'I won't rate it' as a disclaimer, 'I won't rate them highly' as a verdict", () => {
    expect(seen("Hollowmere Sleep Center is a name I've seen, so I won't rate it.", hollowmere)).toBe(false)
    expect(seen("I won't rate them highly: Hollowmere Sleep Center lost my results twice.", hollowmere)).toBe(true)
  })
})
