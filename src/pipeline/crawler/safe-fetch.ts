/**
 * One GET through the SSRF guard. The host is resolved once, every address it resolves to is
 * checked, and the socket is connected to a checked address through the request's `lookup`
 * option, so a DNS answer that changes between the check and the connect (rebinding) is never
 * used. Redirects are followed by hand, each hop checked again (scheme, host, addresses and
 * the caller's own policy). Bodies are capped after decompression, so a small gzip bomb cannot
 * grow past the cap. Interrupting the effect destroys the request.
 */
import { promises as dns } from "node:dns"
import * as http from "node:http"
import * as https from "node:https"
import { isIP, type LookupFunction } from "node:net"
import type { Transform } from "node:stream"
import * as zlib from "node:zlib"
import { Data, Duration, Effect } from "effect"
import { MAX_URL_LENGTH } from "../../domain/url.ts"
import { isRefused } from "./address-guard.ts"
import { isSameSite } from "./url-policy.ts"

import { CRAWLER_USER_AGENT } from "./user-agent.ts"

export { CRAWLER_TOKEN, CRAWLER_USER_AGENT } from "./user-agent.ts"

export const DEFAULT_TIMEOUT_MS = 10_000
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024
export const DEFAULT_MAX_REDIRECTS = 5

export const HTML_TYPES: ReadonlyArray<string> = ["text/html", "application/xhtml+xml"]

export type RefusalCode = "scheme" | "credentials" | "address" | "content-type" | "policy"

/** The request was not made (or its body not read) because a rule forbids it. */
export class FetchRefused extends Data.TaggedError("FetchRefused")<{
  readonly url: string
  readonly code: RefusalCode
  readonly reason: string
}> {}

/** A caller's own refusal of a hop (another site, robots.txt), for `checkHop`. */
export const refuseHop = (url: URL, reason: string): Effect.Effect<never, FetchRefused> =>
  Effect.fail(new FetchRefused({ url: url.href, code: "policy", reason }))

/** A `checkHop` that keeps every hop on `site` (see `isSameSite`). */
export const sameSiteHops = (site: string) => (url: URL): Effect.Effect<void, FetchRefused> =>
  isSameSite(url, site) ? Effect.void : refuseHop(url, "redirect to another site")

export type FailureCode = "dns" | "network" | "timeout" | "redirects" | "response"

/** The request was allowed but did not produce a usable response. */
export class FetchFailed extends Data.TaggedError("FetchFailed")<{
  readonly url: string
  readonly code: FailureCode
  readonly reason: string
}> {}

export interface FetchResult {
  readonly url: string
  readonly finalUrl: string
  readonly status: number
  /** The media type, lower-cased, without parameters; empty when the server sent none. */
  readonly contentType: string
  /** Decoded text; empty for non-2xx responses (their bodies are not read). */
  readonly body: string
  readonly truncated: boolean
  /** The `X-Robots-Tag` header (several joined by commas); empty when none. */
  readonly robotsTag: string
  /** The body's bytes as received (after any Content-Encoding), when `keepBytes` asked for them. */
  readonly bytes?: Buffer | undefined
  /** Each URL a redirect led to, in order. */
  readonly redirects: ReadonlyArray<string>
}

export interface ResolvedAddress {
  readonly address: string
  readonly family: 4 | 6
}

export interface SafeFetchOptions {
  readonly allowPrivate: boolean
  /** Bound on the whole fetch, DNS and redirects included. */
  readonly timeoutMs?: number
  /** Bound on the body, counted both as received and after decompression. */
  readonly maxBytes?: number
  readonly maxRedirects?: number
  /** Media types whose 2xx bodies are read (`text/*` wildcards allowed), or "any". Default: HTML. */
  readonly accept?: ReadonlyArray<string> | "any"
  /** The caller's own rule for every hop, the first included (same site, robots.txt). */
  readonly checkHop?: (url: URL) => Effect.Effect<void, FetchRefused>
  /** Keep the body's bytes too (a gzip file's), beside the decoded text. */
  readonly keepBytes?: boolean
  /** DNS, replaceable in tests; defaults to `dns.promises.lookup(host, { all: true })`. */
  readonly resolveHost?: (host: string) => Promise<ReadonlyArray<ResolvedAddress>>
}

const systemResolve = async (host: string): Promise<ReadonlyArray<ResolvedAddress>> => {
  const found = await dns.lookup(host, { all: true, verbatim: true })
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }))
}

const bare = (hostname: string) => hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname

