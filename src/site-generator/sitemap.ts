/** `/sitemap.xml` (sitemaps.org 0.9): every indexable page of the site, posts included. */
import { escapeXml } from "./html.ts"

export interface SitemapEntry {
  /** Absolute URL */
  readonly loc: string
  /** W3C datetime: `YYYY-MM-DD` or a full ISO timestamp */
  readonly lastmod: string
}

export const renderSitemap = (entries: ReadonlyArray<SitemapEntry>): string => {
  const urls = entries.map(
    (e) => `  <url>\n    <loc>${escapeXml(e.loc)}</loc>\n    <lastmod>${escapeXml(e.lastmod)}</lastmod>\n  </url>\n`
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("")}</urlset>\n`
}
