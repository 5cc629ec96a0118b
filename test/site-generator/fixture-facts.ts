/**
 * Site facts and prompts of a fixture website folder, as the service would build them from a
 * crawl of it: each HTML file read through the crawler's page extraction, then the site facts
 * and the built-in prompts. No network: the folder is read from disk.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { SiteFacts } from "../../src/domain/site-events.ts"
import { extractPage } from "../../src/pipeline/crawler/extract.ts"
import { builtinPrompts } from "../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../src/pipeline/prompts/prompt-facts.ts"
import { siteFactsFrom } from "../../src/pipeline/site-facts.ts"

export interface FixtureSite {
  readonly facts: SiteFacts
  readonly prompts: ReadonlyArray<string>
}

const FIXTURES = join(import.meta.dirname, "../fixtures")

/** `index.html` first (the home page gives the description), then the other pages by name. */
export const fixtureSite = (folder: string, name: string, origin = "https://fixture.example"): FixtureSite => {
  const dir = join(FIXTURES, folder)
  const files = readdirSync(dir).filter((f) => f.endsWith(".html") && f !== "private.html")
  files.sort((a, b) => (a === "index.html" ? -1 : b === "index.html" ? 1 : a.localeCompare(b)))
  const pages = files.map((file) => {
    const url = `${origin}/${file === "index.html" ? "" : file}`
    const page = extractPage(readFileSync(join(dir, file), "utf8"), url)
    return {
      url,
      title: page.title,
      description: page.description,
      headings: page.headings,
      text: page.text,
      jsonLd: page.jsonLd,
      products: page.products.map((p) => ({ name: p.name, description: p.description, url: p.url, price: p.price, currency: p.currency }))
    }
  })
  const crawl = {
    _tag: "SiteCrawled" as const,
    businessId: "fixture",
    itemId: null,
    startUrl: `${origin}/`,
    siteName: name,
    pages,
    disallowed: [],
    crawledAt: "2026-11-01T00:00:00.000Z"
  }
  const facts = siteFactsFrom({ name, businessName: name, kind: "business", sourceUrl: `${origin}/`, crawl: crawl as never })
  const prompts = builtinPrompts(factsFromPages({ name, businessName: name, kind: "business", url: `${origin}/`, pages }), 100)
  return { facts, prompts }
}
