/**
 * A site's controls, option labels and history headings are never offerings, whatever page or list
 * they are read from: filter, sort and basket in several languages, a language switch, "book an
 * appointment", a menu's bare verb, "services" in other languages, option labels of a product,
 * years and generations counted. Things that only look alike stay offerings.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const label = (text: string) => isSiteLabel(text)

describe("site labels", () => {
  it("reads a shop's controls in several languages as labels", () => {
    for (const text of ["Filter", "Filtern", "Filtrer par", "Ordenar por", "Your basket", "Mi carrito", "Votre panier", "Mein Warenkorb", "Winkelwagen", "Read more", "Lire la suite", "Weiterlesen", "Book an appointment", "Termin buchen", "Pedir cita", "Prendre rendez-vous", "Afspraak maken"]) {
      expect(label(text), text).toBe(true)
    }
  })

  it("reads a language switch, a menu's bare verb and 'services' in other languages as labels", () => {
    for (const text of ["Deutsch", "Français", "Español", "Svenska", "Comprar", "Mieten", "Acheter", "Huren", "Unsere Leistungen", "Nos prestations", "Servicios", "Onze diensten"]) {
      expect(label(text), text).toBe(true)
    }
  })

  it("reads option labels and counted history as labels", () => {
    for (const text of ["Colours", "Available sizes", "Money amounts", "Farben", "Tailles", "Largeur du plateau", "Color del cuero", "King plans", "Queen plan", "Money amount", "Weekend rates", "Day rate", "Four generations", "Drei Generationen", "30 years of baking", "Cuarenta años", "Length", "Inclusions", "What's included"]) {
      expect(label(text), text).toBe(true)
    }
  })

  it("reads who a section is for, a page's crew, a fleet, an extra person, a counted schedule, kinds by where they are held, the best-known ones, guides and a portfolio as labels", () => {
    for (const text of ["Kids & teens", "Men and women", "Damen", "Hommes", "The van & crew", "Kitchen and team", "Our fleet", "Hire fleet", "Extra person", "Personne supplémentaire", "Persona adicional", "Three evenings", "Two weekends", "Tip of the week", "Student of the month", "Members' events", "Member area", "Kurse im Studio", "Services sur place", "Classes at the studio", "Our most popular tours", "Best-known treks", "Rough guide", "Buying guides", "Size guide", "Taxe de séjour", "Kurtaxe", "Tourist tax", "Tasmania's best-known walk", "Our work", "Works", "Recent projects", "Portfolio"]) {
      expect(label(text), text).toBe(true)
    }
  })

  it("keeps things that only look alike as offerings", () => {
    for (const text of ["Wedding cakes", "Colour consultation", "Hair colour", "Kids' bikes", "Cheese of the month", "Block of the month", "Membership", "Shopping trips", "Bag repairs", "Filter coffee", "Basket weaving class", "Dutch lessons", "Spanish classes", "Queen bed frame", "Monthly plans for teams", "Pool filters", "Ten-week course", "Kids' parties", "Event staff", "Team building", "Host family", "Fleet servicing", "Extra large pizza", "Weekend workshops", "Yoga classes at the studio", "Tour guides", "Mountain guides", "Guided walks", "Best man speech coaching", "Ironworks", "Project management", "Groundworks"]) {
      expect(label(text), text).toBe(false)
    }
  })

  it("leaves the labels of a made-up shop out of its offerings", () => {
    const result = factsFromPages({
      name: "Olaria Serrana",
      kind: "business",
      businessName: "Olaria Serrana",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", {
          title: "Olaria Serrana | Handmade stoneware in Porto",
          headings: ["Olaria Serrana", "Stoneware from our kiln", "Espresso cups", "Serving bowls", "Four generations", "Português", "Your basket"],
          text: "Stoneware from our kiln Espresso cups Thrown by hand. Serving bowls Glazed in ash. Four generations of potters in one workshop. Português Your basket is empty."
        }),
        sitePage("/shop.html", {
          title: "Shop | Olaria Serrana",
          headings: ["Shop", "Filter", "Colours", "Dinner plates", "Pottery classes"],
          text: "Filter: Mugs · Bowls · Plates. Colours Ash, celadon, iron. Dinner plates €24. Pottery classes €60."
        })
      ]
    })
    expect(result.offerings).toEqual(expect.arrayContaining(["espresso cups", "serving bowls", "dinner plates", "pottery classes"]))
    expect(result.offerings.filter((o) => /generations|portugu|basket|filter|colours/iu.test(o))).toEqual([])
  })
})
