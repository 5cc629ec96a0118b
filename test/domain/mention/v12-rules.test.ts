// Detector version 12, on examples of its own (not an evaluation split's answers): disclaimers
// that say there is too little to judge by, a business named like its own town, more trades a
// name ends in, heads presented by their products, their work or a brand they stand in for, a
// site written with "HQ", another business's generic word before a head, an aside after a name,
// and a lower-case name as the kind of shop near the reader.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { shortFormsOf } from "../../../src/domain/mention/short-forms.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

const business = (name: string, place: string | null = null, url: string | null = null) =>
  mentionTargetOf({ itemId: null, name, url, place })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("disclaimers: too little to judge by (version 12)", () => {
  const loft = business("Marrow Loft Climbing", "Leeds, UK")
  it("reads 'not enough … for me to', 'too sparse for me to' and 'not able to give you … information' as disclaimers", () => {
    expect(seen("Marrow Loft Climbing doesn't have enough independent reviews for me to rate it, so here are two gyms I can speak to: Ashgrove Walls and Stonebridge.", loft)).toBe(false)
    expect(seen("There isn't enough testing of Marrow Loft Climbing for me to put it against Ashgrove Walls fairly.", loft)).toBe(false)
    expect(seen("Reviews of Marrow Loft Climbing were too sparse for me to compare it, so consider Ashgrove Walls.", loft)).toBe(false)
    expect(seen("I'm not able to give you reliable information about Marrow Loft Climbing. Ashgrove Walls has a good bouldering room.", loft)).toBe(false)
    expect(seen("Marrow Loft Climbing isn't a gym I have checked information about; try Ashgrove Walls.", loft)).toBe(false)
  })

  it("reads 'not enough to go on', 'too few to go by', 'not well enough documented', 'no clear picture', 'couldn't dig up anything', 'no track record I can check' as disclaimers", () => {
    expect(seen("I haven't got enough to go on for Marrow Loft Climbing; Ashgrove Walls is well reviewed.", loft)).toBe(false)
    expect(seen("Reviews of Marrow Loft Climbing are too few to go by. Ashgrove Walls is solid.", loft)).toBe(false)
    expect(seen("Marrow Loft Climbing isn't well enough documented for me to recommend it; Ashgrove Walls is.", loft)).toBe(false)
    expect(seen("I don't have a clear picture of Marrow Loft Climbing, so I'll point you to Ashgrove Walls.", loft)).toBe(false)
    expect(seen("I couldn't dig up anything solid on Marrow Loft Climbing. Ashgrove Walls is a good bet.", loft)).toBe(false)
    expect(seen("Without more reviews of Marrow Loft Climbing I can't weigh it against Ashgrove Walls.", loft)).toBe(false)
    expect(seen("Marrow Loft Climbing lacks a track record I can check, so go to Ashgrove Walls.", loft)).toBe(false)
  })

  it("keeps what has enough to go on, a track record that can be checked, and a picture painted", () => {
    expect(seen("Marrow Loft Climbing has a long track record I can verify: ten years without an incident.", loft)).toBe(true)
    expect(seen("Reviews of Marrow Loft Climbing give plenty to go by: friendly staff, fresh routes.", loft)).toBe(true)
    expect(seen("Marrow Loft Climbing is well documented, with route setters' notes online.", loft)).toBe(true)
  })

  it("keeps praise that has enough to go on, and the reader's own lack", () => {
    expect(seen("Marrow Loft Climbing has enough good reviews for me to recommend it without hesitation.", loft)).toBe(true)
    expect(seen("There's enough coverage of Marrow Loft Climbing to say its routes are reset weekly.", loft)).toBe(true)
    expect(seen("If you don't have enough time, Marrow Loft Climbing is ten minutes from the station.", loft)).toBe(true)
  })
})

