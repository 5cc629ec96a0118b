// Detector version 15, on examples of its own (not an evaluation split's answers): a name's
// distinctive first word whatever follows it; a head after a preposition of place; a paragraph
// about surnames; an owner presented as a business is; more legal forms; a product by its model
// name and number, and more kinds of product; the "and" of a firm's name in other languages.
import { describe, expect, it } from "vitest"
import { detectMention, mentionTargetOf } from "../../../src/domain/mention/index.ts"
import { cpuTimed } from "../../support/cpu-time.ts"

const business = (name: string, place: string | null = null, url: string | null = null) =>
  mentionTargetOf({ itemId: null, name, url, place })
const seen = (text: string, target: ReturnType<typeof business>) => detectMention({ text, citations: [] }, target).visible

describe("a name's distinctive first word (version 15)", () => {
  const pottery = business("Brackwell Pottery Barn", "Leeds, UK")
  it("counts the first word alone where it is presented as a business, whatever words follow it", () => {
    expect(mentionTargetOf({ itemId: null, name: "Brackwell Pottery Barn", url: null, place: "Leeds" }).heads).toContain("Brackwell")
    expect(seen("1. **Brackwell** — wheel classes on weekday evenings.", pottery)).toBe(true)
    expect(seen("I'd call Brackwell first; they run small classes.", pottery)).toBe(true)
    expect(seen("Brackwell vs. Clayworks Studio: both teach beginners.", pottery)).toBe(true)
  })

  it("does not count it merely named, nor as a place after a preposition of place", () => {
    expect(seen("The Brackwell valley is pretty in spring.", pottery)).toBe(false)
    expect(seen("In Brackwell, the market square is lined with cafés.", pottery)).toBe(false)
  })

  it("takes no ordinary word, region, town, capitals, place name or given name opening a person's name", () => {
    const heads = (name: string, place: string | null = null) => mentionTargetOf({ itemId: null, name, url: null, place }).heads ?? []
    expect(heads("Silver Pottery Barn")).not.toContain("Silver")
    expect(heads("Vermont Syrup Depot")).not.toContain("Vermont")
    expect(heads("Harwick Glass Works", "Harwick, OH")).not.toContain("Harwick")
    expect(heads("HTX Window Washing")).not.toContain("HTX")
    expect(heads("Ellis Park Physio")).not.toContain("Ellis")
    expect(heads("Anna Keller Ceramics")).not.toContain("Anna")
    expect(heads("Van der Molen Installaties")).toContain("Van der Molen")
  })

  it("does not take a head from a name joined by '&'", () => {
    expect(mentionTargetOf({ itemId: null, name: "Brackwell & Tane Joinery", url: null }).heads).not.toContain("Brackwell")
  })
})

describe("surnames and owners (version 15)", () => {
  const luthier = business("Quist Cello Workshop", "Oslo, Norway")
  it("does not count the firm's word in a paragraph about surnames", () => {
    expect(seen("Quist is a common surname here; two dentists and a baker are named Quist.", luthier)).toBe(false)
  })

  it("counts an owner named in full and presented as a business is", () => {
    expect(seen("1. Mara Quist — careful setups, fair prices.\n2. Nordvik Strings", luthier)).toBe(true)
    expect(seen("Take it to Mara Quist in Grünerløkka; she fixes seams the same day.", luthier)).toBe(true)
    expect(seen("Mara Quist is a good choice: patient and precise.", luthier)).toBe(true)
  })

  it("not someone else's staff, a longer name, or a word that is no given name", () => {
    expect(seen("Mara Quist at Nordvik Strings is careful.", luthier)).toBe(false)
    expect(seen("1. **Mara Quist Kitchen** — a café.", luthier)).toBe(false)
    expect(seen("1. **Blue Quist** — a café.", luthier)).toBe(false)
  })
})