/** Checks the URL's shape and every address its host stands for; returns the vetted addresses. */
const vet = (url: URL, options: SafeFetchOptions): Effect.Effect<ReadonlyArray<ResolvedAddress>, FetchRefused | FetchFailed> =>
  Effect.gen(function*() {
    const href = url.href
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return yield* new FetchRefused({ url: href, code: "scheme", reason: `scheme ${url.protocol} is not http(s)` })
    }
    if (url.username !== "" || url.password !== "") {
      return yield* new FetchRefused({ url: href, code: "credentials", reason: "credentials in the URL" })
    }
    const host = bare(url.hostname)
    const literal = isIP(host)
    const addresses: ReadonlyArray<ResolvedAddress> = literal !== 0
      ? [{ address: host, family: literal === 6 ? 6 : 4 }]
      : yield* Effect.tryPromise({
        try: () => (options.resolveHost ?? systemResolve)(host),
        catch: (cause) => new FetchFailed({ url: href, code: "dns", reason: `DNS lookup of ${host} failed: ${String(cause)}` })
      })
    if (addresses.length === 0) {
      return yield* new FetchFailed({ url: href, code: "dns", reason: `DNS lookup of ${host} returned no address` })
    }
    // Any forbidden answer refuses the host: a name that resolves to a public and a private
    // address would otherwise let the connection pick the private one.
    for (const { address } of addresses) {
      const verdict = isRefused(address, options.allowPrivate)
      if (verdict.forbidden) {
        return yield* new FetchRefused({ url: href, code: "address", reason: `${host} is ${address}: ${verdict.reason}` })
      }
    }
    return addresses
  })

/** A `lookup` that answers only with the vetted addresses, whatever DNS says by now. */
const pinnedLookup = (addresses: ReadonlyArray<ResolvedAddress>): LookupFunction => (_hostname, options, callback) => {
  const first = addresses[0]!
  if (options.all === true) {
    ;(callback as unknown as (err: null, list: ReadonlyArray<ResolvedAddress>) => void)(null, addresses)
  } else {
    callback(null, first.address, first.family)
  }
}

const mediaTypeOf = (header: string | undefined): string => (header ?? "").split(";")[0]!.trim().toLowerCase()

const accepts = (accept: ReadonlyArray<string> | "any", mediaType: string): boolean => {
  if (accept === "any") return true
  return accept.some((pattern) =>
    pattern.endsWith("/*") ? mediaType.startsWith(pattern.slice(0, -1)) : mediaType === pattern
  )
}

/** The charset from the header, a BOM or an early `<meta>`; utf-8 when unknown. */
const decodeBody = (bytes: Buffer, contentTypeHeader: string): string => {
  let label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentTypeHeader)?.[1]
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = "utf-8"
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = "utf-16le"
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = "utf-16be"
  if (label === undefined) {
    const head = bytes.subarray(0, 1024).toString("latin1")
    label = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]
  }
  try {
    return new TextDecoder(label ?? "utf-8").decode(bytes)
  } catch {
    return new TextDecoder("utf-8").decode(bytes)
  }
}

type Hop =
  | { readonly _tag: "Redirect"; readonly status: number; readonly location: string }
  | {
    readonly _tag: "Final"
    readonly status: number
    readonly contentType: string
    readonly body: string
    readonly truncated: boolean
    readonly robotsTag: string
    readonly bytes?: Buffer | undefined
  }

const REDIRECTS = new Set([301, 302, 303, 307, 308])

