/**
 * A price list written as a definition list: each `<dt>` names an offering and the `<dd>` under it
 * describes it. The description's words are never a name of their own; its price is the term's
 * when the price stands as a clause of its own ("Heated, with a window shelf, $30 a night",
 * "£25 per night. Indoor run."), not when it is part of a clause about something else ("with a
 * trainer at $15 a session"). A question, a one-word group name and a spec sheet's attributes
 * ("Weight", "Deposit") are no offerings. On an offering's own page headed "Stabling packages",
 * the packages' lines name stabling ("Full stabling"), and a hire line is a service of its own.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"
import { ORIGIN, sitePage } from "./site-builder.ts"

const html = (main: string) => `<!doctype html><html><head><title>Kennels</title></head><body><main>${main}</main></body></html>`
const priced = (main: string) => extractPage(html(main), `${ORIGIN}/boarding.html`).products.map((p) => [p.name, p.price])

describe("definition lists of offerings", () => {
  it("names a described term by the term, priced by the price standing on its own in the note", () => {
    expect(priced(`
      <h1>Boarding</h1>
      <dl>
        <dt>Cat suite</dt><dd>Heated, with a window shelf, $30 a night</dd>
        <dt>Dog kennel run</dt><dd>£25 per night. Indoor run, two walks a day.</dd>
        <dt>Puppy class</dt><dd>Ages 8 to 16 weeks, with a trainer at $15 a session.</dd>
        <dt>Do you bathe dogs?</dt><dd>Yes, $20.</dd>
        <dt>Grooming</dt><dd>Brush, nails and ears, $35.</dd>
      </dl>`)).toEqual([["Cat suite", "30"], ["Dog kennel run", "25"]])
  })

  it("reads no offering from a spec sheet's terms", () => {
    expect(priced(`
      <h1>Oak dining table</h1>
      <dl><dt>Table and two benches</dt><dd>$2,400</dd><dt>Weight</dt><dd>45 kg</dd><dt>Deposit</dt><dd>$400</dd></dl>`)).toEqual([])
  })

  it("reads a packages page's lines as kinds of what the packages are, and a hire line as a service", () => {
    const stabling = sitePage("/stabling.html", {
      title: "Stabling packages | Fernbrook Yard",
      headings: ["Stabling packages"],
      text: "Stabling packages Full stabling €150 per week. Half stabling €95 per week. Paddock hire €20 per hour. Hay nets €4 each.",
      products: [
        { name: "Full stabling", price: "150" },
        { name: "Half stabling", price: "95" },
        { name: "Paddock hire", price: "20" },
        { name: "Hay nets", price: "4" }
      ]
    })
    const facts = factsFromPages({ name: "Fernbrook Yard", kind: "business", businessName: "Fernbrook Yard", url: `${ORIGIN}/`, pages: [stabling] })
    expect(facts.offerings).toEqual(["stabling packages", "full stabling", "half stabling", "paddock hire"])
  })
})
