/**
 * A site in Dutch, Danish, Norwegian, Swedish or Polish is asked about in its own language, as
 * French or German ones are: keyword searches and fixed frames whose grammar holds for a noun of
 * any gender or number, never its own words inside an English question ("best cykelreparation
 * for beginners in Uppsala?"). Polish declines a noun after a preposition, so there the offering
 * and the town stay in keyword searches or before a colon.
 */
import { describe, expect, it } from "vitest"
import { builtinPromptsTagged } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const site = (name: string, text: (service: string) => string, services: ReadonlyArray<string>, town: string, days: ReadonlyArray<string> = []) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: name, headings: [name], text: text(""), jsonLd: [{
        "@type": "LocalBusiness", name, address: { "@type": "PostalAddress", addressLocality: town },
        openingHoursSpecification: days.map((day) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: day, opens: "10:00", closes: "16:00" }))
      }] }),
      ...services.map((service, i) => sitePage(`/service-${i}.html`, { title: `${service} | ${name}`, headings: [service], text: text(service) }))
    ]
  })

const SITES = {
  nl: () => site("Jansen Tweewielers", (s) =>
    `${s} De werkplaats is sinds 1990 in Utrecht. Wij repareren fietsen met zorg en voor elk budget, ook die van kinderen. ` +
    "Onze monteurs zijn er voor uw vragen en het werk is niet duur. Oudegracht 20, 3511 Utrecht", ["Fietsreparatie", "Onderhoudsbeurt", "Wielen richten"], "Utrecht"),
  sv: () => site("Lindqvist Cykel", (s) =>
    `${s} Verkstaden finns i Uppsala sedan 1990. Vi reparerar cyklar med omsorg och för alla budgetar, också barncyklar. ` +
    "Våra mekaniker svarar på frågor och är här för er. Svartbäcksgatan 20, 753 20 Uppsala", ["Cykelreparation", "Däckbyte", "Växeljustering"], "Uppsala"),
  da: () => site("Holm Cykler", (s) =>
    `${s} Værkstedet har ligget i Aarhus siden 1990. Vi reparerer cykler med omhu og til ethvert budget, også børnecykler. ` +
    "Vores mekanikere er her for jer og svarer på spørgsmål hos os. Jægergårdsgade 20, 8000 Aarhus", ["Cykelreparation", "Dækskift", "Gearjustering"], "Aarhus"),
  no: () => site("Berg Sykkel", (s) =>
    `${s} Verkstedet vårt har ligget i Bergen siden 1990. Vi reparerer sykler av alle slag og til ethvert budsjett, også barnesykler. ` +
    "Våre mekanikere svarer på spørsmål og er her for deres sykkel, med eller uten time. Det koster ikke mye. Strandgaten 20, 5013 Bergen", ["Sykkelreparasjon", "Dekkskift", "Girjustering"], "Bergen"),
  pl: () => site("Rowery Nowak", (s) =>
    `${s} Warsztat działa w Krakowie od 1990 roku. Naprawiamy rowery starannie dla każdego budżetu, także rowery dzieci. ` +
    "Nasz zespół jest tu dla Państwa, a naprawy nie są drogie. ul. Długa 20, 31-147 Kraków", ["Naprawa rowerów", "Wymiana opon", "Regulacja przerzutek"], "Kraków")
} as const

/** Each site's first prompts in its own language, and how many of its 100 are in it. */
const EXPECTED: Readonly<Record<keyof typeof SITES, readonly [ReadonlyArray<string>, number]>> = {
  nl: [[
    "Waar vind ik wielen richten in Utrecht?",
    "fietsreparatie in de buurt",
    "onderhoudsbeurt: wat kost het?",
    "alternatieven voor Jansen Tweewielers",
    "aanbieders van wielen richten in Utrecht",
    "wielen richten in de buurt",
    "wielen richten Utrecht prijzen",
    "Welke aanbieder voor wielen richten in Utrecht kunnen jullie aanraden?"
  ], 30],
  sv: [[
    "Var hittar jag däckbyte i Uppsala?",
    "Var hittar jag växeljustering i närheten?",
    "cykelreparation: vad kostar det?",
    "alternativ till Lindqvist Cykel",
    "bästa ställena för däckbyte i Uppsala",
    "Var hittar jag däckbyte i närheten?",
    "däckbyte: vad kostar det?",
    "Vilket ställe för däckbyte i Uppsala kan ni rekommendera?"
  ], 28],
  da: [[
    "bedste steder til gearjustering i Aarhus",
    "Hvor finder jeg cykelreparation i nærheden?",
    "Hvad koster dækskift i Aarhus?",
    "alternativer til Holm Cykler",
    "Hvor finder jeg gearjustering i Aarhus?",
    "Hvor finder jeg gearjustering i nærheden?",
    "Hvad koster gearjustering i Aarhus?",
    "Hvilket sted til gearjustering i Aarhus kan I anbefale?"
  ], 28],
  no: [[
    "Hvor finner jeg girjustering i Bergen?",
    "Hvor finner jeg sykkelreparasjon i nærheten?",
    "dekkskift: hva koster det?",
    "alternativer til Berg Sykkel",
    "beste steder for girjustering i Bergen",
    "Hvor finner jeg girjustering i nærheten?",
    "girjustering: hva koster det?",
    "Hvilket sted for girjustering i Bergen kan dere anbefale?"
  ], 30],
  pl: [[
    "wymiana opon Kraków polecane miejsca",
    "regulacja przerzutek w pobliżu",
    "naprawa rowerów Kraków cena",
    "Rowery Nowak: jakie są alternatywy?",
    "wymiana opon Kraków: gdzie najlepiej?",
    "wymiana opon w pobliżu",
    "wymiana opon Kraków cena",
    "wymiana opon Kraków opinie"
  ], 43]
}

