/** The blog index and one page per post; a post's body HTML is shared with the Atom feed. */
import { html, join, oneLine, raw } from "./html.ts"
import { compact } from "./json-ld.ts"
import { entityAside, inEnglish, inEnglishIf, postItem, withLinks } from "./page-parts.ts"
import { type Context, humanDate, metaDescription, nonEmpty, type Page } from "./site-context.ts"
import type { PlannedPost } from "./site-plan.ts"
import { sentence, truncate } from "./text.ts"

/**
 * `Articles from Acme Bakery, a bakery in Lyon.`; a product's are from its maker, whose category
 * it is ("Articles about Ceremonial Matcha from Mistral Tea Co.").
 */
const blogIntro = (ctx: Context): string => {
  const { kind, businessName, category, place } = ctx.input
  // Another language's intro names no category, which its words would have to agree with.
  if (ctx.words.articlesBy !== null) return ctx.words.articlesBy(ctx.name)
  if (kind === "product") return sentence(`Articles about ${ctx.name}${nonEmpty(businessName) && oneLine(businessName) !== ctx.name ? ` from ${oneLine(businessName)}` : ""}`)
  if (!nonEmpty(category)) return sentence(`Articles from ${ctx.name}`)
  const kindOf = oneLine(category).replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())
  return sentence(`Articles from ${ctx.name}, ${/^[aeiou]/i.test(kindOf) ? "an" : "a"} ${kindOf}${nonEmpty(place) ? ` in ${oneLine(place)}` : ""}`)
}

export const blogIndexPage = (ctx: Context): Page => {
  const posts = ctx.plan.posts
  const intro = blogIntro(ctx)
  return {
    path: "/blog/",
    nav: "blog",
    title: `${ctx.words.blog} | ${ctx.name}`,
    description: metaDescription(intro),
    canonical: ctx.url("/blog/"),
    ogType: "website",
    graph: [
      {
        "@type": "Blog",
        "@id": ctx.url("/blog/"),
        url: ctx.url("/blog/"),
        name: ctx.words.blogName(ctx.name),
        publisher: ctx.orgRef,
        blogPost: posts.map((p) => ({ "@id": ctx.url(`${p.path}#post`) }))
      }
    ],
    crumbs: [
      { name: ctx.words.home, path: "/" },
      { name: ctx.words.blog, path: "/blog/" }
    ],
    body: html`<h1>${ctx.words.blog}</h1>
<p class="lead">${intro} <a href="/feed.xml">${ctx.words.followFeed}</a>.</p>
${
  posts.length === 0
    ? html`<p>${ctx.words.noArticles}</p>
`
    : html`<ul class="post-list">
${posts.map((p) => postItem(ctx, p, "h2"))}</ul>
`
}`
  }
}

/** The escaped HTML of a post's body, shared by its page and the Atom feed. */
export const postBodyHtml = (p: PlannedPost): string =>
  join(p.post.bodyParagraphs.map(oneLine).filter((x) => x !== "").map((x) => html`<p>${withLinks(x)}</p>\n`)).value

export const postPage = (ctx: Context, p: PlannedPost): Page => {
  const title = oneLine(p.post.title)
  const url = ctx.url(p.path)
  const more = ctx.plan.posts.filter((x) => x !== p).slice(0, 3)
  // The topic is shown only when it says something the title does not.
  const topic = oneLine(p.post.topic)
  const same = (a: string) => a.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()
  // The topic is the prompt the post answers, in whichever language the prompt is.
  const topicLang = inEnglishIf(ctx, topic)
  const topicNote = topic === "" || same(topic) === same(title) ? null : topicLang === null ? ` · ${topic}` : html` · <span${topicLang}>${topic}</span>`
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
      { name: ctx.words.home, path: "/" },
      { name: ctx.words.blog, path: "/blog/" },
      { name: truncate(title, 60), path: p.path }
    ],
    body: html`<div class="with-aside">
<div>
<article class="post">
<header class="prose">
<p class="meta"><time datetime="${p.post.date}">${humanDate(p.post.date, ctx.words)}</time>${topicNote}</p>
<h1${inEnglish(ctx)}>${title}</h1>
<p class="summary"${inEnglish(ctx)}>${oneLine(p.post.summary)}</p>
</header>
<div class="prose"${inEnglish(ctx)}>
${raw(postBodyHtml(p))}</div>
<footer class="post-footer"><p>${ctx.words.publishedBy} <a href="/">${ctx.name}</a>${ctx.name.endsWith(".") ? "" : "."} <a href="/blog/">${ctx.words.allArticles}</a></p></footer>
</article>
${
  more.length === 0
    ? null
    : html`<section aria-labelledby="more-title">
<h2 id="more-title">${ctx.words.moreArticles}</h2>
<ul class="post-list">
${more.map((x) => postItem(ctx, x, "h3"))}</ul>
</section>
`
}</div>
${entityAside(ctx)}</div>
`
  }
}
