/**
 * A 50-page business website generated for the onboarding benchmark and served on loopback from
 * the bench process: a bicycle shop with a home page, 5 category pages, 40 product and service
 * pages (each with JSON-LD Product), about, contact, FAQ and delivery pages, a sitemap listing all
 * 50, and a robots.txt disallowing the cart. Every request is logged with its arrival time
 * (`performance.now()`), so the bench can say what the crawler fetched and when.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export const BUSINESS_NAME = "Northwind Cycles"

interface Category {
  readonly slug: string
  readonly title: string
  readonly intro: string
  readonly noun: string
  readonly items: ReadonlyArray<string>
}

const CATEGORIES: ReadonlyArray<Category> = [
  {
    slug: "road-bikes",
    title: "Road bikes",
    intro: "Lightweight carbon and steel road bikes for club rides, sportives and commuting over the West Hills.",
    noun: "road bike",
    items: ["Columbia Aero 105", "Columbia Aero Ultegra", "Steel Classic 2x11", "Endurance Disc SL", "Climber Carbon Di2", "Crit Racer Alloy", "Women's Endurance 105", "Junior Road 650c"]
  },
  {
    slug: "gravel-bikes",
    title: "Gravel bikes",
    intro: "Gravel and adventure bikes with room for 50 mm tyres, built for forest roads in the Cascades.",
    noun: "gravel bike",
    items: ["Timberline GRX 600", "Timberline GRX 820", "Bikepacker Steel", "All-Road Carbon", "Gravel Flat-Bar Explore", "Timberline Rival AXS", "Trail Gravel 1x12", "Budget Gravel Claris"]
  },
  {
    slug: "e-bikes",
    title: "Electric bikes",
    intro: "Electric city, cargo and trekking bikes with mid-drive motors, serviced in our own workshop.",
    noun: "e-bike",
    items: ["Pearl District E-City", "Cargo Long-Tail E", "Trekking E-Tour 625", "Folding E-Commuter", "Step-Through E-Comfort", "Hill Climber E-MTB", "Compact Cargo E-Box", "Speed Pedelec 45"]
  },
  {
    slug: "components",
    title: "Components and accessories",
    intro: "Wheels, drivetrains, lights, locks and bags we stock and fit, chosen after thousands of repairs.",
    noun: "component",
    items: ["Tubeless Wheelset 28", "Dynamo Light Set", "Hi-Viz Rear Radar", "Waterproof Pannier Pair", "Folding U-Lock Pro", "Carbon Bottle Cage", "Power Meter Pedals", "Winter Tyre Pair"]
  },
  {
    slug: "services",
    title: "Workshop services",
    intro: "Tune-ups, bike fitting, wheel building and e-bike diagnostics by certified mechanics.",
    noun: "service",
    items: ["Basic Tune-Up", "Full Overhaul", "Professional Bike Fit", "Custom Wheel Build", "E-Bike Motor Diagnostics", "Tubeless Conversion", "Hydraulic Brake Bleed", "Winter Storage Plan"]
  }
]

const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

const NAV = `<nav><a href="/">Home</a> ${CATEGORIES.map((c) => `<a href="/${c.slug}">${c.title}</a>`).join(" ")} <a href="/about">About</a> <a href="/contact">Contact</a> <a href="/faq">FAQ</a> <a href="/cart/">Cart</a></nav>`

const FOOTER = `<footer>${BUSINESS_NAME}, 2150 NW Thurman St, Portland, OR 97210 · +1 503 555 0142 · <a href="/delivery-returns">Delivery and returns</a></footer>`

const page = (title: string, description: string, body: string, head = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>` +
  `<meta name="description" content="${escape(description)}"><meta property="og:site_name" content="${BUSINESS_NAME}">${head}</head>` +
  `<body><header>${NAV}</header><main>${body}</main>${FOOTER}</body></html>`

const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`

/** Path → HTML; exactly 50 pages. */
const buildPages = () => {
  const pages = new Map<string, string>()
  pages.set("/", page(
    `${BUSINESS_NAME} | Bike shop and workshop in Portland, Oregon`,
    "Road, gravel and electric bikes, components and a full-service workshop in Northwest Portland.",
    `<h1>${BUSINESS_NAME}</h1><p>${BUSINESS_NAME} is an independent bicycle shop in Northwest Portland selling road, gravel and electric bikes, fitting components and running a full-service workshop since 2009.</p>` +
      CATEGORIES.map((c) => `<section><h2><a href="/${c.slug}">${c.title}</a></h2><p>${c.intro}</p></section>`).join("") +
      `<p>Test rides every day on the Willamette waterfront; free first tune-up with every bike.</p>`,
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BicycleStore",
      name: BUSINESS_NAME,
      url: "/",
      address: { "@type": "PostalAddress", streetAddress: "2150 NW Thurman St", addressLocality: "Portland", addressRegion: "OR", postalCode: "97210", addressCountry: "US" },
      telephone: "+1 503 555 0142",
      email: "hello@northwind-cycles.example",
      openingHours: "Mo-Sa 10:00-19:00"
    })
  ))
  CATEGORIES.forEach((category, c) => {
    pages.set(`/${category.slug}`, page(
      `${category.title} | ${BUSINESS_NAME}`,
      category.intro,
      `<h1>${category.title}</h1><p>${category.intro}</p><ul>` +
        category.items.map((item) => `<li><a href="/${category.slug}/${slugOf(item)}">${item}</a></li>`).join("") + `</ul>`
    ))
    category.items.forEach((item, i) => {
      const price = (category.slug === "services" ? 45 + 25 * i : category.slug === "components" ? 39 + 31 * i : 1_190 + 260 * i + 90 * c).toFixed(2)
      const sku = `NW-${category.slug.slice(0, 3).toUpperCase()}-${100 + i}`
      const description = `${item}: a ${category.noun} from ${BUSINESS_NAME}, ${category.intro.charAt(0).toLowerCase()}${category.intro.slice(1)}`
      const related: [string, string] = [category.items[(i + 1) % category.items.length]!, category.items[(i + 3) % category.items.length]!]
      pages.set(`/${category.slug}/${slugOf(item)}`, page(
        `${item} | ${category.title} | ${BUSINESS_NAME}`,
        description,
        `<h1>${item}</h1><p>${description}</p>` +
          `<h2>Details</h2><p>Item ${sku}, ${category.noun} number ${i + 1} of ${category.items.length} in our ${category.title.toLowerCase()} range, ` +
          `priced at $${price}. ${i % 2 === 0 ? "In stock at the Thurman Street shop." : "Ships within 5 working days, or collect in store."}</p>` +
          `<h2>Why riders choose it</h2><p>${item} suits ${["commuters", "weekend riders", "racers", "families", "tourers", "beginners", "long-distance riders", "year-round riders"][i]} ` +
          `in Portland's ${["rain", "hills", "traffic", "gravel roads", "winter", "summer heat", "bridges", "bike lanes"][(i + c) % 8]}.</p>` +
          `<p>See also <a href="/${category.slug}/${slugOf(related[0])}">${related[0]}</a> and <a href="/${category.slug}/${slugOf(related[1])}">${related[1]}</a>, or back to <a href="/${category.slug}">${category.title}</a>.</p>`,
        jsonLd({
          "@context": "https://schema.org",
          "@type": "Product",
          name: item,
          sku,
          description,
          brand: { "@type": "Brand", name: BUSINESS_NAME },
          offers: { "@type": "Offer", price, priceCurrency: "USD", availability: "https://schema.org/InStock" }
        })
      ))
    })
  })
  pages.set("/about", page(
    `About us | ${BUSINESS_NAME}`,
    "Founded in 2009 by two mechanics, Northwind Cycles is Portland's independent bike shop.",
    `<h1>About ${BUSINESS_NAME}</h1><p>Founded in 2009 by two former race mechanics, ${BUSINESS_NAME} has grown into a team of twelve riders, fitters and mechanics. We sponsor the Forest Park gravel series and teach free maintenance classes every month.</p>`
  ))
  pages.set("/contact", page(
    `Contact | ${BUSINESS_NAME}`,
    "Visit, call or e-mail Northwind Cycles in Northwest Portland.",
    `<h1>Contact</h1><p>2150 NW Thurman St, Portland, OR 97210. Phone +1 503 555 0142, e-mail hello@northwind-cycles.example. Open Monday to Saturday, 10 am to 7 pm; workshop bookings online or by phone.</p>`
  ))
  pages.set("/faq", page(
    `FAQ | ${BUSINESS_NAME}`,
    "Answers about test rides, financing, warranty and workshop turnaround.",
    `<h1>Frequently asked questions</h1><h2>Can I test ride?</h2><p>Yes, every bike on the floor, with an ID.</p><h2>Do you offer financing?</h2><p>0% over 12 months on bikes over $1,000.</p><h2>How long does a tune-up take?</h2><p>Usually two working days.</p>`
  ))
  pages.set("/delivery-returns", page(
    `Delivery and returns | ${BUSINESS_NAME}`,
    "Shipping, in-store collection and 30-day returns.",
    `<h1>Delivery and returns</h1><p>Free delivery in Portland for bikes; components ship nationwide in 3 to 5 days. Unridden items can be returned within 30 days.</p>`
  ))
  return pages
}

