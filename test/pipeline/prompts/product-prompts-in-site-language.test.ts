/**
 * A product on a site in French, German, Spanish, Italian or Portuguese is asked about in the
 * site's language first, as its business is: keyword searches and fixed frames about the product
 * itself, its name as written, before the English templates fill the rest. A product named as a
 * brand gets them too.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import type { PromptFacts } from "../../../src/pipeline/prompts/prompt-facts.ts"

const product = (name: string, offerings: ReadonlyArray<string>, more: Partial<PromptFacts> = {}): PromptFacts => ({
  name,
  kind: "product",
  businessName: "Fromagerie Vautrin",
  url: "https://fromagerie-vautrin.example/plateau.html",
  offerings,
  category: null,
  place: "Annecy",
  audience: [],
  keywords: [],
  features: [],
  openDays: ["Saturday"],
  visitable: true,
  language: "fr",
  inEnglish: false,
  ...more
})

describe("a product's prompts in its site's language", () => {
  it("asks about a French site's product in French first, its name as written", () => {
    const prompts = builtinPrompts(product("Plateau de fromages affinés", ["plateau de fromages affinés"]))
    expect(prompts.slice(0, 6)).toEqual([
      "plateau de fromages affinés Annecy",
      "meilleures adresses pour plateau de fromages affinés à Annecy",
      "plateau de fromages affinés près de chez moi",
      "plateau de fromages affinés: combien ça coûte?",
      "plateau de fromages affinés tarifs",
      "plateau de fromages affinés à Annecy: quelle adresse conseillez-vous?"
    ])
  })

  it("asks about an English site's product in English", () => {
    const prompts = builtinPrompts(product("Cheese board", ["cheese board"], { language: "en", inEnglish: true }))
    expect(prompts.some((p) => /\b(?:Où|prix|avis)\b/u.test(p))).toBe(false)
  })
})
