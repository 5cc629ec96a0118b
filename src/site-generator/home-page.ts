/** The home page: who the entity is, its offerings, common questions, latest articles, the facts. */
import { html, oneLine } from "./html.ts"
import { entityProductNode } from "./json-ld.ts"
import { externalLink } from "./page-layout.ts"
import { factsList, faqItems, offeringCard, postItem } from "./page-parts.ts"
import { type Context, metaDescription, nonEmpty, type Page } from "./site-context.ts"

export const homePage = (ctx: Context): Page => {
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
