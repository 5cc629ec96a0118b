/**
 * Renders an entity's whole site to files: pure, deterministic (the same input gives the same
 * bytes), no I/O and no clock. Every string that came from a crawl or a model enters the HTML
 * through `html` (escaped), `safeUrl` (only http(s), mailto, tel and same-site links) or
 * `jsonLdScript` (no `</script>` can break out), never by concatenation.
 *
 * Canonical links: the home page points at the source website (the real site stays the one
 * search engines and assistants credit); an offering page points at the offering's own page on
 * the source site when the crawl found one on the same host; every other page — FAQ, about,
 * contact, blog — exists only here and points at itself. `og:url` follows the canonical.
 */
import { stripWwwPrefix } from "../domain/url.ts"
import { dayTimestamp, renderAtomFeed } from "./atom-feed.ts"
import { Html, html, join, jsonLdScript, oneLine, raw, safeUrl, type HtmlValue } from "./html.ts"
import { addressLine, entitySummary, priceText, renderLlmsFullTxt, renderLlmsTxt } from "./llms-txt.ts"
import { renderRobotsTxt } from "./robots-txt.ts"
import type { SiteFile, SiteInput } from "./site-input.ts"
import { absolute, planSite, type PlannedOffering, type PlannedPost, type SitePlan } from "./site-plan.ts"
import { renderSitemap, type SitemapEntry } from "./sitemap.ts"
import { accentFor, siteStyles } from "./styles.ts"
import { displayHost, externalUrl, paragraphs, truncate } from "./text.ts"
import { trackingScript } from "./tracking-script.ts"

export const CONTENT_TYPES = {
  html: "text/html; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  text: "text/plain; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8"
} as const

type JsonNode = Record<string, unknown>
type NavKey = "home" | "offerings" | "faq" | "blog" | "about" | "contact"

interface Crumb {
  readonly name: string
  readonly path: string
}

interface Page {
  /** `/`, `/faq/`, ...: the page's address; its file is `<path>index.html`. */
  readonly path: string
  readonly nav: NavKey | null
  readonly title: string
  readonly description: string
  readonly canonical: string
  readonly ogType: "website" | "article"
  /** JSON-LD nodes besides the organization (added to every page) and the breadcrumbs. */
  readonly graph: ReadonlyArray<JsonNode>
  /** Empty on the home page; otherwise from Home down to the page itself. */
  readonly crumbs: ReadonlyArray<Crumb>
  readonly head?: Html
  readonly body: Html
}

interface Context {
  readonly input: SiteInput
  readonly plan: SitePlan
  readonly name: string
  readonly businessName: string
  /** The source website as a safe absolute URL, or null. */
  readonly source: string | null
  readonly sourceHost: string
  readonly summary: string
  readonly orgNode: JsonNode
  readonly orgRef: JsonNode
  /** The entity itself as a schema.org Product, on a product's site. */
  readonly productRef: JsonNode | null
  readonly url: (path: string) => string
}

// ---------------------------------------------------------------------------------------------
// Entry point

export const renderSite = (given: SiteInput): ReadonlyMap<string, SiteFile> => {
  // A question or an answer that is blank after cleaning would render as an empty disclosure.
  const input: SiteInput = { ...given, faq: given.faq.filter((f) => oneLine(f.question) !== "" && oneLine(f.answer) !== "") }
  const plan = planSite(input)
  const ctx = makeContext(input, plan)
  const pages: Array<Page> = [homePage(ctx)]
  if (plan.offerings.length > 0) {
    pages.push(offeringsIndexPage(ctx))
    for (const o of plan.offerings) pages.push(offeringPage(ctx, o))
  }
  pages.push(faqPage(ctx), aboutPage(ctx), contactPage(ctx), blogIndexPage(ctx))
  for (const p of plan.posts) pages.push(postPage(ctx, p))

  const files = new Map<string, SiteFile>()
  for (const page of pages) files.set(`${page.path}index.html`, { contentType: CONTENT_TYPES.html, body: renderPage(ctx, page) })
  files.set("/404.html", { contentType: CONTENT_TYPES.html, body: notFoundPage(ctx) })
  files.set("/feed.xml", { contentType: CONTENT_TYPES.atom, body: feedFor(ctx) })
  files.set("/sitemap.xml", { contentType: CONTENT_TYPES.xml, body: renderSitemap(sitemapEntries(ctx, pages)) })
  files.set("/robots.txt", { contentType: CONTENT_TYPES.text, body: renderRobotsTxt(plan.siteUrl) })
  files.set("/llms.txt", { contentType: CONTENT_TYPES.text, body: renderLlmsTxt(input, plan) })
  files.set("/llms-full.txt", { contentType: CONTENT_TYPES.text, body: renderLlmsFullTxt(input, plan) })
  files.set("/styles.css", { contentType: CONTENT_TYPES.css, body: siteStyles(accentFor(input.businessId)) })
  files.set("/track.js", {
    contentType: CONTENT_TYPES.js,
    body: trackingScript({ endpoint: input.trackingEndpoint, businessId: input.businessId, itemId: input.itemId })
  })
  return files
}

