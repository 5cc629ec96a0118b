import { describe, expect, it } from "vitest"
import { renderSite } from "../../src/site-generator/render-site.ts"
import type { SiteInput } from "../../src/site-generator/site-input.ts"
import { blogPostUrl } from "../../src/site-generator/site-plan.ts"
import { bakery, hostile } from "./sample-site.ts"

const SITE = "http://acme-bakery-fr.sites.localhost:8080"

const files = renderSite(bakery)
const body = (path: string): string => {
  const file = files.get(path)
  if (file === undefined) throw new Error(`no ${path}`)
  return file.body
}
const htmlPages = (site: ReadonlyMap<string, { body: string }>) => [...site].filter(([path]) => path.endsWith(".html"))

const decode = (s: string) =>
  s.replace(/&quot;/g, "\"").replace(/&#39;/g, "'").replace(/&#96;/g, "`").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")

const linkHref = (page: string, rel: string) => decode(new RegExp(`<link rel="${rel}" href="([^"]*)">`).exec(page)?.[1] ?? "")
const meta = (page: string, property: string) => decode(new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(page)?.[1] ?? "")
const jsonLd = (page: string): Array<Record<string, unknown>> =>
  [...page.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap((m) => JSON.parse(m[1]!)["@graph"])
const types = (page: string) => jsonLd(page).map((node) => node["@type"])

/** Every start tag in a page, with quoted attribute values blanked (escaped text holds no `<`). */
const startTags = (page: string) => [...page.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^>]*)?)>/g)].map((m) => ({ name: m[1]!.toLowerCase(), attrs: m[2]!.replace(/"[^"]*"/g, "\"\"") }))

