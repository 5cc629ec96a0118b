/**
 * A coach firm's fare table lists where its trips go ("From Galway to | Shannon Airport | €290"):
 * places, not things sold. A line run in after its label ("Match day travel: return coach to Croke
 * Park or the LIT Gaelic Grounds from €980") prices the label, not the place before the price.
 */
import { describe, expect, it } from "vitest"
import { extractPage } from "../../../src/pipeline/crawler/extract.ts"
import { factsFromPages } from "../../../src/pipeline/prompts/prompt-facts.ts"

const html = (main: string) => `<!doctype html><html><head><title>Fleet &amp; Rates | Corrib Coaches</title></head><body><main>${main}</main></body></html>`

describe("fares and labelled lines", () => {
  it("reads no item from a fare table's destinations, and the fleet table's rows still", () => {
    const extracted = extractPage(html(`
      <h1>Fleet &amp; Rates</h1>
      <table><tr><th>Vehicle</th><th>Half day</th></tr><tr><td>Midi coach</td><td>€420</td></tr></table>
      <h2>Airport transfers</h2>
      <table><tr><th>From Galway to</th><th>Minibus</th></tr><tr><td>Shannon Airport</td><td>€290</td></tr><tr><td>Knock Airport</td><td>€270</td></tr></table>
      <table><tr><th>Destination</th><th>Fare</th></tr><tr><td>Cork city</td><td>€480</td></tr></table>`), "https://corrib.example/rates.html")
    expect(extracted.products.map((p) => p.name)).toEqual(["Midi coach"])
  })

  it("names a labelled line by its label", () => {
    const text = "Other trips Wedding guest transport: a coach from the church to the hotel, from €600. " +
      "Match day travel: return coach to Croke Park or the Gaelic Grounds from €980. Note: tolls from €5 are extra."
    const facts = factsFromPages({
      name: "Corrib Coaches", kind: "business", businessName: "Corrib Coaches", url: "https://corrib.example/",
      pages: [
        { url: "https://corrib.example/", title: "Corrib Coaches | Coach hire in Galway", description: "", headings: ["Coach hire in Galway"], text: "Corrib Coaches: coach hire in Galway.", jsonLd: [], products: [] },
        { url: "https://corrib.example/rates.html", title: "Rates | Corrib Coaches", description: "", headings: ["Other trips"], text, jsonLd: [], products: [] }
      ]
    })
    expect(facts.offerings).toEqual(expect.arrayContaining(["wedding guest transport", "match day travel"]))
    expect(facts.offerings.filter((o) => /gaelic|croke|tolls|note/iu.test(o))).toEqual([])
  })
})
