/**
 * A site in two languages names one offering twice: "Testaments et mandats / Wills and mandates"
 * on its own page, "Testaments et mandats" alone on the home page. Both are one offering, read by
 * its English side, never compared with itself ("wills and mandates vs testaments et mandats").
 * The other side stays when no English side of it is read ("Entreprises" alone on the home page).
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = () =>
  factsFromPages({
    name: "Étude Gagnon Notaires",
    kind: "business",
    businessName: "Étude Gagnon Notaires",
    url: `${ORIGIN}/`,
    pages: [
      sitePage("/", {
        title: "Étude Gagnon Notaires – Notaires à Trois-Rivières",
        headings: ["Étude Gagnon Notaires", "Immobilier", "Testaments et mandats", "Entreprises"],
        text: "Immobilier Achat et vente. Testaments et mandats Protégez vos proches. Entreprises Démarrer votre entreprise."
      }),
      sitePage("/testaments.html", {
        title: "Testaments et mandats – Étude Gagnon Notaires",
        headings: ["Testaments et mandats / Wills and mandates", "Testament notarié / Notarial will"],
        text: "Un testament notarié ne peut pas être contesté facilement."
      })
    ]
  })

describe("an offering named in two languages", () => {
  it("is one offering, by its English side", () => {
    const offerings = facts().offerings
    expect(offerings).toContain("wills and mandates")
    expect(offerings).not.toContain("testaments et mandats")
  })

  it("keeps the other side when no English side of it is read", () => {
    expect(facts().offerings).toContain("entreprises")
  })
})
