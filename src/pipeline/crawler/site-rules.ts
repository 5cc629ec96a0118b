/**
 * What a site says about crawling it, fetched: robots.txt per origin (RFC 9309 status rules) and
 * the sitemap URLs it lists (robots `Sitemap:` lines and `/sitemap.xml`, indexes followed two
 * levels deep, gzipped ones `.xml.gz` too). Each fetch goes through the SSRF guard like any page.
 */
import { createGunzip } from "node:zlib"
import { Effect } from "effect"
import { ALLOW_ALL, DISALLOW_ALL, isUrlAllowed, parseRobots, type Robots } from "./robots.ts"
import { type FetchFailed, type FetchRefused, safeFetch, type SafeFetchOptions, sameSiteHops } from "./safe-fetch.ts"
import { MAX_SITEMAP_URLS, parseSitemap } from "./sitemap.ts"
import { isInScope, isSameSite } from "./url-policy.ts"

/** RFC 9309 asks crawlers to parse at least 500 KiB of robots.txt. */
export const ROBOTS_MAX_BYTES = 512 * 1024
/** Sitemap documents fetched per crawl, index files included. */
export const MAX_SITEMAP_DOCUMENTS = 10
/** An index lists sitemaps (depth 1), which may be indexes themselves (depth 2); no deeper. */
export const MAX_SITEMAP_DEPTH = 2

type BaseOptions = Pick<SafeFetchOptions, "allowPrivate" | "timeoutMs" | "resolveHost">

/**
 * The robots.txt of `origin` as RFC 9309 §2.3.1 reads its fetch: 2xx → its rules; 4xx
 * ("unavailable") → allow all; 5xx and 429 ("unreachable") → disallow all; more than five
 * redirects → unavailable. When the host cannot be reached at all (DNS, connection, timeout)
 * the fetch fails (FetchFailed): for the start page that is the crawl's failure, which
 * "disallow all" would hide; for any other origin the caller reads it as disallow all. When the
 * guard refuses the origin itself, that refusal is the answer (it fails): no page there can be
 * fetched, and the caller says why.
 */
export const fetchRobots = (origin: string, options: BaseOptions): Effect.Effect<Robots, FetchRefused | FetchFailed> => {
  const url = `${origin}/robots.txt`
  return safeFetch(url, { ...options, accept: "any", maxBytes: ROBOTS_MAX_BYTES }).pipe(
    Effect.map((response) => {
      if (response.status >= 200 && response.status <= 299) return parseRobots(response.body)
      if (response.status === 429 || response.status >= 500) return DISALLOW_ALL
      return ALLOW_ALL
    }),
    Effect.catchAll((error: FetchRefused | FetchFailed) => {
      // Only the origin's own failure: a redirect elsewhere that fails is read as RFC 9309 says.
      if (error.url === url && (error._tag === "FetchRefused" || isUnreachable(error))) return Effect.fail(error)
      return Effect.succeed(error._tag === "FetchFailed" && error.code === "redirects" ? ALLOW_ALL : DISALLOW_ALL)
    }),
    Effect.withSpan("Crawler.fetchRobots", { attributes: { origin } })
  )
}

/** What a sitemap file may hold once decompressed: a gzip bomb stops here, never in memory. */
export const MAX_SITEMAP_BYTES = 2 * 1024 * 1024

/** The media types a sitemap is served as, gzipped ones included. */
const SITEMAP_TYPES = ["application/xml", "text/xml", "text/plain", "application/gzip", "application/x-gzip", "application/octet-stream"]

/**
 * The sitemap's text: a gzip file (by its magic bytes, whatever its name or type says) is
 * decompressed as a stream that stops at MAX_SITEMAP_BYTES, so a gzip bomb never grows past it
 * (its first MAX_SITEMAP_BYTES are read, as a long sitemap's would be); one that is not valid
 * gzip is unreadable (undefined).
 */
