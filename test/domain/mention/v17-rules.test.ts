// Detector version 17, on examples of its own (not an evaluation split's answers): a name or head
// as the subject of a verb of trade; upkeep done for the speaker; warned against by "skip" or
// "think twice about" (read as negative); two capitalised subjects of one verb of service; a
// guest's stay and a practitioner seen at the head's premises; a complaint negated by "haven't";
// disclaimers by any noun of evidence ("testing", "writing", "coverage") and more of their grammar;
// a possessive head owning what a business has or sells, or standing for its shop after "at";
// a product line ending in more kinds of product ("wheel", "kiln"); one provider preferred to
// another on service, price, food or the like ("X beats Y on atmosphere").
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

const business = (name: string, place: string | null = null) => mentionTargetOf({ itemId: null, name, url: null, place })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("a verb of trade (version 17)", () => {
  const shop = business("Linen")
  it.each([
    "Linen sells wool blankets that hold their shape for years.",
    "Linen undercuts Hearthly on price, though delivery is slower.",
    "Linen integrates with Shopify, so stock counts stay in step.",
    "Linen charges 12 pounds for delivery outside the city.",
    "Linen also ships to Ireland.",
  ])("counts a one-word ordinary name as its subject: %s", (text) => {
    expect(seen(text, shop)).toBe(true)
  })

  it.each([
    "Linen wrinkles more than cotton does.",
    "Linen offers a cooler night than flannel.",
    "Linen costs more than percale.",
    "Linen charges up with static less than polyester.",
  ])("does not count the word with another verb: %s", (text) => {
    expect(seen(text, shop)).toBe(false)
  })

  it("counts a head as its subject", () => {
    const firm = business("Brackley Upholstery", "Derby, UK")
    expect(seen("Brackley sells offcuts by the metre on Saturdays.", firm)).toBe(true)
    expect(seen("Brackley grows on you after a week in Derby.", firm)).toBe(false)
  })
})

describe("upkeep done for the speaker (version 17)", () => {
  const crew = business("RTK Landscaping", "Tulsa, OK")
  it("counts the head credited with it", () => {
    expect(seen("RTK mows our lawn every other Friday.", crew)).toBe(true)
    expect(seen("RTK put in my drip irrigation last spring.", crew)).toBe(true)
  })
  it("not the head doing it for no one of the speaker's", () => {
    expect(seen("RTK put in a bid, but the city chose another crew.", crew)).toBe(false)
  })
})

describe("warned against by other words (version 17)", () => {
  it("counts a head after 'skip' or 'think twice about'", () => {
    const shop = business("Halvorsen Cycles", "Duluth, MN")
    expect(seen("Skip Halvorsen for a fitting; they rushed mine.", shop)).toBe(true)
    expect(seen("I'd think twice about Halvorsen after how they handled my warranty.", shop)).toBe(true)
    expect(seen("I'd be cautious with Halvorsen at sale time; the prices jump.", shop)).toBe(true)
    expect(detectMention({ text: "Be careful with Halvorsen: they kept my deposit.", citations: [] }, shop).sentiment).toBe("negative")
    expect(seen("Halvorsen is a common surname around Duluth.", shop)).toBe(false)
  })

  it("counts the owner named in full", () => {
    const firm = business("Pell Family Law", "Omaha, NE")
    expect(seen("I'd think twice about Dana Pell; she billed for every email.", firm)).toBe(true)
    expect(seen("Dana Pell wrote a book on custody law.", firm)).toBe(false)
  })

  it("counts an ordinary-word name after an imperative 'Avoid' or 'Skip'", () => {
    const brand = business("Velvet")
    expect(seen("Avoid Velvet: the duvet covers tore within a month.", brand)).toBe(true)
    expect(seen("Skip Velvet unless you like waiting for refunds.", brand)).toBe(true)
  })
})

