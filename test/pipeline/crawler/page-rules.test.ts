/**
 * What a site and its pages say about the crawl, through real loopback servers: a crawl keeps to
 * its start URL's folder (two shops on one host each read only their own pages), meta robots
 * and `X-Robots-Tag` are honoured, gzipped sitemaps and sitemap indexes are read, a gzip bomb
 * stops at the cap, and a site of only noindex pages fails the crawl.
 */
import { Effect, Either } from "effect"
import type { ServerResponse } from "node:http"
import { gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CrawlFailed, type CrawlResult, crawlSite } from "../../../src/pipeline/crawler/crawl-site.ts"
import { pageDirectives } from "../../../src/pipeline/crawler/page-directives.ts"
import { MAX_SITEMAP_BYTES, sitemapText } from "../../../src/pipeline/crawler/site-rules.ts"
import { crawlScopeOf, isInScope } from "../../../src/pipeline/crawler/url-policy.ts"
import { type LoopbackServer, startServer } from "./loopback-server.ts"

const crawl = (startUrl: string) => Effect.runPromise(crawlSite(startUrl, { allowPrivate: true }))
const crawlEither = (startUrl: string) => Effect.runPromise(Effect.either(crawlSite(startUrl, { allowPrivate: true })))
const pathsOf = (result: CrawlResult) => result.pages.map((page) => new URL(page.url).pathname)

const html = (res: ServerResponse, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers })
  res.end(`<!doctype html><html>${body}</html>`)
}
const page = (title: string, links: ReadonlyArray<string> = [], head = "") =>
  `<head><title>${title}</title>${head}</head><body><h1>${title}</h1><p>${title} is a page with text.</p>${
    links.map((href) => `<a href="${href}">${href}</a>`).join("")
  }</body>`
