/**
 * A price list's range written in the site's language ("de 18 € à 60 €") is quoted whole, as the
 * site writes it: the row never becomes "Vins de Bourgogne de: 18 €", which the site does not say.
 */
import { describe, expect, it } from "vitest"
import { SiteCrawled } from "../../src/domain/crawl-events.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { extractPage } from "../../src/pipeline/crawler/extract.ts"
import { siteFactsFrom } from "../../src/pipeline/site-facts.ts"
import { offeringPrice } from "../../src/site-generator/llms-txt.ts"

const page = (path: string, body: string) => {
  const url = `https://cave.example${path}`
  const p = extractPage(`<!doctype html><html lang="fr"><head><title>${path}</title></head><body>${body}</body></html>`, url)
  return { url, title: p.title, description: p.description, headings: p.headings, text: p.text, jsonLd: p.jsonLd, products: p.products, listItems: p.listItems }
}

const factsOf = (pages: ReadonlyArray<ReturnType<typeof page>>) =>
  siteFactsFrom({
    name: "Cave",
    businessName: "Cave",
    kind: "business",
    sourceUrl: "https://cave.example/",
    crawl: new SiteCrawled({ businessId: "cave" as BusinessId, itemId: null, startUrl: "https://cave.example/", siteName: null, pages, disallowed: [], crawledAt: "2026-03-01T00:00:00.000Z" })
  })

describe("a price range in the site's language", () => {
  it("is quoted whole, from its first word to its last price", () => {
    const facts = factsOf([
      page("/", "<h1>Cave</h1><p>Caviste à Lyon.</p>"),
      page("/vins", "<h1>Nos vins</h1><dl><dt>Vins de Bourgogne</dt><dd>de 18 € à 60 €</dd><dt>Vins du Beaujolais</dt><dd>12 €</dd></dl>")
    ])
    const priced = facts.offerings.filter((o) => o.price !== null)
    expect(priced.map((o) => [o.name, o.description, offeringPrice(o)])).toEqual([
      ["Vins de Bourgogne", "Vins de Bourgogne: de 18 € à 60 €", "de 18 € à 60 €"],
      ["Vins du Beaujolais", null, "12 €"]
    ])
  })
})