describe("prompts in Dutch, Scandinavian and Polish", () => {
  for (const language of Object.keys(SITES) as Array<keyof typeof SITES>) {
    it(`asks a site in '${language}' in its own language first`, () => {
      const facts = SITES[language]()
      expect(facts.language).toBe(language)
      const tagged = builtinPromptsTagged(facts)
      const own = tagged.filter((p) => p.template.startsWith(`${language}-`)).map((p) => p.prompt)
      const [first, count] = EXPECTED[language]
      expect(own.slice(0, first.length)).toEqual(first)
      expect(own).toHaveLength(count)
      // Its own templates come first; the English ones only fill the rest.
      expect(tagged.slice(0, count).every((p) => p.template.startsWith(`${language}-`))).toBe(true)
    })
  }

  it("never puts a Polish offering or town after a preposition that would decline it", () => {
    const own = builtinPromptsTagged(SITES.pl()).filter((p) => p.template.startsWith("pl-")).map((p) => p.prompt)
    expect(own.filter((p) => /(?<!\p{L})(?:dla|w|we|do|na|z|o|od) (?:naprawa|wymiana|regulacja|Kraków)/u.test(p))).toEqual([])
  })

  it("names the weekend's days in the site's language for a course", () => {
    const swedish = (s: string) =>
      `${s} Skolan finns i Göteborg sedan 2005. Vi lär ut fotografering för nybörjare och för den som redan kan, i små grupper. ` +
      "Våra lärare är fotografer och svarar på frågor, också efter kursen. Linnégatan 20, 413 04 Göteborg"
    const facts = site("Ljus Fotoskola", swedish, ["Kurs i mörkrumsfoto", "Kurs i porträtt"], "Göteborg", ["Saturday", "Sunday"])
    const hours = builtinPromptsTagged(facts).filter((p) => p.template.startsWith("sv-hours-")).map((p) => p.prompt)
    expect(hours).toEqual(["Var hittar jag kurs i mörkrumsfoto på söndag i Göteborg?", "kurs i porträtt i helgen i Göteborg"])
  })

  it("reads the kind a Scandinavian home page's title states beside the town, 'Tryckeri i Uppsala'", () => {
    const swedish = (s: string) =>
      `${s} Vi har tryckt i Uppsala sedan 1990, med omsorg och för alla budgetar, också små upplagor. ` +
      "Våra tryckare svarar på frågor och är här för er. Svartbäcksgatan 20, 753 20 Uppsala"
    const facts = factsFromPages({
      name: "Lindqvist",
      kind: "business",
      businessName: "Lindqvist",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Tryckeri i Uppsala | Lindqvist", headings: ["Lindqvist"], text: swedish(""),
          jsonLd: [{ "@type": "LocalBusiness", name: "Lindqvist", address: { "@type": "PostalAddress", addressLocality: "Uppsala" } }] }),
        ...["Visitkort", "Flygblad och foldrar"].map((service, i) => sitePage(`/s-${i}.html`, { title: `${service} | Lindqvist`, headings: [service], text: swedish(service) }))
      ]
    })
    expect([facts.language, facts.siteCategory]).toEqual(["sv", "tryckeri"])
    const own = builtinPromptsTagged(facts).filter((p) => p.template.startsWith("sv-")).map((p) => p.prompt)
    expect(own.filter((p) => p.includes("tryckeri")).slice(0, 3)).toEqual([
      "tryckeri för visitkort i närheten",
      "Var ligger närmaste tryckeri?",
      "tryckeri för visitkort i Uppsala"
    ])
  })
})
