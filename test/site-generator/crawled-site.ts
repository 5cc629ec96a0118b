/**
 * A fixture website crawled for real: a folder of HTML pages served on loopback, read by the
 * service's crawler, and turned into the site facts the generator writes from. Tests of the
 * generated copy start from this, not from hand-written facts.
 */
import { existsSync, readFileSync, statSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { join, normalize } from "node:path"
import { Effect } from "effect"
import { SiteCrawled } from "../../src/domain/crawl-events.ts"
import type { SiteFacts } from "../../src/domain/site-events.ts"
import { crawlSite } from "../../src/pipeline/crawler/crawl-site.ts"
import { siteFactsFrom } from "../../src/pipeline/site-facts.ts"
import { startAcmeBakery } from "../pipeline/crawler/fixture-site.ts"

const TYPES: Record<string, string> = { html: "text/html; charset=utf-8", xml: "application/xml", txt: "text/plain", json: "application/json" }

/** Serves `dir` at a loopback root: `/x` and `/x/` try `x`, `x.html` and `x/index.html`. */
export const serveFolder = async (dir: string): Promise<{ readonly origin: string; readonly close: () => Promise<void> }> => {
  let origin = ""
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)
    const base = normalize(join(dir, path))
    if (!base.startsWith(normalize(dir))) return void res.writeHead(403).end()
    const candidates = [base, `${base.replace(/\/$/, "")}.html`, join(base, "index.html")]
    const file = candidates.find((c) => existsSync(c) && statSync(c).isFile())
    if (file === undefined) return void res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>")
    const type = TYPES[file.split(".").pop() ?? ""] ?? "application/octet-stream"
    const body = readFileSync(file, "utf8").replaceAll("{{ORIGIN}}", origin)
    res.writeHead(200, { "content-type": type }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * The crawl of a site at `origin` as the onboarding step stores it; a product's page (a URL with a
 * path) is crawled as onboarding crawls a product, with its limits.
 */
export const crawlOf = async (origin: string, limits: { readonly maxPages: number; readonly scopeFrom: string } | undefined = undefined): Promise<SiteCrawled> => {
  const start = limits === undefined ? `${origin}/` : origin
  const result = await Effect.runPromise(crawlSite(start, { allowPrivate: true, ...limits }))
  return new SiteCrawled({
    businessId: "site" as SiteCrawled["businessId"],
    itemId: null,
    startUrl: start,
    siteName: result.siteName,
    pages: result.pages.map((page) => ({
      url: page.url,
      title: page.title,
      description: page.description,
      headings: page.headings.slice(0, 50),
      text: page.text.slice(0, 8_000),
      jsonLd: page.jsonLd.slice(0, 10),
      products: page.products.slice(0, 20).map((p) => ({
        name: p.name,
        description: p.description ?? null,
        url: p.url ?? null,
        price: p.price === undefined || p.price === null ? null : String(p.price),
        currency: p.currency ?? null
      })),
      // As onboarding stores them (onboarding-steps.ts).
      listItems: page.listItems.slice(0, 50)
    })),
    disallowed: result.disallowed,
    crawledAt: "2026-03-02T08:00:00.000Z"
  })
}

export interface CrawledFacts {
  readonly facts: SiteFacts
  readonly crawl: SiteCrawled
}

/** Facts of a folder of pages (the eval sites), crawled over loopback. */
export const factsOfFolder = async (dir: string, name: string): Promise<CrawledFacts> => {
  const site = await serveFolder(dir)
  try {
    const crawl = await crawlOf(site.origin)
    return { crawl, facts: siteFactsFrom({ name, businessName: name, kind: "business", sourceUrl: `${site.origin}/`, crawl }) }
  } finally {
    await site.close()
  }
}

/** Facts of the Acme Bakery fixture (test/fixtures/sites/acme-bakery), crawled over loopback. */
export const factsOfAcmeBakery = async (): Promise<CrawledFacts> => {
  const elsewhere = await serveFolder(join(import.meta.dirname, "../fixtures/sites/acme-bakery"))
  const site = await startAcmeBakery(elsewhere.origin)
  try {
    const crawl = await crawlOf(site.origin)
    return { crawl, facts: siteFactsFrom({ name: "Acme Bakery", businessName: "Acme Bakery", kind: "business", sourceUrl: `${site.origin}/`, crawl }) }
  } finally {
    await site.close()
    await elsewhere.close()
  }
}