describe("renderSite: a business", () => {
  it("writes every page and file of the site", () => {
    expect([...files.keys()]).toEqual([
      "/index.html",
      "/offerings/index.html",
      "/offerings/sourdough-loaf/index.html",
      "/offerings/butter-croissant/index.html",
      "/offerings/celebration-cakes/index.html",
      "/faq/index.html",
      "/about/index.html",
      "/contact/index.html",
      "/blog/index.html",
      "/blog/2026-03-02/sourdough-loaf-what-to-know/index.html",
      "/blog/2026-03-01/what-makes-acme-bakery-different/index.html",
      "/404.html",
      "/feed.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/llms.txt",
      "/llms-full.txt",
      "/styles.css",
      "/track.js"
    ])
    const typeOf = (path: string) => files.get(path)!.contentType
    expect(htmlPages(files).every(([path]) => typeOf(path) === "text/html; charset=utf-8")).toBe(true)
    expect(["/feed.xml", "/sitemap.xml", "/robots.txt", "/llms.txt", "/llms-full.txt", "/styles.css", "/track.js"].map(typeOf)).toEqual([
      "application/atom+xml; charset=utf-8",
      "application/xml; charset=utf-8",
      "text/plain; charset=utf-8",
      "text/plain; charset=utf-8",
      "text/plain; charset=utf-8",
      "text/css; charset=utf-8",
      "text/javascript; charset=utf-8"
    ])
  })

  it("gives each page its canonical, OpenGraph and JSON-LD types", () => {
    const expected: Record<string, { canonical: string; title: string; type: string; ld: ReadonlyArray<string> }> = {
      "/index.html": { canonical: "https://www.acme-bakery.fr/", title: "Acme Bakery | Bakery · Lyon, France", type: "website", ld: ["LocalBusiness", "WebSite"] },
      "/offerings/index.html": { canonical: `${SITE}/offerings/`, title: "Offerings | Acme Bakery", type: "website", ld: ["LocalBusiness", "CollectionPage", "BreadcrumbList"] },
      "/offerings/sourdough-loaf/index.html": {
        canonical: "https://www.acme-bakery.fr/bread/sourdough",
        title: "Sourdough loaf | Acme Bakery",
        type: "website",
        ld: ["LocalBusiness", "Product", "BreadcrumbList"]
      },
      "/offerings/butter-croissant/index.html": {
        canonical: "https://www.acme-bakery.fr/viennoiserie/croissant",
        title: "Butter croissant | Acme Bakery",
        type: "website",
        ld: ["LocalBusiness", "Product", "BreadcrumbList"]
      },
      "/offerings/celebration-cakes/index.html": {
        canonical: `${SITE}/offerings/celebration-cakes/`,
        title: "Celebration cakes | Acme Bakery",
        type: "website",
        ld: ["LocalBusiness", "Product", "BreadcrumbList"]
      },
      "/faq/index.html": { canonical: `${SITE}/faq/`, title: "Frequently asked questions | Acme Bakery", type: "website", ld: ["LocalBusiness", "FAQPage", "BreadcrumbList"] },
      "/about/index.html": { canonical: `${SITE}/about/`, title: "About Acme Bakery", type: "website", ld: ["LocalBusiness", "AboutPage", "BreadcrumbList"] },
      "/contact/index.html": { canonical: `${SITE}/contact/`, title: "Contact Acme Bakery", type: "website", ld: ["LocalBusiness", "ContactPage", "BreadcrumbList"] },
      "/blog/index.html": { canonical: `${SITE}/blog/`, title: "Blog | Acme Bakery", type: "website", ld: ["LocalBusiness", "Blog", "BreadcrumbList"] },
      "/blog/2026-03-02/sourdough-loaf-what-to-know/index.html": {
        canonical: `${SITE}/blog/2026-03-02/sourdough-loaf-what-to-know/`,
        title: "Sourdough loaf: what to know | Acme Bakery",
        type: "article",
        ld: ["LocalBusiness", "BlogPosting", "BreadcrumbList"]
      },
      "/blog/2026-03-01/what-makes-acme-bakery-different/index.html": {
        canonical: `${SITE}/blog/2026-03-01/what-makes-acme-bakery-different/`,
        title: "What makes Acme Bakery different | Acme Bakery",
        type: "article",
        ld: ["LocalBusiness", "BlogPosting", "BreadcrumbList"]
      }
    }
    for (const [path, want] of Object.entries(expected)) {
      const page = body(path)
      expect({ path, canonical: linkHref(page, "canonical") }).toEqual({ path, canonical: want.canonical })
      expect({ path, og: [meta(page, "og:title"), meta(page, "og:url"), meta(page, "og:type"), meta(page, "og:site_name")] }).toEqual({
        path,
        og: [want.title, want.canonical, want.type, "Acme Bakery"]
      })
      expect(meta(page, "og:description")).not.toBe("")
      expect(page).toContain(`<title>${want.title}</title>`)
      expect({ path, ld: types(page) }).toEqual({ path, ld: want.ld })
    }
  })

  it("carries the facts in the structured data", () => {
    const [org, site] = jsonLd(body("/index.html"))
    expect(org).toEqual({
      "@type": "LocalBusiness",
      "@id": `${SITE}/#organization`,
      name: "Acme Bakery",
      url: "https://www.acme-bakery.fr/",
      description: bakery.description,
      telephone: "+33 4 78 00 00 00",
      email: "hello@acme-bakery.fr",
      address: { "@type": "PostalAddress", streetAddress: "12 rue d'Austerlitz", addressLocality: "Lyon", postalCode: "69004", addressCountry: "FR" },
      areaServed: "Lyon, France"
    })
    expect(site).toEqual({ "@type": "WebSite", "@id": `${SITE}/#website`, url: `${SITE}/`, name: "Acme Bakery", publisher: { "@id": `${SITE}/#organization` } })

    const product = jsonLd(body("/offerings/sourdough-loaf/index.html"))[1]
    expect(product).toEqual({
      "@type": "Product",
      "@id": `${SITE}/offerings/sourdough-loaf/#product`,
      name: "Sourdough loaf",
      description: "A naturally leavened country loaf with a dark crust, baked daily.",
      url: `${SITE}/offerings/sourdough-loaf/`,
      sameAs: "https://www.acme-bakery.fr/bread/sourdough",
      brand: { "@type": "Brand", name: "Acme Bakery" },
      offers: { "@type": "Offer", price: "6.50", priceCurrency: "EUR", url: `${SITE}/offerings/sourdough-loaf/`, seller: { "@id": `${SITE}/#organization` } }
    })
    expect(jsonLd(body("/offerings/celebration-cakes/index.html"))[1]).not.toHaveProperty("offers")

    expect(jsonLd(body("/faq/index.html"))[1]).toMatchObject({
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "Where can I buy sourdough bread in Lyon?",
          acceptedAnswer: { "@type": "Answer", text: "Acme Bakery is a bakery in Lyon, France. It bakes a sourdough loaf daily." }
        },
        {
          "@type": "Question",
          name: "Does Acme Bakery make wedding cakes?",
          acceptedAnswer: { "@type": "Answer", text: "Yes: celebration cakes are made to order for birthdays and weddings." }
        }
      ]
    })
    const post = jsonLd(body("/blog/2026-03-02/sourdough-loaf-what-to-know/index.html"))
    expect(post[1]).toMatchObject({
      "@type": "BlogPosting",
      headline: "Sourdough loaf: what to know",
      datePublished: "2026-03-02",
      url: `${SITE}/blog/2026-03-02/sourdough-loaf-what-to-know/`,
      publisher: { "@id": `${SITE}/#organization` }
    })
    expect(post[2]).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${SITE}/` },
        { "@type": "ListItem", position: 2, name: "Blog", item: `${SITE}/blog/` },
        { "@type": "ListItem", position: 3, name: "Sourdough loaf: what to know", item: `${SITE}/blog/2026-03-02/sourdough-loaf-what-to-know/` }
      ]
    })
  })

  it("builds every page from semantic landmarks, one h1, and the tracking tag", () => {
    for (const [path, { body: page }] of htmlPages(files)) {
      expect(page.startsWith("<!doctype html>\n<html lang=\"en\">"), path).toBe(true)
      expect(page, path).toContain(`<meta name="viewport" content="width=device-width, initial-scale=1">`)
      expect(page, path).toMatch(/<meta name="description" content="[^"]+">/)
      expect(page.match(/<h1[ >]/g), path).toHaveLength(1)
      for (const landmark of ["<header class=\"site-header\">", "<nav class=\"site-nav\" aria-label=\"Main\">", "<main id=\"main\"", "<footer class=\"site-footer\">"]) {
        expect(page, `${path} ${landmark}`).toContain(landmark)
      }
      expect(page.match(/<script src="\/track\.js"[^>]*><\/script>/g), path).toEqual([`<script src="/track.js" data-business-id="acme-bakery" defer></script>`])
    }
    expect(body("/blog/2026-03-02/sourdough-loaf-what-to-know/index.html")).toContain("<article class=\"post\">")
    expect(body("/404.html")).toContain(`<meta name="robots" content="noindex">`)
    expect(body("/404.html")).not.toContain(`rel="canonical"`)
  })

  it("describes each source page on the about page by its own description, not one the site repeats on every page", () => {
    const repeated = "Sourdough bread, croissants and cakes from our Croix-Rousse bakery."
    const about = (input: SiteInput) => renderSite(input).get("/about/index.html")!.body
    expect(about(bakery)).toContain(`<p>${repeated}</p>`)
    const sameEverywhere = { ...bakery, pages: bakery.pages.map((page) => ({ ...page, description: repeated })) }
    expect(about(sameEverywhere)).not.toContain(`<p>${repeated}</p>`)
  })

  it("ends the footer's name with one full stop, also for a name that has its own", () => {
    const footer = (input: SiteInput) => /<footer[\s\S]*?<\/footer>/.exec(renderSite(input).get("/index.html")!.body)![0]
    expect(footer(bakery)).toContain("Acme Bakery. Information from")
    expect(footer({ ...bakery, businessName: "Mistral Tea Co." })).toContain("Mistral Tea Co. Information from")
  })

  it("says on the blog index whose articles they are: the business, of its kind, in its place", () => {
    expect(body("/blog/index.html")).toContain(`<p class="lead">Articles from Acme Bakery, a bakery in Lyon, France. <a href="/feed.xml">`)
  })

  it("lists every page and post in the sitemap", () => {
    const sitemap = body("/sitemap.xml")
    expect(sitemap.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`)).toBe(true)
    const entries = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>\n\s*<lastmod>([^<]*)<\/lastmod>/g)].map((m) => [m[1], m[2]])
    const at = "2026-03-02T03:00:00.000Z"
    expect(entries).toEqual([
      [`${SITE}/`, at],
      [`${SITE}/offerings/`, at],
      [`${SITE}/offerings/sourdough-loaf/`, at],
      [`${SITE}/offerings/butter-croissant/`, at],
      [`${SITE}/offerings/celebration-cakes/`, at],
      [`${SITE}/faq/`, at],
      [`${SITE}/about/`, at],
      [`${SITE}/contact/`, at],
      [`${SITE}/blog/`, at],
      [`${SITE}/blog/2026-03-02/sourdough-loaf-what-to-know/`, "2026-03-02"],
      [`${SITE}/blog/2026-03-01/what-makes-acme-bakery-different/`, "2026-03-01"]
    ])
  })

  it("welcomes AI crawlers in robots.txt and points at the sitemap", () => {
    const robots = body("/robots.txt")
    for (const agent of ["GPTBot", "ClaudeBot", "Claude-User", "PerplexityBot", "Google-Extended", "Meta-ExternalAgent"]) {
      expect(robots).toContain(`\nUser-agent: ${agent}\n`)
    }
    expect(robots).not.toMatch(/Disallow/)
    expect(robots).toContain("User-agent: *\nAllow: /\n")
    expect(robots.endsWith(`Sitemap: ${SITE}/sitemap.xml\n`)).toBe(true)
  })

  it("writes llms.txt in the llmstxt.org shape and llms-full.txt with the whole text", () => {
    const llms = body("/llms.txt")
    expect(llms.startsWith(`# Acme Bakery\n\n> ${bakery.description}\n\n`)).toBe(true)
    expect(llms).toContain("\n## Pages\n\n")
    expect(llms).toContain(`- [FAQ](${SITE}/faq/): Answers to 2 common questions about Acme Bakery\n`)
    expect(llms).toContain(`- [Sourdough loaf](${SITE}/offerings/sourdough-loaf/): A naturally leavened country loaf with a dark crust, baked daily. Price: 6.50 EUR\n`)
    expect(llms).toContain(`- [Sourdough loaf: what to know](${SITE}/blog/2026-03-02/sourdough-loaf-what-to-know/): 2026-03-02. Sourdough loaf: the essentials.\n`)
    expect(llms).toContain(`- [Our story](https://www.acme-bakery.fr/about): Founded in 1998 by two bakers from Savoie.\n`)
    const full = body("/llms-full.txt")
    expect(full.startsWith("# Acme Bakery\n\n>")).toBe(true)
    for (const text of ["We open at 7am, Tuesday to Sunday.", "### Where can I buy sourdough bread in Lyon?", "Laminated with AOP butter from Charentes.", "Second paragraph."]) {
      expect(full).toContain(text)
    }
  })

  it("publishes the posts in an Atom feed, newest first", () => {
    const feed = body("/feed.xml")
    expect(feed).toContain(`<id>${SITE}/</id>`)
    expect(feed).toContain(`<link rel="self" type="application/atom+xml" href="${SITE}/feed.xml"/>`)
    expect(feed).toContain("<updated>2026-03-02T00:00:00Z</updated>")
    const entries = [...feed.matchAll(/<entry>\s*<title type="text">([^<]*)<\/title>\s*<id>([^<]*)<\/id>[\s\S]*?<published>([^<]*)<\/published>[\s\S]*?<content type="html">([^<]*)<\/content>/g)].map((m) => m.slice(1))
    expect(entries).toEqual([
      ["Sourdough loaf: what to know", `${SITE}/blog/2026-03-02/sourdough-loaf-what-to-know/`, "2026-03-02T00:00:00Z", "&lt;p&gt;One.&lt;/p&gt;\n&lt;p&gt;Two.&lt;/p&gt;\n&lt;p&gt;Three.&lt;/p&gt;\n"],
      [
        "What makes Acme Bakery different",
        `${SITE}/blog/2026-03-01/what-makes-acme-bakery-different/`,
        "2026-03-01T00:00:00Z",
        "&lt;p&gt;First paragraph.&lt;/p&gt;\n&lt;p&gt;Second paragraph.&lt;/p&gt;\n&lt;p&gt;Third paragraph.&lt;/p&gt;\n"
      ]
    ])
  })

  it("is deterministic: two renders are byte-identical", () => {
    expect([...renderSite(bakery)]).toEqual([...files])
    expect([...renderSite(structuredClone(bakery))]).toEqual([...files])
  })

  it("gives posts the address create-blog returns, drops bad dates and keeps the first of a duplicate", () => {
    expect(blogPostUrl(SITE, bakery.posts[0]!)).toBe(`${SITE}/blog/2026-03-01/what-makes-acme-bakery-different/`)
    const input: SiteInput = {
      ...bakery,
      posts: [
        ...bakery.posts,
        { ...bakery.posts[0]!, title: "A second post at the same address" },
        { ...bakery.posts[0]!, date: "2026-02-30", slug: "not-a-day" },
        { ...bakery.posts[0]!, date: "2026-03-03", slug: "Needs Slugging!" }
      ]
    }
    const site = renderSite(input)
    expect([...site.keys()].filter((p) => p.startsWith("/blog/2026"))).toEqual([
      "/blog/2026-03-03/needs-slugging/index.html",
      "/blog/2026-03-02/sourdough-loaf-what-to-know/index.html",
      "/blog/2026-03-01/what-makes-acme-bakery-different/index.html"
    ])
    expect(site.get("/blog/2026-03-01/what-makes-acme-bakery-different/index.html")!.body).toContain("<h1>What makes Acme Bakery different</h1>")
    expect(blogPostUrl(`${SITE}/`, input.posts[4]!)).toBe(`${SITE}/blog/2026-03-03/needs-slugging/`)
  })
})

