/**
 * The generated site of real fixture websites, crawled over loopback: Acme Bakery
 * (test/fixtures/sites) and two sites of the labelled evaluation set. The FAQ is composed from
 * the built-in prompts of the same crawl, as onboarding does. Asserts that no two FAQ answers
 * are the same and that every crawled fact appears on the site: hours, contact, the site's own
 * FAQ with its own answers, every offering with a link to its page, the about page's own words.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import type { SiteFacts } from "../../src/domain/site-events.ts"
import { builtinPrompts } from "../../src/pipeline/prompts/builtin-generator.ts"
import { factsFromPages } from "../../src/pipeline/prompts/prompt-facts.ts"
import { composeAbout } from "../../src/site-generator/about-copy.ts"
import { composeFaq } from "../../src/site-generator/faq-copy.ts"
import { addressLine } from "../../src/site-generator/llms-txt.ts"
import { renderSite } from "../../src/site-generator/render-site.ts"
import type { FaqEntryInput, SiteFile } from "../../src/site-generator/site-input.ts"
import { siteFactsFrom } from "../../src/pipeline/site-facts.ts"
import { type CrawledFacts, crawlOf, factsOfAcmeBakery, factsOfFolder, serveFolder } from "./crawled-site.ts"

const EVAL = join(import.meta.dirname, "../fixtures/prompt-eval/dev")

interface Labels {
  readonly brand: string
  readonly facts: { readonly email: string; readonly phone: string; readonly faq: ReadonlyArray<{ readonly question: string }> }
}

/** The visible text of a page: tags dropped, the generator's entities decoded, spaces collapsed. */
const textOf = (file: SiteFile | undefined): string =>
  (file?.body ?? "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&#39;/g, "'").replace(/&#96;/g, "`").replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")

const jsonLdOf = (file: SiteFile | undefined): ReadonlyArray<Record<string, unknown>> => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(file?.body ?? "")
  return m === null ? [] : (JSON.parse(m[1]!) as { "@graph": ReadonlyArray<Record<string, unknown>> })["@graph"]
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim()

interface Built {
  readonly facts: SiteFacts
  readonly faq: ReadonlyArray<FaqEntryInput>
  readonly prompts: ReadonlyArray<string>
  readonly site: ReadonlyMap<string, SiteFile>
}

const build = ({ facts, crawl }: CrawledFacts): Built => {
  const promptFacts = factsFromPages({ name: facts.name, kind: "business", businessName: facts.businessName, url: facts.sourceUrl, pages: crawl.pages })
  const prompts = builtinPrompts(promptFacts).slice(0, 30)
  const faq = composeFaq(facts, prompts)
  const site = renderSite({
    ...facts,
    businessId: "site",
    itemId: null,
    siteUrl: "https://site.sites.example",
    faq,
    about: composeAbout(facts),
    posts: [],
    trackingEndpoint: "https://api.example/api/ai-recommendation-store",
    generatedAt: "2026-03-02T03:00:00.000Z"
  })
  return { facts, faq, prompts, site }
}

const SITES: ReadonlyArray<{ readonly name: string; readonly load: () => Promise<CrawledFacts>; readonly labels?: string }> = [
  { name: "acme-bakery", load: factsOfAcmeBakery },
  ...["hearth-and-crumb-bakery", "lakeside-family-dental"].map((id) => {
    const labels = readFileSync(join(EVAL, id, "labels.json"), "utf8")
    return { name: id, labels, load: () => factsOfFolder(join(EVAL, id), (JSON.parse(labels) as Labels).brand) }
  })
]

for (const fixture of SITES) {
  describe(`the generated site of ${fixture.name}`, () => {
    let built: Built
    beforeAll(async () => {
      built = build(await fixture.load())
    }, 60_000)

    it("answers no two FAQ questions the same, and drops the prompts it has nothing specific for", () => {
      const answers = built.faq.map((f) => f.answer.toLowerCase())
      expect(new Set(answers).size).toBe(answers.length)
      expect(built.faq.length).toBeGreaterThan(0)
      expect(built.faq.length).toBeLessThanOrEqual((built.facts.ownFaq ?? []).length + built.prompts.length)
    })

    it("puts the site's own FAQ first, with its own answers, on the FAQ page and in its JSON-LD", () => {
      const own = built.facts.ownFaq ?? []
      expect(built.faq.slice(0, own.length)).toEqual(own.map((o) => ({ question: o.question, answer: o.answer })))
      const page = built.site.get("/faq/index.html")
      for (const o of own) expect(textOf(page)).toContain(`${oneLine(o.question)} ${oneLine(o.answer)}`)
      const faqPage = jsonLdOf(page).find((n) => n["@type"] === "FAQPage") as { mainEntity: ReadonlyArray<{ name: string }> } | undefined
      expect(faqPage?.mainEntity.map((q) => q.name)).toEqual(built.faq.map((f) => f.question))
    })

    it("shows the opening hours on the home and contact pages and states them in the organization's JSON-LD", () => {
      const hours = built.facts.hours ?? []
      expect(hours.length).toBeGreaterThan(0)
      for (const path of ["/index.html", "/contact/index.html"]) {
        for (const h of hours) expect(textOf(built.site.get(path))).toContain(h.text)
      }
      const org = jsonLdOf(built.site.get("/index.html"))[0] as { openingHoursSpecification?: ReadonlyArray<unknown> }
      expect(org.openingHoursSpecification).toEqual(
        hours.filter((h) => h.opens !== null).map((h) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: h.days, opens: h.opens, closes: h.closes }))
      )
    })

    it("gives every contact detail on the contact page", () => {
      const contact = textOf(built.site.get("/contact/index.html"))
      for (const fact of [built.facts.phone, built.facts.email, addressLine(built.facts)]) {
        if (fact !== null) expect(contact).toContain(fact)
      }
    })

    it("lists every offering with a link to its own page, which links the page of the source site", () => {
      const index = built.site.get("/offerings/index.html")?.body ?? ""
      expect(built.facts.offerings.length).toBeGreaterThan(0)
      for (const o of built.facts.offerings) {
        const link = new RegExp(`<a href="(/offerings/[a-z0-9-]+/)">${o.name.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</a>`).exec(index)
        expect(link, o.name).not.toBeNull()
        const page = built.site.get(`${link![1]}index.html`)?.body ?? ""
        if (o.url !== null) expect(page).toContain(`href="${o.url}"`)
      }
    })

    it("writes the about page from the site's own words", () => {
      const about = textOf(built.site.get("/about/index.html"))
      expect(about).toMatch(/On its about page, .+ writes: “[^”]{40,}”/)
    })

    if (fixture.labels !== undefined) {
      it("finds the facts a person reading the site lists (labels.json)", () => {
        const labels = JSON.parse(fixture.labels!) as Labels
        const digits = (s: string | null) => (s ?? "").replace(/\D/g, "").slice(-10)
        expect({ email: built.facts.email, phone: digits(built.facts.phone) }).toEqual({ email: labels.facts.email, phone: digits(labels.facts.phone) })
        expect((built.facts.ownFaq ?? []).map((f) => f.question)).toEqual(labels.facts.faq.map((f) => f.question))
      })
    }
  })
}

describe("a product's site, crawled as onboarding crawls a product (from its page, 5 pages at most)", () => {
  it("lists what its maker sells with a page or a price, not words of the product's own page", async () => {
    const site = await serveFolder(join(import.meta.dirname, "../fixtures/prompt-eval/holdout-u/veld-botanicals"))
    try {
      const url = `${site.origin}/products/rooibos-face-oil.html`
      const crawl = await crawlOf(url, { maxPages: 5, scopeFrom: `${site.origin}/` })
      const facts = siteFactsFrom({ name: "Rooibos Face Oil", businessName: "Veld Botanicals", kind: "product", sourceUrl: url, crawl })
      // The page's own words ("facial oil", "baobab oils") are read for prompts, not listed as things sold.
      expect(factsFromPages({ name: "Rooibos Face Oil", kind: "product", businessName: "Veld Botanicals", url, pages: crawl.pages }).offerings).toContain("facial oil")
      expect(facts.offerings.map((o) => o.name)).not.toContain("Facial oil")
      expect(facts.offerings.map((o) => o.name)).not.toContain("Baobab oils")
      expect(facts.offerings[0]?.name).toBe("Rooibos Face Oil")
    } finally {
      await site.close()
    }
  })
})
