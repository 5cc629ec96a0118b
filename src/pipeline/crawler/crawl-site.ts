/**
 * Crawls a business site: robots.txt first, then the start page, then breadth-first over
 * same-site links and sitemap URLs in the start URL's folder (`crawlScopeOf`), up to
 * `maxPages` pages.
 *
 * - Politeness: a robots-disallowed URL is never requested (redirect hops included: each hop
 *   is checked before it is fetched); `Crawl-delay` is kept, up to 2 s, one request at a time.
 * - Safety: every request goes through `safeFetch` (SSRF guard, byte cap, timeout); a page is
 *   HTML or it is skipped; everything kept is plain text with caps.
 * - A page's own rules hold: `noindex` (meta robots or `X-Robots-Tag`) keeps its content out,
 *   `nofollow` its links. A crawl left with no page with text fails like one that read none.
 * - Determinism: the queue is taken in batches of `concurrency`, fetched in parallel, and the
 *   batch's results are applied in queue order, so the same site gives the same pages, and
 *   `maxPages` is never overshot, whatever the timing.
 * - Duplicates are folded by normalized URL (tracking parameters, `www.`, scheme and fragment
 *   aside), by the page a redirect or a canonical link names, and by identical main text.
 */
import { createHash } from "node:crypto"
import { Duration, Effect, Option } from "effect"
import { parseWebUrl } from "../../domain/url.ts"
import { type ExtractedPage, extractPage, type ListItem } from "./extract.ts"
import { makePageRenderer, needsRendering, type PageRenderer } from "./render-page.ts"
import { CrawlFailed, fromFetchError, httpError, invalidStartUrl, noUsablePages, robotsDisallowed, unreachable } from "./crawl-failure.ts"
import { pageDirectives, type PageDirectives } from "./page-directives.ts"
import { ALLOW_ALL, DISALLOW_ALL, isUrlAllowed, type Robots } from "./robots.ts"
import { type FetchFailed, type FetchRefused, type FetchResult, refuseHop, safeFetch, type SafeFetchOptions } from "./safe-fetch.ts"
import { siteNameFromTitles, withoutPlaceSuffix } from "./site-name.ts"
import { collectSitemapUrls, fetchRobots } from "./site-rules.ts"
import type { ProductHint } from "./structured-data.ts"
import { crawlScopeOf, dedupeKey, isInScope, isSameSite, nonHtmlExtension, normalizePageUrl } from "./url-policy.ts"

export type { ProductHint } from "./structured-data.ts"
export { CrawlFailed, type CrawlFailureCode } from "./crawl-failure.ts"

export const DEFAULT_MAX_PAGES = 50
export const MAX_PAGES_LIMIT = 200
export const DEFAULT_CONCURRENCY = 4
/** Longest `Crawl-delay` honoured; a site asking for more gets this. */
export const MAX_CRAWL_DELAY_MS = 2_000
const MAX_QUEUE = 5_000
const MAX_REPORTED = 1_000

export interface CrawlOptions {
  readonly maxPages?: number | undefined
  readonly allowPrivate: boolean
  readonly concurrency?: number | undefined
  readonly timeoutMs?: number | undefined
  readonly maxBytes?: number | undefined
  readonly render?: { readonly chromiumPath: string } | undefined
  /** DNS, replaceable in tests. */
  readonly resolveHost?: SafeFetchOptions["resolveHost"] | undefined
  /**
   * The address whose folder the crawl keeps to when the start lies in it (a product's
   * business, so the product's crawl reads its business's pages around it); default the start.
   */
  readonly scopeFrom?: string | undefined
}

export interface CrawledPage {
  /** The normalized URL the page was read at (after redirects). */
  readonly url: string
  readonly title: string
  readonly description: string
  readonly headings: ReadonlyArray<string>
  readonly text: string
  readonly jsonLd: ReadonlyArray<unknown>
  readonly products: ReadonlyArray<ProductHint>
  /** The items of the page's content lists, each with the heading before it. */
  readonly listItems: ReadonlyArray<ListItem>
  readonly canonical: string | null
  /** Read through Chromium because the served HTML had too little text. */
  readonly rendered: boolean
}

