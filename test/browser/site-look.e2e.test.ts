/**
 * A generated site as Chromium shows it: no horizontal overflow on a desktop or a phone, the
 * title and the navigation visible, hostile crawled text inert, and the tracking script posting
 * for a crawler. Screenshots land in `.tmp/site-*.png` for a human to look at; two sites of the
 * labelled evaluation set, onboarded through the real service from their pages served on
 * loopback, are shot page by page (home, FAQ, an offering, three posts) into `.tmp/site-look/`.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { renderSite } from "../../src/site-generator/render-site.ts"
import type { SiteFile, SiteInput } from "../../src/site-generator/site-input.ts"
import { bakery, hostile } from "../site-generator/sample-site.ts"
import { serveFolder } from "../site-generator/crawled-site.ts"
import { launchChromium, runBrowserSuites } from "../support/browser.ts"
import { followJob } from "../support/jobs.ts"
import { freePort, json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

interface Visit {
  readonly contentType: string | undefined
  readonly body: unknown
}

/** Serves one rendered site the way the hosting will: `/x/` → `/x/index.html`, else `/404.html`. */
const serve = (files: () => ReadonlyMap<string, SiteFile>, visits: Array<Visit>): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer((req: IncomingMessage, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname
      if (req.method === "POST" && path === "/api/ai-recommendation-store") {
        let body = ""
        req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")))
        req.on("end", () => {
          visits.push({ contentType: req.headers["content-type"], body: JSON.parse(body) })
          res.writeHead(200, { "content-type": "application/json" }).end(`{"status":"success"}`)
        })
        return
      }
      const site = files()
      const file = site.get(path.endsWith("/") ? `${path}index.html` : path)
      if (file === undefined) {
        res.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end(site.get("/404.html")?.body)
        return
      }
      res.writeHead(200, { "content-type": file.contentType }).end(file.body)
    })
    server.listen(0, "127.0.0.1", () => resolve(server))
  })

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 }
] as const

describe.skipIf(!runBrowserSuites)("a generated site in Chromium", () => {
  let browser: Browser
  let server: Server
  let origin: string
  let site: ReadonlyMap<string, SiteFile>
  let hostileSite: ReadonlyMap<string, SiteFile>
  let current: () => ReadonlyMap<string, SiteFile> = () => site
  const visits: Array<Visit> = []

  beforeAll(async () => {
    mkdirSync(".tmp", { recursive: true })
    server = await serve(() => current(), visits)
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    // Same origin for the site and the webhook, as in a test; in production they differ.
    const at = (input: SiteInput): SiteInput => ({ ...input, siteUrl: origin, trackingEndpoint: `${origin}/api/ai-recommendation-store` })
    site = renderSite(at(bakery))
    hostileSite = renderSite(at(hostile))
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
  })

  for (const viewport of VIEWPORTS) {
    for (const page of [
      { name: "home", path: "/" },
      { name: "faq", path: "/faq/" },
      { name: "offering", path: "/offerings/sourdough-loaf/" },
      { name: "post", path: "/blog/2026-03-02/sourdough-loaf-what-to-know/" }
    ]) {
      it(`${page.name} at ${viewport.width}×${viewport.height}: no overflow, title and nav visible`, async () => {
        current = () => site
        const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } })
        const tab = await context.newPage()
        const response = await tab.goto(`${origin}${page.path}`)
        expect(response?.status()).toBe(200)
        const widths = await tab.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }))
        expect(widths.scroll).toBeLessThanOrEqual(widths.inner)
        await expect(tab.locator("h1").count()).resolves.toBe(1)
        expect(await tab.locator("h1").isVisible()).toBe(true)
        const nav = await tab.locator("nav.site-nav a").allTextContents()
        expect(nav).toEqual(["Home", "Offerings", "FAQ", "Blog", "About", "Contact"])
        for (const link of await tab.locator("nav.site-nav a").all()) expect(await link.isVisible()).toBe(true)
        await tab.screenshot({ path: `.tmp/site-${page.name}-${viewport.name}.png`, fullPage: true })
        await context.close()
      })
    }
  }

  it("dark mode keeps the home page readable", async () => {
    current = () => site
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" })
    const tab = await context.newPage()
    await tab.goto(`${origin}/`)
    const colors = await tab.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color
    }))
    expect(colors).toEqual({ body: "rgb(15, 17, 21)", text: "rgb(232, 234, 239)" })
    await tab.screenshot({ path: ".tmp/site-home-dark.png", fullPage: true })
    await context.close()
  })

  it("carries a hostile crawl as inert text: no dialog, no injected element, no script run", async () => {
    current = () => hostileSite
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const tab = await context.newPage()
    const dialogs: Array<string> = []
    tab.on("dialog", (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    for (const path of [...hostileSite.keys()].filter((p) => p.endsWith(".html"))) {
      await tab.goto(`${origin}${path.replace(/index\.html$/, "")}`)
      const injected = await tab.evaluate(() => ({
        images: document.querySelectorAll("img, iframe, style, b").length,
        handlers: Array.from(document.querySelectorAll("*")).filter((el) => Array.from(el.attributes).some((a) => a.name.startsWith("on"))).length,
        scripts: Array.from(document.querySelectorAll("script")).map((s) => s.getAttribute("src") ?? s.getAttribute("type")),
        hrefs: Array.from(document.querySelectorAll("a")).map((a) => a.getAttribute("href") ?? "").filter((h) => /^\s*javascript:|^data:/i.test(h)),
        hidden: getComputedStyle(document.body).display
      }))
      // The 404 page is not indexable and carries no structured data.
      const scripts = path === "/404.html" ? ["/track.js"] : ["application/ld+json", "/track.js"]
      expect(injected).toEqual({ images: 0, handlers: 0, scripts, hrefs: [], hidden: "flex" })
      expect(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    }
    await tab.goto(`${origin}/about/`)
    expect(await tab.locator(".source-pages li").first().textContent()).toContain("</title><script>alert(1)</script>")
    await tab.screenshot({ path: ".tmp/site-hostile-about.png", fullPage: true })
    expect(dialogs).toEqual([])
    await context.close()
  })

  it("reports a crawler's visit through the tracking script, and none for a browser", async () => {
    current = () => site
    visits.length = 0
    const crawler = await browser.newContext({
      userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)"
    })
    const tab = await crawler.newPage()
    await tab.goto(`${origin}/faq/`, { waitUntil: "load" })
    await expect.poll(() => visits.length, { timeout: 30_000 }).toBe(1)
    expect(visits[0]).toEqual({
      contentType: "application/json",
      body: {
        business_id: "acme-bakery",
        page_url: `${origin}/faq/`,
        page_type: "ai_site",
        page_title: "Frequently asked questions | Acme Bakery",
        user_agent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
        referrer: null
      }
    })
    await crawler.close()

    const person = await browser.newContext()
    const personTab = await person.newPage()
    await personTab.goto(`${origin}/faq/`, { waitUntil: "load" })
    await personTab.waitForTimeout(300)
    expect(visits.length).toBe(1)
    await person.close()
  })
})

