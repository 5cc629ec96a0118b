/**
 * A section's own heading in the languages sites are written in is no offering: one price
 * ("Precio", "Pris", "Cena"), the rest of a list ("Outros serviços", "Øvrige tjenester"), a range
 * ("Asortyment"), an example ("Ejemplo"), what one gets ("Det får du"), what is popular now
 * ("Populärast just nu") or a list of courses ("Kurser"). The things under them stay.
 */
import { describe, expect, it } from "vitest"
import { isSiteLabel } from "../../../src/pipeline/prompts/site-labels.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

describe("a section's heading in another language", () => {
  it("is a site's label", () => {
    expect(["Precio", "Pris", "Cena", "Outros serviços", "Øvrige tjenester", "Asortyment", "Ejemplo", "Det får du", "Populärast just nu", "Kurser"].map(isSiteLabel))
      .toEqual([true, true, true, true, true, true, true, true, true, true])
  })

  it("is not what is under it", () => {
    expect(["Fotokurser", "Pióra wieczne", "Remolque de autos", "Personlig træning", "Price match"].map(isSiteLabel)).toEqual([false, false, false, false, false])
  })

  it("is not read as an offering", () => {
    const f = factsFromPages({
      name: "Pióro i Atrament",
      kind: "business",
      businessName: "Pióro i Atrament",
      url: "https://site.example/",
      pages: [{
        url: "https://site.example/",
        title: "Pióro i Atrament – sklep z piórami",
        description: "",
        headings: ["Asortyment", "Pióra wieczne", "Atramenty", "Cena"],
        text: "Pióra wieczne od 120 zł. Atramenty w butelkach.",
        jsonLd: [],
        products: []
      }]
    })
    expect(f.offerings.filter((o) => /^(?:asortyment|cena)$/iu.test(o))).toEqual([])
  })
})