describe("legal forms, products and the 'and' of other languages (version 15)", () => {
  it("strips Ltda., Lda. and other legal forms", () => {
    const firm = business("Moraes Auditoria Ltda.", "Recife, Brazil")
    expect(seen("| Moraes Auditoria | bilingual | local |", firm)).toBe(true)
    expect(mentionTargetOf({ itemId: null, name: "Costa Limpezas Lda.", url: null }).aliases).toContain("Costa Limpezas")
  })

  it("counts the brand's model by its name and number, and more kinds of product", () => {
    const gear = business("Tarnwick Outfitters")
    const brand = business("Tarnwick")
    expect(seen("My pick is the Tarnwick Ridge 40. It carries well.", brand)).toBe(true)
    expect(seen("The Tarnwick Scree Pant keeps your knees dry.", brand)).toBe(true)
    expect(seen("The Tarnwick Fellside Fleece is warm.", gear)).toBe(true)
  })

  it("not a road, a room, a quantity or a decimal after the name", () => {
    const brand = business("Tarnwick")
    expect(seen("Take the Tarnwick Route 66 exit.", brand)).toBe(false)
    expect(seen("Tarnwick Hills 12 miles north is a village.", brand)).toBe(false)
  })

  it("reads 'e', 'et', 'y', 'und' between capitalised words as part of a longer name", () => {
    const firm = business("Moraes Auditoria Ltda.", "Recife, Brazil")
    expect(seen("People mention Moraes Auditoria e Consultoria, a firm in Salvador.", firm)).toBe(false)
    expect(seen("People recommend Moraes Auditoria, the Recife firm.", firm)).toBe(true)
  })
})

describe("impersonal disclaimers by their grammar (version 15)", () => {
  const inn = business("Larchmere Inn", "Keswick, UK")
  it("reads what the speaker can reach, bounded by a relative clause", () => {
    expect(seen("Larchmere Inn's room rates are outside what I can look up, so ask directly.", inn)).toBe(false)
    expect(seen("Larchmere Inn's dog policy is unclear from what's online.", inn)).toBe(false)
    expect(seen("Larchmere Inn's parking isn't described anywhere I can check.", inn)).toBe(false)
    expect(seen("Larchmere Inn is not something my sources cover.", inn)).toBe(false)
    expect(seen("A place called Larchmere Inn shows up in listings, but its rooms aren't something I'm able to check.", inn)).toBe(false)
  })

  it("reads evidence said to be missing, scarce or out of reach, whatever its noun", () => {
    expect(seen("Published photos of Larchmere Inn are limited, so I'd look elsewhere.", inn)).toBe(false)
    expect(seen("Guest feedback on Larchmere Inn is scarce in the sources I can see.", inn)).toBe(false)
    expect(seen("Independent write-ups of Larchmere Inn don't appear to exist yet.", inn)).toBe(false)
    expect(seen("There are too few guest reviews of Larchmere Inn for me to judge.", inn)).toBe(false)
    expect(seen("There's not enough out there about Larchmere Inn to recommend it.", inn)).toBe(false)
    expect(seen("Larchmere Inn has almost no coverage online.", inn)).toBe(false)
    expect(seen("Menus for Larchmere Inn weren't available to me.", inn)).toBe(false)
    expect(seen("On Larchmere Inn I'd be careful, since its prices couldn't be checked.", inn)).toBe(false)
    expect(seen("You mentioned Larchmere Inn; I don't have current prices or opening hours for it.", inn)).toBe(false)
    expect(seen("Larchmere Inn is a name I have no current details for.", inn)).toBe(false)
    expect(seen("| Larchmere Inn | Unknown | None: couldn't find documentation |", inn)).toBe(false)
    expect(seen("Between Fellside Lodge and Larchmere Inn I can only speak to Fellside Lodge.", inn)).toBe(false)
  })

  it("keeps the entity when a contrast says by pronoun what is known of it, or picks it", () => {
    expect(seen("I can't verify Larchmere Inn's winter rates, but they're known for big breakfasts.", inn)).toBe(true)
    expect(seen("I can't confirm Larchmere Inn's parking, but it's a small family inn by the lake.", inn)).toBe(true)
    expect(seen("Larchmere Inn's rates aren't posted anywhere I can check, but guests describe it well, so it's still my first suggestion.", inn)).toBe(true)
    expect(seen("I can't confirm Larchmere Inn's parking, but it might be a small family inn.", inn)).toBe(false)
  })

  it("does not read a relative clause of reach that is praise, or a menu that is full", () => {
    expect(seen("Larchmere Inn has the best views of anything I can find in Keswick.", inn)).toBe(true)
    expect(seen("Larchmere Inn's menu is full of local lamb and trout.", inn)).toBe(true)
  })
})

