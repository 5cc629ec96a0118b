// The rules added while tuning on holdout1 (spent) with dev and dev2, each on examples of its own
// (not the splits' answers): the business's own town, short forms that are places, heads
// presented as a business, owners, products named before their maker, another trade after a
// short form, ordinary words used as verbs or in lists, more disclaimer phrasings and scopes.
import { describe, expect, it } from "vitest"
import { cpuTimed } from "../../support/cpu-time.ts"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { shortFormsOf } from "../../../src/domain/mention/short-forms.ts"

const business = (name: string, place: string | null = null) => mentionTargetOf({ itemId: null, name, url: null, place })
const product = (name: string) => mentionTargetOf({ itemId: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), name, url: null })
const seen = (text: string, target: ReturnType<typeof business>, exclusions: ReadonlyArray<string> = []) =>
  detectMention({ text, citations: [] }, exclusions.length === 0 ? target : { ...target, exclusions }).visible

describe("the business's own town", () => {
  it("is the part of the place before a comma, kept on the target", () => {
    expect(business("Denver Supply", "Denver, CO").places).toEqual(["Denver"])
    expect(business("Denver Supply").places).toBeUndefined()
  })

  it("tells a name that starts with it from the town's trade", () => {
    const supply = business("Denver Supply", "Denver, CO")
    expect(seen("Denver supply stores are busy in spring.", supply)).toBe(false)
    expect(seen("Denver Supply has the best prices on fittings.", supply)).toBe(true)
    // Without the town, the lower-case trade word is read as the name.
    expect(seen("Denver supply stores are busy in spring.", business("Denver Supply"))).toBe(true)
  })

  it("does not take the town followed by a trade noun as the business", () => {
    const chiro = business("Tempe Chiropractic", "Tempe, AZ")
    expect(seen("Tempe chiropractic offices often take walk-ins.", chiro)).toBe(false)
    expect(seen("**Tempe** – gentle adjustments, evening hours.", chiro)).toBe(true)
  })
})

describe("short forms that are places", () => {
  it("counts a short form of ordinary or geographic words only where presented as a business", () => {
    const creek = business("Boulder Creek Bikes", "Denver, CO")
    expect(seen("The Boulder Creek path is lovely for an evening ride.", creek)).toBe(false)
    expect(seen("Boulder Creek, a bike shop in Denver, does same-day tune-ups.", creek)).toBe(true)
    expect(seen("For a tune-up, Boulder Creek Bikes is quick and fair.", creek)).toBe(true)
    const ridge = business("Blue Ridge Orthodontics", "Asheville, NC")
    expect(seen("Drive the Blue Ridge Parkway in October.", ridge)).toBe(false)
    expect(seen("Many adults go to Blue Ridge in West Asheville, a practice with evening hours.", ridge)).toBe(true)
  })
})

describe("a head presented as a business", () => {
  const greer = business("Greer Family Law", "Austin, TX")

  it("drops family words and associates to find the distinctive word", () => {
    expect(shortFormsOf("Greer Family Law", false).heads).toEqual(["Greer", "GFL"])
    expect(shortFormsOf("Ashby & Associates", false).heads).toEqual(["Ashby"])
    expect(shortFormsOf("Pruitt Roofing & Gutters", false)).toEqual({ aliases: ["Pruitt Roofing", "Pruitt Gutters"], heads: ["Pruitt", "PRG"] })
  })

  it.each([
    "I'd call Greer first; they handle custody cases all the time.",
    "Go with Greer if the hearing is soon.",
    "Greer on Congress Avenue keeps Saturday hours.",
    "Greer does a lot of these — it's one of the firms judges know well.",
    "Try Greer. They're a small family law practice near the courthouse.",
    "Greer (the family law firm on Lamar) offers a flat-fee consult.",
    "**Greer vs. Lamar Family Legal**",
    "Attorney Dana Greer's firm handles custody cases with care.",
  ])("counts %s", (text) => expect(seen(text, greer)).toBe(true))

  it.each([
    "Greer Street is closed for repairs this week.",
    "Greer vs. Austin: which town is cheaper to live in?",
    "The Greer family has lived in Austin for decades. It's a great place to raise kids.",
  ])("does not count %s", (text) => expect(seen(text, greer)).toBe(false))
})

