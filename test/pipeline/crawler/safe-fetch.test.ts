import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib"
import { Effect, Either, Fiber, Option, TestClock, TestContext } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  CRAWLER_TOKEN,
  CRAWLER_USER_AGENT,
  FetchFailed,
  FetchRefused,
  type FetchResult,
  refuseHop,
  safeFetch,
  type SafeFetchOptions
} from "../../../src/pipeline/crawler/safe-fetch.ts"
import { cpuTimedAsync } from "../../support/cpu-time.ts"
import { countClientSockets, type LoopbackServer, startServer, watchNonLoopbackConnections } from "./loopback-server.ts"

let server: LoopbackServer
const offHost = watchNonLoopbackConnections()
const hung: Array<() => void> = []
let hangsClosed = 0

/** 64 MiB of spaces, about 64 KiB on the wire; compressed once, outside any measured call. */
const BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20))

/** Polls `condition` every 10 ms until it holds (the test's timeout bounds the wait). */
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10))
}

beforeAll(async () => {
  server = await startServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x")
    const html = (body: string) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      res.end(body)
    }
    switch (url.pathname) {
      case "/":
        return html("<title>Home</title><p>hello</p>")
      case "/to-metadata":
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" })
        return res.end()
      case "/to-metadata-v6":
        res.writeHead(301, { location: "http://[fd00:ec2::254]/latest/meta-data/" })
        return res.end()
      case "/to-named-metadata":
        res.writeHead(307, { location: "http://metadata.test/latest/api/token" })
        return res.end()
      case "/to-ftp":
        res.writeHead(302, { location: "ftp://127.0.0.1/file" })
        return res.end()
      case "/hop1":
        res.writeHead(301, { location: "/hop2" })
        return res.end()
      case "/hop2":
        res.writeHead(302, { location: `${server.origin}/page#frag` })
        return res.end()
      case "/page":
        return html("<h1>Landed</h1>")
      case "/loop":
        res.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get("n") ?? 0) + 1}` })
        return res.end()
      case "/hang":
        // Headers never come; the test checks the client gives up and hangs up.
        req.socket.on("close", () => hangsClosed++)
        hung.push(() => res.destroy())
        return
      case "/slow-body":
        res.writeHead(200, { "content-type": "text/html" })
        res.write("<p>start")
        hung.push(() => res.destroy())
        return
      case "/big":
        res.writeHead(200, { "content-type": "text/html" })
        return res.end("a".repeat(300_000))
      case "/gzip":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        return res.end(gzipSync("<p>compressed hello</p>"))
      case "/br":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" })
        return res.end(brotliCompressSync("<p>brotli hello</p>"))
      case "/deflate":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" })
        return res.end(deflateSync("<p>zlib deflate hello</p>"))
      case "/deflate-raw":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "deflate" })
        return res.end(deflateRawSync("<p>raw deflate hello</p>"))
      case "/bomb":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        return res.end(BOMB)
      case "/pdf":
        res.writeHead(200, { "content-type": "application/pdf" })
        return res.end("%PDF-1.4")
      case "/robots.txt":
        res.writeHead(200, { "content-type": "text/plain" })
        return res.end("User-agent: *\nDisallow: /private/")
      case "/latin1":
        res.writeHead(200, { "content-type": "text/html; charset=iso-8859-1" })
        return res.end(Buffer.from("<p>caf\xe9</p>", "latin1"))
      case "/missing":
        res.writeHead(404, { "content-type": "text/html" })
        return res.end("<h1>Not here</h1>")
      default:
        res.writeHead(500)
        return res.end()
    }
  })
})
afterAll(async () => {
  for (const release of hung) release()
  await server.close()
  offHost.stop()
  expect(offHost.attempts).toEqual([])
})

const run = (url: string, options: Partial<SafeFetchOptions> = {}) =>
  Effect.runPromise(Effect.either(safeFetch(url, { allowPrivate: true, ...options })))

const ok = async (url: string, options: Partial<SafeFetchOptions> = {}): Promise<FetchResult> => {
  const result = await run(url, options)
  if (Either.isLeft(result)) throw new Error(`expected success, got ${result.left._tag}: ${result.left.reason}`)
  return result.right
}

const failure = async (url: string, options: Partial<SafeFetchOptions> = {}): Promise<FetchRefused | FetchFailed> => {
  const result = await run(url, options)
  if (Either.isRight(result)) throw new Error(`expected a failure, got HTTP ${result.right.status}`)
  return result.left
}

describe("safeFetch: the SSRF guard", () => {
  const refusedTargets = () => [
    `http://127.0.0.1:${server.port}/`,
    `http://localhost:${server.port}/`,
    `http://[::1]:${server.port}/`,
    `http://[::ffff:127.0.0.1]:${server.port}/`,
    "http://169.254.169.254/latest/meta-data",
    "http://10.0.0.1/",
    "http://100.64.0.1/",
    "http://224.0.0.1/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://0.0.0.0/",
    "http://192.168.1.1/",
    "http://[fd00:ec2::254]/"
  ]

  it("refuses every loopback, private, link-local, CGNAT, multicast and metadata target without connecting", async () => {
    const before = server.connections()
    for (const url of refusedTargets()) {
      const { result, sockets } = await countClientSockets(() => failure(url, { allowPrivate: false }))
      expect(result, url).toBeInstanceOf(FetchRefused)
      expect((result as FetchRefused).code, url).toBe("address")
      expect(sockets, `${url} opened a socket`).toBe(0)
    }
    expect(server.connections()).toBe(before)
  })

  it("says which address and range refused the host", async () => {
    const error = await failure(`http://localhost:${server.port}/`, { allowPrivate: false })
    expect(error.reason).toBe("localhost is 127.0.0.1: loopback (127.0.0.0/8)")
    const mapped = await failure(`http://[::ffff:127.0.0.1]:${server.port}/`, { allowPrivate: false })
    expect(mapped.reason).toBe("::ffff:7f00:1 is ::ffff:7f00:1: loopback (127.0.0.0/8) via ::ffff:0:0/96")
  })

  it("refuses a host when any one of its addresses is forbidden", async () => {
    const { result, sockets } = await countClientSockets(() =>
      failure("http://mixed.test/", {
        allowPrivate: false,
        resolveHost: async () => [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.7", family: 4 }]
      })
    )
    expect(result).toMatchObject({ _tag: "FetchRefused", code: "address", reason: "mixed.test is 10.0.0.7: private (10.0.0.0/8)" })
    expect(sockets).toBe(0)
  })

  it("connects to the address it checked, not to a second DNS answer", async () => {
    let lookups = 0
    const response = await ok(`http://shop.test:${server.port}/`, {
      resolveHost: async () => {
        lookups++
        return [{ address: "127.0.0.1", family: 4 }]
      }
    })
    expect(response.body).toContain("hello")
    expect(lookups).toBe(1)
    expect(server.requests.at(-1)!.headers.host).toBe(`shop.test:${server.port}`)
  })

  it("keeps cloud metadata refused when private addresses are allowed, also behind a redirect", async () => {
    for (const path of ["/to-metadata", "/to-metadata-v6"]) {
      const before = server.requests.length
      const { result, sockets } = await countClientSockets(() => failure(`${server.origin}${path}`, { allowPrivate: true }))
      expect(result).toBeInstanceOf(FetchRefused)
      expect(result.reason).toMatch(/cloud-metadata/)
      expect(server.requests.length - before).toBe(1) // the first hop only
      expect(sockets).toBe(1) // the loopback hop; none towards the metadata service
    }
    const direct = await failure("http://169.254.169.254/latest/meta-data", { allowPrivate: true })
    expect(direct).toMatchObject({ _tag: "FetchRefused", code: "address", reason: "169.254.169.254 is 169.254.169.254: cloud-metadata (169.254.169.254/32)" })
  })

  it("resolves and checks each redirect hop again", async () => {
    // Only loopback can serve a first hop, so private addresses are allowed here: the hop to a
    // name that resolves to the metadata service must still be refused, before connecting.
    const lookups: Array<string> = []
    const resolveHost = async (host: string) => {
      lookups.push(host)
      return host === "metadata.test"
        ? [{ address: "169.254.169.254", family: 4 as const }]
        : [{ address: "127.0.0.1", family: 4 as const }]
    }
    const { result, sockets } = await countClientSockets(() =>
      failure(`http://shop.test:${server.port}/to-named-metadata`, { allowPrivate: true, resolveHost })
    )
    expect(result).toMatchObject({
      _tag: "FetchRefused",
      code: "address",
      reason: "metadata.test is 169.254.169.254: cloud-metadata (169.254.169.254/32)"
    })
    expect(lookups).toEqual(["shop.test", "metadata.test"])
    expect(sockets).toBe(1)
  })

  it("refuses a redirect to a scheme other than http(s)", async () => {
    const error = await failure(`${server.origin}/to-ftp`)
    expect(error).toMatchObject({ _tag: "FetchRefused", code: "scheme" })
  })

  it("applies the caller's rule to every hop", async () => {
    const seen: Array<string> = []
    const error = await failure(`${server.origin}/hop1`, {
      checkHop: (url) => {
        seen.push(url.pathname)
        return url.pathname === "/hop2" ? refuseHop(url, "not on my list") : Effect.void
      }
    })
    expect(error).toMatchObject({ _tag: "FetchRefused", code: "policy", reason: "not on my list" })
    expect(seen).toEqual(["/hop1", "/hop2"])
  })
})