describe("two capitalised subjects of one verb of service (version 17)", () => {
  const clinic = business("Ashgrove Orthodontics", "Reno, NV")
  it.each([
    "Ashgrove and Sierra Smiles both do clear aligners; quotes were close.",
    "Truckee Dental and Ashgrove both accept payment plans.",
    "Ashgrove or Brightline? Brightline and Ashgrove each charge a consultation fee.",
  ])("counts %s", (text) => {
    expect(seen(text, clinic)).toBe(true)
  })

  it.each([
    "Ashgrove and Sparks both have good schools.",
    "Ashgrove and Sparks both offer easy access to the lake.",
    "the Ashgrove and Sparks both run along the river trail.",
  ])("not towns sharing a verb any town has, nor a head after a lower-case start: %s", (text) => {
    expect(seen(text, clinic)).toBe(false)
  })
})

describe("one provider preferred to another on what a business is judged by (version 17)", () => {
  const inn = business("Fernleigh Lodge", "Keswick, UK")
  it.each([
    "For a winter break, Fernleigh beats Skiddaw House on atmosphere and food.",
    "Honestly, Borrowdale Inn beats Fernleigh on price, but not on comfort.",
  ])("counts %s", (text) => {
    expect(seen(text, inn)).toBe(true)
  })
  it("reads the one preferred as praised and the one outdone as criticised", () => {
    const sentiment = (text: string) => detectMention({ text, citations: [] }, inn).sentiment
    expect(sentiment("Fernleigh Lodge beats Skiddaw House on atmosphere.")).toBe("positive")
    expect(sentiment("Skiddaw House beats Fernleigh Lodge on atmosphere.")).toBe("negative")
  })
  it("not a place preferred on anything else", () => {
    expect(seen("Fernleigh beats Braithwaite on views of the fells.", inn)).toBe(false)
  })
})

describe("a stay and a practitioner at the head (version 17)", () => {
  it("counts a guest's stay at a head, not a stay in a place", () => {
    const inn = business("Fernleigh Lodge", "Keswick, UK")
    expect(seen("We stayed at Fernleigh with the dog and loved it.", inn)).toBe(true)
    expect(seen("We stayed in Fernleigh for a week of walking.", inn)).toBe(false)
  })

  it("counts the speaker's practitioner at the head", () => {
    const clinic = business("Harrowgate Physical Therapy", "Columbus, OH")
    expect(seen("My physio at Harrowgate sorted my shoulder in four visits.", clinic)).toBe(true)
    expect(seen("Our vet from Harrowgate retired last year.", clinic)).toBe(true)
    expect(seen("My sister at Harrowgate sorted my shoulder in four visits.", clinic)).toBe(false)
  })
})

describe("sentiment of a warning and a negated complaint (version 17)", () => {
  const crew = business("RTK Landscaping", "Tulsa, OK")
  const sentiment = (text: string) => detectMention({ text, citations: [] }, crew).sentiment
  it("reads 'think twice about' as negative", () => {
    expect(sentiment("I'd think twice about RTK Landscaping; the quote doubled.")).toBe("negative")
  })
  it("reads a complaint under 'haven't' or 'hasn't' as negated", () => {
    expect(sentiment("RTK Landscaping mows our lawn weekly. They haven't missed one in two summers.")).toBe("positive")
    expect(sentiment("RTK Landscaping hasn't missed a visit since March.")).toBe("positive")
    expect(sentiment("RTK Landscaping missed two visits in June.")).toBe("negative")
  })
})