describe("a business named like its own town (version 12)", () => {
  const harlow = business("The Harlow", "Harlow, UK")
  it("reads the bare town as the town, and the town's article with its noun as the town's", () => {
    expect(seen("Harlow is a commuter town with good schools and a big market square.", harlow)).toBe(false)
    expect(seen("There are few hotels inside Harlow; most visitors stay near the station.", harlow)).toBe(false)
    expect(seen("Walk around the Harlow water gardens on a Sunday morning.", harlow)).toBe(false)
  })

  it("still counts the business by its full name, and the bare word where it is presented as one", () => {
    expect(seen("The Harlow has twenty rooms above a wine bar.", harlow)).toBe(true)
    expect(seen("We stayed at the Harlow hotel; the rooms were quiet.", harlow)).toBe(true)
    expect(seen("1. **Harlow** – twenty rooms above a wine bar", harlow)).toBe(true)
  })

  it("leaves a town-named business elsewhere as before", () => {
    expect(seen("Harlow is where I'd stay: small, quiet rooms and a great bar.", business("The Harlow", "Bath, UK"))).toBe(true)
  })
})

describe("a short form written with a region is the town (version 12)", () => {
  const marlow = business("The Marlow", "Chicago, IL")
  it("reads 'Marlow, Georgia', 'Marlow, TX', 'Marlow, North Carolina' as towns", () => {
    expect(seen("If you're planning a trip, Marlow, Georgia has a lively bar scene.", marlow)).toBe(false)
    expect(seen("Marlow, TX is a small town on the highway.", marlow)).toBe(false)
    expect(seen("We passed Marlow, North Carolina on the way.", marlow)).toBe(false)
  })

  it("keeps the business's own spelling, and a short form before an ordinary word", () => {
    expect(seen("The Marlow, Chicago's smallest cocktail bar, pours a great Sazerac.", marlow)).toBe(true)
    expect(seen("Marlow Tavern, Georgia's oldest bar, still pours from the cask.", business("Marlow Tavern"))).toBe(true)
  })
})

describe("more trades a name ends in, and a person's firm by surname (version 12)", () => {
  it("drops analytics, scaffolding, ramen and German trade compounds to find the distinctive word", () => {
    expect(shortFormsOf("Marlowe Analytics Ltd", false).heads).toEqual(["Marlowe"])
    expect(shortFormsOf("Kilbride Scaffolding Ltd", false).heads).toEqual(["Kilbride"])
    expect(shortFormsOf("Umami Ramen Bar", false).heads).toContain("Umami")
    expect(shortFormsOf("Brenner Holzbau GmbH", false).heads).toEqual(["Brenner"])
    expect(shortFormsOf("Brenner Haustechnik", false).heads).toEqual(["Brenner"])
    expect(seen("1. **Brenner** (Esslingen) – timber frames and roofs", business("Brenner Holzbau GmbH"))).toBe(true)
  })

  it("names a firm after its owner by surname and trade, not by two ordinary words", () => {
    expect(shortFormsOf("Clara Brandt Photography", false).aliases).toContain("Brandt Photography")
    expect(seen("Brandt Photography shot our wedding and the colours are true to life.", business("Clara Brandt Photography"))).toBe(true)
    expect(shortFormsOf("Golden Hour Photography", false).aliases).not.toContain("Hour Photography")
    expect(shortFormsOf("Marsden Equipment Rental", false).aliases).not.toContain("Equipment Rental")
  })
})

