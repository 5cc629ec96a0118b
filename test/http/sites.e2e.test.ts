/**
 * The daily site update and blog posts over HTTP, and the sites they produce, served by Host.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { shiftedWallClock } from "../../src/config/wall-clock.ts"
import { RegisterProduct } from "../../src/domain/entity-decider.ts"
import type { BusinessId, ItemId } from "../../src/domain/entity-ref.ts"
import { projections } from "../../src/projections/catalog.ts"
import { verify } from "../../src/projections/rebuild.ts"
import { sendAndRead } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"
import { recordCrawl, withDetails } from "../support/recorded-crawl.ts"
import { getWithHost, json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const HOST = "sunrise-bakery-example.sites.localhost:8080"

for (const database of testDatabases) {
  describe(`sites and blog (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let setNow: (instant: Date) => Promise<void>
    /** Real time (Date.now, as the shifted clock reads it) just before and just after the last setNow. */
    const clockSet = { before: 0, after: 0 }
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      const clock = await Effect.runPromise(shiftedWallClock)
      setNow = async (instant) => {
        clockSet.before = Date.now()
        await Effect.runPromise(clock.setNow(instant))
        clockSet.after = Date.now()
      }
      service = await startService(created.target, {}, { wallClock: clock.layer })
      await setNow(new Date("2026-11-20T08:00:00Z"))
      expect((await call("POST", "/api/business", { business_name: "Sunrise Bakery", business_url: "https://www.sunrise-bakery.example/", org_slug: "sunrise" })).status).toBe(201)
      await sendAndRead(service.runtime, { businessId: "sunrise" as BusinessId, itemId: "rye-loaf" as ItemId }, new RegisterProduct({
        businessId: "sunrise" as BusinessId,
        itemId: "rye-loaf" as ItemId,
        name: "Rye Loaf",
        url: "https://www.sunrise-bakery.example/rye",
        at: "2026-11-20T08:00:00.000Z"
      }))
      // A site is written from a crawl (never from nothing): one crawled page each.
      await recordCrawl(service.runtime, { businessId: "sunrise" as BusinessId, itemId: null }, "https://www.sunrise-bakery.example/", withDetails("Sunrise Bakery bakes sourdough bread in Asheville."))
      await recordCrawl(service.runtime, { businessId: "sunrise" as BusinessId, itemId: "rye-loaf" as ItemId }, "https://www.sunrise-bakery.example/rye", withDetails("A dark rye loaf with seeds."))
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it("refuses a post before the site is deployed", async () => {
      expect(await call("POST", "/api/cron/create-blog", { business_id: "sunrise" })).toEqual({
        status: 409,
        body: { status: "error", code: "site_not_deployed", message: "the entity has no deployed site yet: update the site first" }
      })
    })

    it("deploys the site once a day and serves it by Host", async () => {
      const first = await call("POST", "/api/cron/update-site", { business_id: "sunrise", url: "https://www.sunrise-bakery.example/" })
      expect(first).toEqual({ status: 200, body: { status: "success", deployment_url: `http://${HOST}` } })
      const again = await call("POST", "/api/cron/update-site", { business_id: "sunrise", url: "https://www.sunrise-bakery.example/" })
      expect(again.body.deployment_url).toBe(`http://${HOST}`)
      const home = await getWithHost(service.baseUrl, HOST, "/")
      expect(home.status).toBe(200)
      expect(home.headers["cache-control"]).toBe("public, max-age=60, must-revalidate")
      expect(home.body).toContain("<h1")
      expect(home.body).toContain("Sunrise Bakery")
      for (const [path, type] of [["/sitemap.xml", "xml"], ["/robots.txt", "text/plain"], ["/llms.txt", "text/plain"], ["/llms-full.txt", "text/plain"], ["/feed.xml", "atom"], ["/track.js", "javascript"], ["/faq/", "text/html"], ["/about/", "text/html"], ["/contact/", "text/html"]] as const) {
        const file = await getWithHost(service.baseUrl, HOST, path)
        expect([path, file.status]).toEqual([path, 200])
        expect(String(file.headers["content-type"])).toContain(type)
      }
      const notFound = await getWithHost(service.baseUrl, HOST, "/missing/")
      expect(notFound.status).toBe(404)
      expect(notFound.body).toContain("<!doctype html>")
      // the product's site, at both addresses
      expect((await call("POST", "/api/cron/update-site", { business_id: "sunrise", item_id: "rye-loaf", url: "https://www.sunrise-bakery.example/rye" })).body)
        .toEqual({ status: "success", deployment_url: "http://sunrise-bakery-example-rye-loaf.sites.localhost:8080" })
      const dashed = await getWithHost(service.baseUrl, "sunrise-bakery-example-rye-loaf.sites.localhost:8080", "/")
      const nested = await getWithHost(service.baseUrl, "rye-loaf.sunrise-bakery-example.sites.localhost:8080", "/")
      expect(dashed.status).toBe(200)
      expect(nested.body).toBe(dashed.body)
      expect(dashed.body).toContain("Rye Loaf")
    })

    it("publishes 15 posts a day on distinct topics, then answers 429 until the next UTC day", async () => {
      const urls: Array<string> = []
      for (let i = 0; i < 15; i++) {
        const { body, status } = await call("POST", "/api/cron/create-blog", { business_id: "sunrise" })
        expect(status).toBe(200)
        expect(body.status).toBe("success")
        urls.push(body.blog_url)
      }
      expect(new Set(urls).size).toBe(15)
      for (const url of urls) expect(url).toMatch(new RegExp(`^http://${HOST.replace(/\./g, "\\.")}/blog/2026-11-20/[a-z0-9-]+/$`))
      const sent = Date.now()
      const sixteenth = await fetch(`${service.baseUrl}/api/cron/create-blog`, { method: "POST", headers: auth, body: JSON.stringify({ business_id: "sunrise" }) })
      const answered = Date.now()
      expect(sixteenth.status).toBe(429)
      // Retry-After: the seconds left until the next UTC midnight. The clock runs on from 08:00,
      // so the service answered between (sent - clock set) and (answered - clock set) after it,
      // however long the tests before took: 16 h less that, to the second.
      const retryAfter = Number(sixteenth.headers.get("retry-after"))
      expect(retryAfter).toBeLessThanOrEqual(16 * 3600 - Math.floor((sent - clockSet.after) / 1000))
      expect(retryAfter).toBeGreaterThanOrEqual(16 * 3600 - Math.ceil((answered - clockSet.before) / 1000))
      expect(await sixteenth.json()).toEqual({
        status: "error",
        code: "daily_limit_reached",
        message: "15 blog posts were already published for 2026-11-20; the next can be published tomorrow (UTC)",
        retry_after: retryAfter
      })

      // every post is served, listed in the blog index, the feed and the sitemap
      const index = await getWithHost(service.baseUrl, HOST, "/blog/")
      const feed = await getWithHost(service.baseUrl, HOST, "/feed.xml")
      const sitemap = await getWithHost(service.baseUrl, HOST, "/sitemap.xml")
      for (const url of urls) {
        const path = new URL(url).pathname
        expect((await getWithHost(service.baseUrl, HOST, path)).status).toBe(200)
        expect(index.body).toContain(path)
        expect(feed.body).toContain(url)
        expect(sitemap.body).toContain(url)
      }

      // the next day the limit starts again, and slugs stay unique across days
      await setNow(new Date("2026-11-21T09:00:00Z"))
      const next = await call("POST", "/api/cron/create-blog", { business_id: "sunrise" })
      expect(next.status).toBe(200)
      expect(next.body.blog_url).toContain("/blog/2026-11-21/")
      expect(urls.map((u) => u.split("/").at(-2))).not.toContain(next.body.blog_url.split("/").at(-2))
    })

    it("switches to a new deployment at once: changed files get a new ETag, unchanged ones keep theirs", async () => {
      await setNow(new Date("2026-11-22T09:00:00Z"))
      const [homeBefore, sitemapBefore] = [await getWithHost(service.baseUrl, HOST, "/"), await getWithHost(service.baseUrl, HOST, "/sitemap.xml")]
      await call("POST", "/api/cron/update-site", { business_id: "sunrise", url: "https://www.sunrise-bakery.example/" })
      const [homeAfter, sitemapAfter] = [await getWithHost(service.baseUrl, HOST, "/"), await getWithHost(service.baseUrl, HOST, "/sitemap.xml")]
      expect(sitemapBefore.body).not.toContain("2026-11-22")
      expect(sitemapAfter.body).toContain("2026-11-22")
      expect(sitemapAfter.headers.etag).not.toBe(sitemapBefore.headers.etag)
      expect(homeAfter.headers.etag).toBe(homeBefore.headers.etag)
    })

    it("checks input and entities", async () => {
      expect((await call("POST", "/api/cron/update-site", { business_id: "sunrise", url: "notaurl" })).status).toBe(400)
      expect((await call("POST", "/api/cron/update-site", { business_id: "nobody", url: "https://x.example" })).status).toBe(404)
      expect((await call("POST", "/api/cron/create-blog", { business_id: "nobody" })).status).toBe(404)
      expect((await call("POST", "/api/cron/create-blog", {})).status).toBe(400)
    })

    it("rebuilds the sites read model from the log exactly", async () => {
      expect((await service.runtime.runPromise(verify(projections))).differences).toBe(0)
    })
  })
}
