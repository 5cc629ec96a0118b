/** The about page (the about text, the facts, the source site's pages) and the contact page. */
import { type Html, html, oneLine } from "./html.ts"
import { addressLine } from "./llms-txt.ts"
import { externalLink } from "./page-layout.ts"
import { factsList, inEnglishIf } from "./page-parts.ts"
import { type Context, metaDescription, nonEmpty, type Page } from "./site-context.ts"
import { bodyText, displayHost, externalUrl, paragraphs, sentence, truncate } from "./text.ts"

export const aboutPage = (ctx: Context): Page => {
  const about = paragraphs(ctx.input.about)
  const text = about.length === 0 ? [ctx.summary] : about
  const sourcePages = ctx.input.pages
    .map((page) => ({ page, url: externalUrl(page.url, ctx.input.sourceUrl) }))
    .filter((p) => nonEmpty(p.page.title) || p.url !== null)
  // A description the source site puts on more than one page describes the site, not the page.
  const described = new Map<string, number>()
  for (const { page } of sourcePages) described.set(oneLine(page.description), (described.get(oneLine(page.description)) ?? 0) + 1)
  const ownDescription = (description: string) => nonEmpty(description) && described.get(oneLine(description)) === 1
  const facts = factsList(ctx)
  return {
    path: "/about/",
    nav: "about",
    title: ctx.words.aboutName(ctx.name),
    description: metaDescription(text.join(" ")),
    canonical: ctx.url("/about/"),
    ogType: "website",
    graph: [{ "@type": "AboutPage", "@id": ctx.url("/about/"), url: ctx.url("/about/"), about: ctx.productRef ?? ctx.orgRef }],
    crumbs: [
      { name: ctx.words.home, path: "/" },
      { name: ctx.words.about, path: "/about/" }
    ],
    body: html`<h1>${ctx.words.aboutName(ctx.name)}</h1>
<div class="prose">
${text.map((p) => html`<p${inEnglishIf(ctx, p)}>${p}</p>
`)}</div>
${
  facts === null
    ? null
    : html`<h2>${ctx.words.atAGlance}</h2>
${facts}`
}${
      sourcePages.length === 0
        ? null
        : html`<h2>${ctx.words.onHost(ctx.sourceHost)}</h2>
<ul class="source-pages">
${sourcePages.map(({ page, url }) => {
  const title = nonEmpty(page.title) ? truncate(page.title, 120) : displayHost(url ?? "")
  const headings = page.headings.map(oneLine).filter((h) => h !== "").slice(0, 6)
  return html`<li>${url === null ? html`<strong>${title}</strong>` : externalLink(url, title)}${
    ownDescription(page.description) ? html`<p>${truncate(page.description, 240)}</p>` : null
  }${headings.length === 0 ? null : html`<p class="meta">${truncate(headings.join(" · "), 200)}</p>`}</li>
`
})}</ul>
`
    }`
  }
}

const CONTACT_PAGE = /contact|visit|find[- ]us|location|directions/i

/**
 * The source site's own contact page, quoted, when the facts hold no address: then its words are
 * the only place the address or directions are (with an address, the facts list says it cleanly).
 */
const ownContactWords = (ctx: Context): Html | null => {
  if (addressLine(ctx.input) !== null) return null
  const page = ctx.input.pages.slice(1).find((p) => CONTACT_PAGE.test(`${p.url} ${p.title}`))
  const url = page === undefined ? null : externalUrl(page.url, ctx.input.sourceUrl)
  if (page === undefined || url === null) return null
  const body = bodyText(page)
  if (body === "") return null
  return html`<figure class="quote"><blockquote><p>${truncate(body, 240)}</p></blockquote><figcaption>${externalLink(url, `${displayHost(url)}${new URL(url).pathname.replace(/\/$/, "")}`)}</figcaption></figure>
`
}

export const contactPage = (ctx: Context): Page => {
  const facts = factsList(ctx)
  const own = ownContactWords(ctx)
  const intro = sentence(ctx.words.howToReach(ctx.name))
  return {
    path: "/contact/",
    nav: "contact",
    title: ctx.words.contactName(ctx.name),
    description: metaDescription(
      [intro, nonEmpty(ctx.input.phone) ? `${ctx.words.facts.phone}: ${oneLine(ctx.input.phone)}.` : "", addressLine(ctx.input) ?? ""].join(" ")
    ),
    canonical: ctx.url("/contact/"),
    ogType: "website",
    graph: [{ "@type": "ContactPage", "@id": ctx.url("/contact/"), url: ctx.url("/contact/"), about: ctx.orgRef }],
    crumbs: [
      { name: ctx.words.home, path: "/" },
      { name: ctx.words.contact, path: "/contact/" }
    ],
    body: html`<h1>${ctx.words.contactName(ctx.name)}</h1>
<p class="lead">${intro}</p>
${facts ?? html`<p>${ctx.words.reachThroughWebsite(ctx.name)}</p>
`}${own === null ? null : html`<h2>${ctx.words.ownContactPage}</h2>
${own}`}${
      ctx.source === null
        ? null
        : html`<div class="actions">${externalLink(ctx.source, ctx.words.visit(ctx.sourceHost), "button")}</div>
`
    }`
  }
}
