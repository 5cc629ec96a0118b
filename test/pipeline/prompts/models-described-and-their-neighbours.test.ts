/**
 * A product named as a model ("Refurbished Bernina 1008", "Sony FX3 Cinema Kit") is asked about by
 * the kind of thing its own description says it is once the maker's and the model's words, figures,
 * its state ("Used", "Fully serviced") and how it is had ("rental") are taken out; without that kind,
 * its prompts ran out after its name and fell back to "good value products". A model sharing its
 * page with other models ("Restored Sansui AU-317 integrated amplifier" beside a Technics turntable)
 * is not asked about them, and a model with its own section of a shared page is not asked about the
 * page's headline ("Adult tennis") unless that headline names its kind of thing.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { type CrawledPageFacts, factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const item = (name: string, description: string | null, price: string) => ({ name, description, price, url: null })

const factsOf = (name: string, path: string, page: Partial<CrawledPageFacts>) =>
  factsFromPages({
    name,
    kind: "product",
    businessName: "Kirkgate Workshop",
    url: `${ORIGIN}${path}`,
    businessPlace: "Leeds",
    pages: [sitePage(path, { title: `${name} | Kirkgate Workshop`, headings: [name], ...page })]
  })

describe("the kind a model's own description says it is", () => {
  it("takes out the maker, the model, its state and an adverb: a serviced sewing machine", () => {
    const name = "Refurbished Bernina 1008"
    const facts = factsOf(name, "/products/bernina-1008.html", {
      text: `${name} £395 · 12-month guarantee The Swiss workhorse quilters still ask for. Metal body, 15 stitches.`,
      products: [item(name, "Fully serviced mechanical Bernina 1008 sewing machine with a 12-month guarantee.", "395")]
    })
    expect(facts.offerings).toContain("mechanical sewing machine")
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /sewing machine|bernina/iu.test(p)).length).toBeGreaterThanOrEqual(75)
    expect(prompts.filter((p) => /good value products|everyday essentials|premium options/u.test(p))).toEqual([])
  })

  it("takes out figures with their units, the name's words and how the thing is had: a daylight LED light", () => {
    const name = "Aputure LS 600d Lighting Kit"
    const facts = factsOf(name, "/products/aputure-600d.html", {
      text: `${name} $70.00 / day A 600 W daylight LED light that replaces a 1.2K HMI on small sets.`,
      products: [item(name, "600 W daylight LED light rental kit with softbox, Fresnel and stand.", "70")]
    })
    expect(facts.offerings).toContain("daylight LED light")
  })

  it("reads a used camera body by its kind, not by its film size", () => {
    const name = "Nikon FM2"
    const facts = factsOf(name, "/products/nikon-fm2.html", {
      text: `${name}, black ¥68,000 The fully mechanical Nikon SLR.`,
      products: [item(name, "Used Nikon FM2 35mm SLR body, tested, new light seals.", "68000")]
    })
    expect(facts.offerings).toContain("SLR body")
  })

  it("guards: a description that is a sentence about the business, or only the model's words, gives no kind", () => {
    const name = "Halden 6.6kW Home Solar Package"
    const facts = factsOf(name, "/6-6kw.html", {
      description: "Halden Solar installs rooftop solar and home batteries across Geelong.",
      text: `${name} $5,490 installed.`,
      products: [item(name, "15 x 440W panels and a 5kW hybrid inverter, installed.", "5490")]
    })
    expect(facts.offerings.filter((o) => /installs|rooftop/u.test(o))).toEqual([])
    const solo = factsOf("Tarn X3", "/tarn-x3.html", { text: "Tarn X3 $120", products: [item("Tarn X3", "Tarn X3.", "120")] })
    expect(solo.offerings.filter((o) => o !== "Tarn X3" && o !== "tarn X3")).toEqual([])
  })
})

describe("a model among other models on one page", () => {
  it("is not asked about the other models listed beside it", () => {
    const name = "Restored Technics SL-1200MK2"
    const facts = factsOf(name, "/for-sale.html", {
      headings: ["Restored vintage hi-fi for sale"],
      text: `Restored vintage hi-fi for sale Everything here has six months' warranty. Item Price ${name} – direct-drive turntable $1,450 Restored Sansui AU-317 integrated amplifier $1,100 Restored Nakamichi BX-300 cassette deck $890`,
      products: [
        item(name, "Restored direct-drive turntable with new tonearm wiring.", "1450"),
        item("Restored Sansui AU-317 integrated amplifier", null, "1100"),
        item("Restored Nakamichi BX-300 cassette deck", null, "890")
      ]
    })
    expect(facts.offerings.filter((o) => /sansui|nakamichi/iu.test(o))).toEqual([])
    expect(builtinPrompts(facts).filter((p) => /sansui|nakamichi|amplifier|cassette/iu.test(p))).toEqual([])
  })

  it("with its own section of a shared page, is not asked about the page's headline, unless the headline names its kind", () => {
    const name = "Cardio Tennis 10-Class Pass"
    const shared = (headline: string) => factsOf(name, "/adults.html", {
      headings: [headline, "Adult beginner course", name, "Private lessons"],
      text: `${headline} Adult beginner course Six one-hour group lessons. $150. ${name} High-energy tennis workout to music. Single class $24, or buy the 10-class pass for $200. Private lessons One-on-one with a coach.`,
      products: [item(name, "Ten one-hour cardio tennis classes, valid for 6 months.", "200")]
    })
    expect(shared("Adult tennis").offerings[0]).toBe("Cardio Tennis 10-Class pass")
    expect(shared("Adult tennis").offerings).not.toContain("adult tennis")
    // The guard: a headline naming the same kind of thing stays ("Tennis passes" for a pass).
    expect(shared("Tennis passes").offerings).toContain("tennis passes")
  })
})

describe("a product named by a letter or a number, one of several of its kind", () => {
  it("is asked about by what its own description says it is", () => {
    const name = "Studio B"
    const facts = factsOf(name, "/cyc-studio.html", {
      text: `${name} – Cyclorama Studio ${name} is built around a two-wall white cyclorama.`,
      products: [item(name, "Pre-lit white cyclorama studio with drive-in access in Toronto.", "130")]
    })
    expect(facts.offerings).toContain("white cyclorama studio")
    const daylight = factsOf("Studio A", "/studio-a.html", {
      text: "Studio A – Daylight Studio Studio A is a daylight studio.",
      products: [item("Studio A", "1,800 sq ft north-light daylight photo studio for hire in Toronto.", "95")]
    })
    // (A figure with a comma and a unit of two words before the kind; its last three words name it.)
    expect(daylight.offerings).toContain("daylight photo studio")
  })
})
