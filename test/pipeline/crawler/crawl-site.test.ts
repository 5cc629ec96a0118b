import { Effect, Either } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CrawlFailed, type CrawlResult, crawlSite, unreadDetail } from "../../../src/pipeline/crawler/crawl-site.ts"
import { startAcmeBakery } from "./fixture-site.ts"
import { countClientSockets, type LoopbackServer, startServer, watchNonLoopbackConnections } from "./loopback-server.ts"

let site: LoopbackServer
let elsewhere: LoopbackServer
const offHost = watchNonLoopbackConnections()

beforeAll(async () => {
  elsewhere = await startServer((_req, res) => res.end("<p>another site</p>"))
  site = await startAcmeBakery(elsewhere.origin)
})
afterAll(async () => {
  await site.close()
  await elsewhere.close()
  offHost.stop()
  expect(offHost.attempts).toEqual([])
})

const crawl = (startUrl: string, options: Partial<Parameters<typeof crawlSite>[1]> = {}) =>
  Effect.runPromise(crawlSite(startUrl, { allowPrivate: true, ...options }))

const pathsOf = (result: CrawlResult) => result.pages.map((page) => new URL(page.url).pathname + new URL(page.url).search)

describe("crawlSite on the Acme Bakery fixture", () => {
  let result: CrawlResult
  let requested: ReadonlyArray<string>

  beforeAll(async () => {
    const before = site.requests.length
    result = await crawl(`${site.origin}/`)
    requested = site.paths().slice(before)
  })

  it("crawls exactly the site's distinct HTML pages, breadth first", () => {
    expect(pathsOf(result)).toEqual([
      "/",
      "/about",
      "/products/",
      "/contact",
      "/blog/",
      "/news",
      "/products/sourdough",
      "/orphan",
      "/products/croissant",
      "/blog/first-post",
      "/blog/second-post"
    ])
    expect(result.startUrl).toBe(`${site.origin}/`)
    expect(result.finalStartUrl).toBe(`${site.origin}/`)
  })

  it("never requests what robots.txt disallows, and lists it", () => {
    expect(requested.filter((path) => path.startsWith("/private"))).toEqual([])
    expect(result.disallowed).toEqual([
      `${site.origin}/private/secret`,
      `${site.origin}/private/from-sitemap`
    ])
  })

  it("refuses a redirect into a disallowed path before following it", () => {
    expect(requested).toContain("/sneaky")
    expect(result.skipped).not.toContainEqual(expect.objectContaining({ url: `${site.origin}/sneaky` }))
  })

  it("reads robots.txt and the sitemap once, and each page at most once", () => {
    expect(requested.filter((p) => p === "/robots.txt")).toHaveLength(1)
    expect(requested.filter((p) => p === "/sitemap.xml")).toHaveLength(1)
    const pages = requested.filter((p) => p !== "/robots.txt" && p !== "/sitemap.xml")
    expect(new Set(pages).size).toBe(pages.length)
    // Reached through /old-page's redirect; the later link to it is known to be covered.
    expect(requested.filter((p) => p === "/news")).toHaveLength(1)
    expect(requested.filter((p) => p === "/old-page")).toHaveLength(1)
  })

  it("follows no link off the site and fetches no file that is not HTML by its name", () => {
    expect(elsewhere.requests).toEqual([])
    expect(requested).not.toContain("/file.pdf")
    expect(requested.some((p) => p.includes("utm_source"))).toBe(false)
  })

  it("folds duplicates by URL, canonical link and identical text, and says why it skipped the rest", () => {
    expect(result.skipped).toEqual([
      { url: `${site.origin}/file.pdf`, reason: "not HTML (.pdf)" },
      { url: `${site.origin}/about/print`, reason: `same text as ${site.origin}/about` },
      { url: `${site.origin}/products/sourdough?ref=list`, reason: `duplicate of ${site.origin}/products/sourdough` },
      { url: `${site.origin}/about-us`, reason: `duplicate of ${site.origin}/about` },
      { url: `${site.origin}/go-elsewhere`, reason: "redirect to another site" },
      { url: `${site.origin}/feed`, reason: "content type \"application/json\" is not accepted" }
    ])
    // None of those is a page it wanted and could not read.
    expect(result.unread).toEqual([])
  })

  it("extracts each page's title, description, headings, text and canonical link", () => {
    const home = result.pages[0]!
    expect(home).toMatchObject({
      title: "Acme Bakery – Fresh bread in Lyon",
      description: "Sourdough, croissants and cakes, baked every morning in Lyon.",
      headings: ["Acme Bakery"],
      canonical: null,
      rendered: false
    })
    expect(home.text).toContain("Fresh sourdough and croissants, baked every morning")
    expect(home.text).not.toContain("About") // the navigation is not content
    expect(result.pages.find((p) => p.url.endsWith("/blog/second-post"))!.text).toContain("twenty-seven layers")
    expect(result.pages.find((p) => p.url.endsWith("/about"))!.canonical).toBe(`${site.origin}/about`)
  })

  it("extracts the product hints of both product pages", () => {
    // Structured data only: the listing's links to them are hints too (extract.test.ts).
    const products = result.pages.flatMap((page) => page.products).filter((p) => p.source === "json-ld")
    expect(products).toEqual([
      {
        name: "Sourdough loaf",
        description: "A naturally leavened loaf, fermented for 24 hours.",
        sku: "SD-800",
        price: "6.50",
        currency: "EUR",
        url: `${site.origin}/products/sourdough`,
        image: `${site.origin}/img/sourdough.jpg`,
        source: "json-ld"
      },
      {
        name: "Butter croissant",
        description: "Flaky, with French butter.",
        sku: "CR-1",
        price: "1.4",
        currency: "EUR",
        url: null,
        image: null,
        source: "json-ld"
      }
    ])
  })

  it("names the site from the home page's JSON-LD organization", () => {
    expect(result.siteName).toBe("Acme Bakery")
  })
})

