/**
 * Spanish, Italian, French and Portuguese put a name's head first, before its preposition
 * ("Chocolate con leche", "Olio di frantoio"): the head is not the last word, so the name is never
 * pluralised there ("chocolate con leches"), and a product named so is asked about, in English, by
 * the English its page gives the same thing ("creamy milk chocolate" → "milk chocolate"). A capital
 * after the preposition ("Miel de Azahar") names which one, and the name is kept as it is.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { offeringForm } from "../../../src/pipeline/prompts/english.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

describe("names whose head comes first", () => {
  it("are not pluralised on their last word", () => {
    expect(offeringForm("chocolate con leche").text).toBe("chocolate con leche")
    expect(offeringForm("olio di frantoio").text).toBe("olio di frantoio")
    expect(offeringForm("sopa para llevar").text).toBe("sopa para llevar")
  })

  it("a product named in Spanish is asked about by its page's English for it", () => {
    const path = "/productos/chocolate-con-leche.html"
    const facts = factsFromPages({
      name: "Chocolate con leche",
      kind: "product",
      businessName: "Cacaotal Oaxaqueño",
      url: `${ORIGIN}${path}`,
      businessPlace: "Oaxaca",
      pages: [sitePage(path, {
        title: "Chocolate con leche | Cacaotal Oaxaqueño",
        headings: ["Chocolate con leche"],
        text: "Chocolate con leche $90 Tableta de cacao criollo con leche de cabra. A creamy milk chocolate made with goat's milk and criollo cacao."
      })]
    })
    expect(facts.offerings[0]).toBe("milk chocolate")
    expect(facts.offerings).toContain("chocolate con leche")
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /milk chocolate/iu.test(p)).length).toBeGreaterThanOrEqual(75)
    expect(prompts.filter((p) => /con leches/iu.test(p))).toEqual([])
  })

  it("a capital after the preposition names which one: the name is asked about as it is", () => {
    const path = "/productos/miel-de-azahar.html"
    const facts = factsFromPages({
      name: "Miel de Azahar",
      kind: "product",
      businessName: "Cacaotal Oaxaqueño",
      url: `${ORIGIN}${path}`,
      pages: [sitePage(path, { title: "Miel de Azahar", headings: ["Miel de Azahar"], text: "Miel de Azahar $120 Orange blossom honey from our hives, lighter than our wildflower miel." })]
    })
    expect(facts.offerings[0]).toBe("miel de azahar")
    expect(facts.offerings).not.toContain("wildflower miel")
  })

  it("an English name with 'of' keeps its last word as its head", () => {
    const path = "/gifts/taste-of-spain-hamper.html"
    const facts = factsFromPages({
      name: "Taste of Spain hamper",
      kind: "product",
      businessName: "Cacaotal Oaxaqueño",
      url: `${ORIGIN}${path}`,
      pages: [sitePage(path, { title: "Taste of Spain hamper", headings: ["Taste of Spain hamper"], text: "Taste of Spain hamper $60 Our Christmas hamper of turrón and olives." })]
    })
    expect(facts.offerings[0]).toBe("taste of spain hamper")
  })
})