describe("renderSite: a price list's rows", () => {
  const offerings = [
    { name: "Homework club", description: "Homework Club, Mon–Thu 3:30–5:30, grades 3–8: $240/month", url: null, price: "240", currency: "USD", writtenPrice: "$240/month" },
    { name: "Roof leak repair", description: "Roof leak repair: from $350", url: null, price: "350", currency: "USD", writtenPrice: "from $350" }
  ]
  const site = renderSite({ ...bakery, offerings })

  it("shows a row's words and its price once each, on cards, pages and llms.txt (the words ending before the price is named)", () => {
    const cards = site.get("/offerings/index.html")!.body
    expect(cards).toContain(`<h3><a href="/offerings/homework-club/">Homework club</a></h3><p>Mon–Thu 3:30–5:30, grades 3–8</p><p class="meta"><span class="price">$240/month</span></p>`)
    expect(cards).toContain(`<h3><a href="/offerings/roof-leak-repair/">Roof leak repair</a></h3><p class="meta"><span class="price">from $350</span></p>`)
    expect(site.get("/llms.txt")!.body).toContain("/offerings/roof-leak-repair/): Price: from $350\n")
    expect(site.get("/llms.txt")!.body).toContain("/offerings/homework-club/): Mon–Thu 3:30–5:30, grades 3–8. Price: $240/month\n")
    expect(site.get("/offerings/homework-club/index.html")!.body).toContain(`<p class="price">$240/month</p>\n<p class="lead">Mon–Thu 3:30–5:30, grades 3–8</p>`)
  })
})