const feedFor = (ctx: Context): string =>
  renderAtomFeed({
    title: `${ctx.name} blog`,
    subtitle: ctx.summary,
    siteUrl: ctx.url("/"),
    feedUrl: ctx.url("/feed.xml"),
    blogUrl: ctx.url("/blog/"),
    authorName: ctx.businessName,
    authorUrl: ctx.source,
    updated: ctx.plan.posts[0] === undefined ? ctx.input.generatedAt : dayTimestamp(ctx.plan.posts[0].post.date),
    entries: ctx.plan.posts.map((p) => ({
      title: oneLine(p.post.title),
      url: ctx.url(p.path),
      date: p.post.date,
      summary: oneLine(p.post.summary),
      contentHtml: postBodyHtml(p),
      category: oneLine(p.post.topic)
    }))
  })

const sitemapEntries = (ctx: Context, pages: ReadonlyArray<Page>): ReadonlyArray<SitemapEntry> => {
  const postDates = new Map(ctx.plan.posts.map((p) => [p.path, p.post.date]))
  return pages.map((page) => ({ loc: ctx.url(page.path), lastmod: postDates.get(page.path) ?? ctx.input.generatedAt }))
}

// ---------------------------------------------------------------------------------------------
// Context and shared facts

const nonEmpty = (s: string | null | undefined): s is string => s !== null && s !== undefined && oneLine(s) !== ""

/** Drops null, undefined and empty-string fields, so JSON-LD carries only stated facts. */
const compact = (node: Record<string, unknown>): JsonNode =>
  Object.fromEntries(Object.entries(node).filter(([, v]) => v !== null && v !== undefined && v !== ""))

const isLocal = (input: SiteInput): boolean => nonEmpty(input.place) || addressLine(input) !== null

const makeContext = (input: SiteInput, plan: SitePlan): Context => {
  const url = (path: string) => absolute(plan, path)
  const source = externalUrl(input.sourceUrl, input.sourceUrl)
  const name = oneLine(input.name) === "" ? oneLine(input.businessName) : oneLine(input.name)
  const businessName = oneLine(input.businessName) === "" ? name : oneLine(input.businessName)
  const orgId = url("/#organization")
  // On a product's site the organization is the business behind it, whose site is the origin.
  const orgUrl = source === null ? url("/") : input.kind === "product" ? `${new URL(source).origin}/` : source
  const address = input.address
  const postal =
    address === null || addressLine(input) === null
      ? null
      : compact({
          "@type": "PostalAddress",
          streetAddress: address.street,
          addressLocality: address.locality,
          addressRegion: address.region,
          postalCode: address.postalCode,
          addressCountry: address.country
        })
  const orgNode = compact({
    "@type": isLocal(input) ? "LocalBusiness" : "Organization",
    "@id": orgId,
    name: businessName,
    url: orgUrl,
    description: input.kind === "business" && nonEmpty(input.description) ? oneLine(input.description) : null,
    telephone: nonEmpty(input.phone) ? oneLine(input.phone) : null,
    email: nonEmpty(input.email) ? oneLine(input.email) : null,
    address: postal,
    areaServed: nonEmpty(input.place) ? oneLine(input.place) : null
  })
  return {
    input,
    plan,
    name,
    businessName,
    source,
    sourceHost: source === null ? name : displayHost(source),
    summary: entitySummary(input),
    orgNode,
    orgRef: { "@id": orgId },
    productRef: input.kind === "product" ? { "@id": url("/#product") } : null,
    url
  }
}