const urlset = (origin: string, paths: ReadonlyArray<string>) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${
    paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join("")
  }</urlset>`

describe("a crawl keeps to its start URL's folder", () => {
  let market: LoopbackServer
  beforeAll(async () => {
    market = await startServer((req, res, self) => {
      const path = req.url ?? "/"
      if (path === "/robots.txt") return res.end(`User-agent: *\nAllow: /\nSitemap: ${self.origin}/sitemap.xml`)
      if (path === "/sitemap.xml") {
        res.writeHead(200, { "content-type": "application/xml" })
        return res.end(urlset(self.origin, ["/shop/cedar-hill/candles", "/shop/maple-row/bread", "/about"]))
      }
      const pages: Record<string, string> = {
        "/": page("Market", ["/about", "/shop/cedar-hill/", "/shop/maple-row/"]),
        "/about": page("About the market"),
        "/shop/cedar-hill/": page("Cedar Hill Candles", ["/shop/cedar-hill/soy", "/shop/maple-row/", "/about", "/"]),
        "/shop/cedar-hill/soy": page("Balsam fir soy candle", ["/shop/maple-row/bread"]),
        "/shop/cedar-hill/candles": page("All candles"),
        "/shop/maple-row/": page("Maple Row Bakery", ["/shop/maple-row/bread", "/shop/cedar-hill/soy"]),
        "/shop/maple-row/bread": page("Sourdough bread"),
        "/shop/maple-row/cakes": page("Cakes")
      }
      const found = pages[path]
      if (found === undefined) {
        res.writeHead(404)
        return res.end()
      }
      html(res, found)
    })
  })
  afterAll(() => market.close())

  it("reads the folder of the address given: a path with a trailing slash is that folder, a bare host the whole host", () => {
    expect(crawlScopeOf("https://host/shop/cedar-hill/")).toBe("/shop/cedar-hill/")
    expect(crawlScopeOf("https://host/shop/cedar-hill")).toBe("/shop/")
    expect(crawlScopeOf("https://host/")).toBe("/")
    expect(crawlScopeOf("https://host/index.html")).toBe("/")
    expect(isInScope("https://host/shop/cedar-hill/soy", "/shop/cedar-hill/")).toBe(true)
    expect(isInScope("https://host/shop/cedar-hill-two/", "/shop/cedar-hill/")).toBe(false)
    expect(isInScope("https://host/about", "/")).toBe(true)
  })

  it("each shop reads only its own pages and its own sitemap entries", async () => {
    const cedar = await crawl(`${market.origin}/shop/cedar-hill/`)
    expect(cedar.scope).toBe("/shop/cedar-hill/")
    expect(pathsOf(cedar)).toEqual(["/shop/cedar-hill/", "/shop/cedar-hill/soy", "/shop/cedar-hill/candles"])
    const maple = await crawl(`${market.origin}/shop/maple-row/`)
    expect(pathsOf(maple)).toEqual(["/shop/maple-row/", "/shop/maple-row/bread"])
    const requested = market.paths()
    // The shop's own sitemap is looked for first, then the host's.
    expect(requested).toContain("/shop/cedar-hill/sitemap.xml")
  })

  it("a product keeps to its business's folder when it lies in it, else to its own", async () => {
    const crawlFrom = (start: string, scopeFrom: string) =>
      Effect.runPromise(crawlSite(`${market.origin}${start}`, { allowPrivate: true, scopeFrom: `${market.origin}${scopeFrom}` }))
    const inShop = await crawlFrom("/shop/cedar-hill/soy", "/shop/cedar-hill/")
    expect(inShop.scope).toBe("/shop/cedar-hill/")
    expect(pathsOf(inShop)).toEqual(["/shop/cedar-hill/soy", "/shop/cedar-hill/candles"])
    const onHost = await crawlFrom("/shop/cedar-hill/soy", "/")
    expect(onHost.scope).toBe("/")
    expect(pathsOf(onHost)).toContain("/shop/maple-row/bread")
    const elsewhere = await crawlFrom("/shop/cedar-hill/soy", "/shop/maple-row/")
    expect(elsewhere.scope).toBe("/shop/cedar-hill/")
  })

  it("a bare host crawls the whole host as before", async () => {
    const whole = await crawl(`${market.origin}/`)
    expect(whole.scope).toBe("/")
    expect(pathsOf(whole)).toEqual([
      "/",
      "/about",
      "/shop/cedar-hill/",
      "/shop/maple-row/",
      "/shop/cedar-hill/candles",
      "/shop/maple-row/bread",
      "/shop/cedar-hill/soy"
    ])
  })
})

describe("a page's own rules: meta robots and X-Robots-Tag", () => {
  let site: LoopbackServer
  let quiet: LoopbackServer
  beforeAll(async () => {
    site = await startServer((req, res) => {
      const path = req.url ?? "/"
      if (path === "/robots.txt") return res.end("User-agent: *\nAllow: /")
      if (path === "/sitemap.xml") {
        res.writeHead(404)
        return res.end()
      }
      const meta = (content: string, name = "robots") => `<meta name="${name}" content="${content}">`
      const routes: Record<string, () => void> = {
        "/": () => html(res, page("Home", ["/hidden", "/no-follow", "/none", "/header-hidden", "/other-bot", "/our-bot", "/plain"])),
        "/hidden": () => html(res, page("Hidden", ["/via-hidden"], meta("noindex"))),
        "/via-hidden": () => html(res, page("Reached through a noindex page")),
        "/no-follow": () => html(res, page("No follow", ["/via-nofollow"], meta("nofollow"))),
        "/via-nofollow": () => html(res, page("Never reached")),
        "/none": () => html(res, page("None", ["/via-none"], meta("NONE"))),
        "/via-none": () => html(res, page("Never reached either")),
        "/header-hidden": () => html(res, page("Header hidden"), { "x-robots-tag": "noindex" }),
        "/other-bot": () => html(res, page("Another bot's rule"), { "x-robots-tag": "otherbot: noindex, nofollow" }),
        "/our-bot": () => html(res, page("Our bot's rule", [], meta("noindex", "sightlinebot"))),
        "/plain": () => html(res, page("Plain"))
      }
      const route = routes[path]
      if (route === undefined) {
        res.writeHead(404)
        return res.end()
      }
      route()
    })
    quiet = await startServer((req, res) => {
      if (req.url === "/robots.txt") return res.end("")
      if (req.url === "/") return html(res, page("Home", ["/a"], `<meta name="robots" content="noindex">`))
      if (req.url === "/a") return html(res, page("A"), { "x-robots-tag": "noindex, nofollow" })
      res.writeHead(404)
      res.end()
    })
  })
  afterAll(async () => {
    await site.close()
    await quiet.close()
  })

  it("reads the directives of the meta tags and the header", () => {
    expect(pageDirectives(`<head><meta name="robots" content="noindex, nofollow"></head>`, "")).toEqual({ noindex: true, nofollow: true })
    expect(pageDirectives(`<meta name="ROBOTS" content="none">`, "")).toEqual({ noindex: true, nofollow: true })
    expect(pageDirectives(`<meta name="googlebot" content="noindex">`, "")).toEqual({ noindex: false, nofollow: false })
    expect(pageDirectives("", "noindex")).toEqual({ noindex: true, nofollow: false })
    expect(pageDirectives("", "otherbot: noindex, nofollow")).toEqual({ noindex: false, nofollow: false })
    expect(pageDirectives("", "otherbot: noindex, SightlineBot: nofollow")).toEqual({ noindex: false, nofollow: true })
    expect(pageDirectives(`<body><meta name="robots" content="noindex"></body>`, "")).toEqual({ noindex: false, nofollow: false })
  })

  it("keeps no noindex page's content, follows no nofollow page's links, and ignores another bot's rule", async () => {
    const result = await crawl(`${site.origin}/`)
    expect(pathsOf(result)).toEqual(["/", "/no-follow", "/other-bot", "/plain", "/via-hidden"])
    expect(result.skipped).toEqual(expect.arrayContaining([
      { url: `${site.origin}/hidden`, reason: "noindex" },
      { url: `${site.origin}/none`, reason: "noindex" },
      { url: `${site.origin}/header-hidden`, reason: "noindex" },
      { url: `${site.origin}/our-bot`, reason: "noindex" }
    ]))
    expect(site.paths()).not.toContain("/via-nofollow")
    expect(site.paths()).not.toContain("/via-none")
  })

  it("a site of only noindex pages fails the crawl: no page may be used", async () => {
    const result = await crawlEither(`${quiet.origin}/`)
    const failure = Either.isLeft(result) ? result.left : undefined
    expect(failure).toBeInstanceOf(CrawlFailed)
    expect(failure?.code).toBe("no_usable_pages")
    expect(failure?.message).toBe(`${quiet.origin}/ has no page that may be used (2 of 2 marked noindex, the others empty)`)
  })
})

describe("gzipped sitemaps", () => {
  let site: LoopbackServer
  const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20))
  beforeAll(async () => {
    site = await startServer((req, res, self) => {
      const path = req.url ?? "/"
      const gz = (body: string | Buffer) => {
        res.writeHead(200, { "content-type": "application/gzip" })
        res.end(typeof body === "string" ? gzipSync(body) : body)
      }
      if (path === "/robots.txt") {
        return res.end(`User-agent: *\nAllow: /\nSitemap: ${self.origin}/bomb.xml.gz\nSitemap: ${self.origin}/index.xml.gz`)
      }
      if (path === "/bomb.xml.gz") return gz(bomb)
      if (path === "/index.xml.gz") {
        return gz(`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${self.origin}/pages.xml.gz</loc></sitemap></sitemapindex>`)
      }
      if (path === "/pages.xml.gz") return gz(urlset(self.origin, ["/from-gzip"]))
      if (path === "/") return html(res, page("Home"))
      if (path === "/from-gzip") return html(res, page("Listed in a gzipped sitemap"))
      res.writeHead(404)
      res.end()
    })
  })
  afterAll(() => site.close())

  it("reads a gzipped sitemap index and the gzipped sitemap it lists, past a gzip bomb", async () => {
    const result = await crawl(`${site.origin}/`)
    expect(pathsOf(result)).toEqual(["/", "/from-gzip"])
    expect(site.paths()).toEqual(expect.arrayContaining(["/bomb.xml.gz", "/index.xml.gz", "/pages.xml.gz"]))
  })

  it("decompresses a gzip bomb only up to the cap, and refuses what is not gzip", async () => {
    const text = await Effect.runPromise(sitemapText(bomb, ""))
    expect(text?.length).toBe(MAX_SITEMAP_BYTES)
    expect(await Effect.runPromise(sitemapText(Buffer.from([0x1f, 0x8b, 1, 2, 3]), ""))).toBeUndefined()
    expect(await Effect.runPromise(sitemapText(Buffer.from("<urlset/>"), "<urlset/>"))).toBe("<urlset/>")
  })
})
