/**
 * The site's name read from titles, where the home page gives it nowhere else: the part of the
 * home page's title that the other pages' titles repeat.
 */
import { Effect } from "effect"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { crawlSite } from "../../../src/pipeline/crawler/crawl-site.ts"
import { siteNameFromTitles, withoutPlaceSuffix } from "../../../src/pipeline/crawler/site-name.ts"
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
    // The other titles give the name short: the home title's part holding it is the name.
    expect(siteNameFromTitles("Saffron & Salt Catering | Wedding & Event Caterers in Birmingham", ["Contact | Saffron & Salt", "FAQs | Saffron & Salt", "Menus | Saffron & Salt"]))
      .toBe("Saffron & Salt Catering")
    expect(siteNameFromTitles("Saffron & Salt Catering | Wedding & Event Caterers", ["Contact | Saffron & Salt", "About us"])).toBe("Saffron & Salt Catering | Wedding & Event Caterers")
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

describe("withoutPlaceSuffix", () => {
  it("drops the town after a comma when the home page names that town on its own", () => {
    expect(withoutPlaceSuffix("Lanna Touch Massage, Chiang Mai", "Thai massage in Nimman, Chiang Mai. Lanna Touch Massage, Chiang Mai")).toBe("Lanna Touch Massage")
    expect(withoutPlaceSuffix("Lanna Touch Massage, Chiang Mai", "Lanna Touch Massage, Chiang Mai: Thai massage since 2016")).toBe("Lanna Touch Massage, Chiang Mai")
  })

  it("keeps a legal form, a one-word name's second part and a lower-case tail", () => {
    expect(withoutPlaceSuffix("Hartley Osei, LLP", "Lawyers in Boston. Hartley Osei, LLP, an LLP")).toBe("Hartley Osei, LLP")
    expect(withoutPlaceSuffix("Marsh & Pike, Inc.", "Marsh & Pike, Inc. Inc. filings")).toBe("Marsh & Pike, Inc.")
    expect(withoutPlaceSuffix("Smith, Jones", "Smith and Jones in Jones County")).toBe("Smith, Jones")
    expect(withoutPlaceSuffix("Bread and Butter, fresh daily", "Bread and butter, fresh daily in Leeds")).toBe("Bread and Butter, fresh daily")
  })
})

describe("a crawl names the site from its titles", () => {
  it("reads 'Lanna Touch Massage' from titles that end 'Lanna Touch Massage, Chiang Mai'", async () => {
    const server = await serveFolder(join(import.meta.dirname, "../../fixtures/prompt-eval/holdout-m/lanna-touch-massage"))
    try {
      const result = await Effect.runPromise(crawlSite(`${server.origin}/`, { allowPrivate: true }))
      expect(result.siteName).toBe("Lanna Touch Massage")
    } finally {
      await server.close()
    }
  })

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