const entityProductNode = (ctx: Context): JsonNode =>
  compact({
    "@type": "Product",
    "@id": ctx.url("/#product"),
    name: ctx.name,
    description: ctx.summary,
    url: ctx.source ?? ctx.url("/"),
    brand: { "@type": "Brand", name: ctx.businessName },
    manufacturer: ctx.orgRef
  })

const sameHost = (a: string, b: string | null): boolean => {
  if (b === null) return false
  try {
    const host = (u: string) => stripWwwPrefix(new URL(u).hostname.toLowerCase())
    return host(a) === host(b)
  } catch {
    return false
  }
}

// Only digits and a leading plus reach a `tel:` link; anything else stays plain text.
const telHref = (phone: string): string | null => {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "")
  return digits.replace(/\D/g, "").length >= 5 ? safeUrl(`tel:${digits}`) : null
}

const EMAIL = /^[^\s@<>"'`()\\,;:]+@[^\s@<>"'`()\\,;:]+\.[^\s@<>"'`()\\,;:]+$/
const mailHref = (email: string): string | null => (EMAIL.test(oneLine(email)) ? safeUrl(`mailto:${oneLine(email)}`) : null)

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
/** `2026-03-01` → `1 March 2026`, with no locale data involved. */
const humanDate = (date: string): string => {
  const [y, m, d] = date.split("-")
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ""} ${y}`
}

const metaDescription = (text: string): string => truncate(text, 160)

// ---------------------------------------------------------------------------------------------
// Layout

const NAV: ReadonlyArray<{ key: NavKey; label: (ctx: Context) => string; path: (ctx: Context) => string; when?: (ctx: Context) => boolean }> = [
  { key: "home", label: () => "Home", path: () => "/" },
  {
    key: "offerings",
    label: (ctx) => ctx.plan.offeringsLabel,
    path: (ctx) => `/${ctx.plan.offeringsSegment}/`,
    when: (ctx) => ctx.plan.offerings.length > 0
  },
  { key: "faq", label: () => "FAQ", path: () => "/faq/" },
  { key: "blog", label: () => "Blog", path: () => "/blog/" },
  { key: "about", label: () => "About", path: () => "/about/" },
  { key: "contact", label: () => "Contact", path: () => "/contact/" }
]

const externalLink = (url: string, text: HtmlValue, cls?: string): Html =>
  html`<a${cls === undefined ? null : html` class="${cls}"`} href="${safeUrl(url)}" rel="noopener">${text}</a>`

const siteHeader = (ctx: Context, current: NavKey | null): Html => {
  const mark = Array.from(ctx.name)[0]?.toUpperCase() ?? "•"
  const items = NAV.filter((n) => n.when === undefined || n.when(ctx)).map(
    (n) =>
      html`<li><a href="${safeUrl(n.path(ctx))}"${n.key === current ? raw(` aria-current="page"`) : null}>${n.label(ctx)}</a></li>`
  )
  return html`<header class="site-header">
<div class="wrap">
<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">${mark}</span><span>${ctx.name}</span></a>
<nav class="site-nav" aria-label="Main"><ul>${items}</ul></nav>
</div>
</header>`
}

const siteFooter = (ctx: Context): Html => {
  const year = /^\d{4}/.exec(ctx.input.generatedAt)?.[0]
  const from = ctx.source === null ? null : html` Information from ${externalLink(ctx.source, ctx.sourceHost)}.`
  return html`<footer class="site-footer">
<div class="wrap">
<p>${year === undefined ? null : `© ${year} `}${ctx.businessName}.${from}</p>
<ul>
<li><a href="/contact/">Contact</a></li>
<li><a href="/feed.xml">Atom feed</a></li>
<li><a href="/sitemap.xml">Sitemap</a></li>
<li><a href="/llms.txt">llms.txt</a></li>
</ul>
</div>
</footer>`
}

const breadcrumbNav = (crumbs: ReadonlyArray<Crumb>): Html | null =>
  crumbs.length === 0
    ? null
    : html`<nav class="breadcrumb" aria-label="Breadcrumb"><ol>${crumbs.map((c, i) =>
        i === crumbs.length - 1
          ? html`<li><span aria-current="page">${c.name}</span></li>`
          : html`<li><a href="${safeUrl(c.path)}">${c.name}</a></li>`
      )}</ol></nav>
`

const breadcrumbNode = (ctx: Context, crumbs: ReadonlyArray<Crumb>): JsonNode => ({
  "@type": "BreadcrumbList",
  itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: ctx.url(c.path) }))
})

