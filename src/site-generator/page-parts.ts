/** Building blocks shared by the pages: the facts list, cards, post items, FAQ entries, the aside. */
import { readsAsEnglish } from "../domain/site-language.ts"
import { type Html, html, join, oneLine, raw, safeUrl, type HtmlValue } from "./html.ts"
import { addressLine, descriptionBesidePrice, offeringPrice } from "./llms-txt.ts"
import { externalLink } from "./page-layout.ts"
import { type Context, humanDate, mailHref, nonEmpty, telHref } from "./site-context.ts"
import type { SiteInput } from "./site-input.ts"
import type { PlannedOffering, PlannedPost } from "./site-plan.ts"
import { paragraphs, truncate } from "./text.ts"

export const factsList = (ctx: Context, variant: "list" | "tiles" = "list"): Html | null => {
  const i = ctx.input
  const rows: Array<[string, HtmlValue]> = []
  const label = ctx.words.facts
  if (i.kind === "product") rows.push([label.madeBy, ctx.businessName])
  if (nonEmpty(i.category)) rows.push([label.category, oneLine(i.category).replace(/^\p{Ll}/u, (c) => c.toUpperCase())])
  if (nonEmpty(i.place)) rows.push([label.location, oneLine(i.place)])
  const address = addressLine(i)
  if (address !== null) rows.push([label.address, html`<address>${address}</address>`])
  if (nonEmpty(i.phone)) {
    const tel = telHref(i.phone)
    rows.push([label.phone, tel === null ? oneLine(i.phone) : html`<a href="${tel}">${oneLine(i.phone)}</a>`])
  }
  if (nonEmpty(i.email)) {
    const mail = mailHref(i.email)
    rows.push([label.email, mail === null ? oneLine(i.email) : html`<a href="${mail}">${oneLine(i.email)}</a>`])
  }
  const hours = (i.hours ?? []).map((h) => oneLine(h.text)).filter((h) => h !== "")
  if (hours.length > 0) rows.push([label.hours, html`<ul class="hours">${hours.map((h) => html`<li>${h}</li>`)}</ul>`])
  if (ctx.source !== null) rows.push([label.website, externalLink(ctx.source, ctx.sourceHost)])
  if (rows.length === 0) return null
  return html`<dl class="${variant === "tiles" ? "facts tiles" : "facts"}">${rows.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>
`
}

export const offeringCard = (o: PlannedOffering): Html => {
  const price = offeringPrice(o.offering)
  const own = descriptionBesidePrice(o.offering)
  const description = own === null ? null : truncate(own, 160)
  return html`<li class="card"><h3><a href="${safeUrl(o.path)}">${oneLine(o.offering.name)}</a></h3>${
    description === null ? null : html`<p>${description}</p>`
  }${price === null ? null : html`<p class="meta"><span class="price">${price}</span></p>`}</li>
`
}

/**
 * ` lang="en"` on an element holding the generator's English (a post) on a page in another
 * language, so screen readers and search engines read it as English; nothing on an English page.
 */
export const inEnglish = (ctx: Context): Html | null => (ctx.words.lang === "en" ? null : raw(` lang="en"`))

/**
 * ` lang="en"` on an element whose text reads as English on a page in another language: a FAQ
 * question from an English prompt, copy written in English (by the model, or before the frames
 * were translated). The site's own words and the translated frames are in the page's language.
 */
export const inEnglishIf = (ctx: Context, text: string): Html | null =>
  ctx.words.lang !== "en" && readsAsEnglish(text, ctx.words.lang) ? raw(` lang="en"`) : null

export const postItem = (ctx: Context, p: PlannedPost, heading: "h2" | "h3"): Html => {
  const title = html`<a href="${safeUrl(p.path)}">${oneLine(p.post.title)}</a>`
  const en = inEnglish(ctx)
  return html`<li><time datetime="${p.post.date}">${humanDate(p.post.date, ctx.words)}</time>${
    heading === "h2" ? html`<h2${en}>${title}</h2>` : html`<h3${en}>${title}</h3>`
  }<p${en}>${truncate(p.post.summary, 220)}</p></li>
`
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"“”()]+[^\s<>"“”().,;:!?]/g

/** `https://…` addresses in a text as links (through `safeUrl`, shown without the scheme); the rest escaped. */
export const withLinks = (text: string): Html => {
  const out: Array<HtmlValue> = []
  let at = 0
  for (const m of text.matchAll(URL_IN_TEXT)) {
    out.push(text.slice(at, m.index))
    out.push(externalLink(m[0], m[0].replace(/^https?:\/\//, "").replace(/\/$/, "")))
    at = m.index + m[0].length
  }
  out.push(text.slice(at))
  return html`${out}`
}

export const faqItems = (ctx: Context, entries: SiteInput["faq"], openFirst: boolean): Html =>
  join(
    entries.map(
      (f, i) =>
        html`<details${openFirst && i === 0 ? raw(" open") : null}><summary${inEnglishIf(ctx, f.question)}>${oneLine(f.question)}</summary><div class="answer"${inEnglishIf(ctx, f.answer)}>${paragraphs(
          f.answer
        ).map((p) => html`<p>${withLinks(p)}</p>`)}</div></details>
`
    )
  )

/** A card beside the content on wide screens (below it on phones): who this is and how to reach it. */
export const entityAside = (ctx: Context): Html => {
  const i = ctx.input
  const tel = nonEmpty(i.phone) ? telHref(i.phone) : null
  const mail = nonEmpty(i.email) ? mailHref(i.email) : null
  const links = [
    tel === null || i.phone === null ? null : html`<li><a href="${tel}">${oneLine(i.phone)}</a></li>`,
    mail === null || i.email === null ? null : html`<li><a href="${mail}">${oneLine(i.email)}</a></li>`,
    ctx.source === null ? null : html`<li>${externalLink(ctx.source, ctx.sourceHost)}</li>`
  ].filter((l): l is Html => l !== null)
  return html`<aside class="aside-card" aria-label="${ctx.words.aboutName(ctx.name)}">
<p class="aside-title">${ctx.name}</p>
<p>${truncate(ctx.summary, 180)}</p>
${links.length === 0 ? null : html`<ul>${links}</ul>
`}<a class="button" href="/contact/">${ctx.words.getInTouch}</a>
</aside>
`
}