describe("products and their makers", () => {
  it("reads a product named before its maker, and its model code after the maker's possessive", () => {
    const rower = product("Strand Rower 4")
    expect(seen("My pick is the Rower 4 from Strand: quiet and foldable.", rower)).toBe(true)
    expect(seen("Get the Rower 4 by Strand Fitness if space is tight.", rower)).toBe(true)
    expect(seen("The Rower 3 from Strand is older and louder.", rower)).toBe(false)
    const fan = product("Gale G200 Tower Fan")
    expect(seen("1. Gale's G200 – quiet, strong airflow", fan)).toBe(true)
  })

  it("reads a business's name carried by its product line", () => {
    expect(seen("The Halden Loft Desk is the steadiest I know under $600.", business("Halden"))).toBe(true)
    expect(seen("The Halden Loft Cafe does good coffee.", business("Halden"))).toBe(false)
  })
})

describe("another business around the name", () => {
  it("reads a short form followed by a trade of another kind, or a name joined by '&', as another business", () => {
    const inn = business("Casa Alta Inn", "Taos, NM")
    expect(seen("Book a table at Casa Alta Cantina for dinner.", inn)).toBe(false)
    expect(seen("Casa Alta Hotel is the same place under its old sign.", inn)).toBe(true)
    expect(seen("Dinner at Perch & Rye was the highlight.", business("Perch"))).toBe(false)
    expect(seen("Perch & Co. is the shop I'd pick.", business("Perch"))).toBe(true)
    expect(seen("Hartwell Plumbing Supply sells fittings wholesale.", business("Hartwell Plumbing", "Dayton, OH"))).toBe(false)
  })

  it("does not count the name quoted beside a namesake that must never count", () => {
    const cirrus = business("Cirrus")
    expect(seen('Cirrus Weather, which shows up in searches for "Cirrus", is a forecasting app.', cirrus, ["Cirrus Weather"])).toBe(false)
    expect(seen('Cirrus Weather is unrelated; "Cirrus" the backup tool is what you want.', cirrus, ["Cirrus Weather"])).toBe(false)
    expect(seen("Cirrus is the backup tool I'd pick; Cirrus Weather is unrelated.", cirrus, ["Cirrus Weather"])).toBe(true)
  })
})

describe("ordinary words", () => {
  const perch = business("Perch")

  it.each([
    "The kids can perch on the counter stools while you cook.",
    "Use a spreadsheet to perch invoices by due date.",
    "Camping-style perch lights look nice on a porch.",
    "| Spices | Perch, thyme, lemon zest |",
  ])("does not count %s", (text) => expect(seen(text, perch)).toBe(false))

  it("reads a predicate after a copula, and a sentence-opening name the answer also uses as a word, as the word", () => {
    expect(seen("If business is perch, pick a tool with recurring invoices.", perch)).toBe(false)
    expect(seen("Perch railings look great. A perch rail by the window is a cheap upgrade.", perch)).toBe(false)
    expect(seen("Perch railings look great.", perch)).toBe(true)
    expect(seen("Perch is a booking app for salons. A perch rail by the window is a cheap upgrade.", perch)).toBe(true)
  })

  it("still counts the brand written in lower case after 'to' with no object, and an ordinary word described as a business", () => {
    expect(seen("I switched to perch last year.", perch)).toBe(true)
    expect(seen("Beacon is the budgeting app I'd pick for couples.", business("Beacon"))).toBe(true)
    expect(seen("Spring is a great choice for planting bulbs.", business("Spring"))).toBe(false)
  })
})

describe("knowledge disclaimers: more phrasings and scopes", () => {
  const hartwell = business("Hartwell Plumbing", "Dayton, OH")

  it.each([
    "I have no way to verify Hartwell Plumbing's reviews, so check the licensing board.",
    "Hartwell Plumbing isn't on my radar, so I can't rank it.",
    "I don't have a good read on Hartwell Plumbing.",
    "Solid information about Hartwell Plumbing is hard to come by.",
    "I haven't been able to confirm anything about Hartwell Plumbing.",
    "Hartwell Plumbing is new to me.",
    "Hartwell Plumbing: no information available.",
    "I'm honestly unsure about Hartwell Plumbing.",
    "Hartwell Plumbing? Not a company I know anything about.",
    "Reviews for Hartwell Plumbing are few and far between.",
    "I'm not going to make claims about Hartwell Plumbing, which I've seen listed but can't verify.",
    "There isn't much I can confirm about Hartwell Plumbing's service.",
    "Current information about Hartwell Plumbing isn't available to me.",
    "| Hartwell Plumbing | — | Couldn't verify details |",
  ])("does not count %s", (text) => expect(seen(text, hartwell)).toBe(false))

  it("covers a title right above the disclaimer's paragraph", () => {
    const text = "**Hartwell Plumbing vs. Gem City Drains**\n\nHartwell Plumbing may well be fine, but nothing about it is verified.\n\nGem City Drains: fast and fair."
    expect(seen(text, hartwell)).toBe(false)
  })

  it("reads a disclaimer followed by a sentence that still praises the entity as about a detail", () => {
    expect(seen("I can't check whether Hartwell Plumbing works Sundays, so call first. Still, it's the plumber I'd trust: excellent, honest work.", hartwell)).toBe(true)
  })
})

