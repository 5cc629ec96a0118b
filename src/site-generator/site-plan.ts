/**
 * Where everything on a generated site lives: the offering pages and their slugs, the blog
 * posts that will be rendered and their addresses. render-site.ts, sitemap.ts, atom-feed.ts and
 * llms-txt.ts all read this one plan, so a page is never listed in one place and missing in
 * another.
 */
import { isSlug, slugify } from "../domain/slug.ts"
import type { BlogPostInput, OfferingInput, SiteInput } from "./site-input.ts"
import { siteWords } from "./site-words.ts"

export interface PlannedOffering {
  readonly offering: OfferingInput
  readonly slug: string
  /** `/offerings/<slug>/` (or `/products/<slug>/` on a product's site) */
  readonly path: string
}

export interface PlannedPost {
  readonly post: BlogPostInput
  readonly slug: string
  /** `/blog/<YYYY-MM-DD>/<slug>/` */
  readonly path: string
}

export interface SitePlan {
  readonly siteUrl: string
  /** `offerings` on a business's site; `products` (its variants) on a product's site. */
  readonly offeringsSegment: "offerings" | "products"
  readonly offeringsLabel: string
  readonly offerings: ReadonlyArray<PlannedOffering>
  /** Newest first; within a day, in input order. */
  readonly posts: ReadonlyArray<PlannedPost>
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date in `YYYY-MM-DD`: the only shape allowed into a path. */
export const isPostDate = (date: string): boolean => {
  const m = DATE.exec(date)
  if (m === null) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === date
}

/** The slug a post is published under: its own when valid, otherwise its slugified form. */
export const postSlug = (slug: string): string => (isSlug(slug) ? slug : slugify(slug))

/** `/blog/<YYYY-MM-DD>/<slug>/` */
export const blogPostPath = (post: Pick<BlogPostInput, "date" | "slug">): string => `/blog/${post.date}/${postSlug(post.slug)}/`

/** `<deployment_url>/blog/<YYYY-MM-DD>/<slug>/`, the `blog_url` of create-blog. */
export const blogPostUrl = (siteUrl: string, post: Pick<BlogPostInput, "date" | "slug">): string =>
  `${siteUrl.replace(/\/+$/, "")}${blogPostPath(post)}`

/** Absolute URL of a site path. */
export const absolute = (plan: Pick<SitePlan, "siteUrl">, path: string): string => `${plan.siteUrl}${path}`

export const planSite = (input: SiteInput): SitePlan => {
  const offeringsSegment = input.kind === "product" ? "products" : "offerings"
  // Two offerings with the same slug get -2, -3, ... in input order, so every page has its own path.
  const taken = new Set<string>()
  const offerings = input.offerings.map((offering): PlannedOffering => {
    const base = slugify(offering.name)
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
    taken.add(slug)
    return { offering, slug, path: `/${offeringsSegment}/${slug}/` }
  })
  // A post's address is published (create-blog returns it), so it is never renamed: an invalid
  // date cannot be a path (it could hold `../`) and is dropped; a second post at the same
  // address is dropped and the first one kept.
  const seen = new Set<string>()
  const posts: Array<PlannedPost> = []
  for (const post of input.posts) {
    if (!isPostDate(post.date)) continue
    const path = blogPostPath(post)
    if (seen.has(path)) continue
    seen.add(path)
    posts.push({ post, slug: postSlug(post.slug), path })
  }
  const sorted = posts
    .map((p, index) => ({ p, index }))
    .sort((a, b) => (a.p.post.date === b.p.post.date ? a.index - b.index : a.p.post.date < b.p.post.date ? 1 : -1))
    .map(({ p }) => p)
  return {
    siteUrl: input.siteUrl.replace(/\/+$/, ""),
    offeringsSegment,
    offeringsLabel: siteWords(input.language).offerings[input.kind].label,
    offerings,
    posts: sorted
  }
}
