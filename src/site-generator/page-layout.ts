/**
 * The page shell of a generated site: head (title, description, canonical, OpenGraph, JSON-LD,
 * the tracking script), header with the main navigation, breadcrumbs, footer; and the 404 page.
 */
import { Html, html, jsonLdScript, raw, safeUrl, type HtmlValue } from "./html.ts"
import { breadcrumbNode } from "./json-ld.ts"
import type { Context, Crumb, NavKey, Page } from "./site-context.ts"
import { sentence } from "./text.ts"

const NAV: ReadonlyArray<{ key: NavKey; label: (ctx: Context) => string; path: (ctx: Context) => string; when?: (ctx: Context) => boolean }> = [
  { key: "home", label: (ctx) => ctx.words.home, path: () => "/" },
  {
    key: "offerings",
    label: (ctx) => ctx.plan.offeringsLabel,
    path: (ctx) => `/${ctx.plan.offeringsSegment}/`,
    when: (ctx) => ctx.plan.offerings.length > 0
  },
  { key: "faq", label: (ctx) => ctx.words.faq, path: () => "/faq/" },
  { key: "blog", label: (ctx) => ctx.words.blog, path: () => "/blog/" },
  { key: "about", label: (ctx) => ctx.words.about, path: () => "/about/" },
  { key: "contact", label: (ctx) => ctx.words.contact, path: () => "/contact/" }
]

export const externalLink = (url: string, text: HtmlValue, cls?: string): Html =>
  html`<a${cls === undefined ? null : html` class="${cls}"`} href="${safeUrl(url)}" rel="noopener">${text}</a>`

export const siteHeader = (ctx: Context, current: NavKey | null): Html => {
  const mark = Array.from(ctx.name)[0]?.toUpperCase() ?? "•"
  const items = NAV.filter((n) => n.when === undefined || n.when(ctx)).map(
    (n) =>
      html`<li><a href="${safeUrl(n.path(ctx))}"${n.key === current ? raw(` aria-current="page"`) : null}>${n.label(ctx)}</a></li>`
  )
  return html`<header class="site-header">
<div class="wrap">
<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">${mark}</span><span>${ctx.name}</span></a>
<nav class="site-nav" aria-label="${ctx.words.mainNav}"><ul>${items}</ul></nav>
</div>
</header>`
}

export const siteFooter = (ctx: Context): Html => {
  const year = /^\d{4}/.exec(ctx.input.generatedAt)?.[0]
  const from = ctx.source === null ? null : html` ${ctx.words.informationFrom} ${externalLink(ctx.source, ctx.sourceHost)}.`
  return html`<footer class="site-footer">
<div class="wrap">
<p>${year === undefined ? null : `© ${year} `}${sentence(ctx.businessName)}${from}</p>
<ul>
<li><a href="/contact/">${ctx.words.contact}</a></li>
<li><a href="/feed.xml">${ctx.words.atomFeed}</a></li>
<li><a href="/sitemap.xml">${ctx.words.sitemap}</a></li>
<li><a href="/llms.txt">llms.txt</a></li>
</ul>
</div>
</footer>`
}

export const breadcrumbNav = (ctx: Context, crumbs: ReadonlyArray<Crumb>): Html | null =>
  crumbs.length === 0
    ? null
    : html`<nav class="breadcrumb" aria-label="${ctx.words.breadcrumb}"><ol>${crumbs.map((c, i) =>
        i === crumbs.length - 1
          ? html`<li><span aria-current="page">${c.name}</span></li>`
          : html`<li><a href="${safeUrl(c.path)}">${c.name}</a></li>`
      )}</ol></nav>
`

export const trackingTag = (ctx: Context): Html =>
  html`<script src="/track.js" data-business-id="${ctx.input.businessId}"${
    ctx.input.itemId === null ? null : html` data-item-id="${ctx.input.itemId}"`
  } defer></script>`

export const renderPage = (ctx: Context, page: Page): string => {
  const graph = [ctx.orgNode, ...page.graph, ...(page.crumbs.length > 0 ? [breadcrumbNode(ctx, page.crumbs)] : [])]
  const canonical = safeUrl(page.canonical)
  return html`<!doctype html>
<html lang="${ctx.words.lang}">
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
<link rel="alternate" type="application/atom+xml" title="${ctx.words.blogName(ctx.name)}" href="/feed.xml">
${jsonLdScript({ "@context": "https://schema.org", "@graph": graph })}
${trackingTag(ctx)}
</head>
<body>
<a class="skip-link" href="#main">${ctx.words.skipLink}</a>
${siteHeader(ctx, page.nav)}
<main id="main" class="wrap site-main">
${breadcrumbNav(ctx, page.crumbs)}${page.body}
</main>
${siteFooter(ctx)}
</body>
</html>
`.value
}

/** `/404.html`: not indexable, so it carries no canonical, OpenGraph or structured data. */
export const notFoundPage = (ctx: Context): string =>
  html`<!doctype html>
<html lang="${ctx.words.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${`${ctx.words.notFound.title} | ${ctx.name}`}</title>
<meta name="description" content="${ctx.words.notFound.description(ctx.name)}">
<meta name="robots" content="noindex">
<link rel="stylesheet" href="/styles.css">
${trackingTag(ctx)}
</head>
<body>
<a class="skip-link" href="#main">${ctx.words.skipLink}</a>
${siteHeader(ctx, null)}
<main id="main" class="wrap site-main">
<h1>${ctx.words.notFound.title}</h1>
<p class="lead">${ctx.words.notFound.lead}</p>
<div class="actions"><a class="button" href="/">${ctx.words.notFound.goHome}</a><a class="button secondary" href="/faq/">${ctx.words.readFaq}</a></div>
</main>
${siteFooter(ctx)}
</body>
</html>
`.value
