/**
 * Pages that build their content with JavaScript, read through Debian's Chromium
 * (playwright-core). Chromium's own network is sealed: every connection it would open goes to
 * a proxy whose name cannot resolve (`--proxy-server` + `--host-resolver-rules`, loopback
 * included, WebRTC UDP off), so nothing reaches the network except what we hand it. Every
 * request the page makes is intercepted and answered by `safeFetch`, under the same SSRF guard,
 * vetted-address pinning, byte cap and timeout as the crawl, and only for same-site GETs of
 * documents, scripts, styles and data; images, media and fonts are refused. The page's own
 * HTML is the body the crawler already fetched, so the page is not requested twice.
 *
 * One browser per crawl, launched on first use and closed with the crawl's scope; one
 * throw-away context per page.
 */
import { Data, Duration, Effect, Either, Scope } from "effect"
import type { Browser, Route } from "playwright-core"
import { truncateCodePoints } from "../../domain/text.ts"
import type { ExtractedPage } from "./extract.ts"
import { type FetchRefused, safeFetch, sameSiteHops } from "./safe-fetch.ts"
import { isSameSite } from "./url-policy.ts"
import { CRAWLER_USER_AGENT } from "./user-agent.ts"

export class RenderFailed extends Data.TaggedError("RenderFailed")<{
  readonly url: string
  readonly reason: string
}> {}

export interface RenderOptions {
  readonly chromiumPath: string
  readonly allowPrivate: boolean
  /** Bound on one page, scripts and sub-requests included. Default 15 s. */
  readonly timeoutMs?: number
  /** Byte cap of each sub-request. Default 2 MiB. */
  readonly maxBytes?: number
  /** Sub-requests answered per page; the rest are refused. Default 100. */
  readonly maxSubrequests?: number
  /** The crawl's own rule for each sub-request hop (robots.txt), on top of same-site. */
  readonly checkHop?: (url: URL) => Effect.Effect<void, FetchRefused>
}

export interface PageRenderer {
  /** The DOM of `url` after its scripts ran, serialized; `html` is what the server sent for it. */
  readonly render: (url: string, html: string) => Effect.Effect<string, RenderFailed>
}

export const RENDER_TIMEOUT_MS = 15_000
const MAX_RENDERED_CHARS = 4 * 1024 * 1024
/** Below this much main text, a page with scripts is worth rendering. */
export const RENDER_TEXT_THRESHOLD = 200

export const needsRendering = (page: ExtractedPage): boolean => page.hasScripts && page.text.length < RENDER_TEXT_THRESHOLD

export const CHROMIUM_ARGS: ReadonlyArray<string> = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-default-apps",
  "--disable-extensions",
  "--dns-prefetch-disable",
  // The seal: no direct connection, no name resolution, no UDP.
  "--proxy-server=http://sealed.invalid:9",
  "--proxy-bypass-list=<-loopback>",
  "--host-resolver-rules=MAP * ~NOTFOUND",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp"
]

const BLOCKED_TYPES = new Set(["image", "media", "font", "imageset", "texttrack", "manifest", "eventsource", "websocket", "other"])

const textual = (contentType: string) =>
  contentType.startsWith("text/") || /(javascript|json|xml|ecmascript)/.test(contentType)

const launch = (chromiumPath: string) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      // Loaded on first use: most services never render a page, and the module is large.
      try: () =>
        import("playwright-core").then(({ chromium }) =>
          chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS], timeout: 30_000 })
        ),
      catch: (cause) => new RenderFailed({ url: "", reason: `could not launch Chromium at ${chromiumPath}: ${String(cause)}` })
    }),
    (browser) => Effect.promise(() => browser.close().catch(() => undefined))
  )

