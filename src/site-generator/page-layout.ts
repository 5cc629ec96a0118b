/**
 * The page shell of a generated site: head (title, description, canonical, OpenGraph, JSON-LD,
 * the tracking script), header with the main navigation, breadcrumbs, footer; and the 404 page.
 */
import { Html, html, jsonLdScript, raw, safeUrl, type HtmlValue } from "./html.ts"
import { breadcrumbNode } from "./json-ld.ts"
import type { Context, Crumb, NavKey, Page } from "./site-context.ts"
import { sentence } from "./text.ts"

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
<nav class="site-nav" aria-label="Main"><ul>${items}</ul></nav>
</div>
</header>`
}

export const siteFooter = (ctx: Context): Html => {
  const year = /^\d{4}/.exec(ctx.input.generatedAt)?.[0]
  const from = ctx.source === null ? null : html` Information from ${externalLink(ctx.source, ctx.sourceHost)}.`
  return html`<footer class="site-footer">
<div class="wrap">
<p>${year === undefined ? null : `© ${year} `}${sentence(ctx.businessName)}${from}</p>
<ul>
<li><a href="/contact/">Contact</a></li>
<li><a href="/feed.xml">Atom feed</a></li>
<li><a href="/sitemap.xml">Sitemap</a></li>
<li><a href="/llms.txt">llms.txt</a></li>
</ul>
</div>
</footer>`
}

export const breadcrumbNav = (crumbs: ReadonlyArray<Crumb>): Html | null =>
  crumbs.length === 0
    ? null
    : html`<nav class="breadcrumb" aria-label="Breadcrumb"><ol>${crumbs.map((c, i) =>
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

/** `/404.html`: not indexable, so it carries no canonical, OpenGraph or structured data. */
export const notFoundPage = (ctx: Context): string =>
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