export interface SkippedUrl {
  readonly url: string
  readonly reason: string
}

export interface CrawlResult {
  readonly startUrl: string
  readonly finalStartUrl: string
  /** The folder the crawl kept to (`/` for the whole host). */
  readonly scope: string
  /** JSON-LD Organization or WebSite name, og:site_name, or the home page's title; null if none. */
  readonly siteName: string | null
  readonly pages: ReadonlyArray<CrawledPage>
  /** URLs found but not requested because robots.txt disallows them. */
  readonly disallowed: ReadonlyArray<string>
  readonly skipped: ReadonlyArray<SkippedUrl>
  /**
   * Pages the crawl wanted and could not read (a timeout, a refused connection, an error status):
   * a partial crawl, which the onboarding step reports. Duplicates, noindex and non-HTML links
   * are left out: they were read or never wanted.
   */
  readonly unread: ReadonlyArray<SkippedUrl>
}

const ROBOTS_REFUSAL = "disallowed by robots.txt"

/**
 * Why a wanted page was not read, in words a tenant may see (a fetch's own reason may name an
 * address); undefined for a link that was never wanted (not HTML, refused by policy).
 */
/** "2 pages could not be read (1 timed out, 1 HTTP 500)", or null when every wanted page was read. */
export const unreadDetail = (unread: ReadonlyArray<SkippedUrl>): string | null => {
  if (unread.length === 0) return null
  const counts = new Map<string, number>()
  for (const { reason } of unread) counts.set(reason, (counts.get(reason) ?? 0) + 1)
  const reasons = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([reason, n]) => `${n} ${reason}`)
  return `${unread.length} ${unread.length === 1 ? "page" : "pages"} could not be read (${reasons.join(", ")})`
}

const unreadReason = (outcome: { readonly error?: FetchRefused | FetchFailed | undefined; readonly status?: number | undefined }): string | undefined => {
  if (outcome.status !== undefined) return `HTTP ${outcome.status}`
  const error = outcome.error
  if (error === undefined || error._tag === "FetchRefused") return undefined
  switch (error.code) {
    case "timeout":
      return "timed out"
    case "dns":
      return "DNS lookup failed"
    case "redirects":
      return "bad redirects"
    default:
      return "connection failed"
  }
}

const clamp = (value: number | undefined, fallback: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.floor(value ?? fallback)))

const textHash = (text: string) => createHash("sha256").update(text).digest("hex")

type Outcome =
  | {
    readonly _tag: "Page"
    readonly response: FetchResult
    readonly page: ExtractedPage
    readonly rendered: boolean
    readonly directives: PageDirectives
  }
  | { readonly _tag: "Disallowed" }
  | {
    readonly _tag: "Skipped"
    readonly reason: string
    /** What went wrong, for the start page's failure. */
    readonly error?: FetchRefused | FetchFailed | undefined
    readonly status?: number | undefined
  }

