/**
 * A home page's list under "Lo que hacemos" ("What we do" in Spanish; also French, German, Italian,
 * Portuguese and Dutch) names the business's offerings, as "What we do" does, and the heading itself
 * is none. A long item is cut as an English one is, before what it is for or how it is made
 * ("para restaurantes", "en tandas de 20", "a medida"); "en ligne" (online) stays part of a name.
 * A FAQ's "¿Dan clases de ...? Sí" names what it asks about.
 */
import { describe, expect, it } from "vitest"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const facts = (pages: Parameters<typeof factsFromPages>[0]["pages"], name = "Barro Vivo") =>
  factsFromPages({ name, kind: "business", businessName: name, url: `${ORIGIN}/`, pages })

describe("what we do, in the site's language", () => {
  it("reads the items of a home page's 'Lo que hacemos' list, cut before whom and how, and not the heading", () => {
    const items = [
      "Tazas de gres esmaltadas con tu nombre: $9.000",
      "Vajillas de autor para restaurantes y hoteles, en tandas de 20: desde $250.000",
      "Macetas de barro a medida para balcones: desde $12.000"
    ]
    const home = sitePage("/", {
      title: "Inicio | Barro Vivo",
      headings: ["Cerámica hecha en Córdoba", "Lo que hacemos"],
      text: `Cerámica hecha en Córdoba Somos un taller chico. Lo que hacemos ${items.join(" ")}`,
      listItems: items.map((text) => ({ heading: "Lo que hacemos", text }))
    })
    expect(facts([home]).offerings).toEqual(["tazas de gres esmaltadas", "vajillas de autor", "macetas de barro"])
  })

  it("reads a FAQ's '¿Dan ...? Sí'", () => {
    const faq = sitePage("/faq.html", {
      title: "Preguntas frecuentes | Barro Vivo",
      headings: ["Preguntas frecuentes"],
      text: "Preguntas frecuentes ¿Dan clases de torno? Sí, los martes por la tarde."
    })
    expect(facts([faq]).offerings).toEqual(["clases de torno"])
  })
})
