/**
 * sitemap.xml and sitemap indexes, pure: the `<loc>` of each entry, entity-decoded, absolute
 * http(s) only, de-duplicated, at most `limit`. A forward-only scanner rather than a regex over
 * the document, so a hostile file of unclosed tags costs linear time. Extension elements in
 * other namespaces (`<image:loc>`) are not pages and are left out: only `loc` elements in the
 * root element's namespace prefix count.
 */

export const MAX_SITEMAP_URLS = 500

export interface ParsedSitemap {
  /** `sitemapindex`: the URLs are further sitemaps; `urlset`: pages; `unknown`: not a sitemap. */
  readonly kind: "urlset" | "sitemapindex" | "unknown"
  readonly urls: ReadonlyArray<string>
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'" }

export const decodeXmlText = (text: string): string =>
  text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD"
    }
    return XML_ENTITIES[name.toLowerCase()] ?? whole
  })

const TAG = /<(\/?)(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)/y

export const parseSitemap = (xml: string, limit: number = MAX_SITEMAP_URLS): ParsedSitemap => {
  let kind: ParsedSitemap["kind"] = "unknown"
  let rootPrefix: string | undefined
  const urls: Array<string> = []
  const seen = new Set<string>()
  let locStart = -1
  let locText = ""
  let i = 0

  while (i < xml.length && urls.length < limit) {
    const lt = xml.indexOf("<", i)
    if (lt < 0) break
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4)
      if (end < 0) break
      i = end + 3
      continue
    }
    if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9)
      if (end < 0) break
      if (locStart >= 0) locText += xml.slice(locStart, lt) + xml.slice(lt + 9, end).replace(/&/g, "&amp;")
      if (locStart >= 0) locStart = end + 3
      i = end + 3
      continue
    }
    if (xml.startsWith("<?", lt) || xml.startsWith("<!", lt)) {
      const end = xml.indexOf(">", lt + 2)
      if (end < 0) break
      i = end + 1
      continue
    }
    TAG.lastIndex = lt
    const match = TAG.exec(xml)
    const close = xml.indexOf(">", lt + 1)
    if (close < 0) break
    i = close + 1
    if (match === null) continue
    const [, slash, prefix = "", name = ""] = match
    const local = name.toLowerCase()
    if (rootPrefix === undefined) {
      // The first element is the root: it says what the document is and which prefix is ours.
      rootPrefix = prefix
      kind = local === "urlset" ? "urlset" : local === "sitemapindex" ? "sitemapindex" : "unknown"
      if (kind === "unknown") break
      continue
    }
    if (local !== "loc" || prefix !== rootPrefix) continue
    if (slash === "") {
      locStart = xml[close - 1] === "/" ? -1 : close + 1
      locText = ""
    } else if (locStart >= 0) {
      const raw = (locText + xml.slice(locStart, lt)).trim()
      locStart = -1
      const candidate = decodeXmlText(raw)
      try {
        const url = new URL(candidate)
        if ((url.protocol === "http:" || url.protocol === "https:") && !seen.has(url.href)) {
          seen.add(url.href)
          urls.push(url.href)
        }
      } catch {
        // A relative or malformed <loc> is not a URL the protocol allows: skipped.
      }
    }
  }
  return { kind, urls }
}
