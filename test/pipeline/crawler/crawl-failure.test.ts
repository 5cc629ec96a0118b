/**
 * A crawl that reads no page fails, with a stable code and a message a tenant may see: it names
 * the address they gave and nothing the crawler's network knows (no resolved address, no
 * network error text), which goes to `detail`, for the log.
 */
import { Effect, Either } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type CrawlFailed, crawlSite } from "../../../src/pipeline/crawler/crawl-site.ts"
import { type LoopbackServer, startServer } from "./loopback-server.ts"

const failureOf = async (startUrl: string, allowPrivate = true): Promise<CrawlFailed> => {
  const result = await Effect.runPromise(Effect.either(crawlSite(startUrl, { allowPrivate, timeoutMs: 5_000 })))
  if (Either.isRight(result)) throw new Error(`expected a failed crawl, got ${result.right.pages.length} pages`)
  return result.left
}

const publicPart = (failure: CrawlFailed) => ({ code: failure.code, message: failure.message })

describe("crawlSite: a crawl of no page fails, saying why", () => {
  let site: LoopbackServer
  let refusedPort: number

  beforeAll(async () => {
    site = await startServer((req, res) => {
      const path = req.url ?? "/"
      if (path === "/robots.txt") {
        if (req.headers.host?.startsWith("localhost")) return res.writeHead(404).end()
        res.writeHead(200, { "content-type": "text/plain" })
        return res.end("User-agent: *\nDisallow: /\n")
      }
      if (path === "/data.json") {
        res.writeHead(200, { "content-type": "application/json" })
        return res.end("{}")
      }
      if (path === "/gone") return res.writeHead(404, { "content-type": "text/html" }).end("<p>no</p>")
      res.writeHead(200, { "content-type": "text/html" })
      res.end("<p>page</p>")
    })
    // A port nothing listens on: a server opened and closed.
    const closed = await startServer((_req, res) => res.end())
    refusedPort = closed.port
    await closed.close()
  })
  afterAll(async () => {
    await site.close()
  })

  it("a host that does not resolve could not be reached (not a crawl of 0 pages)", async () => {
    const failure = await failureOf("http://no-such-host.invalid/")
    expect(publicPart(failure)).toEqual({ code: "site_unreachable", message: "http://no-such-host.invalid/ could not be reached" })
    expect(failure.detail).toMatch(/DNS lookup of no-such-host.invalid failed/)
  })

  it("a refused connection could not be reached, and the message names no address", async () => {
    const failure = await failureOf(`http://localhost:${refusedPort}/`)
    expect(publicPart(failure)).toEqual({ code: "site_unreachable", message: `http://localhost:${refusedPort}/ could not be reached` })
    expect(failure.detail).toMatch(/ECONNREFUSED/)
  })

  it("a name refused for its private address reads as one that could not be reached (no DNS oracle)", async () => {
    const failure = await failureOf(`http://localhost:${site.port}/`, false)
    expect(publicPart(failure)).toEqual({ code: "site_unreachable", message: `http://localhost:${site.port}/ could not be reached` })
    expect(failure.detail).toMatch(/loopback/)
  })

  it("a private address typed as such is not allowed", async () => {
    expect(publicPart(await failureOf(`${site.origin}/`, false))).toEqual({ code: "address_not_allowed", message: "the address is not allowed" })
  })

  it("a robots.txt that disallows everything fails the crawl with that reason", async () => {
    expect(publicPart(await failureOf(`${site.origin}/`))).toEqual({
      code: "robots_disallowed",
      message: `robots.txt disallows ${site.origin}/`
    })
  })

  it("a start page that is not HTML fails the crawl", async () => {
    expect(publicPart(await failureOf(`http://localhost:${site.port}/data.json`))).toEqual({
      code: "not_html",
      message: `http://localhost:${site.port}/data.json is not HTML`
    })
  })

  it("a start page that answers 404 fails the crawl with its status", async () => {
    expect(publicPart(await failureOf(`http://localhost:${site.port}/gone`))).toEqual({
      code: "http_error",
      message: `http://localhost:${site.port}/gone answered 404`
    })
  })
})