const trackingTag = (ctx: Context): Html =>
  html`<script src="/track.js" data-business-id="${ctx.input.businessId}"${
    ctx.input.itemId === null ? null : html` data-item-id="${ctx.input.itemId}"`
  } defer></script>`

const renderPage = (ctx: Context, page: Page): string => {
  const graph = [ctx.orgNode, ...page.graph, ...(page.crumbs.length > 0 ? [breadcrumbNode(ctx, page.crumbs)] : [])]
  const canonical = safeUrl(page.canonical)
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
<meta name="robots" content="index, follow, max-snippet:-1">
<link rel="canonical" href="${canonical}">
<meta property="og:type" content="${page.ogType}">
<meta property="og:site_name" content="${ctx.name}">
<meta property="og:title" content="${page.title}">
<meta property="og:description" content="${page.description}">
<meta property="og:url" content="${canonical}">
<meta name="twitter:card" content="summary">
${page.head ?? null}<link rel="stylesheet" href="/styles.css">
<link rel="alternate" type="application/atom+xml" title="${`${ctx.name} blog`}" href="/feed.xml">
${jsonLdScript({ "@context": "https://schema.org", "@graph": graph })}
${trackingTag(ctx)}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${siteHeader(ctx, page.nav)}
<main id="main" class="wrap site-main">
${breadcrumbNav(page.crumbs)}${page.body}
</main>
${siteFooter(ctx)}
</body>
</html>
`.value
}

// ---------------------------------------------------------------------------------------------
// Building blocks

const factsList = (ctx: Context, variant: "list" | "tiles" = "list"): Html | null => {
  const i = ctx.input
  const rows: Array<[string, HtmlValue]> = []
  if (i.kind === "product") rows.push(["Made by", ctx.businessName])
  if (nonEmpty(i.category)) rows.push(["Category", oneLine(i.category)])
  if (nonEmpty(i.place)) rows.push(["Location", oneLine(i.place)])
  const address = addressLine(i)
  if (address !== null) rows.push(["Address", html`<address>${address}</address>`])
  if (nonEmpty(i.phone)) {
    const tel = telHref(i.phone)
    rows.push(["Phone", tel === null ? oneLine(i.phone) : html`<a href="${tel}">${oneLine(i.phone)}</a>`])
  }
  if (nonEmpty(i.email)) {
    const mail = mailHref(i.email)
    rows.push(["Email", mail === null ? oneLine(i.email) : html`<a href="${mail}">${oneLine(i.email)}</a>`])
  }
  if (ctx.source !== null) rows.push(["Website", externalLink(ctx.source, ctx.sourceHost)])
  if (rows.length === 0) return null
  return html`<dl class="${variant === "tiles" ? "facts tiles" : "facts"}">${rows.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>
`
}

const offeringCard = (o: PlannedOffering): Html => {
  const price = priceText(o.offering.price, o.offering.currency)
  const description = nonEmpty(o.offering.description) ? truncate(o.offering.description, 160) : null
  return html`<li class="card"><h3><a href="${safeUrl(o.path)}">${oneLine(o.offering.name)}</a></h3>${
    description === null ? null : html`<p>${description}</p>`
  }${price === null ? null : html`<p class="meta"><span class="price">${price}</span></p>`}</li>
`
}

const postItem = (p: PlannedPost, heading: "h2" | "h3"): Html => {
  const title = html`<a href="${safeUrl(p.path)}">${oneLine(p.post.title)}</a>`
  return html`<li><time datetime="${p.post.date}">${humanDate(p.post.date)}</time>${
    heading === "h2" ? html`<h2>${title}</h2>` : html`<h3>${title}</h3>`
  }<p>${truncate(p.post.summary, 220)}</p></li>
`
}

const faqItems = (entries: SiteInput["faq"], openFirst: boolean): Html =>
  join(
    entries.map(
      (f, i) =>
        html`<details${openFirst && i === 0 ? raw(" open") : null}><summary>${oneLine(f.question)}</summary><div class="answer">${paragraphs(
          f.answer
        ).map((p) => html`<p>${p}</p>`)}</div></details>
`
    )
  )

/** A card beside the content on wide screens (below it on phones): who this is and how to reach it. */
const entityAside = (ctx: Context): Html => {
  const i = ctx.input
  const tel = nonEmpty(i.phone) ? telHref(i.phone) : null
  const mail = nonEmpty(i.email) ? mailHref(i.email) : null
  const links = [
    tel === null || i.phone === null ? null : html`<li><a href="${tel}">${oneLine(i.phone)}</a></li>`,
    mail === null || i.email === null ? null : html`<li><a href="${mail}">${oneLine(i.email)}</a></li>`,
    ctx.source === null ? null : html`<li>${externalLink(ctx.source, ctx.sourceHost)}</li>`
  ].filter((l): l is Html => l !== null)
  return html`<aside class="aside-card" aria-label="${`About ${ctx.name}`}">
<p class="aside-title">${ctx.name}</p>
<p>${truncate(ctx.summary, 180)}</p>
${links.length === 0 ? null : html`<ul>${links}</ul>
`}<a class="button" href="/contact/">Get in touch</a>
</aside>
`
}

// ---------------------------------------------------------------------------------------------
// Pages

const homePage = (ctx: Context): Page => {
  const { input, plan } = ctx
  const eyebrow =
    input.kind === "product"
      ? `Product by ${ctx.businessName}`
      : [input.category, input.place].filter(nonEmpty).map(oneLine).join(" · ")
  const offeringsPath = `/${plan.offeringsSegment}/`
  const primary =
    plan.offerings.length > 0
      ? html`<a class="button" href="${offeringsPath}">Explore ${plan.offeringsLabel.toLowerCase()}</a>`
      : html`<a class="button" href="/faq/">Read the FAQ</a>`
  const visit = ctx.source === null ? html`<a class="button secondary" href="/contact/">Contact</a>` : externalLink(ctx.source, `Visit ${ctx.sourceHost}`, "button secondary")
  const offerings =
    plan.offerings.length === 0
      ? null
      : html`<section aria-labelledby="offerings-title">
<div class="section-head"><h2 id="offerings-title">${plan.offeringsLabel}</h2>${
          plan.offerings.length > 6 ? html`<a href="${offeringsPath}">All ${plan.offerings.length} ${plan.offeringsLabel.toLowerCase()}</a>` : null
        }</div>
<ul class="cards">
${plan.offerings.slice(0, 6).map(offeringCard)}</ul>
</section>
`
  const faq =
    input.faq.length === 0
      ? null
      : html`<section aria-labelledby="faq-title">
<div class="section-head"><h2 id="faq-title">Common questions</h2><a href="/faq/">${input.faq.length === 1 ? "The full answer" : `All ${input.faq.length} questions`}</a></div>
<div class="faq">
${faqItems(input.faq.slice(0, 3), false)}</div>
</section>
`
  const posts =
    plan.posts.length === 0
      ? null
      : html`<section aria-labelledby="blog-title">
<div class="section-head"><h2 id="blog-title">Latest articles</h2><a href="/blog/">All articles</a></div>
<ul class="post-list">
${plan.posts.slice(0, 3).map((p) => postItem(p, "h3"))}</ul>
</section>
`
  const facts = factsList(ctx, "tiles")
  const columns = faq === null && posts === null ? null : html`<div class="columns">
${faq}${posts}</div>
`
  const body = html`<section class="hero" aria-labelledby="page-title">
${eyebrow === "" ? null : html`<p class="eyebrow">${eyebrow}</p>`}<h1 id="page-title">${ctx.name}</h1>
<p class="lead">${ctx.summary}</p>
<div class="actions">${primary}${visit}</div>
</section>
${offerings}${columns}${
    facts === null
      ? null
      : html`<section aria-labelledby="facts-title">
<h2 id="facts-title">At a glance</h2>
${facts}</section>
`
  }`
  const title = eyebrow === "" ? ctx.name : `${ctx.name} | ${eyebrow}`
  return {
    path: "/",
    nav: "home",
    title,
    description: metaDescription(ctx.summary),
    canonical: ctx.source ?? ctx.url("/"),
    ogType: "website",
    graph: [
      { "@type": "WebSite", "@id": ctx.url("/#website"), url: ctx.url("/"), name: ctx.name, publisher: ctx.orgRef },
      ...(input.kind === "product" ? [entityProductNode(ctx)] : [])
    ],
    crumbs: [],
    body
  }
}

const offeringsIndexPage = (ctx: Context): Page => {
  const { plan } = ctx
  const path = `/${plan.offeringsSegment}/`
  const title = `${plan.offeringsLabel} | ${ctx.name}`
  const intro = `Everything ${ctx.name} offers, as listed on ${ctx.sourceHost}.`
  return {
    path,
    nav: "offerings",
    title,
    description: metaDescription(`${intro} ${plan.offerings.map((o) => oneLine(o.offering.name)).join(", ")}`),
    canonical: ctx.url(path),
    ogType: "website",
    graph: [
      {
        "@type": "CollectionPage",
        "@id": ctx.url(path),
        url: ctx.url(path),
        name: title,
        about: ctx.orgRef,
        hasPart: plan.offerings.map((o) => ({ "@id": ctx.url(`${o.path}#product`) }))
      }
    ],
    crumbs: [
      { name: "Home", path: "/" },
      { name: plan.offeringsLabel, path }
    ],
    body: html`<h1>${plan.offeringsLabel}</h1>
<p class="lead">${intro}</p>
<ul class="cards">
${plan.offerings.map(offeringCard)}</ul>
`
  }
}

