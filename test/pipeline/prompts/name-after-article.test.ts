/**
 * Under a broad schema.org type ("Museum"), the end of a business's name is its kind only when it
 * is one: "Museo La Ruota" is a museum, "La Ruota" (an article and a name) is the name itself.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("the end of a name after an article", () => {
  it("is not the kind", () => {
    const jsonLd = [{ "@type": "Museum", name: "Museo La Ruota", address: { "@type": "PostalAddress", addressLocality: "Cremona" } }]
    const category = factsFromPages({
      name: "Museo La Ruota",
      kind: "business",
      businessName: "Museo La Ruota",
      url: `${ORIGIN}/`,
      pages: [
        sitePage("/", { title: "Museo La Ruota – Carrozze e mulini", headings: ["Carrozze"], text: "Il museo.", jsonLd }),
        sitePage("/visita.html", { title: "Visita | Museo La Ruota", headings: ["Orari"], text: "Aperto." }),
        sitePage("/laboratori.html", { title: "La collezione | Museo La Ruota", headings: ["Laboratori"], text: "Per le scuole." })
      ]
    }).category
    expect(category).toBe("museum")
  })
})
