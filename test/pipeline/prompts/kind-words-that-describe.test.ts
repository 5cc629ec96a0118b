/**
 * A kind's word that describes something else is not the kind: "Garage Storage" in a closet
 * installer's title names what it builds, and a "Schools & Groups" booking page does not make a
 * trampoline park a school. A verb's object is a thing, not where the work is done ("we install
 * throughout Wake County") nor the next clause's verb ("every system we install carries a ...").
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { categoryFromText } from "../../../src/pipeline/prompts/text-facts.ts"

const textKind = (texts: ReadonlyArray<string>) => categoryFromText(texts.map((text) => ({ text, weight: 2 }))).supported

const page = (path: string, title: string, headings: ReadonlyArray<string>, text: string) =>
  ({ url: `https://site.example${path}`, title, description: "", headings, text, jsonLd: [], products: [] })

const facts = (name: string, pages: ReadonlyArray<ReturnType<typeof page>>) =>
  factsFromPages({ name, kind: "business", businessName: name, url: "https://site.example/", pages })

describe("a kind's word describing goods in the home page's title", () => {
  const closets = (homeTitle: string) => facts("Oak City Closet Co.", [
    page("/", homeTitle, ["Custom closets, garages and pantries for the Triangle", "Garage storage"], "Design consultations are free."),
    page("/garage.html", "Garage Cabinets & Slatwall Raleigh | Oak City Closet Co.", ["Garages", "Garage cabinets"], "Cabinets in any finish."),
    page("/closets.html", "Walk-In Closets | Oak City Closet Co.", ["Walk-in closets"], "Walk-in closets built to fit.")
  ])

  it("gives way to the title's own kind", () => {
    expect(closets("Custom Closets & Garage Storage in Raleigh, NC | Oak City Closet Co.").category).toBe("custom closet company")
  })

  it("stays the kind where the title names it as such", () => {
    expect(closets("Custom Closets & Garages in Raleigh, NC | Oak City Closet Co.").category).toBe("garage")
  })
})

describe("a venue's name over a kind read on one page", () => {
  const park = (name: string) => facts(name, [
    page("/", `${name} Galway | Jump, Parties, Glow Jump`, ["Jump sessions", "Birthday parties"], "Our trampoline arena has 40 trampolines."),
    page("/groups.html", `Camps, Schools & Groups | ${name}`, ["School tours & group bookings"], "Bring your class for a jump.")
  ])

  it("is the kind", () => {
    expect(park("Liftoff Trampoline Park").category).toBe("trampoline park")
  })

  it("is not where the name's word is a proper name", () => {
    expect(park("Liftoff Kennedy Park").category).toBe("school")
  })
})

describe("a verb's object", () => {
  it("is neither a place nor the next clause's verb", () => {
    const f = facts("Oak City Closet Co.", [
      page("/", "Oak City Closet Co. | Custom Closets", ["Walk-in closets"],
        "Every system we install carries a lifetime warranty. We install throughout Wake, Durham and Orange counties. We also build mudrooms.")
    ])
    expect(f.offerings).toContain("mudrooms")
    expect(f.offerings.filter((o) => /carries|throughout|wake/iu.test(o))).toEqual([])
  })
})

describe("a kind's word among goods, or in what the customer does without", () => {
  const shop = (homeTitle: string, h1: string, text: string) => facts("Ridgeline Label Supply", [
    page("/", homeTitle, [h1], text),
    page("/printers.html", "Barcode Printers | Ridgeline Label Supply", ["Barcode printers"], "Desktop printers in stock.")
  ])

  it("is no kind in a list of the goods sold", () => {
    const f = shop("Thermal Labels, Ribbons & Barcode Printers – Ridgeline Label Supply", "Labels shipped next day",
      "Ridgeline Label Supply is an online label supplier for warehouses.")
    expect(f.category).toBe("label supplier")
  })

  it("stays a kind in a list of kinds", () => {
    expect(textKind(["Bakery, Café & Deli in Asheville", "Our bakery"])).toBe("bakery")
  })

  it("is no kind in what the customer does without", () => {
    const f = facts("Crema Co.", [page("/", "Office Coffee Machines Brisbane – Crema Co.", ["Great coffee at work, without the café run"], "Machines for offices.")])
    expect(f.category).toBe(null)
  })
})