describe("disclaimers by any noun of evidence and more of their grammar (version 17)", () => {
  const cafe = business("Orrin Tea House", "Bath, UK")
  it.each([
    "There's not much independent testing of Orrin Tea House's scones. Sally Lunn's is famous.",
    "There is scant reliable writing on Orrin Tea House. Sally Lunn's is famous.",
    "There isn't much recent coverage of Orrin Tea House to go on. Sally Lunn's is famous.",
    "Few independent reviews of Orrin Tea House exist, so I'd start with Sally Lunn's.",
    "I don't have enough on Orrin Tea House to compare it. Sally Lunn's is famous.",
    "Orrin Tea House is not a place I can find trustworthy ratings for. Sally Lunn's is famous.",
    "Details about Orrin Tea House's opening hours are hard to confirm. Call ahead.",
    "Orrin Tea House may be charming, but nothing recent about its menu is available to me.",
    "| Orrin Tea House | No reliable menu or price details available to me |",
    "Orrin Tea House rings no bells, sorry. Sally Lunn's is famous.",
    "Any verdict I gave on Orrin Tea House would be unfounded. Sally Lunn's is famous.",
    "I can't honestly speak to Orrin Tea House. Sally Lunn's is famous.",
  ])("does not count %s", (text) => {
    expect(seen(text, cafe)).toBe(false)
  })

  it.each([
    "There's no shortage of reviews for Orrin Tea House, and they are glowing.",
    "There are very few bad reviews of Orrin Tea House; it's my pick.",
    "No appointment at Orrin Tea House was available to me before noon, but the tea was worth the wait.",
    "Prices at Orrin Tea House are easy to confirm on the board outside.",
  ])("still counts %s", (text) => {
    expect(seen(text, cafe)).toBe(true)
  })
})

describe("a possessive head owning what a business has (version 17)", () => {
  const bakery = business("Marlowe Bakery", "Leeds, UK")
  it.each([
    "Marlowe's sourdough is the loaf I'd queue for.",
    "Marlowe's flat weekday prices beat the market stalls.",
    "1. Marlowe's pastry counter near the station",
    "We grab breakfast at Marlowe's when in Leeds.",
    "Pick up pastries from Marlowe's, then walk the canal.",
  ])("counts %s", (text) => {
    expect(seen(text, bakery)).toBe(true)
  })

  it.each([
    "Marlowe's sister moved to Leeds last year.",
    "We had dinner at Marlowe's house on Sunday.",
    "Marlowe's novels are set in Leeds.",
  ])("not a person's own: %s", (text) => {
    expect(seen(text, bakery)).toBe(false)
  })

  it("reads the loaf the speaker would queue for, or order, as praise", () => {
    const sentiment = (text: string) => detectMention({ text, citations: [] }, bakery).sentiment
    expect(sentiment("Marlowe's sourdough is the loaf I'd queue for.")).toBe("positive")
    expect(sentiment("At Marlowe Bakery the rye is what I'd order first.")).toBe("positive")
    expect(sentiment("Marlowe Bakery sells rye and spelt loaves.")).toBe("neutral")
  })
})

describe("a business named with its product line, in more kinds of product (version 17)", () => {
  it("counts a maker's name before a model and a product noun", () => {
    const maker = business("Thrownware")
    expect(seen("The Thrownware Compact Wheel is quiet enough for a flat.", maker)).toBe(true)
    expect(seen("Pick the Thrownware Front-Loader Kiln for small batches.", maker)).toBe(true)
    expect(seen("Thrownware Pottery Club meets on Fridays.", maker)).toBe(false)
  })
})

describe("linear time (version 17)", () => {
  it("stays linear on long runs of the new cues", () => {
    const target = business("Ashgrove Orthodontics", "Reno, NV")
    const scarce = `Ashgrove ${"there is not much of the few bad ".repeat(1_000)} no ${"reliable menu ".repeat(1_000)} available to ${"nothing ".repeat(1_000)}`
    const owned = `${"Ashgrove's fit ".repeat(2_000)} at ${"Ashgrove's ".repeat(2_000)}`
    const text = `${"Ashgrove and Sparks Reno Tahoe ".repeat(1_000)} both do. ${"my physio at ".repeat(1_000)}Ashgrove ${" sells".repeat(1_000)}`
    const { cpuMs } = cpuTimed(() => {
      detectMention({ text, citations: [] }, target)
      detectMention({ text: scarce, citations: [] }, target)
      detectMention({ text: owned, citations: [] }, target)
      detectMention({ text: "Linen and ".repeat(2_000), citations: [] }, business("Linen"))
    })
    expect(cpuMs).toBeLessThan(2000)
  })
})
