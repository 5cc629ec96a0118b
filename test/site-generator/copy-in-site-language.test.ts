/**
 * The built-in FAQ answers and about text of a site in French, German, Spanish, Italian or
 * Portuguese are written in its language, and on its pages every element holding the
 * generator's English (a post, a question from an English prompt) says `lang="en"`. An English
 * site renders as before: no element but `<html>` carries a `lang`.
 */
import { describe, expect, it } from "vitest"
import { composeAbout } from "../../src/site-generator/about-copy.ts"
import { composeFaq } from "../../src/site-generator/faq-copy.ts"
import { renderSite } from "../../src/site-generator/render-site.ts"
import type { SiteInput } from "../../src/site-generator/site-input.ts"
import { bakery } from "./sample-site.ts"

const repairer: SiteInput = {
  ...bakery,
  businessId: "electro-meuse",
  siteUrl: "https://electro-meuse.sites.example",
  sourceUrl: "https://www.electro-meuse.be/",
  name: "Électro Meuse",
  businessName: "Électro Meuse",
  description: "Réparation d’électroménager à domicile à Namur et dans toute la province.",
  category: "Réparation d’électroménager",
  place: "Namur",
  address: { street: "Rue de Fer 12", locality: "Namur", postalCode: "5000", country: "BE" },
  phone: "+32 81 00 00 00",
  email: "contact@electro-meuse.be",
  hours: [
    { text: "Lundi : fermé", days: ["Monday"], opens: null, closes: null },
    { text: "Samedi : 8h à 12h", days: ["Saturday"], opens: "08:00", closes: "12:00" }
  ],
  offerings: [
    { name: "Contrat Sérénité", description: "Deux visites d’entretien par an.", url: "https://www.electro-meuse.be/serenite", price: "89", currency: "EUR" },
    { name: "Dépannage lave-linge", description: null, url: null, price: null, currency: null }
  ],
  pages: [
    { url: "https://www.electro-meuse.be/", title: "Électro Meuse", description: "", headings: [], text: "Nous réparons vos appareils à domicile, à Namur et dans toute la province." },
    { url: "https://www.electro-meuse.be/a-propos", title: "À propos", description: "", headings: ["Notre histoire"], text: "Depuis 1998, nous réparons les appareils de nos voisins plutôt que de les remplacer." }
  ],
  language: "fr"
}

const QUESTIONS = ["Contrat Sérénité price?", "Dépannage lave-linge?", "Is it open on Saturday?", "Is it open on Monday?", "Where is it?", "Opening hours?"]
const answers = (language: NonNullable<SiteInput["language"]>) => composeFaq({ ...repairer, language }, QUESTIONS).map((e) => e.answer)

describe("the built-in FAQ answers in the site's language", () => {
  it("French: price, offering, hours on a day, closed day, contact, all hours", () => {
    expect(answers("fr")).toEqual([
      "Contrat Sérénité : 89 EUR, prix indiqué par Électro Meuse. Page : https://www.electro-meuse.be/serenite",
      "Électro Meuse propose : dépannage lave-linge.",
      "Oui : Électro Meuse ouvre le samedi de 08:00 à 12:00.",
      "Non : Électro Meuse n’ouvre pas le lundi.",
      "Coordonnées d’Électro Meuse : Rue de Fer 12, 5000 Namur, BE ; tél. +32 81 00 00 00 ; e-mail contact@electro-meuse.be.",
      "Horaires d’ouverture d’Électro Meuse : Lundi : fermé; Samedi : 8h à 12h."
    ])
  })

  it("German (its nouns keep their capital), Spanish, Italian and Portuguese", () => {
    expect(answers("de")).toEqual([
      "Contrat Sérénité: 89 EUR, Preis laut Électro Meuse. Seite: https://www.electro-meuse.be/serenite",
      "Électro Meuse bietet an: Dépannage lave-linge.",
      "Ja: Électro Meuse hat samstags von 08:00 bis 12:00 geöffnet.",
      "Nein: Électro Meuse hat montags geschlossen.",
      "Kontakt zu Électro Meuse: Rue de Fer 12, 5000 Namur, BE; Tel. +32 81 00 00 00; E-Mail contact@electro-meuse.be.",
      "Öffnungszeiten von Électro Meuse: Lundi : fermé; Samedi : 8h à 12h."
    ])
    expect(answers("es").slice(0, 4)).toEqual([
      "Contrat Sérénité: 89 EUR, precio indicado por Électro Meuse. Página: https://www.electro-meuse.be/serenite",
      "Électro Meuse ofrece: dépannage lave-linge.",
      "Sí: Électro Meuse abre los sábados de 08:00 a 12:00.",
      "No: Électro Meuse no abre los lunes."
    ])
    expect(answers("it").slice(2, 4)).toEqual(["Sì: Électro Meuse apre il sabato dalle 08:00 alle 12:00.", "No: Électro Meuse non apre il lunedì."])
    expect(answers("pt").slice(2, 4)).toEqual(["Sim: Électro Meuse abre ao sábado das 08:00 às 12:00.", "Não: Électro Meuse não abre à segunda-feira."])
  })

  it("a site in a language without frames here keeps the English ones", () => {
    expect(answers("nl")[1]).toBe("Électro Meuse offers dépannage lave-linge.")
  })
})

