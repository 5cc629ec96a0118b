/**
 * A small business website served on loopback for crawl and onboarding tests: several pages,
 * a robots-disallowed path, a sitemap with an orphan page, and two product pages with JSON-LD.
 * Every request is logged, so a test can prove what was (and was not) fetched.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

const page = (title: string, body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><header><nav><a href="/">Home</a> <a href="/breads">Breads</a> <a href="/cakes">Cakes</a> <a href="/about">About</a> <a href="/private/admin">Admin</a></nav></header><main>${body}</main><footer>Crumb Bakery, 12 rue Mercière, Lyon</footer></body></html>`

const product = (name: string, sku: string, price: string, description: string) =>
  `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name, sku, description, offers: { "@type": "Offer", price, priceCurrency: "EUR" } })}</script>`

const pages: Record<string, string> = {
  "/": page(
    "Crumb Bakery | Sourdough and cakes in Lyon",
    "<h1>Crumb Bakery</h1><p>Crumb Bakery bakes naturally leavened sourdough bread, croissants and celebration cakes every morning in Lyon, for families, cafés and restaurants.</p><p><a href='/breads'>Our breads</a> and <a href='/cakes'>our cakes</a>.</p>",
    `<meta name="description" content="Sourdough bread, croissants and celebration cakes baked daily in Lyon."><script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "Bakery", name: "Crumb Bakery", address: { "@type": "PostalAddress", streetAddress: "12 rue Mercière", addressLocality: "Lyon", addressCountry: "FR" }, telephone: "+33 4 00 00 00 00" })}</script>`
  ),
  "/breads": page("Breads | Crumb Bakery", "<h1>Breads</h1><h2>Country sourdough</h2><p>A 36-hour fermented country loaf with a dark crust.</p><h2>Rye</h2><p>Dense rye bread with seeds.</p><a href='/products/country-sourdough'>Country sourdough</a>"),
  "/cakes": page("Cakes | Crumb Bakery", "<h1>Cakes</h1><p>Wedding cakes and birthday cakes made to order in Lyon.</p><a href='/products/wedding-cake'>Wedding cake</a>"),
  "/about": page("About | Crumb Bakery", "<h1>About us</h1><p>Founded in 2012 by two bakers, Crumb Bakery supplies cafés across Lyon.</p>"),
  "/seasonal": page("Seasonal | Crumb Bakery", "<h1>Seasonal specials</h1><p>Galette des rois in January, brioche in spring.</p>"),
  "/products/country-sourdough": page(
    "Country Sourdough | Crumb Bakery",
    "<h1>Country Sourdough</h1><p>Our signature loaf, 1 kg, baked every morning.</p>",
    product("Country Sourdough", "CS-1", "6.50", "A 36-hour fermented country loaf.")
  ),
  "/products/wedding-cake": page(
    "Wedding Cake | Crumb Bakery",
    "<h1>Wedding Cake</h1><p>Three tiers, vanilla and raspberry, for up to 80 guests.</p>",
    product("Wedding Cake", "WC-3", "320.00", "A three-tier celebration cake made to order.")
  ),
  "/private/admin": page("Admin", "<h1>Private</h1><p>This page must never be crawled.</p>")
}

export interface FixtureSite {
  readonly baseUrl: string
  /** Paths requested, in order, with their count. */
  readonly requests: ReadonlyArray<string>
  readonly countOf: (path: string) => number
  /** Connections open now: 0 once a client is gone means all it sent has been read. */
  readonly openConnections: () => number
  readonly close: () => Promise<void>
}

export const startFixtureSite = async (): Promise<FixtureSite> => {
  const requests: Array<string> = []
  let base = ""
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname
    requests.push(path)
    if (path === "/robots.txt") {
      response.writeHead(200, { "content-type": "text/plain" })
      response.end(`User-agent: *\nDisallow: /private/\n\nSitemap: ${base}/sitemap.xml\n`)
      return
    }
    if (path === "/sitemap.xml") {
      response.writeHead(200, { "content-type": "application/xml" })
      response.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${base}/</loc></url><url><loc>${base}/seasonal</loc></url><url><loc>${base}/private/admin</loc></url></urlset>`)
      return
    }
    const body = pages[path]
    if (body === undefined) {
      response.writeHead(404, { "content-type": "text/html" })
      response.end("<h1>Not found</h1>")
      return
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    response.end(body)
  })
  let open = 0
  server.on("connection", (socket) => {
    open += 1
    socket.on("close", () => (open -= 1))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    baseUrl: base,
    requests,
    countOf: (path) => requests.filter((p) => p === path).length,
    openConnections: () => open,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}
