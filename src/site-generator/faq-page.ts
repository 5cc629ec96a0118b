/** The FAQ page, with its FAQPage structured data. */
import { html, oneLine } from "./html.ts"
import { entityAside, faqItems } from "./page-parts.ts"
import { type Context, metaDescription, type Page } from "./site-context.ts"
import { paragraphs, sentence } from "./text.ts"

export const faqPage = (ctx: Context): Page => {
  const faq = ctx.input.faq
  const { words } = ctx
  const intro = sentence(words.faqIntro(ctx.name))
  return {
    path: "/faq/",
    nav: "faq",
    title: `${words.faqTitle} | ${ctx.name}`,
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
      { name: words.home, path: "/" },
      { name: words.faq, path: "/faq/" }
    ],
    body: html`<div class="with-aside">
<div>
<h1>${words.faqTitle}</h1>
<p class="lead">${intro}</p>
${
  faq.length === 0
    ? html`<p>${words.noQuestions(ctx.name).before}<a href="/contact/">${words.noQuestions(ctx.name).link}</a>${words.noQuestions(ctx.name).after}</p>
`
    : html`<div class="faq">
${faqItems(ctx, faq, true)}</div>
`
}</div>
${entityAside(ctx)}</div>
`
  }
}