export interface BenchSite {
  readonly baseUrl: string
  /** The HTML pages the site has (50). */
  readonly pagePaths: ReadonlyArray<string>
  /** Every request, in order, with its arrival time (`performance.now()`) and status. */
  readonly requests: ReadonlyArray<{ readonly path: string; readonly at: number; readonly status: number }>
  readonly close: () => Promise<void>
}

export const startBenchSite = async (): Promise<BenchSite> => {
  const pages = buildPages()
  if (pages.size !== 50) throw new Error(`the generated site has ${pages.size} pages, expected 50`)
  const requests: Array<{ path: string; at: number; status: number }> = []
  let base = ""
  const server: Server = createServer((request, response) => {
    const at = performance.now()
    const path = new URL(request.url ?? "/", "http://x").pathname
    const send = (status: number, contentType: string, body: string) => {
      requests.push({ path, at, status })
      response.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) })
      response.end(body)
    }
    if (path === "/robots.txt") return send(200, "text/plain", `User-agent: *\nDisallow: /cart/\n\nSitemap: ${base}/sitemap.xml\n`)
    if (path === "/sitemap.xml") {
      return send(
        200,
        "application/xml",
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          [...pages.keys()].map((p) => `<url><loc>${base}${p}</loc><lastmod>2025-01-15</lastmod></url>`).join("") + `</urlset>`
      )
    }
    const body = pages.get(path)
    if (body === undefined) return send(404, "text/html", "<h1>Not found</h1>")
    send(200, "text/html; charset=utf-8", body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    baseUrl: base,
    pagePaths: [...pages.keys()],
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      })
  }
}