describe("a head presented by its products, its work or the brand it stands in for (version 12)", () => {
  const bracken = business("Brackenridge Outdoor")
  it("counts a head before its product nouns, after a product 'from' it, and as another brand's alternative", () => {
    expect(seen("Patagonia vs Brackenridge: the Brackenridge jackets feel cheaper.", bracken)).toBe(true)
    expect(seen("The shell I wear most is from Brackenridge, and it has lasted three winters.", bracken)).toBe(true)
    expect(seen("Brackenridge is my go-to Patagonia alternative for rain gear.", bracken)).toBe(true)
  })

  it("counts a head at a place that did the work, and one rung up", () => {
    expect(seen("Marlowe in Leeds did our pricing project; clear and quick.", business("Marlowe Analytics Ltd", "Leeds, UK"))).toBe(true)
    expect(seen("Ring Kilbride in Derry; they put the scaffold up in a morning.", business("Kilbride Scaffolding Ltd", "Derry, UK"))).toBe(true)
  })

  it("counts a head that did work on the speaker's own, with or without the place", () => {
    const kilbride = business("Kilbride Scaffolding Ltd", "Derry, UK")
    expect(seen("Kilbride fixed our chimney scaffold in a day.", kilbride)).toBe(true)
    expect(seen("Kilbride did my gable end last spring; tidy work.", kilbride)).toBe(true)
    expect(seen("Kilbride fixed the date of the festival years ago.", kilbride)).toBe(false)
  })

  it("counts a head where a room, table or appointment is booked at it", () => {
    const loft = business("Brackenridge Lodge")
    expect(seen("Book a room at Brackenridge. Fireplace lounge and a hot tub.", loft)).toBe(true)
    expect(seen("We reserved a table at Brackenridge for eight.", loft)).toBe(true)
    expect(seen("We drove through Brackenridge on the way to the lake.", loft)).toBe(false)
  })

  it("does not read 'a common place name' as a place of business", () => {
    expect(seen("Brackenridge is a common place name in Pennsylvania and Texas.", bracken)).toBe(false)
    expect(seen("Brackenridge is a small outdoor brand that makes rain shells.", bracken)).toBe(true)
  })

  it("does not count a head without such a cue, nor a place name described as one", () => {
    expect(seen("Brackenridge is a pretty valley an hour north.", bracken)).toBe(false)
    expect(seen("Kilbride is a common place name in Scotland and Ireland.", business("Kilbride Scaffolding Ltd", "Derry, UK"))).toBe(false)
    expect(seen("Marlowe wrote plays before Shakespeare did.", business("Marlowe Analytics Ltd", "Leeds, UK"))).toBe(false)
  })
})

describe("names written otherwise, and names that are another business's (version 12)", () => {
  it("counts a one-word business written with 'HQ' or 'App'", () => {
    expect(seen("AsterHQ sends reminders the day before each shift.", business("Aster"))).toBe(true)
    expect(seen("AsterApp keeps the rota on your phone.", business("Aster"))).toBe(true)
  })

  it("reads another generic word before a head as another business", () => {
    const lumen = business("Studio Lumen", "Lyon, France")
    expect(seen("After class, Café Lumen, a bakery by the river, does the best croissants.", lumen)).toBe(false)
    expect(seen("Studio Lumen runs reformer classes in English.", lumen)).toBe(true)
  })

  it("keeps a name before an aside ('for example', 'however')", () => {
    expect(seen("Scheduling tools help. Rotaly, for example, sends reminders by text.", business("Rotaly"))).toBe(true)
    expect(seen("Rotaly, however, is the one I would pick.", business("Rotaly"))).toBe(true)
  })

  it("reads a lower-case name before a shop near the reader as the kind of shop", () => {
    expect(seen("Soles last, and any good cobbler can fit Vibram ones. Ask the tassel shop near you first.", business("Tassel"))).toBe(false)
    expect(seen("Soles wear out; for Vibram ones, the tassel shop in your area may stock them.", business("Tassel"))).toBe(false)
  })
})

describe("sentiment: ranked first (version 12)", () => {
  const sentiment = (text: string) => detectMention({ text, citations: [] }, business("Rotaly")).sentiment
  it("reads the lead of a numbered list's first item as praise, even beside a small complaint", () => {
    expect(sentiment("Rota apps for a café:\n\n1. **Rotaly** – shift swaps and a time clock.\n2. **Shiftwise** – payroll export.")).toBe("positive")
    expect(sentiment("1. **Rotaly** – shift swaps, though the reports are slow.\n2. **Shiftwise** – payroll export.")).toBe("neutral")
  })

  it("does not for a later item, a bullet, or a first item that is criticised", () => {
    expect(sentiment("1. **Shiftwise** – payroll export.\n2. **Rotaly** – shift swaps and a time clock.")).toBe("neutral")
    expect(sentiment("- **Rotaly** – shift swaps and a time clock.\n- **Shiftwise** – payroll export.")).toBe("neutral")
    expect(sentiment("1. **Rotaly** – avoid: buggy sync and poor support.\n2. **Shiftwise** – payroll export.")).toBe("negative")
  })
})