const renderWith = (browser: Browser, url: string, html: string, options: RenderOptions): Effect.Effect<string, RenderFailed> => {
  const timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS
  const maxSubrequests = options.maxSubrequests ?? 100
  const failed = (reason: string) => new RenderFailed({ url, reason })
  return Effect.scoped(Effect.gen(function*() {
    // Aborted when the render ends, so sub-requests still in flight stop with it.
    const controller = new AbortController()
    yield* Effect.addFinalizer(() => Effect.sync(() => controller.abort()))
    const context = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () =>
          browser.newContext({
            userAgent: CRAWLER_USER_AGENT,
            serviceWorkers: "block",
            acceptDownloads: false,
            javaScriptEnabled: true
          }),
        catch: (cause) => failed(`could not open a browser context: ${String(cause)}`)
      }),
      (context) => Effect.promise(() => context.close().catch(() => undefined))
    )
    let served = false
    let answered = 0
    const handle = async (route: Route): Promise<void> => {
      const request = route.request()
      const target = request.url()
      if (!served && request.isNavigationRequest()) {
        served = true
        return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
      }
      if (
        (request.method() !== "GET" && request.method() !== "HEAD") || BLOCKED_TYPES.has(request.resourceType()) ||
        !isSameSite(target, url) || answered >= maxSubrequests || controller.signal.aborted
      ) {
        return route.abort("blockedbyclient")
      }
      answered++
      const result = await Effect.runPromise(
        Effect.either(safeFetch(target, {
          allowPrivate: options.allowPrivate,
          accept: "any",
          timeoutMs,
          ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
          // A redirect out of the site is refused like a cross-site request; robots.txt
          // binds the page's requests as it binds ours.
          checkHop: (hop) => Effect.zipRight(sameSiteHops(url)(hop), options.checkHop?.(hop) ?? Effect.void)
        })),
        { signal: controller.signal }
      ).catch(() => undefined)
      if (result === undefined || Either.isLeft(result)) return route.abort("blockedbyclient")
      const response = result.right
      const contentType = response.contentType === "" ? undefined : textual(response.contentType)
        ? `${response.contentType}; charset=utf-8`
        : response.contentType
      return route.fulfill({ status: response.status, body: response.body, ...(contentType === undefined ? {} : { contentType }) })
    }
    const guarded = (route: Route) => handle(route).catch(() => route.abort("failed").catch(() => undefined))
    yield* Effect.tryPromise({
      try: async () => {
        await context.route("**/*", guarded)
        await context.routeWebSocket(() => true, (ws) => ws.close())
      },
      catch: (cause) => failed(`could not intercept requests: ${String(cause)}`)
    })
    return yield* Effect.tryPromise({
      try: async () => {
        const page = await context.newPage()
        await page.goto(url, { waitUntil: "load", timeout: timeoutMs })
        // Content loaded by scripts after "load": wait for the network to settle, within bounds.
        await page.waitForLoadState("networkidle", { timeout: Math.min(5_000, timeoutMs) }).catch(() => undefined)
        const content = await page.content()
        // The DOM a script built can be any size: keep what the extractor would read anyway.
        return truncateCodePoints(content, MAX_RENDERED_CHARS)
      },
      catch: (cause) => failed(`rendering failed: ${String(cause).split("\n")[0]}`)
    })
  })).pipe(
    Effect.timeoutFail({ duration: Duration.millis(timeoutMs), onTimeout: () => failed(`timed out after ${timeoutMs} ms`) })
  )
}

/**
 * A renderer for one crawl. The browser starts on the first page that needs it (a crawl of a
 * static site never launches one) and is closed when the enclosing scope closes.
 */
export const makePageRenderer = (options: RenderOptions): Effect.Effect<PageRenderer, never, Scope.Scope> =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    // Cached: launched once, on first use; a failed launch fails every render of this crawl.
    const browser = yield* Effect.cached(launch(options.chromiumPath).pipe(Scope.extend(scope)))
    return {
      render: (url, html) =>
        Effect.flatMap(browser, (b) => renderWith(b, url, html, options)).pipe(
          Effect.mapError((e) => e.url === "" ? new RenderFailed({ url, reason: e.reason }) : e),
          Effect.withSpan("Crawler.renderPage", { attributes: { url } })
        )
    }
  })