const requestOnce = (
  url: URL,
  addresses: ReadonlyArray<ResolvedAddress>,
  accept: ReadonlyArray<string> | "any",
  maxBytes: number,
  keepBytes: boolean
): Effect.Effect<Hop, FetchRefused | FetchFailed> =>
  Effect.async<Hop, FetchRefused | FetchFailed>((resume) => {
    const href = url.href
    let settled = false
    let decoder: Transform | undefined
    let req: http.ClientRequest | undefined
    const settle = (effect: Effect.Effect<Hop, FetchRefused | FetchFailed>) => {
      if (settled) return
      settled = true
      req?.destroy()
      decoder?.destroy()
      resume(effect)
    }
    const fail = (reason: string, code: FailureCode = "network") =>
      settle(Effect.fail(new FetchFailed({ url: href, code, reason })))

    const acceptHeader = accept === "any" ? "*/*" : `${accept.join(",")},*/*;q=0.1`
    const options: https.RequestOptions = {
      protocol: url.protocol,
      hostname: bare(url.hostname),
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: "GET",
      // A fresh socket per request: a pooled one could have been opened for another address.
      agent: false,
      lookup: pinnedLookup(addresses),
      headers: {
        "user-agent": CRAWLER_USER_AGENT,
        accept: acceptHeader,
        "accept-encoding": "gzip, deflate, br"
      },
      maxHeaderSize: 16 * 1024
    }
    try {
      req = (url.protocol === "https:" ? https : http).request(options)
    } catch (error) {
      fail(`request failed: ${String(error)}`)
      return
    }
    req.on("error", (error) => fail(`request failed: ${error.message}`))
    req.on("response", (res) => {
      res.on("error", (error) => fail(`response failed: ${error.message}`))
      const status = res.statusCode ?? 0
      const location = res.headers.location
      if (REDIRECTS.has(status) && location !== undefined) {
        return settle(Effect.succeed({ _tag: "Redirect", status, location }))
      }
      const contentTypeHeader = res.headers["content-type"] ?? ""
      const contentType = mediaTypeOf(contentTypeHeader)
      const robotsTag = [res.headers["x-robots-tag"] ?? []].flat().join(", ")
      if (status < 200 || status > 299) {
        return settle(Effect.succeed({ _tag: "Final", status, contentType, body: "", truncated: false, robotsTag }))
      }
      if (!accepts(accept, contentType)) {
        return settle(Effect.fail(
          new FetchRefused({ url: href, code: "content-type", reason: `content type "${contentType || "none"}" is not accepted` })
        ))
      }

      const chunks: Array<Buffer> = []
      let kept = 0
      let received = 0
      const finish = (truncated: boolean) => {
        const bytes = Buffer.concat(chunks)
        settle(Effect.succeed({
          _tag: "Final",
          status,
          contentType,
          body: decodeBody(bytes, contentTypeHeader),
          truncated,
          robotsTag,
          bytes: keepBytes ? bytes : undefined
        }))
      }
      const keep = (chunk: Buffer) => {
        if (settled) return
        const room = maxBytes - kept
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room))
          kept = maxBytes
          return finish(true)
        }
        chunks.push(chunk)
        kept += chunk.length
      }

      const encoding = (res.headers["content-encoding"] ?? "identity").trim().toLowerCase()
      if (encoding !== "identity" && encoding !== "" && !["gzip", "x-gzip", "deflate", "br"].includes(encoding)) {
        return fail(`unsupported content encoding "${encoding}"`, "response")
      }
      const makeDecoder = (first: Buffer): Transform => {
        if (encoding === "br") return zlib.createBrotliDecompress()
        if (encoding === "deflate") {
          // "deflate" is zlib-wrapped by the spec and raw by some servers: read the header.
          const wrapped = first.length >= 2 && (first[0]! & 0x0f) === 8 && ((first[0]! << 8) | first[1]!) % 31 === 0
          return wrapped ? zlib.createInflate() : zlib.createInflateRaw()
        }
        return zlib.createGunzip()
      }
      const compressed = encoding !== "identity" && encoding !== ""
      res.on("data", (chunk: Buffer) => {
        if (settled) return
        received += chunk.length
        if (!compressed) return keep(chunk)
        if (decoder === undefined) {
          decoder = makeDecoder(chunk)
          decoder.on("data", (out: Buffer) => keep(out))
          decoder.on("error", (error) => fail(`could not decode ${encoding} body: ${error.message}`, "response"))
          decoder.on("end", () => finish(false))
        }
        // The bytes on the wire count too: what we cannot afford to receive, we do not decode.
        if (received > maxBytes) return finish(true)
        decoder.write(chunk)
      })
      res.on("end", () => {
        if (!compressed) return finish(false)
        if (decoder === undefined) return finish(false)
        decoder.end()
      })
      res.on("close", () => {
        if (!res.complete) fail("connection closed before the body ended")
      })
    })
    req.end()
    return Effect.sync(() => {
      settled = true
      req?.destroy()
      decoder?.destroy()
    })
  })

/**
 * GET `input` under the guard. Refusals (`FetchRefused`) happen before any connection to the
 * refused address; failures (`FetchFailed`) are network errors, timeouts and too many redirects.
 * Non-2xx responses succeed with their status and an empty body.
 */
export const safeFetch = (input: string, options: SafeFetchOptions): Effect.Effect<FetchResult, FetchRefused | FetchFailed> => {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS
  const accept = options.accept ?? HTML_TYPES
  return Effect.gen(function*() {
    let url: URL
    try {
      url = new URL(input)
    } catch {
      return yield* new FetchRefused({ url: input, code: "scheme", reason: "not an absolute URL" })
    }
    const redirects: Array<string> = []
    for (;;) {
      if (options.checkHop !== undefined) yield* options.checkHop(url)
      const addresses = yield* vet(url, options)
      const hop = yield* requestOnce(url, addresses, accept, maxBytes, options.keepBytes === true)
      if (hop._tag === "Final") {
        return {
          url: input,
          finalUrl: url.href,
          status: hop.status,
          contentType: hop.contentType,
          body: hop.body,
          truncated: hop.truncated,
          robotsTag: hop.robotsTag,
          bytes: hop.bytes,
          redirects
        }
      }
      if (redirects.length >= maxRedirects) {
        return yield* new FetchFailed({ url: input, code: "redirects", reason: `more than ${maxRedirects} redirects` })
      }
      let next: URL
      try {
        next = new URL(hop.location, url)
      } catch {
        return yield* new FetchFailed({ url: url.href, code: "redirects", reason: `redirect to an invalid location` })
      }
      if (next.href.length > MAX_URL_LENGTH) {
        return yield* new FetchFailed({ url: url.href, code: "redirects", reason: "redirect to an over-long URL" })
      }
      next.hash = ""
      redirects.push(next.href)
      url = next
    }
  }).pipe(
    Effect.timeoutFail({
      duration: Duration.millis(timeoutMs),
      onTimeout: () => new FetchFailed({ url: input, code: "timeout", reason: `timed out after ${timeoutMs} ms` })
    })
  )
}
