/**
 * The Acme Bakery fixture site (test/fixtures/sites/acme-bakery) served on loopback: static
 * pages, robots.txt and a sitemap naming the server's own origin, plus the routes a crawler
 * must handle: redirects (within the site, out of it, into a disallowed path), a PDF, a JSON
 * feed, a gzip-encoded page.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { type LoopbackServer, startServer } from "./loopback-server.ts"

const DIR = join(import.meta.dirname, "../../fixtures/sites/acme-bakery")
const read = (file: string) => readFileSync(join(DIR, file), "utf8")

const PAGES: Readonly<Record<string, string>> = {
  "/": "index.html",
  "/about": "about.html",
  "/about/print": "about-print.html",
  "/about-us": "about-us.html",
  "/contact": "contact.html",
  "/products/": "products.html",
  "/products/sourdough": "sourdough.html",
  "/products/croissant": "croissant.html",
  "/blog/": "blog.html",
  "/blog/first-post": "first-post.html",
  "/news": "news.html",
  "/orphan": "orphan.html",
  "/private/secret": "private.html",
  "/private/from-sitemap": "private.html"
}

/** `elsewhere`: the origin `/go-elsewhere` redirects to (another site). */
export const startAcmeBakery = (elsewhere: string): Promise<LoopbackServer> =>
  startServer((req, res, server) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": type, ...headers })
      res.end(body)
    }
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { location })
      res.end()
    }
    const file = PAGES[path]
    if (file !== undefined) return send(200, "text/html; charset=utf-8", read(file))
    switch (path) {
      case "/robots.txt":
        return send(200, "text/plain", read("robots.txt").replaceAll("{{ORIGIN}}", server.origin))
      case "/sitemap.xml":
        return send(200, "application/xml", read("sitemap.xml").replaceAll("{{ORIGIN}}", server.origin))
      case "/blog/second-post":
        return send(200, "text/html", gzipSync(read("second-post.html")), { "content-encoding": "gzip" })
      case "/old-page":
        return redirect(301, "/news")
      case "/go-elsewhere":
        return redirect(302, `${elsewhere}/landing`)
      case "/sneaky":
        return redirect(302, "/private/secret")
      case "/file.pdf":
        return send(200, "application/pdf", Buffer.from("%PDF-1.4 binary"))
      case "/feed":
        return send(200, "application/json", "{\"items\":[]}")
      default:
        return send(404, "text/html", "<h1>Not found</h1>")
    }
  })