describe("sentences and sentiment (version 15)", () => {
  it("does not end a sentence at a title's or a place's abbreviation", () => {
    const grill = business("Osprey Grill", "St. Paul, MN")
    expect(seen("Osprey Grill in St. Paul—my data on it is too thin to describe its cooking.", grill)).toBe(false)
  })

  it("reads the speaker's own pick in more words as praise", () => {
    const inn = business("Larchmere Inn", "Keswick, UK")
    expect(detectMention({ text: "My recommendation is Larchmere Inn.", citations: [] }, inn).sentiment).toBe("positive")
    expect(detectMention({ text: "I'd suggest Larchmere Inn for a quiet weekend.", citations: [] }, inn).sentiment).toBe("positive")
    expect(detectMention({ text: "I'd suggest a hostel; Larchmere Inn is in town too.", citations: [] }, inn).sentiment).toBe("neutral")
  })
})

describe("heads picked, compared, and written with their own words (version 15)", () => {
  const guides = business("Tarn Valley River Guides", "Keswick, UK")
  const clinic = business("Ostrava Sleep Clinic", "Leeds, UK")
  it("counts a head compared with another capitalised name, or picked by the predicate after it", () => {
    expect(seen("Ostrava vs. Harbour Sleep Centre for insomnia: both offer CBT-I.", clinic)).toBe(true)
    expect(seen("TVRG is my pick for families.", guides)).toBe(true)
    expect(seen("Mara Ostrava is the therapist I'd see for insomnia.", clinic)).toBe(true)
    expect(seen("Mara Ostrava is worth a call.", clinic)).toBe(true)
  })

  it("counts a head warned against by name, with negative sentiment", () => {
    const warned = detectMention({ text: "I'd avoid Ostrava: they lost my sleep study twice.", citations: [] }, clinic)
    expect(warned.visible).toBe(true)
    expect(warned.sentiment).toBe("negative")
    expect(seen("Steer clear of Ostrava until they fix their booking line.", clinic)).toBe(true)
  })

  it("does not count the business's own town compared, picked or warned against", () => {
    expect(seen("Avoid Leeds at rush hour.", business("Leeds Sleep Clinic", "Leeds, UK"))).toBe(false)
    const tacoma = business("Tacoma Tree Care", "Tacoma, WA")
    expect(seen("Toyota Tacoma vs. Ford Maverick for firewood.", tacoma)).toBe(false)
  })

  it("counts a head with its own words in another order, some left out, or sharing their stem", () => {
    const inspections = business("Ostrava Home Inspections", "Leeds, UK")
    const tailor = business("Marlow Tailoring", "Leeds, UK")
    expect(seen("| Ostrava Inspections | fast | £300 |", inspections)).toBe(true)
    expect(seen("Inspections Ostrava did ours in a day.", inspections)).toBe(true)
    expect(seen("I'd recommend Marlow Tailors in the old town.", tailor)).toBe(true)
  })

  it("not when the run of own words goes on into a longer name", () => {
    const inspections = business("Ostrava Home Inspections", "Leeds, UK")
    expect(seen("Ostrava Home Inspections & Storage in York rents vans.", inspections)).toBe(false)
    expect(seen("Ostrava Inspections for Kids is a museum exhibit.", inspections)).toBe(false)
  })

  it("writes a product's model code with a hyphen too", () => {
    const cooker = mentionTargetOf({ itemId: "halden-t7-rice-cooker", name: "Halden T7 Rice Cooker", url: null })
    expect(detectMention({ text: "| Halden T-7 | 5.5 cups | $129 |", citations: [] }, cooker).visible).toBe(true)
  })
})