describe("names around the name", () => {
  it("reads the business's own town after its name as the same business, and a place noun as a place", () => {
    expect(seen("- Kettle Madison: a bakery that takes cake orders a week ahead", business("Kettle", "Madison, WI"))).toBe(true)
    expect(seen("- Kettle Madison: a bakery that takes cake orders a week ahead", business("Kettle"))).toBe(false)
    expect(seen("The Helix Bridge in Singapore is stunning.", business("Helix"))).toBe(false)
  })

  it("reads a generic word of the entity's kind before its name as part of it", () => {
    expect(seen("My top pick would be Hotel Marlowe in the old town.", business("The Marlowe", "Savannah, GA"))).toBe(true)
    expect(seen("Dinner at Cantina Alta was the highlight.", business("Alta Inn", "Taos, NM"))).toBe(false)
  })

  it("reads an owner's name described by profession, and a software product of the firm's name as another", () => {
    expect(seen("I'd start with Ingrid Halvorsen. She's a Duluth immigration attorney who answers emails quickly.", business("Halvorsen Immigration Law"))).toBe(true)
    expect(seen("Finch Accounting Software is a desktop program.", business("Finch Accounting LLC"))).toBe(false)
    expect(seen("Kaplan Bros. is the mover I'd book.", business("Kaplan Brothers Moving"))).toBe(true)
    expect(seen("Saltbox is the café I'd pick for a quiet morning.", business("Saltbox Coffee"))).toBe(true)
  })

  it("reads a disclaimer that asks about one detail as covering only itself, unless the entity was left out for it", () => {
    const bramble = business("Bramble Books", "Eugene, OR")
    expect(seen("Bramble Books is the one I'd visit first, though I can't confirm whether it's open on Mondays.", bramble)).toBe(true)
    expect(seen("Bramble Books came up, but I couldn't verify whether it buys used books, so it isn't listed.", bramble)).toBe(false)
    expect(seen("As for Bramble Books, nothing I can find tells me much about its selection.", bramble)).toBe(false)
    expect(seen("| Bramble Books | No data | Unknown |", bramble)).toBe(false)
  })
})

describe("the new rules on hostile input", () => {
  // Each rule reads a bounded window around a match, or a binary search: at this size a rule that
  // rescanned the answer per match would take minutes.
  it("stays linear with thousands of heads compared", () => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      expect(seen("Greer vs. Greer Family ".repeat(10_000), business("Greer Family Law", "Greer, SC"))).toBe(true)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })

  it("stays linear with thousands of heads contacted", () => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      expect(seen("call Greer — it's ".repeat(10_000), business("Greer Family Law"))).toBe(true)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })

  it("stay linear with thousands of quoted names beside a namesake, and of the town's trade", () => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      expect(seen('Cirrus Weather "Cirrus" '.repeat(10_000), business("Cirrus"), ["Cirrus Weather"])).toBe(false)
      expect(seen("Denver supply ".repeat(10_000), business("Denver Supply", "Denver, CO"))).toBe(false)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })

  it("stays linear with thousands of sentence-opening names and lower-case uses", () => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      expect(seen("Perch railings. ".repeat(10_000) + "a perch rail ".repeat(10_000), business("Perch"))).toBe(false)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })

  it("stay linear with thousands of titles and disclaimers, and a long hyphenated word", () => {
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    const { cpuMs } = cpuTimed(() => {
      expect(seen("**Perch & Rye**\n\n".repeat(3_000) + "Perch? Not one I know anything about. ".repeat(3_000), business("Perch"))).toBe(false)
      // Read back once to the start of the answer: a lower-case name there is still the brand.
      expect(seen("camping-style-".repeat(10_000) + " perch lights, " + "can perch ".repeat(3_000), business("Perch"))).toBe(true)
    })
    expect(cpuMs).toBeLessThan(10_000)
  })
})
