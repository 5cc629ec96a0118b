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
import { dayTimestamp, renderAtomFeed } from "./atom-feed.ts"
import { aboutPage, contactPage } from "./about-page.ts"
import { blogIndexPage, postBodyHtml, postPage } from "./blog-pages.ts"
import { faqPage } from "./faq-page.ts"
import { homePage } from "./home-page.ts"
import { oneLine } from "./html.ts"
import { renderLlmsFullTxt, renderLlmsTxt } from "./llms-txt.ts"
import { offeringPage, offeringsIndexPage } from "./offering-pages.ts"
import { notFoundPage, renderPage } from "./page-layout.ts"
import { renderRobotsTxt } from "./robots-txt.ts"
import { type Context, makeContext, type Page } from "./site-context.ts"
import type { SiteFile, SiteInput } from "./site-input.ts"
import { planSite } from "./site-plan.ts"
import { renderSitemap, type SitemapEntry } from "./sitemap.ts"
import { accentFor, siteStyles } from "./styles.ts"
import { trackingScript } from "./tracking-script.ts"

export const CONTENT_TYPES = {
  html: "text/html; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  text: "text/plain; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8"
} as const

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
    lang: ctx.words.lang,
    title: ctx.words.blogName(ctx.name),
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