/** schema.org `Offer` only for a plain numeric price: a price is never guessed from free text. */
const offerNode = (ctx: Context, o: PlannedOffering): JsonNode | null => {
  const price = o.offering.price === null ? "" : oneLine(o.offering.price).replace(/,(?=\d{3}\b)/g, "")
  const currency = o.offering.currency === null ? "" : oneLine(o.offering.currency).toUpperCase()
  if (!/^\d+(\.\d+)?$/.test(price) || !/^[A-Z]{3}$/.test(currency)) return null
  return { "@type": "Offer", price, priceCurrency: currency, url: ctx.url(o.path), seller: ctx.orgRef }
}

const offeringPage = (ctx: Context, o: PlannedOffering): Page => {
  const { plan } = ctx
  const name = oneLine(o.offering.name)
  const sourcePage = externalUrl(o.offering.url, ctx.input.sourceUrl)
  const description = nonEmpty(o.offering.description)
    ? oneLine(o.offering.description)
    : `${name} is offered by ${ctx.businessName}.`
  const price = priceText(o.offering.price, o.offering.currency)
  const others = plan.offerings.filter((x) => x !== o).slice(0, 6)
  const offer = offerNode(ctx, o)
  const product = compact({
    "@type": "Product",
    "@id": ctx.url(`${o.path}#product`),
    name,
    description: nonEmpty(o.offering.description) ? oneLine(o.offering.description) : null,
    url: ctx.url(o.path),
    sameAs: sourcePage,
    brand: { "@type": "Brand", name: ctx.businessName },
    isVariantOf: ctx.productRef,
    offers: offer
  })
  return {
    path: o.path,
    nav: "offerings",
    title: `${name} | ${ctx.name}`,
    description: metaDescription(description),
    canonical: sourcePage !== null && sameHost(sourcePage, ctx.source) ? sourcePage : ctx.url(o.path),
    ogType: "website",
    graph: [product],
    crumbs: [
      { name: "Home", path: "/" },
      { name: plan.offeringsLabel, path: `/${plan.offeringsSegment}/` },
      { name, path: o.path }
    ],
    body: html`<div class="with-aside">
<article class="prose">
<p class="eyebrow">${ctx.input.kind === "product" ? `${ctx.name} · variant` : `Offered by ${ctx.businessName}`}</p>
<h1>${name}</h1>
${price === null ? null : html`<p class="price">${price}</p>
`}<p class="lead">${description}</p>
<div class="actions">${sourcePage === null ? null : externalLink(sourcePage, `View on ${displayHost(sourcePage)}`, "button")}<a class="button secondary" href="/contact/">Ask a question</a></div>
</article>
${entityAside(ctx)}</div>
${
  others.length === 0
    ? null
    : html`<section aria-labelledby="more-title">
<h2 id="more-title">More ${plan.offeringsLabel.toLowerCase()}</h2>
<ul class="cards">
${others.map(offeringCard)}</ul>
</section>
`
}`
  }
}