export const crawlSite = (startUrl: string, options: CrawlOptions): Effect.Effect<CrawlResult, CrawlFailed> =>
  Effect.scoped(Effect.gen(function*() {
    const maxPages = clamp(options.maxPages, DEFAULT_MAX_PAGES, 1, MAX_PAGES_LIMIT)
    const fetchBase = {
      allowPrivate: options.allowPrivate,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.resolveHost === undefined ? {} : { resolveHost: options.resolveHost })
    }
    const pageFetch = { ...fetchBase, ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }) }

    const start = Option.flatMap(parseWebUrl(startUrl), (url) => Option.fromNullable(normalizePageUrl(url)))
    if (Option.isNone(start)) {
      return yield* invalidStartUrl(startUrl)
    }

    // robots.txt per origin, fetched once even when several pages ask at the same time. It
    // fails (FetchRefused) when the guard refuses the origin: then so is every page there. An
    // origin that cannot be reached disallows all (RFC 9309), except the start's: see below.
    const robotsCache = new Map<string, Effect.Effect<Robots, FetchRefused | FetchFailed>>()
    const robotsOrUnreachable = (url: URL): Effect.Effect<Robots, FetchRefused | FetchFailed> => {
      let cached = robotsCache.get(url.origin)
      if (cached === undefined) {
        cached = Effect.runSync(Effect.cached(fetchRobots(url.origin, fetchBase)))
        robotsCache.set(url.origin, cached)
      }
      return cached
    }
    const robotsFor = (url: URL): Effect.Effect<Robots, FetchRefused> =>
      Effect.catchTag(robotsOrUnreachable(url), "FetchFailed", () => Effect.succeed(DISALLOW_ALL))

    const disallowed: Array<string> = []
    const disallowedSet = new Set<string>()
    const disallow = (url: string) => {
      if (disallowedSet.has(url) || disallowed.length >= MAX_REPORTED) return
      disallowedSet.add(url)
      disallowed.push(url)
    }
    const skipped: Array<SkippedUrl> = []
    const unread: Array<SkippedUrl> = []
    const skippedSet = new Set<string>()
    const skip = (url: string, reason: string) => {
      if (skippedSet.has(url) || skipped.length >= MAX_REPORTED) return
      skippedSet.add(url)
      skipped.push({ url, reason })
    }

    // Every hop of a page fetch: robots.txt of the hop's origin, and (once the site is known)
    // the same site. Disallowed hops are recorded here, where the URL is known.
    let site: string | undefined
    const checkHop = (url: URL) =>
      Effect.gen(function*() {
        if (site !== undefined && !isSameSite(url, site)) return yield* refuseHop(url, "redirect to another site")
        if (!isUrlAllowed(yield* robotsFor(url), url)) {
          disallow(normalizePageUrl(url) ?? url.href)
          return yield* refuseHop(url, ROBOTS_REFUSAL)
        }
      })

    // A start host that cannot be reached fails the crawl (read as "disallow all", it would be
    // a crawl of no page that looks like a success). A refused start origin surfaces from the
    // start page's fetch below.
    const startRules = yield* Effect.either(robotsOrUnreachable(new URL(start.value)))
    if (startRules._tag === "Left" && startRules.left._tag === "FetchFailed") {
      return yield* unreachable(start.value, startRules.left.reason)
    }
    const startRobots = startRules._tag === "Right" ? startRules.right : ALLOW_ALL
    const delayMs = Math.min(MAX_CRAWL_DELAY_MS, Math.round((startRobots.crawlDelaySeconds ?? 0) * 1000))
    const concurrency = delayMs > 0 ? 1 : clamp(options.concurrency, DEFAULT_CONCURRENCY, 1, 16)
    let requests = 0
    // With a Crawl-delay, requests are one at a time (concurrency 1), so a counter is enough.
    const pace = Effect.suspend(() => requests++ > 0 && delayMs > 0 ? Effect.sleep(Duration.millis(delayMs)) : Effect.void)

    const renderer: PageRenderer | undefined = options.render === undefined ? undefined : yield* makePageRenderer({
      chromiumPath: options.render.chromiumPath,
      allowPrivate: options.allowPrivate,
      checkHop,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes })
    })

    const fetchPage = (url: string): Effect.Effect<Outcome> =>
      Effect.gen(function*() {
        yield* pace
        const fetched = yield* Effect.either(safeFetch(url, { ...pageFetch, checkHop }))
        if (fetched._tag === "Left") {
          const error = fetched.left
          if (error._tag === "FetchRefused" && error.reason === ROBOTS_REFUSAL) return { _tag: "Disallowed" } as const
          return { _tag: "Skipped", reason: error.reason, error } as const
        }
        const response = fetched.right
        if (response.status < 200 || response.status > 299) {
          return { _tag: "Skipped", reason: `HTTP ${response.status}`, status: response.status } as const
        }
        const page = extractPage(response.body, response.finalUrl)
        // Read from the page as served: a script that changes them is not the site's word.
        const directives = pageDirectives(response.body, response.robotsTag)
        if (renderer === undefined || !needsRendering(page)) return { _tag: "Page", response, page, rendered: false, directives } as const
        const rendered = yield* Effect.either(renderer.render(response.finalUrl, response.body))
        if (rendered._tag === "Left") {
          yield* Effect.logWarning("page kept as served: rendering failed").pipe(
            Effect.annotateLogs({ url, reason: rendered.left.reason })
          )
          return { _tag: "Page", response, page, rendered: false, directives } as const
        }
        return { _tag: "Page", response, page: extractPage(rendered.right, response.finalUrl), rendered: true, directives } as const
      }).pipe(Effect.withSpan("Crawler.fetchPage", { attributes: { url } }))

    // The start page: its redirects may leave the host typed in (acme.com → www.acme.com or a
    // new domain); the site is wherever it lands.
    // A crawl that reads no page fails, saying why: the start page is where every other page
    // is found.
    const first = yield* fetchPage(start.value)
    if (first._tag === "Disallowed") return yield* robotsDisallowed(start.value)
    if (first._tag === "Skipped") {
      if (first.error !== undefined) return yield* fromFetchError(start.value, first.error)
      if (first.status !== undefined) return yield* httpError(start.value, first.status)
      return yield* new CrawlFailed({ url: start.value, code: "site_unreadable", message: `${start.value} could not be read`, detail: first.reason })
    }
    const finalStartUrl = normalizePageUrl(first.response.finalUrl) ?? start.value
    site = finalStartUrl
    // The folder of the address given (or of `scopeFrom`, when the start lies in it); a start
    // that redirected out of it keeps to where it landed.
    const outerScope = options.scopeFrom === undefined || !isSameSite(options.scopeFrom, start.value)
      ? undefined
      : crawlScopeOf(options.scopeFrom)
    const givenScope = outerScope !== undefined && isInScope(start.value, outerScope) ? outerScope : crawlScopeOf(start.value)
    const scope = isInScope(finalStartUrl, givenScope) ? givenScope : crawlScopeOf(finalStartUrl)

    const pages: Array<CrawledPage> = []
    /** Keys of pages we hold, to the URL of the page that holds them. */
    const covered = new Map<string, string>()
    const texts = new Map<string, string>()
    /** Keys ever queued or covered: a URL is considered once. */
    const considered = new Set<string>()
    const queue: Array<string> = []

    const consider = (raw: string): Effect.Effect<void> =>
      Effect.gen(function*() {
        const url = normalizePageUrl(raw)
        if (url === undefined || !isSameSite(url, finalStartUrl) || !isInScope(url, scope)) return
        const key = dedupeKey(url)
        if (considered.has(key)) return
        considered.add(key)
        const extension = nonHtmlExtension(url)
        if (extension !== undefined) return skip(url, `not HTML (.${extension})`)
        const parsed = new URL(url)
        const robots = yield* Effect.either(robotsFor(parsed))
        if (robots._tag === "Left") return skip(url, robots.left.reason)
        if (!isUrlAllowed(robots.right, parsed)) return disallow(url)
        if (queue.length < MAX_QUEUE) queue.push(url)
      })

    let noindexPages = 0
    let pagesRead = 0
    /**
     * Keeps the page unless it is one we hold already or is noindex; answers whether its links
     * are followed (a duplicate's were, from the page it duplicates; a nofollow page's never).
     */
    const accept = (requested: string, outcome: Extract<Outcome, { _tag: "Page" }>): boolean => {
      pagesRead++
      const url = normalizePageUrl(outcome.response.finalUrl) ?? requested
      const keys = [dedupeKey(requested), dedupeKey(url)]
      const canonical = outcome.page.canonical === null ? undefined : normalizePageUrl(outcome.page.canonical)
      if (canonical !== undefined && isSameSite(canonical, finalStartUrl)) keys.push(dedupeKey(canonical))
      const holder = keys.map((key) => covered.get(key)).find((held) => held !== undefined)
      if (holder !== undefined) {
        skip(requested, `duplicate of ${holder}`)
        return false
      }
      const hash = outcome.page.text === "" ? undefined : textHash(outcome.page.text)
      const sameText = hash === undefined ? undefined : texts.get(hash)
      if (sameText !== undefined) {
        skip(requested, `same text as ${sameText}`)
        return false
      }
      for (const key of keys) {
        covered.set(key, url)
        considered.add(key)
      }
      if (hash !== undefined) texts.set(hash, url)
      const { directives, page } = outcome
      if (directives.noindex) {
        noindexPages++
        skip(requested, "noindex")
        return !directives.nofollow
      }
      pages.push({
        url,
        title: page.title,
        description: page.description,
        headings: page.headings,
        text: page.text,
        jsonLd: page.jsonLd,
        products: page.products,
        listItems: page.listItems,
        canonical: page.canonical,
        rendered: outcome.rendered
      })
      return !directives.nofollow
    }

    if (accept(start.value, first)) for (const link of first.page.links) yield* consider(link)
    const sitemapUrls = yield* collectSitemapUrls(
      finalStartUrl,
      (yield* Effect.orElseSucceed(robotsFor(new URL(finalStartUrl)), () => ALLOW_ALL)).sitemaps,
      { robotsFor, pace, scope },
      fetchBase
    )
    for (const url of sitemapUrls) yield* consider(url)

    while (queue.length > 0 && pages.length < maxPages) {
      // Never more in flight than pages still wanted: maxPages is a bound on requests too.
      const batch: Array<string> = []
      while (queue.length > 0 && batch.length < Math.min(concurrency, maxPages - pages.length)) {
        const url = queue.shift()!
        const holder = covered.get(dedupeKey(url))
        if (holder !== undefined) skip(url, `duplicate of ${holder}`)
        else batch.push(url)
      }
      const outcomes = yield* Effect.forEach(batch, fetchPage, { concurrency })
      for (let i = 0; i < batch.length; i++) {
        const url = batch[i]!
        const outcome = outcomes[i]!
        if (outcome._tag === "Skipped") {
          const why = unreadReason(outcome)
          if (why !== undefined && !skippedSet.has(url) && unread.length < MAX_REPORTED) unread.push({ url, reason: why })
          skip(url, outcome.reason)
        }
        if (outcome._tag !== "Page" || pages.length >= maxPages) continue
        if (accept(url, outcome)) for (const link of outcome.page.links) yield* consider(link)
      }
    }

    // Pages were read, but none may be used or says anything: prompts and a site built from
    // them would be built from nothing.
    if (!pages.some((page) => page.text !== "")) return yield* noUsablePages(start.value, pagesRead, noindexPages)

    return {
      startUrl: start.value,
      finalStartUrl,
      scope,
      siteName: first.directives.noindex ? null : siteNameOf(first.page, pages.filter((page) => page.url !== finalStartUrl && page.url !== start.value).map((page) => page.title)),
      pages,
      disallowed,
      skipped,
      unread
    }
  })).pipe(Effect.withSpan("Crawler.crawlSite", { attributes: { startUrl } }))

/**
 * What the home page calls the site: JSON-LD Organization, JSON-LD WebSite, og:site_name, else
 * the part of its title the other pages' titles repeat (`siteNameFromTitles`), without a town
 * after a comma (`withoutPlaceSuffix`).
 */
const siteNameOf = (home: ExtractedPage, otherTitles: ReadonlyArray<string>): string | null =>
  home.siteNames.organization ?? home.siteNames.website ?? home.siteNames.openGraph ??
    (home.title === "" ? null : withoutPlaceSuffix(siteNameFromTitles(home.title, otherTitles), home.text))