describe("renderSite: an offering the site only names in passing", () => {
  it("quotes the site's sentence naming it, with its page, when it has no description of its own; an offering with one quotes nothing", () => {
    const offerings = [...bakery.offerings, { name: "Rye loaf", description: null, url: null, price: null, currency: null }]
    const pages = [{ ...bakery.pages[0]!, text: "Acme Bakery bakes sourdough bread every morning.\n\nWe also bake a dark rye loaf on Saturdays for the market." }, bakery.pages[1]!]
    const site = renderSite({ ...bakery, offerings, pages })
    const rye = site.get("/offerings/rye-loaf/index.html")!.body
    expect(/<p class="lead">[^<]*<\/p>\n<p>From <a[^>]*>[^<]*<\/a>: [^<]*<\/p>/.exec(rye)?.[0]).toBe(
      `<p class="lead">Rye loaf is offered by Acme Bakery.</p>\n<p>From <a href="https://www.acme-bakery.fr/" rel="noopener">its home page</a>: ` +
        `“We also bake a dark rye loaf on Saturdays for the market.”</p>`
    )
    expect(site.get("/offerings/sourdough-loaf/index.html")!.body).not.toContain("<p>From <a")
  })
})

describe("renderSite: a name ending in a full stop", () => {
  it("ends no sentence with two ('Halftone & Co..')", () => {
    const site = renderSite({ ...bakery, name: "Halftone & Co.", businessName: "Halftone & Co." })
    for (const [path, { body }] of htmlPages(site)) {
      const text = body.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, "")
      expect(text.match(/[^.]\.\.(?!\.)/g), path).toBe(null)
    }
  })
})

