/**
 * A price list's rows on a service's own page name what is sold, under a heading that says it is
 * the price list in any language ("Prices", "Listino prezzi", "Cennik", "Prislista"), as under
 * "Services"; its header row ("Work | Violin | Cello") does not.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const offeringsOf = (name: string, heading: string, rows: ReadonlyArray<string>) =>
  factsFromPages({
    name,
    kind: "business",
    businessName: name,
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", { title: `${name} – home`, headings: [name], text: "Welcome." }),
      sitePage("/la-revisione.html", {
        title: `La revisione – ${name}`,
        headings: ["La revisione", heading],
        text: `La revisione Ogni orologio, a mano. ${heading} ${rows.join(" ")}`,
        listItems: rows.map((text) => ({ heading, text }))
      })
    ]
  }).offerings.map((o) => o.toLowerCase())

describe("price list rows in other languages", () => {
  it("reads an Italian price table's rows as offerings, not its header row", () => {
    const offerings = offeringsOf("Orologeria Sala", "Listino prezzi", ["Lavoro | Da polso | Da tasca", "Sostituzione vetro | 40 € | 60 €", "Revisione completa (pulizia, oliatura) | 180 € | 260 €"])
    expect(offerings).toContain("sostituzione vetro")
    expect(offerings).toContain("revisione completa")
    expect(offerings).not.toContain("lavoro")
  })

  it("reads a Polish and an English price list's rows as offerings", () => {
    expect(offeringsOf("Zegarmistrz Nowak", "Cennik", ["Wymiana baterii | 25 zł", "Czyszczenie mechanizmu | 150 zł"])).toContain("wymiana baterii")
    expect(offeringsOf("Wrist & Pocket", "Prices", ["Battery replacement | £12", "Full service | £180"])).toContain("battery replacement")
  })
})
