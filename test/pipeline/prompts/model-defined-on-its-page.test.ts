/**
 * A model whose page defines it in a sentence with its name, or its name's last word, as the
 * subject ("The Kelpie Scape 45 is a 45 litre low-iron glass tank with ...", "The dory is the
 * flat-bottomed fishing boat of ...") is asked about as that kind: a customer who has not settled on
 * the model asks for a low-iron glass tank. The model's size before the kind ("45 litre") says
 * which one, not what it is. A sentence about something else ("The shop is a ...") defines nothing.
 */
import { describe, expect, it } from "vitest"
import { builtinPrompts } from "../../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const factsOf = (name: string, path: string, text: string) =>
  factsFromPages({
    name,
    kind: "product",
    businessName: "Kelpie & Co",
    url: `${ORIGIN}${path}`,
    businessPlace: "Dundee",
    pages: [sitePage(path, { title: `${name} | Kelpie & Co`, headings: [name], text: `${name} ${text}`, products: [] })]
  })

describe("a model defined on its own page", () => {
  it("is asked about as the kind its defining sentence says, its size aside", () => {
    const facts = factsOf("Kelpie Scape 45", "/shop/scape-45.html", "The Kelpie Scape 45 is a 45 litre low-iron glass tank with a dimmable light and a hang-on filter. £240.")
    expect(facts.offerings).toEqual(["Kelpie Scape 45", "low-iron glass tank"])
    const prompts = builtinPrompts(facts)
    expect(prompts.filter((p) => /low-iron glass tank/u.test(p)).length).toBeGreaterThanOrEqual(80)
  })

  it("takes its name's last word as the subject too", () => {
    const facts = factsOf("Tayside Dory 12", "/boats/dory-12.html", "The dory is the flat-bottomed fishing boat of the east coast, built in larch. £9,400.")
    expect(facts.offerings).toEqual(["Tayside Dory 12", "flat-bottomed fishing boat"])
  })

  it("takes nothing from a sentence about something else", () => {
    const facts = factsOf("Kelpie Scape 45", "/shop/scape-45.html", "The shop is a small family business of three. £240.")
    expect(facts.offerings).toEqual(["Kelpie Scape 45"])
  })
})
