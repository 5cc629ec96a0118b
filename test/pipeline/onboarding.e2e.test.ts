/**
 * generate-all end to end: a business website on loopback, onboarding through the HTTP API,
 * the job followed to its end, and every entity's assets checked.
 */
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { crawlStreamOf } from "../../src/domain/crawl-events.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { testDatabases } from "../support/databases.ts"
import { type FixtureSite, startFixtureSite } from "../support/fixture-site.ts"
import { getWithHost, json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { followJob } from "../support/jobs.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }

for (const database of testDatabases) {
  describe(`onboarding (${database.name})`, () => {
    let service: RunningService
    let site: FixtureSite
    let release = async () => {}

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    const waitForJob = (jobId: string) => followJob(call, jobId)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      site = await startFixtureSite()
      // The site is served from this process, which the service keeps busy: on a loaded
      // machine a page can take longer than the crawler's 10 s, and a skipped page is a
      // different crawl. A generous bound keeps the crawl the same.
      service = await startService(created.target, { CRAWLER_ALLOW_PRIVATE: "true", CRAWLER_TIMEOUT_MS: "120000" })
    })
    afterAll(async () => {
      await service?.stop()
      await site?.close()
      await release()
    })

    it("onboards a business and two products, each with 100 prompts, checks, a score and history", async () => {
      const started = await call("POST", "/api/generate-all", {
        url: `${site.baseUrl}/`,
        org_slug: "crumb-bakery",
        products: [
          { item_id: "country-sourdough", url: `${site.baseUrl}/products/country-sourdough`, name: "Country Sourdough" },
          { item_id: "wedding-cake", url: `${site.baseUrl}/products/wedding-cake` }
        ]
      })
      expect(started.status).toBe(202)
      expect(started.body).toMatchObject({
        status: "accepted",
        processes: {
          business: { prompts_visibility: true, live_identity: true },
          products: [
            { item_id: "country-sourdough", prompts_visibility: true, live_identity: true },
            { item_id: "wedding-cake", prompts_visibility: true, live_identity: true }
          ]
        }
      })

      // A second request while the job runs answers the same job.
      const again = await call("POST", "/api/generate-all", { url: `${site.baseUrl}/`, org_slug: "crumb-bakery" })
      expect(again.body.job_id).toBe(started.body.job_id)

      const job = await waitForJob(started.body.job_id)
      expect(job.state).toBe("succeeded")
      expect(job.errors).toEqual([])
      expect(job.steps.map((s: { name: string; state: string }) => `${s.name}:${s.state}`)).toEqual(
        ["business", "product:country-sourdough", "product:wedding-cake"].flatMap((key) =>
          ["crawl", "prompts", "visibility", "score", "site"].map((step) => `${key}.${step}:succeeded`)
        )
      )
      expect(job.progress).toEqual({ done: 312, total: 312 })

      for (const itemId of [null, "country-sourdough", "wedding-cake"]) {
        const query = itemId === null ? "" : `?item_id=${itemId}`
        const prompts = await call("GET", `/api/prompts/crumb-bakery${query}`)
        expect(prompts.body.set_version).toBe(1)
        expect(prompts.body.prompts.length).toBe(100)
        expect(new Set(prompts.body.prompts.map((p: { prompt: string }) => p.prompt.toLowerCase())).size).toBe(100)
        // every prompt was checked on all 8 platforms
        expect(prompts.body.prompts.every((p: { platforms: Record<string, unknown> }) => Object.keys(p.platforms).length === 8)).toBe(true)
        const score = await call("GET", `/api/visibility-score/crumb-bakery${query}`)
        expect(score.status).toBe(200)
        expect(score.body.history.length).toBe(1)
        expect(score.body.history[0].value).toBe(score.body.visibilityScore.value)
      }

      // A product's prompts are read with its business's name, known once the business is recorded:
      // read with its own name in the business's place, "Wedding Cake" lost its words ("celebration").
      const cakePrompts = (await call("GET", "/api/prompts/crumb-bakery?item_id=wedding-cake")).body.prompts.map((p: { prompt: string }) => p.prompt)
      expect(cakePrompts.filter((prompt: string) => /wedding cake/i.test(prompt)).length).toBeGreaterThanOrEqual(90)

      // The business record was created, named from the crawled site.
      const entities = await call("GET", "/api/cron/entities?business_id=crumb-bakery")
      expect(entities.body.entities.map((e: { item_id: string | null }) => e.item_id)).toEqual([null, "country-sourdough", "wedding-cake"])

      // Each entity's site is deployed and served by Host: the business at <label>.<domain>, a
      // product at <label>-<item>.<domain> and at <item>.<label>.<domain>.
      const home = await getWithHost(service.baseUrl, "127-0-0-1.sites.localhost:8080", "/")
      expect(home.status).toBe(200)
      expect(home.headers["content-type"]).toContain("text/html")
      expect(home.body).toContain("Crumb Bakery")
      expect(home.body).toContain("/track.js")
      const dashed = await getWithHost(service.baseUrl, "127-0-0-1-wedding-cake.sites.localhost:8080", "/")
      const nested = await getWithHost(service.baseUrl, "wedding-cake.127-0-0-1.sites.localhost:8080", "/")
      expect(dashed.status).toBe(200)
      expect(nested.body).toBe(dashed.body)
      // The product is named by its own page (its JSON-LD Product), not by its title "Wedding Cake | Crumb Bakery".
      expect(dashed.body).toContain(`<h1 id="page-title">Wedding Cake</h1>`)
      const robots = await getWithHost(service.baseUrl, "127-0-0-1.sites.localhost:8080", "/robots.txt")
      expect(robots.body).toContain("GPTBot")
      const cached = await getWithHost(service.baseUrl, "127-0-0-1.sites.localhost:8080", "/", { "if-none-match": String(home.headers.etag) })
      expect(cached.status).toBe(304)
      expect((await getWithHost(service.baseUrl, "127-0-0-1.sites.localhost:8080", "/no-such-page")).status).toBe(404)
      expect((await getWithHost(service.baseUrl, "unknown.sites.localhost:8080", "/")).status).toBe(404)

      // robots.txt was honoured: the disallowed path was never fetched, though linked and in the sitemap.
      expect(site.countOf("/private/admin")).toBe(0)
      expect(site.countOf("/robots.txt")).toBeGreaterThanOrEqual(1)
      // The business's crawl read every allowed page once, the sitemap's orphan /seasonal among
      // them. (The product crawls run beside it, 5 pages each, over the same site: one that loses
      // a page may read /seasonal too, so the site's request count is not the crawl's.)
      const crawled = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) =>
        store.readStream(crawlStreamOf({ businessId: "crumb-bakery" as BusinessId, itemId: null }))))
      expect(crawled.map((event) => event.type)).toEqual(["SiteCrawled"])
      const crawledPaths = (crawled[0]!.data as { pages: ReadonlyArray<{ url: string }> }).pages.map((page) => new URL(page.url).pathname)
      expect([...crawledPaths].sort()).toEqual(
        ["/", "/about", "/breads", "/cakes", "/products/country-sourdough", "/products/wedding-cake", "/seasonal"]
      )
    }, 240_000)

    it("does nothing for entities whose assets exist unless force_refresh", async () => {
      const started = await call("POST", "/api/generate-all", { url: `${site.baseUrl}/`, org_slug: "crumb-bakery" })
      const job = await waitForJob(started.body.job_id)
      expect(job.steps.map((s: { state: string }) => s.state)).toEqual(Array(5).fill("skipped"))
      const forced = await call("POST", "/api/generate-all", { url: `${site.baseUrl}/`, org_slug: "crumb-bakery", force_refresh: true })
      const refreshed = await waitForJob(forced.body.job_id)
      expect(refreshed.steps.map((s: { state: string }) => s.state)).toEqual(Array(5).fill("succeeded"))
      const prompts = await call("GET", "/api/prompts/crumb-bakery")
      expect(prompts.body.set_version).toBe(2)
      const score = await call("GET", "/api/visibility-score/crumb-bakery")
      expect(score.body.history.length).toBe(1) // the same day: the last score of the day
    }, 180_000)

    it("runs generate-prompts, reusing the prompt set unless regenerate", async () => {
      const started = await call("POST", "/api/generate-prompts", { url: `${site.baseUrl}/`, org_slug: "crumb-bakery", max_pages: 3 })
      expect(started.status).toBe(202)
      expect(started.body).toMatchObject({ status: "accepted", pipeline: ["generate_prompts", "analyze_visibility"] })
      const job = await waitForJob(started.body.job_id)
      expect(job.steps.find((s: { name: string }) => s.name === "business.prompts").detail).toBe("current set reused")
      const regenerated = await call("POST", "/api/generate-prompts", { url: `${site.baseUrl}/`, org_slug: "crumb-bakery", regenerate: true })
      await waitForJob(regenerated.body.job_id)
      expect((await call("GET", "/api/prompts/crumb-bakery")).body.set_version).toBe(3)
    }, 180_000)

    it("rejects bad onboarding input", async () => {
      const cases: ReadonlyArray<[unknown, string]> = [
        [{ org_slug: "x" }, "url: is missing"],
        [{ url: "ftp://x.example", org_slug: "x" }, "url: expected an http(s) web address"],
        [{ url: "https://x.example", org_slug: "Not A Slug" }, "org_slug: expected a slug: lower-case letters, digits and dashes, 1 to 64 characters"],
        [{ url: "https://x.example", org_slug: "x", max_pages: 0 }, "max_pages: expected a number between 1 and 200, actual 0"],
        [{ url: "https://x.example", org_slug: "x", products: [{ item_id: "a", url: "https://x.example/a" }, { item_id: "a", url: "https://x.example/b" }] }, "products: item_id a appears twice"]
      ]
      for (const [body, message] of cases) {
        expect(await call("POST", "/api/generate-all", body)).toEqual({ status: 400, body: { status: "error", code: "invalid_request", message } })
      }
      expect((await call("GET", "/api/jobs/no-such-job")).status).toBe(404)
    })
  })
}
