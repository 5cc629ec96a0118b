/**
 * The site's name read from titles, where the home page gives it nowhere else: the part of the
 * home page's title that the other pages' titles repeat.
 */
import { Effect } from "effect"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { crawlSite } from "../../../src/pipeline/crawler/crawl-site.ts"
import { siteNameFromTitles } from "../../../src/pipeline/crawler/site-name.ts"
import { serveFolder } from "../../site-generator/crawled-site.ts"

describe("siteNameFromTitles", () => {
  it("takes the part the other titles repeat, whichever side of the separator it stands", () => {
    expect(siteNameFromTitles("Chalk | Bouldering Gym in Galway", ["About | Chalk Bouldering", "FAQ | Chalk Bouldering"])).toBe("Chalk")
    expect(siteNameFromTitles("Fresh bread every morning – Marlow Loaf", ["Our bread – Marlow Loaf", "Contact – Marlow Loaf"])).toBe("Marlow Loaf")
  })

  it("counts whole words only ('Art' is not in 'Smart')", () => {
    expect(siteNameFromTitles("Art | Framing shop", ["Smart framing | Framing shop"])).toBe("Framing shop")
  })

  it("keeps the whole title when nothing can be compared or nothing is repeated", () => {
    expect(siteNameFromTitles("Chalk | Bouldering Gym in Galway", [])).toBe("Chalk | Bouldering Gym in Galway")
    expect(siteNameFromTitles("Chalk Bouldering", ["About us"])).toBe("Chalk Bouldering")
    expect(siteNameFromTitles("Chalk | Bouldering Gym", ["About us", "Contact"])).toBe("Chalk | Bouldering Gym")
  })

  it("does not split a name that holds a hyphen or a colon without spaces", () => {
    expect(siteNameFromTitles("Rolls-Royce Repairs", ["About | Rolls-Royce Repairs"])).toBe("Rolls-Royce Repairs")
  })

  it("takes the first part on a tie", () => {
    expect(siteNameFromTitles("Acme | Bakery", ["Acme Bakery | Bakery Acme"])).toBe("Acme")
  })
})

describe("a crawl names the site from its titles", () => {
  it("reads 'Chalk' from a site whose home page is titled 'Chalk | Bouldering Gym in Galway'", async () => {
    const server = await serveFolder(join(import.meta.dirname, "../../fixtures/prompt-eval/holdout-f/chalk-bouldering"))
    try {
      const result = await Effect.runPromise(crawlSite(`${server.origin}/`, { allowPrivate: true }))
      expect(result.siteName).toBe("Chalk")
    } finally {
      await server.close()
    }
  })
})