const faqPage = (ctx: Context): Page => {
  const faq = ctx.input.faq
  const intro = `Answers to common questions about ${ctx.name}.`
  return {
    path: "/faq/",
    nav: "faq",
    title: `Frequently asked questions | ${ctx.name}`,
    description: metaDescription(
      faq.length === 0 ? intro : `${intro} ${faq.slice(0, 3).map((f) => oneLine(f.question)).join(" ")}`
    ),
    canonical: ctx.url("/faq/"),
    ogType: "website",
    // An FAQPage without questions is invalid structured data, so it appears only with some.
    graph:
      faq.length === 0
        ? []
        : [
            {
              "@type": "FAQPage",
              "@id": ctx.url("/faq/"),
              url: ctx.url("/faq/"),
              about: ctx.productRef ?? ctx.orgRef,
              mainEntity: faq.map((f) => ({
                "@type": "Question",
                name: oneLine(f.question),
                acceptedAnswer: { "@type": "Answer", text: paragraphs(f.answer).join("\n\n") }
              }))
            }
          ],
    crumbs: [
      { name: "Home", path: "/" },
      { name: "FAQ", path: "/faq/" }
    ],
    body: html`<div class="with-aside">
<div>
<h1>Frequently asked questions</h1>
<p class="lead">${intro}</p>
${
  faq.length === 0
    ? html`<p>No questions have been answered here yet. <a href="/contact/">Get in touch</a> with ${ctx.name} directly.</p>
`
    : html`<div class="faq">
${faqItems(faq, true)}</div>
`
}</div>
${entityAside(ctx)}</div>
`
  }
}

