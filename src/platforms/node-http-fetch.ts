/**
 * The `fetch` the `openai` client is given: node's own http(s) client on a keep-alive agent,
 * answering once the whole body is in, with a response object holding that body as bytes.
 *
 * Why not the global fetch (undici): per call it builds a Request, web streams for both bodies,
 * several AbortSignals and Headers copies, which outweighed the rest of the client's work per
 * chat completion, on the path every platform check takes. The client reads only what is here (the
 * status, the headers, `text()`/`json()`), and never streams on these calls.
 *
 * Kept from fetch: keep-alive connections, closed when idle 4 s or before the server's announced
 * keep-alive timeout (undici's defaults); 307/308 redirects followed with the same method and
 * body (up to 20), the Authorization header dropped on a cross-origin hop; gzip, deflate and br
 * bodies decoded; a leading byte-order mark dropped by `text()`; the abort signal honoured until
 * the body is complete. Not kept: other redirects (a 301/302/303 would turn the POST into a GET,
 * which no chat completion endpoint answers) come back as they are, and fail the call. Added: a
 * call written to a kept-alive connection the server had just closed goes once more on a new
 * connection (the server never read it).
 *
 * Bounded: a response's body is read up to `maxResponseBytes` (as sent, and again once decoded,
 * so a small gzip bomb is refused too). A longer body, or a `content-length` announcing one,
 * fails the call with `ResponseTooLarge` naming the limit and its setting, and the connection is
 * destroyed at once: the rest is never read or buffered. Time is the caller's to bound: every
 * caller aborts its signal past its own timeout, which stops the wait for headers and the body alike.
 */
import http from "node:http"
import https from "node:https"
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from "node:zlib"

/** The bound on a response body, and the setting that sets it (named in the error). */
export interface ResponseLimit {
  readonly bytes: number
  readonly setting: string
}

/** A response body over its limit: the call fails with this, and the connection is closed unread. */
export class ResponseTooLarge extends Error {
  override readonly name = "ResponseTooLarge"
  constructor(readonly limit: ResponseLimit, readonly stage: "announced" | "sent" | "decoded") {
    super(
      `the response body was over the limit of ${limit.bytes} bytes (${limit.setting})` +
        (stage === "announced" ? ": its content-length said so, and it was not read" : stage === "sent" ? ": the rest was not read" : " once decompressed")
    )
  }
}

/** How long an idle connection is kept (undici's default keep-alive timeout). */
const IDLE_MS = 4_000
const MAX_REDIRECTS = 20

/** What the client reads of a response; `body` is null since the bytes are already read. */
class BufferedResponse {
  readonly ok: boolean
  readonly redirected: boolean
  readonly body = null
  readonly bodyUsed = false
  readonly type = "basic"
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    readonly url: string,
    hops: number,
    private readonly bytes: Buffer
  ) {
    this.ok = status >= 200 && status <= 299
    this.redirected = hops > 0
  }

  text(): Promise<string> {
    const text = this.bytes.toString("utf8")
    return Promise.resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  }

  json(): Promise<unknown> {
    return this.text().then(JSON.parse)
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.bytes
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer)
  }
}

const headersOf = (raw: ReadonlyArray<string>): Headers => {
  const headers = new Headers()
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  return headers
}

const requestHeadersOf = (init: RequestInit | undefined): Record<string, string> => {
  const out: Record<string, string> = {}
  const given = init?.headers
  if (given === undefined) return out
  ;(given instanceof Headers ? given : new Headers(given)).forEach((value, name) => {
    out[name] = value
  })
  return out
}

const bodyOf = (init: RequestInit | undefined): Buffer | undefined => {
  const body = init?.body
  if (body === undefined || body === null) return undefined
  if (typeof body === "string") return Buffer.from(body, "utf8")
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  if (body instanceof ArrayBuffer) return Buffer.from(body)
  throw new TypeError("node-http-fetch: only string and byte bodies are supported")
}

const isBufferTooLarge = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ERR_BUFFER_TOO_LARGE"

const decode = (encoding: string | undefined, bytes: Buffer, limit: ResponseLimit): Buffer => {
  // zlib stops at `maxOutputLength` and throws ERR_BUFFER_TOO_LARGE: nothing past it is inflated.
  const bounded = { maxOutputLength: limit.bytes }
  try {
    switch (encoding?.trim().toLowerCase()) {
      case undefined:
      case "":
      case "identity":
        return bytes
      case "gzip":
      case "x-gzip":
        return gunzipSync(bytes, bounded)
      case "deflate":
        // Servers send both the zlib-wrapped form the name means and the raw one.
        try {
          return inflateSync(bytes, bounded)
        } catch (error) {
          if (isBufferTooLarge(error)) throw error
          return inflateRawSync(bytes, bounded)
        }
      case "br":
        return brotliDecompressSync(bytes, bounded)
      default:
        throw new TypeError(`node-http-fetch: unsupported content-encoding ${encoding}`)
    }
  } catch (error) {
    throw isBufferTooLarge(error) ? new ResponseTooLarge(limit, "decoded") : error
  }
}

