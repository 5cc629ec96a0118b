/**
 * A heading whose first sentence says the business does not do it, or no longer does, in the
 * languages sites are written in ("Non organizziamo più ...", "Nie prowadzimy ...", "Vi erbjuder
 * inte ...", "Ya no ofrecemos ...", "Wir bieten keine ... mehr"): the page names it to say it is not
 * on offer. A heading whose sentence only has "no" or "non" in another sense stays.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

/** A home page and one page of the business's work, its headings each followed by a sentence. */
const offeringsOf = (name: string, headings: ReadonlyArray<string>, text: string) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: `${name} – home`, headings: [name], text: "Welcome." }),
      sitePage("/shop/work.html", { title: `${headings[0]} – ${name}`, headings: [...headings], text })
    ]
  }).offerings.map((o) => o.toLowerCase())

describe("denied in other languages", () => {
  it("drops an Italian heading the business says it no longer runs, keeps its neighbour", () => {
    const offerings = offeringsOf("Ceramiche Rota", ["Tazze dipinte a mano", "Corsi di ceramica"],
      "Tazze dipinte a mano Tazze e piatti decorati nel nostro laboratorio, da 18 €. Corsi di ceramica Non organizziamo più corsi di ceramica: vi consigliamo la scuola comunale.")
    expect(offerings).toContain("tazze dipinte a mano")
    expect(offerings).not.toContain("corsi di ceramica")
  })

  it("drops a Polish, a Swedish, a Spanish and a German heading said not to be offered", () => {
    expect(offeringsOf("Pralnia Zorza", ["Pranie dywanów", "Pranie skór"],
      "Pranie dywanów Odbieramy dywany z domu, od 15 zł za m². Pranie skór Nie przyjmujemy odzieży skórzanej.")).not.toContain("pranie skór")
    expect(offeringsOf("Cykelverket", ["Cykelservice", "Elcyklar"],
      "Cykelservice Service från 495 kr. Elcyklar Vi reparerar inte elcyklar, men vi tipsar gärna om en verkstad.")).not.toContain("elcyklar")
    expect(offeringsOf("Taller Brisa", ["Reparación de bicicletas", "Alquiler de bicicletas"],
      "Reparación de bicicletas Desde 20 €. Alquiler de bicicletas Ya no alquilamos bicicletas desde 2023.")).not.toContain("alquiler de bicicletas")
    expect(offeringsOf("Radhaus Kiel", ["Fahrradreparatur", "Fahrradverleih"],
      "Fahrradreparatur Ab 25 €. Fahrradverleih Wir verleihen keine Fahrräder mehr.")).not.toContain("fahrradverleih")
  })

  it("keeps a heading whose sentence has 'non' or 'nie' in another sense", () => {
    const italian = offeringsOf("Ceramiche Rota", ["Tazze dipinte a mano", "Corsi di ceramica"], "Tazze dipinte a mano Tazze decorate, da 18 €. Corsi di ceramica Corsi per chi non ha mai toccato l'argilla, 120 € al mese.")
    expect(italian).toContain("corsi di ceramica")
    const polish = offeringsOf("Pralnia Zorza", ["Pranie zasłon", "Pranie dywanów"], "Pranie zasłon Zasłony i firany, od 9 zł za kg. Pranie dywanów Dywany, które nie mieszczą się w pralce, od 15 zł za m².")
    expect(polish).toContain("pranie dywanów")
  })
})
