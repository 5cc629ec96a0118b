/**
 * Which URLs belong to the crawl and what one URL is called, pure. A site is one host and
 * port, with `www.` and the bare host counted as the same site (and http and https alike);
 * other subdomains are other sites. URLs are normalized so that the same page reached by two
 * spellings is fetched once.
 */
import { bareHost, MAX_URL_LENGTH } from "../../domain/url.ts"

// Click identifiers and campaign tags: they name the visit, not the page.
const TRACKING = /^(utm_.*|gclid|fbclid|msclkid|dclid|gbraid|wbraid|yclid|twclid|igshid|mc_cid|mc_eid|_hsenc|_hsmi|_ga|_gl)$/i

const parse = (input: string | URL): URL | undefined => {
  try {
    return new URL(input)
  } catch {
    return undefined
  }
}

/**
 * The crawl's name for a page: http(s) only, no credentials, host lower-cased without a root dot,
 * default port dropped (the URL parser does both), fragment and tracking parameters dropped, the
 * remaining query parameters sorted by name. Undefined for anything that is not a crawlable URL.
 */
export const normalizePageUrl = (input: string | URL): string | undefined => {
  const url = parse(input)
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) return undefined
  if (url.username !== "" || url.password !== "") return undefined
  url.hash = ""
  if (url.hostname.endsWith(".")) url.hostname = url.hostname.replace(/\.+$/, "")
  // Parameters are kept as the site wrote them (`?a` stays `?a`, `%20` stays `%20`): only
  // their order changes, stably by name, so the server sees the same request.
  const keyOf = (pair: string) => {
    const raw = pair.split("=", 1)[0]!
    try {
      return decodeURIComponent(raw.replace(/\+/g, " "))
    } catch {
      return raw
    }
  }
  const pairs = url.search.slice(1).split("&").filter((pair) => pair !== "" && !TRACKING.test(keyOf(pair)))
  pairs.sort((x, y) => (keyOf(x) < keyOf(y) ? -1 : keyOf(x) > keyOf(y) ? 1 : 0))
  // Also drops a bare "?", which `search` reports as empty but `href` keeps.
  url.search = pairs.length === 0 ? "" : `?${pairs.join("&")}`
  return url.href.length > MAX_URL_LENGTH ? undefined : url.href
}

/** The host a site is known by: lower-case, without a root dot or a leading `www.`. */
export const siteHostOf = (hostname: string): string => bareHost(hostname.toLowerCase().replace(/\.+$/, ""))

export const isSameSite = (a: string | URL, b: string | URL): boolean => {
  const x = parse(a)
  const y = parse(b)
  if (x === undefined || y === undefined) return false
  const web = (u: URL) => u.protocol === "http:" || u.protocol === "https:"
  return web(x) && web(y) && siteHostOf(x.hostname) === siteHostOf(y.hostname) && x.port === y.port
}

/**
 * The key duplicates are folded by: the normalized URL without scheme and `www.`, so that
 * `http://www.acme.com/a` and `https://acme.com/a` are one page.
 */
export const dedupeKey = (normalized: string): string => {
  const url = parse(normalized)
  if (url === undefined) return normalized
  return `${siteHostOf(url.hostname)}${url.port === "" ? "" : `:${url.port}`}${url.pathname}${url.search}`
}

const NOT_HTML = new Set([
  "pdf", "jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "ico", "bmp", "tif", "tiff", "heic", "mp3", "m4a", "wav",
  "ogg", "oga", "flac", "aac", "mp4", "m4v", "webm", "mov", "avi", "mkv", "wmv", "flv", "zip", "gz", "tgz", "rar", "7z",
  "tar", "bz2", "xz", "exe", "dmg", "msi", "apk", "iso", "bin", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt",
  "ods", "odp", "rtf", "csv", "json", "xml", "txt", "css", "js", "mjs", "map", "woff", "woff2", "ttf", "otf", "eot",
  "rss", "atom", "ics", "vcf", "epub", "psd", "ai", "eps"
])

/** The extension of a URL whose path names a file that is not a web page (`pdf`), or undefined. */
export const nonHtmlExtension = (input: string | URL): string | undefined => {
  const url = parse(input)
  if (url === undefined) return undefined
  const last = url.pathname.split("/").pop() ?? ""
  const dot = last.lastIndexOf(".")
  if (dot < 0) return undefined
  const extension = last.slice(dot + 1).toLowerCase()
  return NOT_HTML.has(extension) ? extension : undefined
}

/**
 * The folder a crawl is kept to: the start URL's path up to its last `/` (as `wget
 * --no-parent` reads it), so `https://host/shop/cedar-hill/` keeps to `/shop/cedar-hill/` and a
 * bare host (or `https://host/index.html`) to the whole host. Businesses that are paths of one
 * host (marketplace shops) then never read each other's pages.
 */
export const crawlScopeOf = (startUrl: string | URL): string => {
  const url = parse(startUrl)
  if (url === undefined) return "/"
  return url.pathname.slice(0, url.pathname.lastIndexOf("/") + 1) || "/"
}

/** Whether `url` lies in the folder `scope` (see `crawlScopeOf`). */
export const isInScope = (url: string | URL, scope: string): boolean => {
  if (scope === "/") return true
  const parsed = parse(url)
  return parsed !== undefined && parsed.pathname.startsWith(scope)
}
