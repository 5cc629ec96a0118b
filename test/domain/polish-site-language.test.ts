/**
 * A site written in Polish is told apart from an English one, so a Polish word keeps its own
 * plural in the prompts ("naboje", never "nabojes") and its language is recorded as "pl".
 */
import { describe, expect, it } from "vitest"
import { siteLanguage } from "../../src/domain/site-language.ts"
import { factsFromPages } from "../../src/pipeline/prompts/prompt-facts.ts"
import { builtinPrompts } from "../../src/pipeline/prompts/builtin-generator.ts"

const polish = [
  "Nasz sklep w Krakowie oferuje pióra wieczne, atramenty i naboje. Jest to rodzinna firma, która działa od 1998 roku.",
  "Wysyłamy zamówienia przez kuriera. Nie sprzedajemy długopisów. Oferujemy także grawerowanie oraz szlifowanie stalówek dla klientów."
]

describe("Polish sites", () => {
  it("are read as Polish, and English ones as English", () => {
    expect(siteLanguage(polish)).toBe("pl")
    expect(siteLanguage(["I paint faces at parties in Cork. We are insured and you can book online for your event."])).toBe("en")
  })

  it("keep their words' own plurals in the prompts", () => {
    const facts = factsFromPages({
      name: "Kałamarz", kind: "business", businessName: "Kałamarz", url: "https://kalamarz.example/",
      pages: [
        { url: "https://kalamarz.example/", title: "Kałamarz | Pióra wieczne w Krakowie", description: "", headings: ["Pióra wieczne", "Atramenty", "Naboje"], text: polish.join(" "), jsonLd: [], products: [] }
      ]
    })
    expect(facts.language).toBe("pl")
    expect(builtinPrompts(facts).filter((p) => /\b(?:nabojes|atramenties|pióra wiecznes)\b/u.test(p))).toEqual([])
  })
})
