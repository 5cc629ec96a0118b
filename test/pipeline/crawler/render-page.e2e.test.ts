/**
 * Pages that build their content with JavaScript, read through real Chromium. The page's
 * sub-requests are answered by the crawler's own guarded fetch: what the page may reach is
 * proved from the servers' request logs.
 */
import { readdirSync, readFileSync } from "node:fs"
import { Effect } from "effect"
import { chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { crawlSite } from "../../../src/pipeline/crawler/crawl-site.ts"
import { CHROMIUM_ARGS } from "../../../src/pipeline/crawler/render-page.ts"
import { CRAWLER_USER_AGENT } from "../../../src/pipeline/crawler/user-agent.ts"
import { CHROMIUM_PATH, runBrowserSuites } from "../../support/browser.ts"
import { type LoopbackServer, startServer, watchNonLoopbackConnections } from "./loopback-server.ts"

/** Chromium processes started by this test process (Playwright launches them as children). */
const chromiumChildren = (): number =>
  readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/.test(pid)) return false
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
      return ppid === process.pid && /chrom/i.test(stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")))
    } catch {
      return false
    }
  }).length

describe.skipIf(!runBrowserSuites)("rendering JavaScript pages in Chromium", () => {
  let app: LoopbackServer
  let other: LoopbackServer
  const offHost = watchNonLoopbackConnections()

  beforeAll(async () => {
    other = await startServer((_req, res) => res.end("stolen"))
    app = await startServer((req, res) => {
      const send = (type: string, body: string) => {
        res.writeHead(200, { "content-type": type })
        res.end(body)
      }
      switch (new URL(req.url ?? "/", "http://x").pathname) {
        case "/robots.txt":
          return send("text/plain", "User-agent: *\nDisallow: /api/private")
        case "/sitemap.xml":
          res.writeHead(404)
          return res.end()
        case "/":
          return send(
            "text/html",
            `<!doctype html><html><head><title>Acme Shop</title><script src="/app.js"></script></head>
             <body><main id="root">Loading…</main></body></html>`
          )
        case "/app.js":
          return send(
            "application/javascript",
            `document.addEventListener("DOMContentLoaded", async () => {
               // What the page must not reach: another site, the metadata service, an image.
               for (const url of ["${other.origin}/steal", "http://169.254.169.254/latest/meta-data/"]) {
                 fetch(url).catch(() => {})
               }
               new Image().src = "/pixel.png"
               fetch("/api/private.json").catch(() => {}) // disallowed by robots.txt
               const data = await (await fetch("/api/content.json")).json()
               const root = document.getElementById("root")
               root.innerHTML = "<h1>" + data.heading + "</h1><p>" + data.text + "</p>" +
                 '<a href="/second">More</a>'
             })`
          )
        case "/api/content.json":
          return send("application/json", JSON.stringify({
            heading: "Handmade ceramics",
            text: "Bowls, cups and plates, thrown and glazed in our Lyon workshop. Rendered by JavaScript."
          }))
        case "/second":
          return send("text/html", "<title>Second</title><main><p>A static second page with plenty of words in it.</p></main>")
        default:
          res.writeHead(404)
          return res.end()
      }
    })
  })
  afterAll(async () => {
    await app.close()
    await other.close()
    offHost.stop()
    expect(offHost.attempts).toEqual([])
  })

  it("reads the content scripts insert when rendering is on", async () => {
    const before = app.requests.length
    const result = await Effect.runPromise(
      crawlSite(`${app.origin}/`, { allowPrivate: true, render: { chromiumPath: CHROMIUM_PATH } })
    )
    const home = result.pages[0]!
    expect(home.rendered).toBe(true)
    expect(home.headings).toEqual(["Handmade ceramics"])
    expect(home.text).toContain("thrown and glazed in our Lyon workshop")
    // Links the script inserted are followed; a page with enough text is not rendered.
    expect(result.pages.map((p) => [new URL(p.url).pathname, p.rendered])).toEqual([["/", true], ["/second", false]])

    const log = app.requests.slice(before)
    const paths = log.map((r) => r.path)
    // The page itself is fetched once: Chromium gets the body the crawler already has.
    expect(paths.filter((p) => p === "/")).toHaveLength(1)
    expect(paths).toContain("/app.js")
    expect(paths).toContain("/api/content.json")
    expect(paths).not.toContain("/pixel.png")
    expect(paths).not.toContain("/api/private.json")
    expect(result.disallowed).toEqual([`${app.origin}/api/private.json`])
    // Sub-requests go out through the crawler's fetch, with its user agent.
    expect(log.find((r) => r.path === "/api/content.json")!.headers["user-agent"]).toBe(CRAWLER_USER_AGENT)
    expect(other.requests).toEqual([])
    expect(other.connections()).toBe(0)
    // One browser for the crawl, closed with it.
    expect(chromiumChildren()).toBe(0)
  }, 60_000)

  it("seals Chromium's own network: without our interception it reaches nothing, loopback included", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
    try {
      const page = await browser.newPage()
      const before = other.connections()
      const error = await page.goto(`${other.origin}/`, { timeout: 10_000 }).then(() => undefined, (e: Error) => e)
      expect(error?.message).toMatch(/ERR_PROXY_CONNECTION_FAILED|ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/)
      expect(other.connections()).toBe(before)
    } finally {
      await browser.close()
    }
  })

  it("does not see that content without rendering", async () => {
    const result = await Effect.runPromise(crawlSite(`${app.origin}/`, { allowPrivate: true }))
    const home = result.pages[0]!
    expect(home.rendered).toBe(false)
    expect(home.text).toBe("Loading…")
    expect(home.text).not.toContain("ceramics")
    expect(result.pages).toHaveLength(1)
  })
})