const aboutPage = (ctx: Context): Page => {
  const about = paragraphs(ctx.input.about)
  const text = about.length === 0 ? [ctx.summary] : about
  const sourcePages = ctx.input.pages
    .map((page) => ({ page, url: externalUrl(page.url, ctx.input.sourceUrl) }))
    .filter((p) => nonEmpty(p.page.title) || p.url !== null)
  const facts = factsList(ctx)
  return {
    path: "/about/",
    nav: "about",
    title: `About ${ctx.name}`,
    description: metaDescription(text.join(" ")),
    canonical: ctx.url("/about/"),
    ogType: "website",
    graph: [{ "@type": "AboutPage", "@id": ctx.url("/about/"), url: ctx.url("/about/"), about: ctx.productRef ?? ctx.orgRef }],
    crumbs: [
      { name: "Home", path: "/" },
      { name: "About", path: "/about/" }
    ],
    body: html`<h1>About ${ctx.name}</h1>
<div class="prose">
${text.map((p) => html`<p>${p}</p>
`)}</div>
${
  facts === null
    ? null
    : html`<h2>At a glance</h2>
${facts}`
}${
      sourcePages.length === 0
        ? null
        : html`<h2>On ${ctx.sourceHost}</h2>
<ul class="source-pages">
${sourcePages.map(({ page, url }) => {
  const title = nonEmpty(page.title) ? truncate(page.title, 120) : displayHost(url ?? "")
  const headings = page.headings.map(oneLine).filter((h) => h !== "").slice(0, 6)
  return html`<li>${url === null ? html`<strong>${title}</strong>` : externalLink(url, title)}${
    nonEmpty(page.description) ? html`<p>${truncate(page.description, 240)}</p>` : null
  }${headings.length === 0 ? null : html`<p class="meta">${truncate(headings.join(" · "), 200)}</p>`}</li>
`
})}</ul>
`
    }`
  }
}

const contactPage = (ctx: Context): Page => {
  const facts = factsList(ctx)
  const intro = `How to reach ${ctx.name}.`
  return {
    path: "/contact/",
    nav: "contact",
    title: `Contact ${ctx.name}`,
    description: metaDescription(
      [intro, nonEmpty(ctx.input.phone) ? `Phone: ${oneLine(ctx.input.phone)}.` : "", addressLine(ctx.input) ?? ""].join(" ")
    ),
    canonical: ctx.url("/contact/"),
    ogType: "website",
    graph: [{ "@type": "ContactPage", "@id": ctx.url("/contact/"), url: ctx.url("/contact/"), about: ctx.orgRef }],
    crumbs: [
      { name: "Home", path: "/" },
      { name: "Contact", path: "/contact/" }
    ],
    body: html`<h1>Contact ${ctx.name}</h1>
<p class="lead">${intro}</p>
${facts ?? html`<p>The best way to reach ${ctx.name} is through its website.</p>
`}${
      ctx.source === null
        ? null
        : html`<div class="actions">${externalLink(ctx.source, `Visit ${ctx.sourceHost}`, "button")}</div>
`
    }`
  }
}