describe("crawlSite: bounds and rules", () => {
  it("stops at maxPages, and requests no more pages than that", async () => {
    const before = site.requests.length
    const result = await crawl(`${site.origin}/`, { maxPages: 3 })
    expect(pathsOf(result)).toEqual(["/", "/about", "/products/"])
    const pages = site.paths().slice(before).filter((p) => p !== "/robots.txt" && p !== "/sitemap.xml")
    expect(pages).toEqual(["/", "/about", "/products/"])
  })

  it("caps maxPages at 200 and keeps at least one", async () => {
    const result = await crawl(`${site.origin}/`, { maxPages: 0 })
    expect(pathsOf(result)).toEqual(["/"])
  })

  it("treats an unreachable robots.txt (5xx) as disallowing everything: the crawl fails", async () => {
    const down = await startServer((req, res) => {
      res.writeHead(req.url === "/robots.txt" ? 503 : 200, { "content-type": "text/html" })
      res.end("<p>page</p>")
    })
    try {
      const result = await Effect.runPromise(Effect.either(crawlSite(`${down.origin}/`, { allowPrivate: true })))
      expect(result).toMatchObject({
        _tag: "Left",
        left: { _tag: "CrawlFailed", code: "robots_disallowed", message: `robots.txt disallows ${down.origin}/` }
      })
      expect(down.paths()).toEqual(["/robots.txt"])
    } finally {
      await down.close()
    }
  })

  it("lists the pages it wanted and could not read (an error status, a timeout), in words a tenant may see", async () => {
    const partial = await startServer((req, res) => {
      if (req.url === "/robots.txt" || req.url === "/sitemap.xml") {
        res.writeHead(404)
        return res.end()
      }
      if (req.url === "/broken") {
        res.writeHead(500)
        return res.end()
      }
      if (req.url === "/gone") {
        res.writeHead(404)
        return res.end()
      }
      if (req.url === "/slow") return // never answers: the fetch times out
      res.writeHead(200, { "content-type": "text/html" })
      res.end(req.url === "/" ? "<title>Partial</title><a href='/a'>a</a> <a href='/broken'>b</a> <a href='/gone'>g</a> <a href='/slow'>s</a> <a href='/file.pdf'>pdf</a>" : "<p>page a</p>")
    })
    try {
      const result = await crawl(`${partial.origin}/`, { timeoutMs: 300 })
      expect(pathsOf(result)).toEqual(["/", "/a"])
      expect(result.unread).toEqual([
        { url: `${partial.origin}/broken`, reason: "HTTP 500" },
        { url: `${partial.origin}/gone`, reason: "HTTP 404" },
        { url: `${partial.origin}/slow`, reason: "timed out" }
      ])
      expect(unreadDetail(result.unread)).toBe("3 pages could not be read (1 HTTP 404, 1 HTTP 500, 1 timed out)")
      expect(unreadDetail([])).toBeNull()
      expect(unreadDetail([{ url: "https://x.example/a", reason: "timed out" }, { url: "https://x.example/b", reason: "timed out" }, { url: "https://x.example/c", reason: "HTTP 500" }]))
        .toBe("3 pages could not be read (2 timed out, 1 HTTP 500)")
    } finally {
      await partial.close()
    }
  })

  it("treats a missing robots.txt (4xx) as allowing everything", async () => {
    const open = await startServer((req, res) => {
      if (req.url === "/robots.txt" || req.url === "/sitemap.xml") {
        res.writeHead(404)
        return res.end()
      }
      res.writeHead(200, { "content-type": "text/html" })
      res.end(req.url === "/" ? "<title>Open</title><a href='/a'>a</a>" : "<p>page a</p>")
    })
    try {
      const result = await crawl(`${open.origin}/`)
      expect(pathsOf(result)).toEqual(["/", "/a"])
      expect(result.siteName).toBe("Open")
    } finally {
      await open.close()
    }
  })

  it("keeps Crawl-delay: one request at a time, spaced", async () => {
    let inFlight = 0
    let maxInFlight = 0
    const starts: Array<number> = []
    const slow = await startServer((req, res) => {
      if (req.url === "/robots.txt") {
        res.writeHead(200, { "content-type": "text/plain" })
        return res.end("User-agent: *\nCrawl-delay: 0.25\n")
      }
      if (req.url === "/sitemap.xml") {
        res.writeHead(404)
        return res.end()
      }
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      starts.push(Date.now())
      setTimeout(() => {
        inFlight--
        res.writeHead(200, { "content-type": "text/html" })
        res.end(req.url === "/" ? "<a href='/a'>a</a><a href='/b'>b</a><a href='/c'>c</a>" : `<p>${req.url}</p>`)
      }, 20)
    })
    try {
      const result = await crawl(`${slow.origin}/`, { concurrency: 8 })
      expect(result.pages).toHaveLength(4)
      expect(maxInFlight).toBe(1)
      for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(240)
    } finally {
      await slow.close()
    }
  })

  it("fetches pages concurrently, at most `concurrency` at once", async () => {
    let inFlight = 0
    let maxInFlight = 0
    const wide = await startServer((req, res) => {
      if (req.url === "/robots.txt" || req.url === "/sitemap.xml") {
        res.writeHead(404)
        return res.end()
      }
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      setTimeout(() => {
        inFlight--
        res.writeHead(200, { "content-type": "text/html" })
        const links = Array.from({ length: 12 }, (_, i) => `<a href="/p${i}">p${i}</a>`).join("")
        res.end(req.url === "/" ? links : `<p>page ${req.url}</p>`)
      }, 50)
    })
    try {
      const result = await crawl(`${wide.origin}/`, { concurrency: 3 })
      expect(result.pages).toHaveLength(13)
      expect(maxInFlight).toBe(3)
    } finally {
      await wide.close()
    }
  })

  it("follows sitemap indexes two levels deep, no deeper", async () => {
    const xml = (body: string) => `<?xml version="1.0"?>${body}`
    const index = (...locs: Array<string>) =>
      xml(`<sitemapindex>${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join("")}</sitemapindex>`)
    const urlset = (...locs: Array<string>) => xml(`<urlset>${locs.map((l) => `<url><loc>${l}</loc></url>`).join("")}</urlset>`)
    const maps = await startServer((req, res, self) => {
      const o = self.origin
      const docs: Record<string, string> = {
        "/robots.txt": `User-agent: *\nAllow: /\nSitemap: ${o}/sitemap_index.xml`,
        "/sitemap_index.xml": index(`${o}/sub-index.xml`),
        "/sub-index.xml": index(`${o}/pages.xml`, `${o}/too-deep-index.xml`),
        "/pages.xml": urlset(`${o}/deep`),
        "/too-deep-index.xml": index(`${o}/level3.xml`),
        "/level3.xml": urlset(`${o}/never`)
      }
      const doc = docs[req.url ?? ""]
      if (doc !== undefined) {
        res.writeHead(200, { "content-type": req.url === "/robots.txt" ? "text/plain" : "application/xml" })
        return res.end(doc)
      }
      if (req.url === "/sitemap.xml") {
        res.writeHead(404)
        return res.end()
      }
      res.writeHead(200, { "content-type": "text/html" })
      res.end(`<p>page ${req.url}</p>`)
    })
    try {
      const result = await crawl(`${maps.origin}/`)
      expect(pathsOf(result)).toEqual(["/", "/deep"])
      expect(maps.paths()).not.toContain("/level3.xml")
      expect(maps.paths()).toContain("/too-deep-index.xml")
    } finally {
      await maps.close()
    }
  })

  it("counts www. and the bare host as one site, and no other subdomain", async () => {
    const hosts: Array<string> = []
    const multi = await startServer((req, res, self) => {
      const host = req.headers.host ?? ""
      hosts.push(`${host}${req.url}`)
      if (req.url === "/robots.txt" || req.url === "/sitemap.xml") {
        res.writeHead(404)
        return res.end()
      }
      res.writeHead(200, { "content-type": "text/html" })
      const p = self.port
      res.end(req.url === "/"
        ? `<a href="http://www.acme.test:${p}/about">www</a><a href="http://shop.acme.test:${p}/">shop</a>`
        : `<p>${host}${req.url}</p>`)
    })
    try {
      const result = await crawl(`http://acme.test:${multi.port}/`, {
        // Test DNS: every name is this loopback server, which tells them apart by Host header.
        resolveHost: async () => [{ address: "127.0.0.1", family: 4 }]
      })
      expect(result.pages.map((page) => page.url)).toEqual([
        `http://acme.test:${multi.port}/`,
        `http://www.acme.test:${multi.port}/about`
      ])
      expect(hosts.some((h) => h.startsWith("shop."))).toBe(false)
      expect(hosts).toContain(`www.acme.test:${multi.port}/robots.txt`) // robots.txt is per origin
    } finally {
      await multi.close()
    }
  })

  it("fails without connecting when the start host is a private address and they are not allowed", async () => {
    const before = site.connections()
    const { result, sockets } = await countClientSockets(() =>
      Effect.runPromise(Effect.either(crawlSite(`${site.origin}/`, { allowPrivate: false })))
    )
    expect(Either.isLeft(result)).toBe(true)
    const error = (result as Either.Left<CrawlFailed, CrawlResult>).left
    expect(error).toBeInstanceOf(CrawlFailed)
    expect(error.code).toBe("address_not_allowed")
    expect(error.message).toBe("the address is not allowed")
    expect(error.detail).toMatch(/loopback/)
    expect(sockets).toBe(0)
    expect(site.connections()).toBe(before)
  })

  it("fails on a start URL that is not a web address", async () => {
    const result = await Effect.runPromise(Effect.either(crawlSite("ftp://acme.example/", { allowPrivate: true })))
    expect(result).toMatchObject({ _tag: "Left", left: { _tag: "CrawlFailed", code: "invalid_url" } })
  })
})
