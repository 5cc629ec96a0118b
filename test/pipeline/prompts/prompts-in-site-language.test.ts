/**
 * A site in French, German, Spanish, Italian or Portuguese is asked about in its own language:
 * keyword searches and fixed frames whose grammar holds for a noun of any gender ("prix … Liège",
 * "Où trouver … à Liège?"), its names as written, its kind in its own word ("calzoleria", never
 * schema.org's English "shoe repair"). The English templates only fill what those leave.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts, builtinPromptsTagged } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const site = (name: string, title: string, text: (service: string) => string, services: ReadonlyArray<string>, town: string) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title, headings: [name], text: text(""), jsonLd: [{ "@type": "LocalBusiness", name, address: { "@type": "PostalAddress", addressLocality: town } }] }),
      ...services.map((service, i) => sitePage(`/service-${i}.html`, { title: `${service} | ${name}`, headings: [service], text: text(service) }))
    ]
  })

const ITALIAN = (service: string) =>
  `${service} La calzoleria è una bottega di Torino dal 1971. Lavoriamo con il cuoio e con la gomma, e per ogni lavoro diamo un preventivo. ` +
  "Il negozio è aperto dal lunedì al sabato. Per le borse e per le chiavi non serve un appuntamento: la calzoleria vi aspetta. Via Garibaldi 12, 10122 Torino"
const GERMAN = (service: string) =>
  `${service} Die Werkstatt ist seit 1990 in Köln. Wir reparieren Räder mit Sorgfalt und für jedes Budget, auch die von Kindern, und sind bei Fragen für Sie da. ` +
  "Die Werkstatt ist von Montag bis Freitag geöffnet. Venloer Straße 20, 50672 Köln"

const italian = () => site("Calzoleria Rossi", "Calzoleria Rossi | Torino", ITALIAN, ["Riparazione borse", "Duplicazione chiavi", "Allargamento scarpe"], "Torino")

describe("prompts in the site's own language", () => {
  it("reads the site's language and its own word for its kind", () => {
    const facts = italian()
    expect([facts.language, facts.inEnglish, facts.siteCategory]).toEqual(["it", false, "calzoleria"])
  })

  it("asks an Italian site's questions in Italian, its names as written", () => {
    const tagged = builtinPromptsTagged(italian())
    expect(tagged).toHaveLength(100)
    const italianOnes = tagged.filter((p) => p.template.startsWith("it-")).map((p) => p.prompt)
    expect(italianOnes.slice(0, 12)).toEqual([
      "migliori posti per riparazione borse a Torino",
      "calzoleria vicino a me",
      "calzoleria per duplicazione chiavi: quanto costa?",
      "allargamento scarpe a Torino: quale posto consigliate?",
      "alternative a Calzoleria Rossi",
      "riparazione borse di qualità a Torino",
      "calzoleria per riparazione borse vicino a me",
      // (Bag repair and key cutting are no alternatives: never "riparazione borse o duplicazione chiavi".)
      "calzoleria per riparazione borse: quanto costa?",
      "riparazione borse a Torino: quale posto consigliate?",
      "calzoleria per riparazione borse: come scegliere?",
      "alternative a riparazione borse",
      "riparazione borse: come evitare di pagare troppo?"
    ])
    // The Italian templates come first; English ones only fill the rest.
    expect(tagged.slice(0, italianOnes.length).every((p) => p.template.startsWith("it-"))).toBe(true)
    expect(italianOnes).toHaveLength(54)
  })

  it("never says the kind's word twice: no 'calzoleria per corsi di calzoleria'", () => {
    const facts = site("Calzoleria Rossi", "Calzoleria Rossi | Torino", ITALIAN, ["Corsi di calzoleria", "Riparazione borse"], "Torino")
    const prompts = builtinPrompts(facts)
    expect(facts.offerings).toEqual(["corsi di calzoleria", "riparazione borse"])
    expect(prompts.filter((p) => /calzoleria per corsi/iu.test(p))).toEqual([])
    expect(prompts).toContain("calzoleria per riparazione borse a Torino")
  })

  it("asks a French campsite for a 'camping', the site's word, never schema.org's English 'campground'", () => {
    const text = (service: string) =>
      `${service} Le camping est au bord de l'Ardèche, avec une piscine et des emplacements à l'ombre. ` +
      "Nous vous accueillons pour vos vacances en famille, et le camping est ouvert d'avril à septembre."
    const facts = factsFromPages({
      name: "Camping Les Pins",
      kind: "business",
      businessName: "Camping Les Pins",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Camping Les Pins", headings: ["Camping Les Pins"], text: text(""),
          jsonLd: [{ "@type": "Campground", name: "Camping Les Pins", address: { "@type": "PostalAddress", addressLocality: "Ruoms" } }] }),
        ...["Emplacement nature", "Location de mobil-home"].map((service, i) => sitePage(`/s-${i}.html`, { title: service, headings: [service], text: text(service) }))
      ]
    })
    expect([facts.language, facts.category, facts.siteCategory]).toEqual(["fr", "campground", "camping"])
    const french = builtinPromptsTagged(facts).filter((p) => p.template.startsWith("fr-")).map((p) => p.prompt)
    expect(french.filter((p) => /campground/iu.test(p))).toEqual([])
    // (The kind is the field's word though the name holds it: "camping près de chez moi" is about it.)
    expect(french.filter((p) => /^camping /u.test(p))).toEqual([
      "camping près de chez moi",
      "camping pour emplacement nature à Ruoms",
      "camping pour emplacement nature: quel tarif?",
      "camping pour emplacement nature: comment choisir?"
    ])
  })

  it("writes a German frame's nouns with their capitals", () => {
    const facts = site("Radwerk Köln", "Radwerk Köln | Fahrradwerkstatt", GERMAN, ["Fahrradreparatur", "Inspektion", "Laufradbau"], "Köln")
    expect(facts.language).toBe("de")
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /^(?:Unterschied|Alternativen|Wo|Was|Welchen|Anbieter) | (?:Preise|Erfahrungen|Nähe)$/u.test(p)).length).toBeGreaterThanOrEqual(6)
  })

  it("writes a German site's offerings with their nouns' capitals, as its pages write them", () => {
    const text = (service: string) =>
      `${service} Wir bieten eine Saalmiete für private Vorstellungen und einen Kurs mit Live-Musik. ` +
      "Die Saalmiete gilt für private Feiern, die Vorstellungen beginnen um 20 Uhr. Venloer Straße 20, 50672 Köln"
    const facts = site("Kino Lichtspiel", "Kino Lichtspiel | Köln", text, ["Saalmiete & private Vorstellungen", "Geschenkgutschein"], "Köln")
    expect(facts.language).toBe("de")
    expect(facts.offerings).toEqual(["Saalmiete & private Vorstellungen", "Geschenkgutschein"])
  })

  it("leaves an English site's prompts to the English templates", () => {
    const facts = site("Rossi Shoe Repair", "Rossi Shoe Repair | Turin", (s) => `${s} We are a cobbler's workshop in Turin since 1971. We work with leather and rubber, and for every job we give you a quote.`, ["Handbag repair", "Key cutting"], "Turin")
    expect(facts.language).toBe("en")
    expect(facts.siteCategory).toBeUndefined()
    expect(builtinPromptsTagged(facts).every((p) => !/^(?:it|fr|de|es|pt)-/u.test(p.template))).toBe(true)
  })
})