describe("sentiment: the speaker's own pick, warnings, and a negator kept in its sentence (version 12)", () => {
  const sentiment = (text: string) => detectMention({ text, citations: [] }, business("Rotaly")).sentiment
  it("reads 'I'd call them', 'a safe bet', 'the sweet spot', 'dependable' as praise", () => {
    expect(sentiment("Rotaly handles shift swaps for small cafés. I'd call them first.")).toBe("positive")
    expect(sentiment("For a small team, Rotaly is a safe bet.")).toBe("positive")
    expect(sentiment("Rotaly is the sweet spot between price and features.")).toBe("positive")
    expect(sentiment("Rotaly has been dependable for our two shops.")).toBe("positive")
  })

  it("reads 'be careful with', 'look elsewhere', 'not impressed', 'a letdown' as warnings", () => {
    expect(sentiment("I'd be careful with Rotaly until the sync is fixed.")).toBe("negative")
    expect(sentiment("Rotaly lost our rota twice. Look elsewhere.")).toBe("negative")
    expect(sentiment("Not impressed with Rotaly: the app logs you out daily.")).toBe("negative")
    expect(sentiment("Honestly, Rotaly was a letdown after the redesign.")).toBe("negative")
  })

  it("does not read the speaker's pick of someone else as praise, nor carry a negator past a sentence's end", () => {
    expect(sentiment("Rotaly signs you into a yearly contract. I'd choose a company with monthly terms.")).toBe("neutral")
    expect(sentiment("Rotaly vs Shiftwise: I'd pick Shiftwise for its payroll export.")).toBe("neutral")
    expect(sentiment("Rotaly won't fit a hospital. I'd call them for a café though.")).toBe("positive")
  })
})

describe("the new rules on hostile input (version 12)", () => {
  // Each rule reads a bounded window around a match or a clause: at this size a rule that rescanned
  // the answer per match would take minutes of CPU.
  it("stays linear with thousands of heads, products, towns and disclaimers", () => {
    const bracken = business("Brackenridge Outdoor")
    const { cpuMs } = cpuTimed(() => {
      expect(seen("the jacket I wear with boots is from Brackenridge; ".repeat(5_000), bracken)).toBe(true)
      expect(seen("Brackenridge jackets Brackenridge ".repeat(5_000), bracken)).toBe(true)
      expect(seen("Harlow is a town, the Harlow water gardens; ".repeat(5_000), business("The Harlow", "Harlow, UK"))).toBe(false)
      expect(seen("Brackenridge doesn't have enough reviews for me to judge it; too sparse for me to say; ".repeat(5_000), bracken)).toBe(false)
      expect(seen("Brackenridge lacks a track record I can check, not enough to go on; ".repeat(5_000), bracken)).toBe(false)
      expect(seen("Marlow, Georgia, Marlow, TX; ".repeat(5_000), business("The Marlow", "Chicago, IL"))).toBe(false)
      expect(seen("Marlowe in Leeds did our ".repeat(5_000), business("Marlowe Analytics Ltd", "Leeds, UK"))).toBe(true)
      expect(seen("the tassel shop near you, ".repeat(5_000) + "Tassel, for example, ".repeat(5_000), business("Tassel"))).toBe(true)
      expect(detectMention({ text: "1. **Rotaly** – swaps\n".repeat(5_000), citations: [] }, business("Rotaly")).sentiment).toBe("positive")
    })
    expect(cpuMs).toBeLessThan(20_000)
  })
})