describe("the built-in about text in the site's language", () => {
  it("names the offerings with the site's own conjunction", () => {
    expect(composeAbout(repairer)).toBe(
      "Réparation d’électroménager à domicile à Namur et dans toute la province.\n\nÉlectro Meuse propose : Contrat Sérénité et dépannage lave-linge. Chaque prestation a sa propre page sur ce site."
    )
    expect(composeAbout({ ...repairer, language: "es", offerings: [...repairer.offerings, { name: "Instalación", description: null, url: null, price: null, currency: null }] })).toBe(
      "Réparation d’électroménager à domicile à Namur et dans toute la province.\n\nÉlectro Meuse ofrece: Contrat Sérénité, dépannage lave-linge e instalación. Cada servicio tiene su propia página en este sitio."
    )
  })
})

const post = {
  date: "2026-03-01",
  slug: "choosing-a-repairer",
  title: "Choosing an appliance repairer in Namur",
  summary: "What to ask before a repairer comes round.",
  bodyParagraphs: ["Ask what the call-out costs."],
  topic: "Contrat Sérénité prix"
}

describe("a French site's pages say which text is English", () => {
  const faq = [
    { question: "How much does the Contrat Sérénité cost?", answer: "Contrat Sérénité : 89 EUR, prix indiqué par Électro Meuse." },
    { question: "Intervenez-vous le samedi ?", answer: "Oui, le samedi matin de 8 h à 12 h." }
  ]
  const site = renderSite({ ...repairer, faq, about: composeAbout(repairer), posts: [post] })
  const page = (path: string) => site.get(path)?.body ?? ""

  it("marks a post English wherever it is shown, and in the feed", () => {
    const postPage = page("/blog/2026-03-01/choosing-a-repairer/index.html")
    expect(postPage).toContain(`<h1 lang="en">Choosing an appliance repairer in Namur</h1>\n<p class="summary" lang="en">What to ask before a repairer comes round.</p>`)
    expect(postPage).toContain(`<div class="prose" lang="en">\n<p>Ask what the call-out costs.</p>`)
    // The topic is a French prompt: it stays the page's language.
    expect(postPage).toContain(` · Contrat Sérénité prix</p>`)
    for (const path of ["/index.html", "/blog/index.html"]) {
      expect(page(path)).toMatch(/<h[23] lang="en"><a href="\/blog\/2026-03-01\/choosing-a-repairer\/">Choosing an appliance repairer in Namur<\/a><\/h[23]><p lang="en">What to ask before a repairer comes round.<\/p>/)
    }
    expect(page("/feed.xml")).toContain(`<entry xml:lang="en">`)
  })

  it("marks an English question, not the French answers nor the about text", () => {
    const faqPage = page("/faq/index.html")
    expect(faqPage).toContain(`<summary lang="en">How much does the Contrat Sérénité cost?</summary><div class="answer"><p>Contrat Sérénité : 89 EUR`)
    expect(faqPage).toContain(`<summary>Intervenez-vous le samedi ?</summary><div class="answer"><p>`)
    expect(page("/about/index.html")).not.toContain(`lang="en"`)
  })
})

describe("an English site", () => {
  it("has no `lang` but its `<html>`'s, posts and questions included", () => {
    const site = renderSite(bakery)
    for (const path of ["/index.html", "/faq/index.html", "/about/index.html", "/blog/index.html", "/blog/2026-03-01/what-makes-acme-bakery-different/index.html"]) {
      expect(site.get(path)?.body.match(/ lang="/g)?.length).toBe(1)
    }
    expect(site.get("/feed.xml")?.body).toContain("  <entry>\n")
  })
})
