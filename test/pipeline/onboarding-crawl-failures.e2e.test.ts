/**
 * Crawls that fail, fail, end to end through real loopback servers: a refused port, a server
 * that never answers, a start page that is not HTML, robots.txt disallowing everything, a site
 * of only noindex pages and a name that does not resolve each end the job `failed` with the
 * crawl step's reason, the later steps skipped, one warning line in the log, and nothing built
 * from nothing (no prompts, checks, score, site or posts). A business whose earlier crawl read
 * pages goes on from those facts when its site is down: the job is `succeeded_with_errors`.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { createServer as createHttpServer, type Server } from "node:http"
import { createServer, type Socket } from "node:net"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { waitForRun } from "../support/daily-run.ts"
import { testDatabases } from "../support/databases.ts"
import { type FixtureSite, startFixtureSite } from "../support/fixture-site.ts"
import { followJob } from "../support/jobs.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const NOTHING_TO_BUILD_FROM = "not run: the crawl read no usable page and no earlier crawl of the site is stored"

interface JobBody {
  readonly state: string
  readonly steps: ReadonlyArray<{ readonly name: string; readonly state: string; readonly detail: string | null }>
  readonly errors: ReadonlyArray<string>
}

const listen = async (server: Server | ReturnType<typeof createServer>) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  return typeof address === "object" && address !== null ? address.port : 0
}

/** A loopback port nothing listens on. */
const refusedPort = async () => {
  const server = createServer()
  const port = await listen(server)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Serves `routes` (path → [content type, body, headers]); anything else is 404. */
const startSite = async (routes: Record<string, readonly [string, string, Record<string, string>?]>) => {
  const server = createHttpServer((req, res) => {
    const route = routes[new URL(req.url ?? "/", "http://x").pathname]
    if (route === undefined) {
      res.writeHead(404, { "content-type": "text/html" })
      return res.end("<h1>Not found</h1>")
    }
    res.writeHead(200, { "content-type": route[0], ...route[2] })
    res.end(route[1])
  })
  const port = await listen(server)
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

const HTML = "text/html; charset=utf-8"
const page = (title: string, head = "") =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body><h1>${title}</h1><p>${title} bakes bread in Asheville.</p><a href="/more">more</a></body></html>`

for (const database of testDatabases) {
  describe(`onboarding when the crawl fails (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    const closers: Array<() => Promise<void>> = []
    const warnings: Array<string> = []
    /** The job that onboarded each business, for the daily run's report. */
    const jobOf = new Map<string, string>()
    /** The address each failed onboarding was given. */
    const jobReason = new Map<string, string>()
    // A server that accepts connections and never answers: the crawl's timeout ends it.
    const held = new Set<Socket>()
    const hanging = createServer((socket: Socket) => {
      held.add(socket)
      socket.on("error", () => {})
    })
    let hangingPort = 0

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))

    const onboard = async (orgSlug: string, url: string, extra: Record<string, unknown> = {}): Promise<JobBody & { job_id: string }> => {
      const started = await call("POST", "/api/generate-all", { url, org_slug: orgSlug, max_pages: 3, ...extra })
      expect(started.status).toBe(202)
      const job = await followJob(call, started.body.job_id, { timeoutMs: 240_000, pollMs: 100 })
      jobOf.set(orgSlug, started.body.job_id)
      return { ...job, job_id: started.body.job_id }
    }

    /** The business's events of each type, from the log itself. */
    const eventsOf = (businessId: string) =>
      service.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ event_type: string; n: number }>`
          SELECT event_type, count(*)::int AS n FROM events
          WHERE data->>'businessId' = ${businessId}
          GROUP BY 1 ORDER BY 1`)).then((rows) => Object.fromEntries(rows.map((row) => [row.event_type, row.n])))

    /** Asserts the documented failure: crawl failed with `reason`, the rest skipped, nothing built. */
    const expectNothingBuilt = async (orgSlug: string, job: JobBody & { job_id: string }, code: string, reason: string, host: string) => {
      expect(job.state).toBe("failed")
      expect(job.errors).toEqual([`business.crawl: ${code}: ${reason}`])
      expect(job.steps.map((step) => [step.name, step.state, step.detail])).toEqual([
        ["business.crawl", "failed", reason],
        ["business.prompts", "skipped", NOTHING_TO_BUILD_FROM],
        ["business.visibility", "skipped", NOTHING_TO_BUILD_FROM],
        ["business.score", "skipped", NOTHING_TO_BUILD_FROM],
        ["business.site", "skipped", NOTHING_TO_BUILD_FROM]
      ])
      // The record the request asked for, and the failure; no prompts, checks, score, site or post.
      expect(await eventsOf(orgSlug)).toEqual({ BusinessCreated: 1, JobQueued: 1, SiteCrawlFailed: 1, SiteHostClaimed: 1 })
      const logged = warnings.filter((line) => line.includes(`crawl failed: job ${job.job_id}`))
      expect(logged).toHaveLength(1)
      expect(logged[0]).toContain(`host ${host}, ${code}: `)
    }

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      hangingPort = await listen(hanging)
      // Effect's default logger writes each line through the console.
      for (const method of ["log", "warn", "error", "info"] as const) {
        const original = console[method].bind(console)
        vi.spyOn(console, method).mockImplementation((...args: Array<unknown>) => {
          warnings.push(args.map(String).join(" "))
          original(...args)
        })
      }
      service = await startService(created.target, { CRAWLER_ALLOW_PRIVATE: "true", CRAWLER_TIMEOUT_MS: "1500" })
    })
    afterAll(async () => {
      await service?.stop()
      for (const close of closers) await close()
      for (const socket of held) socket.destroy()
      await new Promise<void>((resolve) => hanging.close(() => resolve()))
      vi.restoreAllMocks()
      await release()
    }, 60_000)

    it("a refused port", async () => {
      const port = await refusedPort()
      const url = `http://localhost:${port}/`
      jobReason.set("refused-port", url)
      const job = await onboard("refused-port", url)
      await expectNothingBuilt("refused-port", job, "crawl_site_unreachable", `${url} could not be reached`, `localhost:${port}`)
    }, 240_000)

    it("a server that never answers, past CRAWLER_TIMEOUT_MS", async () => {
      const url = `http://127.0.0.1:${hangingPort}/`
      const job = await onboard("never-answers", url)
      await expectNothingBuilt("never-answers", job, "crawl_site_unreachable", `${url} could not be reached`, `127.0.0.1:${hangingPort}`)
    }, 240_000)

    it("a start page that is not HTML", async () => {
      const site = await startSite({ "/robots.txt": ["text/plain", ""], "/": ["application/json", "{\"bakery\":true}"] })
      closers.push(site.close)
      const job = await onboard("json-home", `${site.origin}/`)
      await expectNothingBuilt("json-home", job, "crawl_not_html", `${site.origin}/ is not HTML`, site.origin.slice(7))
    }, 240_000)

    it("robots.txt disallowing everything", async () => {
      const site = await startSite({ "/robots.txt": ["text/plain", "User-agent: *\nDisallow: /\n"], "/": [HTML, page("Closed Bakery")] })
      closers.push(site.close)
      const job = await onboard("robots-closed", `${site.origin}/`)
      await expectNothingBuilt("robots-closed", job, "crawl_robots_disallowed", `robots.txt disallows ${site.origin}/`, site.origin.slice(7))
    }, 240_000)

    it("a site of only noindex pages: zero usable pages", async () => {
      const site = await startSite({
        "/robots.txt": ["text/plain", ""],
        "/": [HTML, page("Hidden Bakery", `<meta name="robots" content="noindex">`)],
        "/more": [HTML, page("More"), { "x-robots-tag": "noindex" }]
      })
      closers.push(site.close)
      const job = await onboard("all-noindex", `${site.origin}/`)
      await expectNothingBuilt(
        "all-noindex",
        job,
        "crawl_no_usable_pages",
        `${site.origin}/ has no page that may be used (2 of 2 marked noindex, the others empty)`,
        site.origin.slice(7)
      )
    }, 240_000)

    it("a host name that does not resolve", async () => {
      const url = "https://nonexistent.invalid/"
      const job = await onboard("no-such-host", url)
      await expectNothingBuilt("no-such-host", job, "crawl_site_unreachable", `${url} could not be reached`, "nonexistent.invalid")
    }, 240_000)

    it("a crawl whose pages the site is built from are all empty: the site step fails no_facts, the checks and score go on", async () => {
      // The site is built from the start page and the 11 first about pages (12 at most, those
      // saying who and how first); all have no text, only the shop page has some.
      const empty = (title: string, body = "") => `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`
      const abouts = Array.from({ length: 12 }, (_, i) => `/about-${i + 1}`)
      const nav = `<nav>${[...abouts, "/shop"].map((href) => `<a href="${href}">${href.slice(1)}</a>`).join("")}</nav>`
      const site = await startSite({
        "/robots.txt": ["text/plain", ""],
        "/": [HTML, empty("Blank Bakery", nav)],
        ...Object.fromEntries(abouts.map((path) => [path, [HTML, empty(`About ${path.slice(7)}`)] as const])),
        "/shop": [HTML, page("Blank Bakery shop")]
      })
      closers.push(site.close)
      const job = await onboard("blank-pages", `${site.origin}/`, { max_pages: 14 })
      const reason = "no_facts: nothing to publish: no text was crawled from the website (none of the pages the site is built from has any) " +
        "and the entity has no description; onboard it again once its website can be read"
      expect(job.state).toBe("succeeded_with_errors")
      expect(job.errors).toEqual([`business.site: ${reason}`])
      expect(job.steps.map((step) => [step.name, step.state])).toEqual([
        ["business.crawl", "succeeded"],
        ["business.prompts", "succeeded"],
        ["business.visibility", "succeeded"],
        ["business.score", "succeeded"],
        ["business.site", "failed"]
      ])
      expect(job.steps.find((step) => step.name === "business.site")?.detail).toBe(reason)
      expect(job.steps[0]?.detail).toBe("14 pages")
      const events = await eventsOf("blank-pages")
      expect(events.SiteDeployed).toBeUndefined()
      expect(events.ScoreStored).toBe(1)
    }, 240_000)

    it("a partial crawl succeeds and says how many pages it could not read, and why (/cakes and /more answer 404)", async () => {
      const site = await startSite({
        "/robots.txt": ["text/plain", ""],
        "/": [HTML, page("Partial Bakery", "").replace("</body>", "<a href='/breads'>Breads</a> <a href='/cakes'>Cakes</a></body>")],
        "/breads": [HTML, page("Partial Bakery breads")]
      })
      closers.push(site.close)
      const job = await onboard("partial-pages", `${site.origin}/`)
      expect(job.state).toBe("succeeded")
      expect(job.steps[0]).toMatchObject({ name: "business.crawl", state: "succeeded", detail: "2 pages; 2 pages could not be read (2 HTTP 404)" })
    }, 240_000)

    describe("with the facts of an earlier crawl", () => {
      let site: FixtureSite
      beforeAll(async () => {
        site = await startFixtureSite()
      })
      afterAll(() => site?.close())

      it("a site that went down: the crawl step fails, the entity goes on from its stored facts, the job is succeeded_with_errors", async () => {
        const first = await onboard("went-down", `${site.baseUrl}/`)
        expect(first.state).toBe("succeeded")
        const before = await eventsOf("went-down")
        const promptsBefore = (await call("GET", "/api/prompts/went-down")).body
        await site.close()

        const second = await onboard("went-down", `${site.baseUrl}/`, { force_refresh: true })
        const reason = `${site.baseUrl}/ could not be reached`
        expect(second.state).toBe("succeeded_with_errors")
        expect(second.errors).toEqual([`business.crawl: crawl_site_unreachable: ${reason}`])
        const [crawl, ...rest] = second.steps
        expect(crawl?.state).toBe("failed")
        expect(crawl?.detail).toMatch(new RegExp(`^${reason.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}; the facts of the crawl of \\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z are used$`))
        expect(rest.map((step) => [step.name, step.state])).toEqual([
          ["business.prompts", "succeeded"],
          ["business.visibility", "succeeded"],
          ["business.score", "succeeded"],
          ["business.site", "succeeded"]
        ])
        const after = await eventsOf("went-down")
        // One more crawl event, a failure; the site and score again, from the same facts.
        expect(after.SiteCrawled).toBe(before.SiteCrawled)
        expect(after.SiteCrawlFailed).toBe(1)
        expect(after.SiteDeployed).toBe((before.SiteDeployed ?? 0) + 1)
        expect(after.ScoreStored).toBe((before.ScoreStored ?? 0) + 1)
        // The prompts regenerated (force_refresh) from the stored crawl are the same prompts.
        const promptsAfter = (await call("GET", "/api/prompts/went-down")).body
        expect(promptsAfter.prompts.map((p: { prompt: string }) => p.prompt)).toEqual(promptsBefore.prompts.map((p: { prompt: string }) => p.prompt))
      }, 480_000)

      it("the daily run publishes nothing for a site never read, keeps the last good facts otherwise, and reports both", async () => {
        const runFor = async (businessId: string) => {
          const started = await call("POST", "/api/scheduler/runs", { business_id: businessId })
          expect(started.status).toBe(202)
          return waitForRun(service.baseUrl, SERVICE_KEY, started.body.run_id, 400_000)
        }
        const before = await eventsOf("refused-port")
        const dead = await runFor("refused-port")
        expect(dead.state).toBe("failed")
        const reason = `crawl_site_unreachable: ${jobReason.get("refused-port")} could not be reached`
        expect(dead.failed_entities).toEqual([{
          business_id: "refused-port",
          item_id: null,
          errors: [
            `crawl: the crawl of job ${jobOf.get("refused-port")} failed (${reason}) and no earlier crawl read a page`,
            "site: no site is published: the entity's website was never read (crawl_site_unreachable)",
            "blog: no posts are published: the entity's website was never read (crawl_site_unreachable)"
          ]
        }])
        // Only the run's own records: no site, post, check or score.
        const after = await eventsOf("refused-port")
        const changed = Object.keys(after).filter((type) => after[type] !== before[type])
        expect(changed.filter((type) => !type.startsWith("Daily"))).toEqual([])
        expect(after.SiteDeployed ?? 0).toBe(0)
        expect(after.BlogPostPublished ?? 0).toBe(0)

        const stale = await runFor("went-down")
        expect(stale.state).toBe("failed")
        expect(stale.failed_entities).toHaveLength(1)
        expect(stale.failed_entities[0].errors).toHaveLength(1)
        expect(stale.failed_entities[0].errors[0]).toMatch(new RegExp(
          `^crawl: the crawl of job ${jobOf.get("went-down")} failed \\(crawl_site_unreachable: .* could not be reached\\); ` +
            "the site and posts keep the facts of the crawl of \\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z$"
        ))
        expect(stale.steps.blog).toMatchObject({ total: 15, done: 15, failed: 0 })
        const posts = (await eventsOf("went-down")).BlogPostPublished
        expect(posts).toBe(15)
      }, 900_000)
    })
  })
}
