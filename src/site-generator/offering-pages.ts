/** The offerings index and one page per offering, each linking to its page on the source site. */
import { html, oneLine } from "./html.ts"
import { compact, offerNode } from "./json-ld.ts"
import { descriptionBesidePrice, offeringPrice } from "./llms-txt.ts"
import { externalLink } from "./page-layout.ts"
import { entityAside, offeringCard } from "./page-parts.ts"
import { type Context, metaDescription, nonEmpty, type Page, sameHost } from "./site-context.ts"
import type { PlannedOffering } from "./site-plan.ts"
import { mentionOf } from "./post-facts.ts"
import { agree, displayHost, externalUrl, itsPage, sentence } from "./text.ts"

export const offeringsIndexPage = (ctx: Context): Page => {
  const { plan } = ctx
  const path = `/${plan.offeringsSegment}/`
  const title = `${plan.offeringsLabel} | ${ctx.name}`
  // A product's site lists what its maker sells beside it: the product offers nothing.
  const intro = ctx.input.kind === "product"
    ? ctx.words.productOfferingsIntro(ctx.businessName, ctx.name, ctx.sourceHost)
    : ctx.words.offeringsIntro(ctx.name, ctx.sourceHost)
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
      { name: ctx.words.home, path: "/" },
      { name: plan.offeringsLabel, path }
    ],
    body: html`<h1>${plan.offeringsLabel}</h1>
<p class="lead">${intro}</p>
<ul class="cards">
${plan.offerings.map(offeringCard)}</ul>
`
  }
}

export const offeringPage = (ctx: Context, o: PlannedOffering): Page => {
  const { plan } = ctx
  const name = oneLine(o.offering.name)
  const sourcePage = externalUrl(o.offering.url, ctx.input.sourceUrl)
  const own = descriptionBesidePrice(o.offering)
  const description = own ?? ctx.words.offeringFallback(name, ctx.businessName) ?? sentence(`${name} ${agree(name)} offered by ${ctx.businessName}`)
  // With nothing of its own to say, the page quotes where the site names it, with that page.
  const mention = own === null ? mentionOf(ctx.input, o.offering) : null
  const price = offeringPrice(o.offering)
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
      { name: ctx.words.home, path: "/" },
      { name: plan.offeringsLabel, path: `/${plan.offeringsSegment}/` },
      { name, path: o.path }
    ],
    body: html`<div class="with-aside">
<article class="prose">
<p class="eyebrow">${ctx.input.kind === "product" ? `${ctx.name} · ${ctx.words.variant}` : ctx.words.offeredBy(ctx.businessName)}</p>
<h1>${name}</h1>
${price === null ? null : html`<p class="price">${price}</p>
`}<p class="lead">${description}</p>
${mention === null ? null : html`<p>From ${externalLink(mention.url, itsPage(mention.pageTitle, ctx.businessName, mention.url))}: “${mention.text}”</p>
`}<div class="actions">${sourcePage === null ? null : externalLink(sourcePage, ctx.words.viewOn(displayHost(sourcePage)), "button")}<a class="button secondary" href="/contact/">${ctx.words.askQuestion}</a></div>
</article>
${entityAside(ctx)}</div>
${
  others.length === 0
    ? null
    : html`<section aria-labelledby="more-title">
<h2 id="more-title">${ctx.words.offerings[ctx.input.kind].more}</h2>
<ul class="cards">
${others.map(offeringCard)}</ul>
</section>
`
}`
  }
}
