/**
 * The generated site in the crawled site's language: a French repairer's site and a German
 * bakery's site carry their language in `<html lang>` and the feed, and the generator's own words
 * (navigation, headings, buttons, fact labels, footer, 404, dates) are French and German. An
 * English site keeps every English word; site-facts.test.ts and the fixture renders cover its bytes.
 */
import { describe, expect, it } from "vitest"
import { siteFactsFrom } from "../../src/pipeline/site-facts.ts"
import { SiteCrawled } from "../../src/domain/crawl-events.ts"
import { renderSite } from "../../src/site-generator/render-site.ts"
import type { SiteInput } from "../../src/site-generator/site-input.ts"
import { bakery } from "./sample-site.ts"

const repairer: SiteInput = {
  ...bakery,
  businessId: "electro-meuse",
  siteUrl: "https://electro-meuse.sites.example",
  sourceUrl: "https://www.electro-meuse.be/",
  name: "Électro Meuse Dépannage",
  businessName: "Électro Meuse Dépannage",
  description: "Réparation d’électroménager à domicile à Namur et dans toute la province.",
  category: "Réparation d’électroménager",
  place: "Namur",
  address: { street: "Rue de Fer 12", locality: "Namur", postalCode: "5000", country: "BE" },
  phone: "+32 81 00 00 00",
  email: "contact@electro-meuse.be",
  hours: [{ text: "Lundi au vendredi, 8h à 18h", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" }],
  offerings: [
    { name: "Contrat Sérénité", description: "Pour 89 € par an, deux visites d’entretien.", url: "https://www.electro-meuse.be/serenite", price: "89", currency: "EUR" },
    { name: "Dépannage lave-linge", description: null, url: null, price: null, currency: null }
  ],
  language: "fr"
}

const german: SiteInput = { ...repairer, name: "Bäckerei Sonnenschein", businessName: "Bäckerei Sonnenschein", category: "Bäckerei", place: "Freiburg", language: "de" }

const page = (site: ReadonlyMap<string, { body: string }>, path: string): string => site.get(path)?.body ?? ""

describe("a French site", () => {
  const site = renderSite(repairer)
  const home = page(site, "/index.html")

  it("says it is French, and its feed too", () => {
    expect(home).toContain(`<html lang="fr">`)
    expect(page(site, "/404.html")).toContain(`<html lang="fr">`)
    expect(page(site, "/feed.xml")).toContain(`xml:lang="fr"`)
    expect(page(site, "/feed.xml")).toContain(`<title type="text">Blog d’Électro Meuse Dépannage</title>`)
  })

  it("writes its navigation, headings, buttons, fact labels and footer in French", () => {
    for (const word of ["Accueil", "Prestations", "FAQ", "À propos", "Contact"]) expect(home).toContain(`>${word}</a></li>`)
    for (const text of [
      "Voir les prestations</a>",
      ">Questions fréquentes</h2>",
      ">Les 2 questions</a>",
      ">Derniers articles</h2>",
      ">Tous les articles</a>",
      ">En bref</h2>",
      "<dt>Catégorie</dt>",
      "<dt>Lieu</dt>",
      "<dt>Adresse</dt>",
      "<dt>Téléphone</dt>",
      "<dt>E-mail</dt>",
      "<dt>Horaires d’ouverture</dt>",
      "<dt>Site web</dt>",
      " Informations issues de <a",
      ">Flux Atom</a>",
      ">Plan du site</a>",
      ">Aller au contenu</a>",
      `aria-label="Menu principal"`,
      "1er mars 2026"
    ]) expect(home).toContain(text)
    expect(home).not.toMatch(/>(?:Home|Offerings|About|Common questions|At a glance|Category|Phone|Opening hours)</)
  })

  it("writes its pages' own sentences in French, with no agreement to a crawled noun", () => {
    expect(page(site, "/faq/index.html")).toContain("<h1>Questions fréquentes</h1>\n<p class=\"lead\">Réponses aux questions fréquentes sur Électro Meuse Dépannage.</p>")
    expect(page(site, "/faq/index.html")).toContain(`aria-current="page">FAQ</span>`)
    expect(page(site, "/about/index.html")).toContain("<h1>À propos d’Électro Meuse Dépannage</h1>")
    expect(page(site, "/contact/index.html")).toContain("<p class=\"lead\">Comment joindre Électro Meuse Dépannage.</p>")
    expect(page(site, "/offerings/index.html")).toContain("Tout ce que propose Électro Meuse Dépannage, tel que présenté sur electro-meuse.be.")
    const offering = page(site, "/offerings/depannage-lave-linge/index.html")
    expect(offering).toContain("Prestation proposée par Électro Meuse Dépannage : Dépannage lave-linge.")
    expect(offering).toContain(">Poser une question</a>")
    expect(offering).toContain(">Nous contacter</a>")
    expect(page(site, "/blog/index.html")).toContain("Articles publiés par Électro Meuse Dépannage. <a href=\"/feed.xml\">Suivre le flux Atom</a>.")
    const notFound = page(site, "/404.html")
    expect(notFound).toContain("<h1>Page introuvable</h1>")
    expect(notFound).toContain(">Retour à l’accueil</a>")
  })
})

describe("a German site", () => {
  const site = renderSite(german)
  const home = page(site, "/index.html")

  it("writes the generator's words in German", () => {
    expect(home).toContain(`<html lang="de">`)
    for (const text of [">Startseite</a></li>", ">Leistungen</a></li>", ">Über uns</a></li>", ">Kontakt</a></li>", ">Häufige Fragen</h2>", ">Auf einen Blick</h2>", "<dt>Öffnungszeiten</dt>", "<dt>Telefon</dt>", "1. März 2026", "2. März 2026"]) {
      expect(home).toContain(text)
    }
    expect(page(site, "/about/index.html")).toContain("<h1>Über Bäckerei Sonnenschein</h1>")
    expect(page(site, "/faq/index.html")).toContain("Antworten auf häufige Fragen zu Bäckerei Sonnenschein.")
  })
})

describe("an English site", () => {
  it("keeps the English words and `lang=\"en\"`", () => {
    const home = page(renderSite(bakery), "/index.html")
    expect(home).toContain(`<html lang="en">`)
    for (const text of [">Home</a></li>", ">Offerings</a></li>", "Explore offerings</a>", ">Common questions</h2>", ">At a glance</h2>", "<dt>Phone</dt>", " Information from <a", "1 March 2026"]) {
      expect(home).toContain(text)
    }
    expect(page(renderSite(bakery), "/feed.xml")).toContain(`xml:lang="en"`)
  })
})

describe("the site facts", () => {
  const crawl = (text: string) =>
    new SiteCrawled({
      businessId: "site" as SiteCrawled["businessId"],
      itemId: null,
      startUrl: "https://www.electro-meuse.be/",
      siteName: "Électro Meuse",
      pages: [{ url: "https://www.electro-meuse.be/", title: "Électro Meuse", description: "", headings: [], text, jsonLd: [], products: [], listItems: [] }],
      disallowed: [],
      crawledAt: "2026-03-02T08:00:00.000Z"
    })
  const facts = (text: string) => siteFactsFrom({ name: "Électro Meuse", businessName: "Électro Meuse", kind: "business", sourceUrl: "https://www.electro-meuse.be/", crawl: crawl(text) })

  it("carry the language of a site not in English, and none for an English one", () => {
    expect(facts("Nous réparons vos appareils à domicile. Pour les lave-linge et les frigos, avec une garantie de six mois sur les pièces et la main d’œuvre dans toute la province.").language).toBe("fr")
    expect("language" in facts("We repair your appliances at home, with a six-month warranty on the parts and the labour for all of the province.")).toBe(false)
  })
})
