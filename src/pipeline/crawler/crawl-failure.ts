/**
 * Why a crawl read no page, in words a tenant may see, with a stable code. The detail (the
 * addresses a name resolved to, the network's own error) is for the log only: a message that
 * said what a name resolves to, or that told a name that does not exist from one that resolves
 * to a private address, would let any tenant probe the crawler's network through its jobs.
 */
import { Data } from "effect"
import { isIP } from "node:net"
import type { FetchFailed, FetchRefused } from "./safe-fetch.ts"
import { isUnreachable } from "./site-rules.ts"

export type CrawlFailureCode =
  | "invalid_url"
  | "site_unreachable"
  | "address_not_allowed"
  | "http_error"
  | "robots_disallowed"
  | "not_html"
  | "site_unreadable"
  | "no_usable_pages"

/** The crawl read no page it may use: its start page could not be read, or may not be, or every page read was noindex or empty. */
export class CrawlFailed extends Data.TaggedError("CrawlFailed")<{
  readonly url: string
  readonly code: CrawlFailureCode
  /** Safe to show the tenant: it names only the address they gave. */
  readonly message: string
  /** For the log only. */
  readonly detail: string
}> {}

export const invalidStartUrl = (url: string) =>
  new CrawlFailed({ url, code: "invalid_url", message: "the address is not an http(s) web address", detail: `not a web address: ${url}` })

export const unreachable = (url: string, detail: string) =>
  new CrawlFailed({ url, code: "site_unreachable", message: `${url} could not be reached`, detail })

export const robotsDisallowed = (url: string) =>
  new CrawlFailed({ url, code: "robots_disallowed", message: `robots.txt disallows ${url}`, detail: "start page disallowed by robots.txt" })

export const httpError = (url: string, status: number) =>
  new CrawlFailed({ url, code: "http_error", message: `${url} answered ${status}`, detail: `HTTP ${status}` })

export const noUsablePages = (url: string, read: number, noindex: number) =>
  new CrawlFailed({
    url,
    code: "no_usable_pages",
    message: noindex > 0 ? `${url} has no page that may be used (${noindex} of ${read} marked noindex, the others empty)` : `${url} has no page with text`,
    detail: `${read} pages read, ${noindex} noindex`
  })

const isLiteralAddress = (href: string) => {
  const host = URL.canParse(href) ? new URL(href).hostname.replace(/^\[|\]$/g, "") : ""
  return isIP(host) !== 0
}

/** The start page `url` could not be fetched because of `error` (on it or on a redirect hop). */
export const fromFetchError = (url: string, error: FetchRefused | FetchFailed): CrawlFailed => {
  if (error._tag === "FetchFailed") {
    if (isUnreachable(error)) return unreachable(url, error.reason)
    return new CrawlFailed({ url, code: "site_unreadable", message: `${url} could not be read`, detail: error.reason })
  }
  switch (error.code) {
    case "address":
      // A name refused for what it resolves to reads as one that does not resolve: only an
      // address typed as such is called "not allowed", which tells nothing DNS knows.
      return isLiteralAddress(error.url)
        ? new CrawlFailed({ url, code: "address_not_allowed", message: "the address is not allowed", detail: error.reason })
        : unreachable(url, error.reason)
    case "credentials":
      return new CrawlFailed({ url, code: "address_not_allowed", message: "the address is not allowed", detail: error.reason })
    case "content-type":
      return new CrawlFailed({ url, code: "not_html", message: `${url} is not HTML`, detail: error.reason })
    case "scheme":
    case "policy":
      return new CrawlFailed({ url, code: "site_unreadable", message: `${url} could not be read`, detail: error.reason })
  }
}
