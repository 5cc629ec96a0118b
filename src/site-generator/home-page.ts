/** The home page: who the entity is, its offerings, common questions, latest articles, the facts. */
import { html, oneLine } from "./html.ts"
import { entityProductNode } from "./json-ld.ts"
import { externalLink } from "./page-layout.ts"
import { factsList, faqItems, offeringCard, postItem } from "./page-parts.ts"
import { type Context, metaDescription, nonEmpty, type Page } from "./site-context.ts"

export const homePage = (ctx: Context): Page => {
  const { input, plan, words } = ctx
  const offeringWords = words.offerings[input.kind]
  const eyebrow =
    input.kind === "product"
      ? words.productBy(ctx.businessName)
      : [input.category, input.place].filter(nonEmpty).map(oneLine).join(" · ")
  const offeringsPath = `/${plan.offeringsSegment}/`
  const primary =
    plan.offerings.length > 0
      ? html`<a class="button" href="${offeringsPath}">${offeringWords.explore}</a>`
      : html`<a class="button" href="/faq/">${words.readFaq}</a>`
  const visit = ctx.source === null ? html`<a class="button secondary" href="/contact/">${words.contact}</a>` : externalLink(ctx.source, words.visit(ctx.sourceHost), "button secondary")
  const offerings =
    plan.offerings.length === 0
      ? null
      : html`<section aria-labelledby="offerings-title">
<div class="section-head"><h2 id="offerings-title">${plan.offeringsLabel}</h2>${
          plan.offerings.length > 6 ? html`<a href="${offeringsPath}">${offeringWords.all(plan.offerings.length)}</a>` : null
        }</div>
<ul class="cards">
${plan.offerings.slice(0, 6).map(offeringCard)}</ul>
</section>
`
  const faq =
    input.faq.length === 0
      ? null
      : html`<section aria-labelledby="faq-title">
<div class="section-head"><h2 id="faq-title">${words.commonQuestions}</h2><a href="/faq/">${input.faq.length === 1 ? words.theFullAnswer : words.allQuestions(input.faq.length)}</a></div>
<div class="faq">
${faqItems(ctx, input.faq.slice(0, 3), false)}</div>
</section>
`
  const posts =
    plan.posts.length === 0
      ? null
      : html`<section aria-labelledby="blog-title">
<div class="section-head"><h2 id="blog-title">${words.latestArticles}</h2><a href="/blog/">${words.allArticles}</a></div>
<ul class="post-list">
${plan.posts.slice(0, 3).map((p) => postItem(ctx, p, "h3"))}</ul>
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
<h2 id="facts-title">${words.atAGlance}</h2>
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
