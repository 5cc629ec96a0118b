// Knowledge disclaimers said in more voices (detector version 7), each on examples of its own,
// not an evaluation split's answers: the speaker anywhere in the clause, passive and impersonal
// predicates, follow-up questions, table cells, and a list item that describes its lead before a
// caveat on one detail.
import { describe, expect, it } from "vitest"
import { cpuTimed } from "../../support/cpu-time.ts"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"

const CORVID = mentionTargetOf({ itemId: null, name: "Corvid Analytics", url: "https://corvid.example/" })
const seen = (text: string) => detectMention({ text, citations: [] }, CORVID).visible

describe("knowledge disclaimers in any voice", () => {
  it.each([
    "I honestly don't know what Corvid Analytics offers for B2B teams.",
    "I'm unaware of Corvid Analytics' pricing or its retention features.",
    "There's very little I can tell you about Corvid Analytics.",
    "Nothing I have covers Corvid Analytics in any depth.",
    "I can't give you a grounded opinion on Corvid Analytics.",
    "Corvid Analytics came up too, but I can't place it among these.",
    "Corvid Analytics is a name I've seen, so I won't rate it.",
    "Corvid Analytics' prices aren't published anywhere I can check.",
    "Corvid Analytics' accuracy claims are unverified.",
    "Its uptime record is something I've not seen reported for Corvid Analytics, and Corvid Analytics' SLA isn't something I can check.",
    "Reports about several small vendors, Corvid Analytics among them, are sparse.",
    "Little is publicly documented about Corvid Analytics.",
    "I looked for Corvid Analytics, but could not find enough to say how it compares.",
    "If you mean Corvid Analytics in Leeds, I don't know it.",
    "I haven't come across Corvid Analytics in anything I can check.",
    "Corvid Analytics: I'm not sure it's still operating.",
    "Corvid Analytics (no reviews I could find) is one more name you may see.",
    "Corvid Analytics isn't one I recognise.",
    "| Corvid Analytics | Not documented | Unable to evaluate |",
    "| Corvid Analytics | ? | Couldn't find enough to rate |",
    "- Corvid Analytics: can't speak to it.",
    "Top picks: Plotline and Tallyho. (Corvid Analytics might also fit, but I have no details.)",
    "- Corvid Analytics (unfamiliar to me)",
    "Corvid Analytics — haven't seen anything on their pricing.",
    "I'd suggest Plotline. Corvid Analytics? Can't help there, sorry.",
  ])("does not count %s", (text) => expect(seen(text)).toBe(false))

  it("counts a search that found nothing only when the speaker searched", () => {
    expect(seen("I searched for Corvid Analytics and found nothing.")).toBe(false)
    expect(seen("Corvid Analytics flagged the leak test that found nothing, and its dashboards are excellent.")).toBe(true)
  })

  it("keeps a described list item visible despite a caveat on one of its details", () => {
    const list = (item: string) => `Options:\n\n1. **Plotline** – cheap and simple.\n2. ${item}`
    expect(seen(list("**Corvid Analytics** – cohort charts and a generous free tier; I couldn't confirm its SOC 2 status."))).toBe(true)
    // Not when the caveat is about the entity as a whole, or when nothing describes it first.
    expect(seen(list("**Corvid Analytics** – cohort charts and a free tier; I couldn't confirm anything about it."))).toBe(false)
    expect(seen(list("**Corvid Analytics**: little is publicly documented about its pricing."))).toBe(false)
    expect(seen(list("**Corvid Analytics**: you mentioned it, but reliable details about it are lacking."))).toBe(false)
  })

  it("leaves a claim that is not about knowledge visible", () => {
    expect(seen("Corvid Analytics isn't known for cheap plans, but its funnels are excellent.")).toBe(true)
    expect(seen("You won't find any better funnels than Corvid Analytics.")).toBe(true)
    expect(seen("Corvid Analytics is a hidden gem — not widely known, but the funnels are superb.")).toBe(true)
    expect(seen("I haven't come across better funnels than Corvid Analytics' anywhere.")).toBe(true)
    expect(seen("Corvid Analytics is excellent for cohorts, but I have no details on Plotline.")).toBe(true)
  })

  it("stays linear with thousands of the new disclaimers and list items", () => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      const clauses = "reports about it are sparse and unverified; I haven't come across it; I'm not sure it's open; ".repeat(5_000)
      expect(seen(`Corvid Analytics came up, but ${clauses}`)).toBe(false)
      const items = "- **Corvid Analytics** – cohort charts and a free tier; I couldn't confirm its fees\n".repeat(5_000)
      expect(seen(items)).toBe(true)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })
})

describe("disclaimers that answer a question or fill a cell", () => {
  const kinsale = mentionTargetOf({ itemId: null, name: "Kinsale Tree Service LLC", url: "https://kinsaletree.example/" })
  const named = (text: string) => detectMention({ text, citations: [] }, kinsale).visible
  it("covers the question a disclaimer answers, a cell that only says the facts are missing, and 'only by name'", () => {
    expect(named("Is Kinsale Tree Service any good? Honestly, I have no way of knowing.")).toBe(false)
    expect(named("Is Kinsale Tree Service any good?\n\nI have no way of knowing.")).toBe(true)
    expect(named("| Company | Notes |\n|---|---|\n| Kinsale Tree Service | Info not available |")).toBe(false)
    expect(named("| Company | Notes |\n|---|---|\n| Kinsale Tree Service | Fast, fair quotes |")).toBe(true)
    expect(named("I know of Kinsale Tree Service only by name.")).toBe(false)
  })

  it("stays linear with thousands of disclaimers after one question", () => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      expect(named("Is Kinsale Tree Service any good? " + "I have no way of knowing; ".repeat(20_000))).toBe(false)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })
})