const blogIndexPage = (ctx: Context): Page => {
  const posts = ctx.plan.posts
  const intro = `Articles about ${ctx.name}${nonEmpty(ctx.input.category) ? ` and ${oneLine(ctx.input.category).toLowerCase()}` : ""}.`
  return {
    path: "/blog/",
    nav: "blog",
    title: `Blog | ${ctx.name}`,
    description: metaDescription(intro),
    canonical: ctx.url("/blog/"),
    ogType: "website",
    graph: [
      {
        "@type": "Blog",
        "@id": ctx.url("/blog/"),
        url: ctx.url("/blog/"),
        name: `${ctx.name} blog`,
        publisher: ctx.orgRef,
        blogPost: posts.map((p) => ({ "@id": ctx.url(`${p.path}#post`) }))
      }
    ],
    crumbs: [
      { name: "Home", path: "/" },
      { name: "Blog", path: "/blog/" }
    ],
    body: html`<h1>Blog</h1>
<p class="lead">${intro} <a href="/feed.xml">Follow the Atom feed</a>.</p>
${
  posts.length === 0
    ? html`<p>No articles yet.</p>
`
    : html`<ul class="post-list">
${posts.map((p) => postItem(p, "h2"))}</ul>
`
}`
  }
}

/** The escaped HTML of a post's body, shared by its page and the Atom feed. */
const postBodyHtml = (p: PlannedPost): string =>
  join(p.post.bodyParagraphs.map(oneLine).filter((x) => x !== "").map((x) => html`<p>${x}</p>\n`)).value

const postPage = (ctx: Context, p: PlannedPost): Page => {
  const title = oneLine(p.post.title)
  const url = ctx.url(p.path)
  const more = ctx.plan.posts.filter((x) => x !== p).slice(0, 3)
  // The topic is shown only when it says something the title does not.
  const topic = oneLine(p.post.topic)
  const topicNote = topic === "" || topic.toLowerCase() === title.toLowerCase() ? null : ` · ${topic}`
  const posting = compact({
    "@type": "BlogPosting",
    "@id": `${url}#post`,
    headline: truncate(title, 110),
    description: oneLine(p.post.summary),
    datePublished: p.post.date,
    dateModified: p.post.date,
    url,
    mainEntityOfPage: url,
    inLanguage: "en",
    keywords: oneLine(p.post.topic),
    about: ctx.productRef ?? ctx.orgRef,
    author: ctx.orgRef,
    publisher: ctx.orgRef,
    isPartOf: { "@id": ctx.url("/blog/") }
  })
  return {
    path: p.path,
    nav: "blog",
    title: `${title} | ${ctx.name}`,
    description: metaDescription(p.post.summary),
    canonical: url,
    ogType: "article",
    head: html`<meta property="article:published_time" content="${p.post.date}">
`,
    graph: [posting],
    crumbs: [
      { name: "Home", path: "/" },
      { name: "Blog", path: "/blog/" },
      { name: truncate(title, 60), path: p.path }
    ],
    body: html`<div class="with-aside">
<div>
<article class="post">
<header class="prose">
<p class="meta"><time datetime="${p.post.date}">${humanDate(p.post.date)}</time>${topicNote}</p>
<h1>${title}</h1>
<p class="summary">${oneLine(p.post.summary)}</p>
</header>
<div class="prose">
${raw(postBodyHtml(p))}</div>
<footer class="post-footer"><p>Published by <a href="/">${ctx.name}</a>. <a href="/blog/">All articles</a></p></footer>
</article>
${
  more.length === 0
    ? null
    : html`<section aria-labelledby="more-title">
<h2 id="more-title">More articles</h2>
<ul class="post-list">
${more.map((x) => postItem(x, "h3"))}</ul>
</section>
`
}</div>
${entityAside(ctx)}</div>
`
  }
}

/** `/404.html`: not indexable, so it carries no canonical, OpenGraph or structured data. */
const notFoundPage = (ctx: Context): string =>
  html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${`Page not found | ${ctx.name}`}</title>
<meta name="description" content="${`This page does not exist on the ${ctx.name} site.`}">
<meta name="robots" content="noindex">
<link rel="stylesheet" href="/styles.css">
${trackingTag(ctx)}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
${siteHeader(ctx, null)}
<main id="main" class="wrap site-main">
<h1>Page not found</h1>
<p class="lead">The page you were looking for does not exist.</p>
<div class="actions"><a class="button" href="/">Go to the home page</a><a class="button secondary" href="/faq/">Read the FAQ</a></div>
</main>
${siteFooter(ctx)}
</body>
</html>
`.value