const abortError = (signal: AbortSignal | null | undefined) =>
  signal?.reason instanceof Error ? signal.reason : new DOMException("This operation was aborted", "AbortError")

interface Exchange {
  readonly status: number
  readonly statusText: string
  readonly rawHeaders: ReadonlyArray<string>
  readonly location: string | undefined
  readonly bytes: Buffer
}

/** Used when no limit is given: the platform answers' default (`AI_PLATFORM_MAX_RESPONSE_BYTES`). */
export const DEFAULT_RESPONSE_LIMIT: ResponseLimit = { bytes: 4 * 1024 * 1024, setting: "AI_PLATFORM_MAX_RESPONSE_BYTES" }

export const makeNodeHttpFetch = (limit: ResponseLimit = DEFAULT_RESPONSE_LIMIT) => {
  const agents = {
    "http:": new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
    "https:": new https.Agent({ keepAlive: true, timeout: IDLE_MS })
  }

  const exchange = (
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    signal: AbortSignal | undefined,
    firstTry = true
  ): Promise<Exchange> =>
    new Promise<Exchange>((resolve, reject) => {
      const protocol = url.protocol
      if (protocol !== "http:" && protocol !== "https:") return reject(new TypeError(`node-http-fetch: unsupported protocol ${protocol}`))
      if (body !== undefined) headers["content-length"] = String(body.length)
      const request = (protocol === "https:" ? https : http).request({
        protocol,
        hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        agent: agents[protocol],
        // No idle timeout while in use: the caller bounds the call (the agent's applies when idle).
        timeout: 0,
        ...(signal === undefined ? {} : { signal })
      }, (response) => {
        responded = true
        const chunks: Array<Buffer> = []
        let received = 0
        let ended = false
        // Over the limit: fail the call first (so the close below finds it settled), then destroy
        // the socket, so the rest of the body is neither read nor kept, and the connection not reused.
        const refuse = (stage: "announced" | "sent") => {
          ended = true
          reject(new ResponseTooLarge(limit, stage))
          request.destroy()
        }
        const announced = Number(response.headers["content-length"])
        if (Number.isFinite(announced) && announced > limit.bytes) return refuse("announced")
        response.on("data", (chunk: Buffer) => {
          if (ended) return
          received += chunk.length
          if (received > limit.bytes) return refuse("sent")
          chunks.push(chunk)
        })
        response.on("end", () => {
          if (ended) return
          ended = true
          try {
            resolve({
              status: response.statusCode ?? 0,
              statusText: response.statusMessage ?? "",
              rawHeaders: response.rawHeaders,
              location: response.headers.location,
              bytes: decode(response.headers["content-encoding"], chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), limit)
            })
          } catch (error) {
            reject(error)
          }
        })
        response.on("error", (error) => reject(signal?.aborted ? abortError(signal) : error))
        response.on("close", () => {
          if (!ended) reject(signal?.aborted ? abortError(signal) : new Error("the connection closed before the response ended"))
        })
      })
      let responded = false
      request.on("error", (error: NodeJS.ErrnoException) => {
        if (signal?.aborted) return reject(abortError(signal))
        // A kept-alive connection the server closed as this call was written to it: the server
        // never read the call, so it goes once more on a new connection.
        if (firstTry && request.reusedSocket && !responded && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
          return resolve(exchange(url, method, headers, body, signal, false))
        }
        reject(error)
      })
      request.end(body)
    })

  const nodeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (typeof input !== "string" && !(input instanceof URL)) throw new TypeError("node-http-fetch: pass a URL and an init, not a Request")
    let url = new URL(input)
    const method = (init?.method ?? "GET").toUpperCase()
    const headers = requestHeadersOf(init)
    const body = bodyOf(init)
    const signal = init?.signal ?? undefined
    for (let hops = 0;; hops++) {
      const reply = await exchange(url, method, { ...headers }, body, signal)
      if ((reply.status === 307 || reply.status === 308) && reply.location !== undefined && hops < MAX_REDIRECTS) {
        const next = new URL(reply.location, url)
        if (next.origin !== url.origin) delete headers["authorization"]
        url = next
        continue
      }
      const response = new BufferedResponse(reply.status, reply.statusText, headersOf(reply.rawHeaders), url.toString(), hops, reply.bytes)
      // The client reads a response through the members above only; see the module comment.
      return response as unknown as Response
    }
  }

  return nodeFetch
}