describe("renderSite: a product", () => {
  const product: SiteInput = {
    ...bakery,
    itemId: "sourdough-loaf",
    siteUrl: "http://acme-bakery-fr-sourdough-loaf.sites.localhost:8080",
    sourceUrl: "https://www.acme-bakery.fr/bread/sourdough",
    name: "Sourdough loaf",
    kind: "product",
    description: "A naturally leavened country loaf.",
    category: "Bread",
    place: null,
    address: null,
    offerings: [{ name: "Half loaf", description: "The same loaf, halved.", url: null, price: "3.40", currency: "EUR" }]
  }
  const site = renderSite(product)
  const P = "http://acme-bakery-fr-sourdough-loaf.sites.localhost:8080"

  it("puts the variants under /products/ and attributes visits to the item", () => {
    expect([...site.keys()].slice(0, 3)).toEqual(["/index.html", "/products/index.html", "/products/half-loaf/index.html"])
    expect(site.get("/index.html")!.body).toContain(`<script src="/track.js" data-business-id="acme-bakery" data-item-id="sourdough-loaf" defer></script>`)
    expect(site.get("/track.js")!.body).toContain(`var itemId = "sourdough-loaf";`)
  })

  it("describes the product, made by its business, and its variants", () => {
    const home = jsonLd(site.get("/index.html")!.body)
    expect(home.map((n) => n["@type"])).toEqual(["Organization", "WebSite", "Product"])
    expect(home[0]).toMatchObject({ name: "Acme Bakery", url: "https://www.acme-bakery.fr/" })
    expect(home[2]).toEqual({
      "@type": "Product",
      "@id": `${P}/#product`,
      name: "Sourdough loaf",
      description: "A naturally leavened country loaf.",
      url: "https://www.acme-bakery.fr/bread/sourdough",
      brand: { "@type": "Brand", name: "Acme Bakery" },
      manufacturer: { "@id": `${P}/#organization` }
    })
    expect(linkHref(site.get("/index.html")!.body, "canonical")).toBe("https://www.acme-bakery.fr/bread/sourdough")
    expect(jsonLd(site.get("/products/half-loaf/index.html")!.body)[1]).toMatchObject({ "@type": "Product", isVariantOf: { "@id": `${P}/#product` } })
    expect(site.get("/index.html")!.body).toContain(`<p class="eyebrow">Product by Acme Bakery</p>`)
  })

  it("says on the blog index that its articles are about the product, from its maker", () => {
    expect(site.get("/blog/index.html")!.body).toContain(`<p class="lead">Articles about Sourdough loaf from Acme Bakery. <a href="/feed.xml">`)
  })

  it("says its maker lists the variants with it, not that the product offers them", () => {
    expect(site.get("/products/index.html")!.body).toContain(`content="What Acme Bakery lists with Sourdough loaf on acme-bakery.fr. Half loaf"`)
    expect(site.get("/llms.txt")!.body).toContain(`- [Products](${P}/products/): What Acme Bakery lists with Sourdough loaf`)
  })

  it("lists the about and contact pages as its maker's", () => {
    expect(site.get("/llms.txt")!.body).toContain(`- [About](${P}/about/): Who makes Sourdough loaf\n- [Contact](${P}/contact/): How to reach Acme Bakery\n`)
  })
})