describe("ordinary words and places (version 15)", () => {
  it("reads a one-word name opening a sentence before an ordinary noun as the word", () => {
    const sorrelle = business("Sorrelle")
    expect(seen("Sorrelle size drives the price more than height does.", sorrelle)).toBe(false)
    expect(seen("| Sorrelle type | Sweetness |\n|---|---|\n| bulb | mild |", sorrelle)).toBe(false)
    const keel = business("Keel")
    expect(seen("Keel boats are stable for beginners.", keel)).toBe(false)
  })

  it("keeps the name before a verb, an adverb, an irregular past or a brand noun", () => {
    const sorrelle = business("Sorrelle")
    expect(seen("Sorrelle syncs notes to your laptop in a second.", sorrelle)).toBe(true)
    expect(seen("Sorrelle really shines for quick notes.", sorrelle)).toBe(true)
    expect(seen("Sorrelle made our menu easy to update.", sorrelle)).toBe(true)
    expect(seen("Sorrelle lost our rota twice.", sorrelle)).toBe(true)
    expect(seen("Sorrelle app is the one I'd pick.", sorrelle)).toBe(true)
  })

  it("reads a one-word name before a noun of geography, or near another place, as a place", () => {
    const alder = business("Alderholt")
    expect(seen("The Alderholt trail loop gets boggy after rain.", alder)).toBe(false)
    expect(seen("The outlets near Alderholt and Auburn have sales.", alder)).toBe(false)
    expect(seen("Alderholt falls down on big files, so avoid it.", alder)).toBe(true)
    expect(seen("Alderholt trail shoes dry quickly.", alder)).toBe(true)
  })

  it("reads a head after 'near the' as the place", () => {
    const vets = business("Quayford Veterinary Clinic", "Newcastle, UK")
    expect(seen("Near the Quayford, the nearest out-of-hours service is across the river.", vets)).toBe(false)
  })
})

describe("version 15's rules on hostile input", () => {
  it("stay linear", () => {
    const inspections = business("Ostrava Home Inspections", "Leeds, UK")
    const clinic = business("Ostrava Sleep Clinic", "Leeds, UK")
    const inn = business("Larchmere Inn", "Keswick, UK")
    const sorrelle = business("Sorrelle")
    const { cpuMs } = cpuTimed(() => {
      // Own words after a head are read at most four at a time.
      expect(seen("Ostrava " + "Home ".repeat(15_000) + "Storage.", inspections)).toBe(true)
      // A paragraph about surnames is read once, however many heads it holds.
      expect(seen("Ostrava is a surname. " + "Ostrava Ostrava, ".repeat(5_000), clinic)).toBe(false)
      expect(seen("Mara Ostrava is worth a call. ".repeat(3_000), clinic)).toBe(true)
      expect(seen("Dr. St. Mt. ".repeat(5_000) + "Larchmere Inn is lovely.", inn)).toBe(true)
      expect(seen("Larchmere Inn's menus are outside what " + "we ".repeat(10_000) + "can check.", inn)).toBe(true)
      expect(seen("I can't verify Larchmere Inn's rates, but they're a " + "very ".repeat(10_000) + "small inn.", inn)).toBe(false)
      expect(seen("Sorrelle size " + "| ".repeat(10_000), sorrelle)).toBe(false)
      expect(seen("Ostrava vs. " + "Harbour ".repeat(10_000), clinic)).toBe(true)
    })
    // CPU time, not wall time: a bound on the work, which no load on the machine stretches.
    expect(cpuMs).toBeLessThan(10_000)
  })
})
