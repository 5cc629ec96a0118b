/**
 * A site's own headings are not things to buy: an About page's first-person headings ("About me",
 * "Qui suis-je", "Mijn verhaal"), the name of a whole list ("Treatments", "Nos soins"), the business's
 * premises ("The clinic", "Die Praxis"), a blog's recurring series ("Project of the week", "Rezept
 * des Monats") and a shop's information pages ("Fitting guide", "Sizing chart", "Care instructions").
 * Real offerings that look like them stay.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("headings and in-house words that are no offerings", () => {
  it("reads first-person About headings, in the languages sites are written in, as labels", () => {
    for (const text of [
      "About me", "Who I am", "Why me", "Hi, I'm Anna", "My story", "My approach", "Our philosophy", "Qui suis-je", "À propos de moi",
      "Mon parcours", "Notre approche", "Sobre mí", "Quién soy", "Mi historia", "Über mich", "Meine Geschichte", "Mein Ansatz",
      "Chi sono", "La mia storia", "Il mio approccio", "Over mij", "Mijn verhaal", "Mijn aanpak", "Onze werkwijze", "Sobre mim",
      "A minha história", "O meu percurso"
    ]) {
      expect(isSiteLabel(text), text).toBe(true)
    }
  })

  it("reads a list's own name and the business's premises as labels", () => {
    for (const text of [
      "Treatments", "Our treatments", "Extras", "Products", "Behandlungen", "Nos soins", "Tratamientos", "Trattamenti", "Behandelingen",
      "Tratamentos", "The clinic", "Our studio", "The workshop", "Die Praxis", "Le cabinet", "La clínica", "Onze praktijk", "A nossa loja"
    ]) {
      expect(isSiteLabel(text), text).toBe(true)
    }
  })

  it("reads a recurring series and a shop's information pages as labels", () => {
    for (const text of [
      "Project of the week", "Job of the month", "Tip of the day", "Recipe of the month", "Rezept des Monats", "Projet du mois",
      "Receta de la semana", "Ricetta del mese", "Tip van de week", "Fitting guide", "Sizing chart", "Size chart", "Care instructions",
      "Washing instructions", "How to order", "How to measure", "Delivery information", "Größentabelle", "Guide des tailles", "Tabla de tallas",
      "Guida alle taglie", "Maattabel", "Pflegehinweise"
    ]) {
      expect(isSiteLabel(text), text).toBe(true)
    }
  })

  it("reads a range's name, the sectors served, a menu's bare verbs, the rest of a list and a guide to read as labels", () => {
    for (const text of [
      "Our range", "Product range", "Sectors", "Industries we serve", "Eat & drink", "Eat, drink and play", "Stay", "Climb",
      "Hire", "Shopping", "Other languages", "More flavours", "Weitere Kurse", "Brew guide", "Fringe season survival guide", "Floor care guide"
    ]) {
      expect(isSiteLabel(text), text).toBe(true)
    }
  })

  it("guards: keeps real offerings that look like these", () => {
    for (const text of [
      "Guided tour", "Facial treatment", "Kids' party package", "Monthly membership", "Soup of the day", "Cheese of the month",
      "Book of the month club", "Workshop", "Our workshops", "Our kitchens", "Studio hire", "Practice management", "Hair products",
      "Soins du visage", "Personal style guide", "Surf guide", "How to open oysters", "Story time", "Kitchen fitting", "Bra fitting",
      "Rooms", "Fitting", "Clinic day", "Supplements", "Driving range", "Range balls", "Youth programmes", "Bike hire", "Soft play", "Sleep", "Stay plans",
      "Audio guide", "Private guide", "Mountain guides", "Fishing guide", "Personal shopping", "Private dining"
    ]) {
      expect(isSiteLabel(text), text).toBe(false)
    }
  })

  it("takes none of them as an offering of a made-up site, and keeps its real ones", () => {
    const pages = [
      sitePage("/", {
        title: "Anna Berg Skin | Facials in Leeds",
        headings: ["Anna Berg Skin", "Facials in Leeds", "Treatments", "Extras"],
        text: "Anna Berg Skin Facials in Leeds. Treatments Facial treatment, back facial and peels. Extras LED mask add-on."
      }),
      sitePage("/treatments.html", {
        title: "Treatments | Anna Berg Skin",
        headings: ["Treatments", "Facial treatment", "Back facial", "Chemical peel"],
        text: "Treatments Facial treatment £60 Back facial £55 Chemical peel £70"
      }),
      sitePage("/uber-mich.html", {
        title: "Über mich | Anna Berg Skin",
        headings: ["Über mich", "Mijn aanpak", "The clinic"],
        text: "Über mich Ich bin Anna. Mijn aanpak Rustig. The clinic A quiet room."
      }),
      sitePage("/clinic.html", { title: "The clinic | Anna Berg Skin", headings: ["The clinic"], text: "The clinic A quiet room above the bakery, with parking." }),
      sitePage("/project-of-the-week.html", {
        title: "Project of the week | Anna Berg Skin",
        headings: ["Project of the week"],
        text: "Project of the week A client's skin after six weeks."
      }),
      sitePage("/fitting-guide.html", {
        title: "Fitting guide | Anna Berg Skin",
        headings: ["Fitting guide", "Sizing chart", "Care instructions"],
        text: "Fitting guide How our masks fit. Sizing chart S M L. Care instructions Rinse the mask."
      })
    ]
    const result = factsFromPages({ name: "Anna Berg Skin", kind: "business", businessName: "Anna Berg Skin", url: `${ORIGIN}/`, pages })
    // Guard: the things sold under those headings stay, and nothing else is taken.
    expect(result.offerings).toEqual(["facial treatment", "back facial", "chemical peel"])
  })
})