describe("safeFetch: HTTP", () => {
  it("sends the crawler's user agent and reads an HTML page", async () => {
    const response = await ok(`${server.origin}/`)
    expect(response).toMatchObject({ status: 200, contentType: "text/html", truncated: false, redirects: [] })
    expect(response.body).toBe("<title>Home</title><p>hello</p>")
    expect(server.requests.at(-1)!.headers["user-agent"]).toBe(CRAWLER_USER_AGENT)
    expect(CRAWLER_USER_AGENT.startsWith(`${CRAWLER_TOKEN}/`)).toBe(true)
  })

  it("follows redirects, relative and absolute, and drops fragments", async () => {
    const response = await ok(`${server.origin}/hop1`)
    expect(response.finalUrl).toBe(`${server.origin}/page`)
    expect(response.redirects).toEqual([`${server.origin}/hop2`, `${server.origin}/page`])
    expect(response.body).toBe("<h1>Landed</h1>")
  })

  it("gives up after five redirects", async () => {
    const error = await failure(`${server.origin}/loop`)
    expect(error).toMatchObject({ _tag: "FetchFailed", code: "redirects", reason: "more than 5 redirects" })
    expect(server.paths().filter((p) => p.startsWith("/loop")).length).toBe(6)
  })

  it("returns other statuses without reading their bodies", async () => {
    const response = await ok(`${server.origin}/missing`)
    expect(response).toMatchObject({ status: 404, body: "" })
  })

  it("refuses a body that is not HTML, unless the caller accepts its type", async () => {
    expect(await failure(`${server.origin}/pdf`)).toMatchObject({ _tag: "FetchRefused", code: "content-type" })
    expect(await failure(`${server.origin}/robots.txt`)).toMatchObject({ _tag: "FetchRefused", code: "content-type" })
    const robots = await ok(`${server.origin}/robots.txt`, { accept: ["text/plain"] })
    expect(robots.body).toContain("Disallow: /private/")
  })

  it("decodes gzip, brotli and both kinds of deflate", async () => {
    expect((await ok(`${server.origin}/gzip`)).body).toBe("<p>compressed hello</p>")
    expect((await ok(`${server.origin}/br`)).body).toBe("<p>brotli hello</p>")
    expect((await ok(`${server.origin}/deflate`)).body).toBe("<p>zlib deflate hello</p>")
    expect((await ok(`${server.origin}/deflate-raw`)).body).toBe("<p>raw deflate hello</p>")
  })

  it("decodes the charset the server names", async () => {
    expect((await ok(`${server.origin}/latin1`)).body).toBe("<p>café</p>")
  })

  it("stops reading at the byte cap and says so", async () => {
    const response = await ok(`${server.origin}/big`, { maxBytes: 100_000 })
    expect(response.truncated).toBe(true)
    expect(response.body.length).toBe(100_000)
  })

  it("caps a decompression bomb at the cap, after decompression", async () => {
    // CPU time, not wall time: what is bounded is the work, and no load on the machine
    // stretches CPU time.
    const { result: response, cpuMs } = await cpuTimedAsync(() => ok(`${server.origin}/bomb`, { maxBytes: 1024 * 1024 }))
    expect(response.truncated).toBe(true)
    expect(response.body.length).toBe(1024 * 1024)
    expect(cpuMs).toBeLessThan(5_000)
  })

  it("times out when headers never come, and hangs up", async () => {
    const closedBefore = hangsClosed
    const before = server.requests.length
    // The bound is an Effect timeout, so it runs on the TestClock here: the fetch is still
    // waiting at 299 ms and fails at 300, however slow the machine is.
    const error = await Effect.runPromise(Effect.gen(function*() {
      const call = yield* Effect.fork(Effect.flip(safeFetch(`${server.origin}/hang`, { allowPrivate: true, timeoutMs: 300 })))
      yield* Effect.promise(() => until(() => server.requests.length > before))
      yield* TestClock.adjust("299 millis")
      expect(Option.isNone(yield* Fiber.poll(call))).toBe(true)
      yield* TestClock.adjust("1 millis")
      return yield* Fiber.join(call)
    }).pipe(Effect.provide(TestContext.TestContext)))
    expect(error).toMatchObject({ _tag: "FetchFailed", code: "timeout", reason: "timed out after 300 ms" })
    while (hangsClosed === closedBefore) await new Promise((r) => setTimeout(r, 10))
    expect(hangsClosed).toBe(closedBefore + 1)
  })

  it("times out on a body that never ends", async () => {
    const error = await failure(`${server.origin}/slow-body`, { timeoutMs: 300 })
    expect(error).toMatchObject({ _tag: "FetchFailed", code: "timeout" })
  })

  it("aborts the request when interrupted", async () => {
    const before = server.requests.length
    const fiber = Effect.runFork(safeFetch(`${server.origin}/hang`, { allowPrivate: true, timeoutMs: 60_000 }))
    while (server.requests.length === before) await new Promise((r) => setTimeout(r, 10))
    const closedBefore = hangsClosed
    const exit = await Effect.runPromise(Fiber.interrupt(fiber))
    expect(exit._tag).toBe("Failure")
    while (hangsClosed === closedBefore) await new Promise((r) => setTimeout(r, 10))
    expect(hangsClosed).toBe(closedBefore + 1)
  })

  it("refuses credentials in the URL and non-http schemes outright", async () => {
    expect(await failure(`http://user:pw@127.0.0.1:${server.port}/`)).toMatchObject({ code: "credentials" })
    expect(await failure("file:///etc/passwd")).toMatchObject({ code: "scheme" })
    expect(await failure("javascript:alert(1)")).toMatchObject({ code: "scheme" })
  })

  it("reports DNS failures as failures", async () => {
    const error = await failure("http://nothing.invalid/", { resolveHost: async () => { throw new Error("ENOTFOUND") } })
    expect(error).toBeInstanceOf(FetchFailed)
    expect((error as FetchFailed).code).toBe("dns")
  })
})