export const sitemapText = (bytes: Buffer, text: string): Effect.Effect<string | undefined> => {
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return Effect.succeed(text)
  return Effect.async<string | undefined>((resume) => {
    const gunzip = createGunzip()
    const chunks: Array<Buffer> = []
    let kept = 0
    let done = false
    const finish = (result: string | undefined) => {
      if (done) return
      done = true
      gunzip.destroy()
      resume(Effect.succeed(result))
    }
    const decoded = () => new TextDecoder("utf-8").decode(Buffer.concat(chunks))
    gunzip.on("data", (chunk: Buffer) => {
      const room = MAX_SITEMAP_BYTES - kept
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk)
      kept += Math.min(room, chunk.length)
      if (kept >= MAX_SITEMAP_BYTES) finish(decoded())
    })
    gunzip.on("end", () => finish(decoded()))
    gunzip.on("error", () => finish(undefined))
    gunzip.end(bytes)
    return Effect.sync(() => {
      done = true
      gunzip.destroy()
    })
  })
}

/** The host could not be reached: no answer at all, as opposed to a bad one. */
export const isUnreachable = (error: FetchFailed) => error.code === "dns" || error.code === "network" || error.code === "timeout"

export interface SitemapSources {
  /** The robots.txt that applies to each sitemap's own URL. */
  readonly robotsFor: (url: URL) => Effect.Effect<Robots, FetchRefused>
  /** Called before each sitemap request, to keep the crawl's pace. */
  readonly pace: Effect.Effect<void>
  /** The folder the crawl keeps to (`crawlScopeOf`): only its pages are kept, and its own `sitemap.xml` is read first. */
  readonly scope?: string | undefined
}

/**
 * Page URLs from the site's sitemaps, in the order they are listed, same-site and in scope only, at most
 * `MAX_SITEMAP_URLS`. A missing, unreadable or disallowed sitemap contributes nothing.
 */
export const collectSitemapUrls = (
  site: string,
  declared: ReadonlyArray<string>,
  sources: SitemapSources,
  options: BaseOptions & Pick<SafeFetchOptions, "maxBytes">
): Effect.Effect<ReadonlyArray<string>> =>
  Effect.gen(function*() {
    const queue: Array<{ readonly url: string; readonly depth: number }> = []
    const queued = new Set<string>()
    const enqueue = (url: string, depth: number) => {
      if (!isSameSite(url, site) || queued.has(url)) return
      queued.add(url)
      queue.push({ url, depth })
    }
    const scope = sources.scope ?? "/"
    if (scope !== "/") enqueue(new URL(`${scope}sitemap.xml`, site).href, 0)
    for (const url of declared) enqueue(url, 0)
    enqueue(new URL("/sitemap.xml", site).href, 0)

    const pages: Array<string> = []
    const seen = new Set<string>()
    let fetched = 0
    while (queue.length > 0 && fetched < MAX_SITEMAP_DOCUMENTS && pages.length < MAX_SITEMAP_URLS) {
      const { depth, url } = queue.shift()!
      const robots = yield* Effect.option(sources.robotsFor(new URL(url)))
      if (robots._tag === "None" || !isUrlAllowed(robots.value, new URL(url))) continue
      fetched++
      yield* sources.pace
      const response = yield* safeFetch(url, {
        ...options,
        accept: SITEMAP_TYPES,
        keepBytes: true,
        checkHop: sameSiteHops(site)
      }).pipe(Effect.option)
      if (response._tag === "None" || response.value.status < 200 || response.value.status > 299) continue
      const text = yield* sitemapText(response.value.bytes ?? Buffer.alloc(0), response.value.body)
      if (text === undefined) continue
      const parsed = parseSitemap(text, MAX_SITEMAP_URLS)
      if (parsed.kind === "sitemapindex") {
        if (depth < MAX_SITEMAP_DEPTH) for (const child of parsed.urls) enqueue(child, depth + 1)
        continue
      }
      for (const page of parsed.urls) {
        if (pages.length >= MAX_SITEMAP_URLS) break
        if (!isSameSite(page, site) || !isInScope(page, scope) || seen.has(page)) continue
        seen.add(page)
        pages.push(page)
      }
    }
    return pages
  }).pipe(Effect.withSpan("Crawler.collectSitemapUrls", { attributes: { site } }))