describe("renderSite: a hostile crawl", () => {
  const site = renderSite(hostile)
  const pages = htmlPages(site)

  it("runs no script but the JSON-LD and track.js", () => {
    for (const [path, { body: page }] of pages) {
      const scripts = startTags(page).filter((t) => t.name === "script")
      const expected = path === "/404.html" ? 1 : 2
      expect(scripts, path).toHaveLength(expected)
      expect(page.match(/<script type="application\/ld\+json">/g)?.length ?? 0, path).toBe(expected - 1)
      expect(page.match(/<script src="\/track\.js" data-business-id="evil" defer><\/script>/g), path).toHaveLength(1)
      // The JSON-LD element is closed by its own tag: nothing inside it looks like one.
      for (const m of page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) expect(m[1], path).not.toMatch(/[<>]/)
      expect(page.match(/<\/script>/g), path).toHaveLength(expected)
    }
  })

  it("has no injected element, event handler or dangerous link", () => {
    const allowed = new Set(["html", "head", "meta", "title", "link", "script", "body", "a", "span", "header", "div", "nav", "ul", "li", "main", "ol", "h1", "h2", "h3", "p", "section", "article", "time", "footer", "dl", "dt", "dd", "address", "details", "summary", "strong", "aside"])
    for (const [path, { body: page }] of pages) {
      for (const tag of startTags(page)) {
        expect(allowed.has(tag.name), `${path} <${tag.name}`).toBe(true)
        expect(tag.attrs, `${path} <${tag.name}${tag.attrs}>`).not.toMatch(/\son[a-z]+\s*=|\sstyle\s*=|\sautofocus/i)
      }
      expect(page, path).not.toMatch(/<(img|iframe|style)\b/i)
      for (const m of page.matchAll(/\s(?:href|src|content)="([^"]*)"/g)) {
        expect(decode(m[1]!).trim(), path).not.toMatch(/^(javascript|data|vbscript):/i)
      }
    }
  })

  it("shows the hostile text, escaped", () => {
    const about = site.get("/about/index.html")!.body
    expect(about).toContain("<strong>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</strong>")
    expect(about).toContain("<p>&lt;/script&gt;&lt;script&gt;alert(5)&lt;/script&gt;</p>")
    expect(about).toContain("<p>&lt;a href=&quot;javascript:alert(14)&quot;&gt;click&lt;/a&gt;</p>")
    const offering = site.get("/offerings/img-src-x-onerror-alert-1/index.html")!.body
    expect(offering).toContain("<h1>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</h1>")
    expect(offering).toContain(`<title>&quot;&gt;&lt;img src=x onerror=alert(1)&gt; | Acme Bakery</title>`)
    // The javascript: link of the offering is dropped: no "View on" button, a self canonical.
    expect(offering).not.toContain("View on")
    expect(linkHref(offering, "canonical")).toBe(`${SITE}/offerings/img-src-x-onerror-alert-1/`)
    expect(jsonLd(offering)[1]).toMatchObject({ name: `"><img src=x onerror=alert(1)>`, description: "<b onmouseover=alert(2)>bold</b>" })
    expect(jsonLd(offering)[1]).not.toHaveProperty("offers")
    const home = site.get("/index.html")!.body
    expect(home).toContain(`<p class="lead">Best bakery&lt;/script&gt;&lt;script&gt;alert(&#39;desc&#39;)&lt;/script&gt; in town</p>`)
    expect(jsonLd(home)[0]!.description).toBe("Best bakery</script><script>alert('desc')</script> in town")
  })

  it("keeps paths, feeds and text files clean", () => {
    expect([...site.keys()].filter((p) => p.startsWith("/blog/2"))).toEqual(["/blog/2026-03-01/x-script-alert-15-script/index.html"])
    expect([...site.keys()].every((p) => !p.includes(".."))).toBe(true)
    const feed = site.get("/feed.xml")!.body
    expect(feed).toContain(`<summary type="text">]]&gt;&lt;/summary&gt;&lt;script&gt;alert(17)&lt;/script&gt;</summary>`)
    expect(feed).not.toMatch(/<script|<img/)
    const llms = site.get("/llms.txt")!.body
    expect(llms).not.toMatch(/javascript:/i)
    expect(llms).toContain(`- ["\\>\\<img src=x onerror=alert(1)\\>](${SITE}/offerings/img-src-x-onerror-alert-1/)`)
    expect(llms.split("\n").filter((l) => l.startsWith("#"))).toEqual(["# Acme Bakery", "## Pages", "## Offerings", "## FAQ", "## Blog posts", "## Optional"])
  })
})