const EVAL_SITES = ["hearth-and-crumb-bakery", "lakeside-family-dental"] as const

describe.skipIf(!runBrowserSuites)("generated sites of labelled websites, onboarded through the service, in Chromium", () => {
  let browser: Browser
  let service: RunningService
  let port: number
  const folders: Array<{ readonly close: () => Promise<void> }> = []
  const auth = { authorization: `Bearer ${SERVICE_KEY}` }
  const call = async (method: string, path: string, body?: unknown) =>
    json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

  beforeAll(async () => {
    mkdirSync(".tmp/site-look", { recursive: true })
    port = await freePort()
    service = await startService({ _tag: "Embedded", dataDir: undefined }, {
      PORT: String(port),
      SITES_DOMAIN: "sites.localhost",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      CRAWLER_ALLOW_PRIVATE: "true",
      CRAWLER_TIMEOUT_MS: "120000"
    }, { port })
    browser = await launchChromium([`--host-resolver-rules=MAP *.localhost 127.0.0.1`])
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await service?.stop()
    for (const folder of folders) await folder.close()
  })

  for (const id of EVAL_SITES) {
    it(`${id}: home, FAQ, an offering and three posts render without overflow, each shot`, async () => {
      const folder = await serveFolder(join(import.meta.dirname, "../fixtures/prompt-eval/dev", id))
      folders.push(folder)
      const started = await call("POST", "/api/generate-all", { url: `${folder.origin}/`, org_slug: id })
      expect(typeof started.body.job_id, JSON.stringify(started.body)).toBe("string")
      const job = await followJob(call, started.body.job_id, { timeoutMs: 300_000 })
      expect(job.state).toBe("succeeded")
      const posts: Array<string> = []
      for (let i = 0; i < 3; i++) {
        const post = await call("POST", "/api/cron/create-blog", { business_id: id })
        expect(post.status).toBe(200)
        posts.push(new URL(post.body.blog_url).pathname)
      }
      const entity = (await call("GET", `/api/cron/entities?business_id=${id}`)).body.entities.find((e: { item_id: string | null }) => e.item_id === null)
      const address = new URL(entity.deployment_url)
      address.port = String(port)
      const origin = address.origin
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const tab = await context.newPage()
      await tab.goto(`${origin}/offerings/`)
      const offering = await tab.locator(".cards a").first().getAttribute("href")
      expect(offering).toMatch(/^\/offerings\/[a-z0-9-]+\/$/)
      const pages = [["home", "/"], ["faq", "/faq/"], ["offering", offering!], ["contact", "/contact/"], ["about", "/about/"], ...posts.map((p, i) => [`post-${i + 1}`, p])]
      for (const [name, path] of pages) {
        const response = await tab.goto(`${origin}${path}`)
        expect(response?.status(), path).toBe(200)
        expect(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true)
        await expect(tab.locator("h1").count()).resolves.toBe(1)
        // Every answer open, so the shot shows what a reader of each answer gets.
        await tab.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)))
        await tab.screenshot({ path: `.tmp/site-look/${id}-${name}.png`, fullPage: true })
      }
      await context.close()
    }, 400_000)
  }
})
