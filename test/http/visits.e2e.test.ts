/**
 * AI-crawler visits over real HTTP: the public webhook (detection, ignoring, bad input, CORS,
 * rate limit, duplicates, the server-side record) and the statistics (windows, products,
 * authorization), then a replay of the read model.
 */
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { VisitRecorder } from "../../src/writers/visit-recorder.ts"
import { shiftedWallClock, WallClock } from "../../src/config/wall-clock.ts"
import { RegisterProduct } from "../../src/domain/entity-decider.ts"
import type { BusinessId, ItemId } from "../../src/domain/entity-ref.ts"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { visitsStreamOf } from "../../src/domain/visit-events.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { projections } from "../../src/projections/catalog.ts"
import { verify } from "../../src/projections/rebuild.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { testDatabases } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const UA = {
  gptbot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot",
  claudebot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  perplexitybot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  claudeUser: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
  mistral: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)",
  meta: "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
  chrome: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  curl: "curl/8.5.0",
  googleExtended: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Google-Extended"
}

const WEBHOOK = "/api/ai-recommendation-store"

for (const database of testDatabases) {
  describe(`bot visits (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let setNow: (instant: Date) => Promise<void>
    /** Now on the clock the service stamps with (the shifted one). */
    let clockNow: () => Promise<Date>

    const call = async (method: string, path: string, body?: unknown, token: string | null = SERVICE_KEY) =>
      json(await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) })
      }))

    const post = (body: unknown) => call("POST", WEBHOOK, body, null)

    const newBusiness = async () => {
      const slug = `biz-${randomUUID().slice(0, 8)}`
      const created = await call("POST", "/api/business", { business_name: "Acme Running Shoes", business_url: "https://acme-shoes.example", org_slug: slug })
      expect(created.status).toBe(201)
      return slug
    }

    const registerProduct = (businessId: string, itemId: string) =>
      service.runtime.runPromise(Effect.gen(function*() {
        const ref = { businessId: businessId as BusinessId, itemId: itemId as ItemId }
        const sent = yield* Effect.flatMap(EntityCommands, (commands) =>
          commands.send(ref, new RegisterProduct({ ...ref, name: itemId, url: `https://acme-shoes.example/${itemId}`, at: new Date().toISOString() })))
        yield* Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(sent.lastPosition, ["entities"]))
      }))

    const visit = (businessId: string, userAgent: string, extra: Record<string, unknown> = {}) =>
      post({ business_id: businessId, page_url: `http://${businessId}.sites.localhost/`, user_agent: userAgent, ...extra })

    const stats = (businessId: string, query = "") => call("GET", `/api/bot-visits/${businessId}/stats${query}`)

    const counts = (body: any) => Object.fromEntries(PLATFORM_KEYS.map((key) => [key, body.platforms[key].total_visits]))

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      const clock = await Effect.runPromise(shiftedWallClock)
      setNow = (instant) => Effect.runPromise(clock.setNow(instant))
      clockNow = () => Effect.runPromise(Effect.flatMap(WallClock, (wallClock) => wallClock.now).pipe(Effect.provide(clock.layer)))
      service = await startService(created.target, {}, { wallClock: clock.layer })
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    describe("recording", () => {
      const recognized: ReadonlyArray<[string, string, string]> = [
        [UA.gptbot, "ai_platform_1", "ChatGPT"],
        [UA.claudebot, "ai_platform_2", "Claude"],
        [UA.perplexitybot, "ai_platform_4", "Perplexity"],
        [UA.googlebot, "ai_platform_8", "Google AI Overviews"],
        [UA.bingbot, "ai_platform_5", "Copilot"],
        [UA.claudeUser, "ai_platform_2", "Claude"],
        [UA.mistral, "ai_platform_6", "Mistral"],
        [UA.meta, "ai_platform_7", "Meta AI"]
      ]

      it.each(recognized)("records %s as %s (%s)", async (userAgent, platformId, platformName) => {
        const slug = await newBusiness()
        const { body, status } = await visit(slug, userAgent)
        expect(status).toBe(200)
        expect(body).toEqual({
          status: "success",
          platform_id: platformId,
          platform_name: platformName,
          message: `Visit from ${platformName} recorded`
        })
        // Read-your-writes: the statistics count it at once.
        const read = await stats(slug)
        expect(read.body.total_visits).toBe(1)
        expect(read.body.platforms[platformId]).toEqual({ total_visits: 1 })
      })

      it("ignores ordinary browsers and generic clients, storing nothing", async () => {
        const slug = await newBusiness()
        for (const userAgent of [UA.chrome, UA.curl]) {
          expect(await visit(slug, userAgent)).toEqual({
            status: 200,
            body: {
              status: "ignored",
              platform_id: null,
              platform_name: null,
              message: "the user agent matches no AI platform; nothing was recorded"
            }
          })
        }
        expect((await stats(slug)).body.total_visits).toBe(0)
        const events = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(slug, new Date()))))
        expect(events).toEqual([])
      })

      it("ignores a user agent naming Google-Extended (spoofed)", async () => {
        const slug = await newBusiness()
        const { body } = await visit(slug, UA.googleExtended)
        expect(body).toMatchObject({ status: "ignored", platform_id: null, platform_name: null })
        expect(body.message).toMatch(/Google-Extended/)
        expect((await stats(slug)).body.total_visits).toBe(0)
      })

      it("answers 404 for an unknown business or product", async () => {
        expect(await visit(`nobody-${randomUUID().slice(0, 8)}`, UA.gptbot)).toMatchObject({
          status: 404,
          body: { status: "error", code: "business_not_found" }
        })
        const slug = await newBusiness()
        expect(await visit(slug, UA.gptbot, { item_id: "no-such-product" })).toMatchObject({
          status: 404,
          body: { status: "error", code: "product_not_found" }
        })
      })

      it("answers 404 for a product as soon as its deletion is answered, though its visits were just recorded", async () => {
        const slug = await newBusiness()
        await registerProduct(slug, "road-racer")
        // The webhook remembers active entities until the entities read model next applies events.
        expect((await visit(slug, UA.gptbot, { item_id: "road-racer" })).body.status).toBe("success")
        expect((await visit(slug, UA.claudebot, { item_id: "road-racer" })).body.status).toBe("success")
        expect((await call("DELETE", `/api/products/${slug}/road-racer`)).status).toBe(200)
        expect(await visit(slug, UA.perplexitybot, { item_id: "road-racer" })).toMatchObject({
          status: 404,
          body: { status: "error", code: "product_not_found", message: "product road-racer not found" }
        })
        // Registered again: found again (what is not active is asked each time).
        await registerProduct(slug, "road-racer")
        expect((await visit(slug, UA.perplexitybot, { item_id: "road-racer" })).body.status).toBe("success")
      })

      it("records what the request says, the detected crawler and whether its address is the vendor's", async () => {
        const slug = await newBusiness()
        await registerProduct(slug, "trail-runner")
        const at = new Date("2026-09-15T08:30:00Z")
        await setNow(at)
        const before = await clockNow()
        const sent = await post({
          business_id: slug,
          item_id: "trail-runner",
          page_url: `http://${slug}-trail-runner.sites.localhost/blog/2026-09-14/shoes/`,
          page_type: "blog_post",
          page_title: "Best trail shoes",
          user_agent: UA.gptbot,
          // In OpenAI's GPTBot range, but the request came from 127.0.0.1: recorded, not trusted.
          ip_address: "132.196.86.5",
          referrer: "https://chatgpt.com/"
        })
        expect(sent.body.status).toBe("success")
        // The hosting's record of a crawler at a published address is verified.
        await service.runtime.runPromise(Effect.flatMap(VisitRecorder, (recorder) =>
          recorder.recordServerSide({
            businessId: slug as BusinessId,
            itemId: null,
            pageUrl: `http://${slug}.sites.localhost/`,
            pageTitle: null,
            userAgent: UA.gptbot,
            ipAddress: "::ffff:132.196.86.5",
            referrer: null
          })))
        const events = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(slug, at))))
        const after = await clockNow()
        expect(events.map((event) => event.type)).toEqual(["BotVisited", "BotVisited"])
        expect(events[0]!.data).toMatchObject({
          businessId: slug,
          itemId: "trail-runner",
          pageUrl: `http://${slug}-trail-runner.sites.localhost/blog/2026-09-14/shoes/`,
          pageType: "blog_post",
          pageTitle: "Best trail shoes",
          userAgent: UA.gptbot,
          ipAddress: "132.196.86.5",
          referrer: "https://chatgpt.com/",
          platform: "ai_platform_1",
          platformName: "ChatGPT",
          kind: "training_crawler",
          token: "GPTBot",
          verified: false,
          source: "script"
        })
        // Stamped by the service's clock (shifted), at the request: between the instants that
        // clock showed before it was sent and once it was read back.
        const visitedAt = Date.parse((events[0]!.data as any).visitedAt)
        expect(visitedAt).toBeGreaterThanOrEqual(before.getTime())
        expect(visitedAt).toBeLessThanOrEqual(after.getTime())
        expect(events[1]!.data).toMatchObject({ itemId: null, pageType: "ai_site", ipAddress: "132.196.86.5", verified: true, source: "server" })
      })

      it("defaults page_type to ai_site, takes the connection's address, and reads empty text as null", async () => {
        const slug = await newBusiness()
        const at = new Date("2026-09-16T08:30:00Z")
        await setNow(at)
        await visit(slug, UA.claudebot, { page_title: "", referrer: null, item_id: null, page_type: null })
        const [event] = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(slug, at))))
        expect(event!.data).toMatchObject({ pageType: "ai_site", pageTitle: null, referrer: null, ipAddress: "127.0.0.1", itemId: null })
      })

      describe("bad input", () => {
        const good = { business_id: "acme", page_url: "https://acme.sites.example/", user_agent: UA.gptbot }
        const cases: ReadonlyArray<[string, unknown, RegExp]> = [
          ["missing business_id", { page_url: good.page_url, user_agent: good.user_agent }, /business_id/],
          ["missing page_url", { business_id: "acme", user_agent: good.user_agent }, /page_url/],
          ["missing user_agent", { business_id: "acme", page_url: good.page_url }, /user_agent/],
          ["empty user_agent", { ...good, user_agent: "" }, /user_agent/],
          ["business_id not a slug", { ...good, business_id: "Acme Inc" }, /business_id/],
          ["item_id not a slug", { ...good, item_id: "Trail Runner" }, /item_id/],
          ["page_url not a URL", { ...good, page_url: "not a url" }, /page_url: expected an absolute http\(s\) URL/],
          ["page_url relative", { ...good, page_url: "/blog/x" }, /page_url/],
          ["page_url without scheme", { ...good, page_url: "acme.sites.example/" }, /page_url/],
          ["page_url ftp", { ...good, page_url: "ftp://acme.sites.example/" }, /page_url/],
          ["page_url javascript", { ...good, page_url: "javascript:alert(1)" }, /page_url/],
          ["page_type unknown", { ...good, page_type: "landing" }, /page_type/],
          ["page_url over 2048", { ...good, page_url: `https://acme.sites.example/${"a".repeat(2048)}` }, /page_url/],
          ["user_agent over 1024", { ...good, user_agent: `GPTBot/1.0 ${"a".repeat(1024)}` }, /user_agent/],
          ["page_title over 1000", { ...good, page_title: "t".repeat(1001) }, /page_title/],
          ["referrer over 2048", { ...good, referrer: `https://r.example/${"a".repeat(2048)}` }, /referrer/],
          ["ip_address not an address", { ...good, ip_address: "not-an-ip" }, /ip_address/],
          ["user_agent a number", { ...good, user_agent: 42 }, /user_agent/],
          ["body an array", [good], /body|Expected/]
        ]
        it.each(cases)("400 for %s", async (_name, body, message) => {
          const { body: answer, status } = await post(body)
          expect(status).toBe(400)
          expect(answer).toMatchObject({ status: "error", code: "invalid_request" })
          expect(answer.message).toMatch(message)
        })

        it("400 invalid_json for a body that is not JSON", async () => {
          expect(await post("{not json")).toMatchObject({ status: 400, body: { status: "error", code: "invalid_json" } })
        })
      })

      it("answers CORS preflights for the webhook, and allows any origin on its answers", async () => {
        const preflight = await fetch(`${service.baseUrl}${WEBHOOK}`, {
          method: "OPTIONS",
          headers: {
            origin: "http://acme-com.sites.localhost:8080",
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type"
          }
        })
        expect(preflight.status).toBe(204)
        expect(preflight.headers.get("access-control-allow-origin")).toBe("*")
        expect(preflight.headers.get("access-control-allow-methods")).toMatch(/POST/)
        expect(preflight.headers.get("access-control-allow-headers")).toMatch(/content-type/i)
        expect(Number(preflight.headers.get("access-control-max-age"))).toBeGreaterThan(0)

        const slug = await newBusiness()
        const answered = await fetch(`${service.baseUrl}${WEBHOOK}`, {
          method: "POST",
          headers: { origin: "http://acme-com.sites.localhost:8080", "content-type": "application/json" },
          body: JSON.stringify({ business_id: slug, page_url: "http://x.sites.localhost/", user_agent: UA.gptbot })
        })
        expect(answered.status).toBe(200)
        expect(answered.headers.get("access-control-allow-origin")).toBe("*")
        const refused = await fetch(`${service.baseUrl}${WEBHOOK}`, { method: "POST", body: JSON.stringify({ business_id: slug }) })
        expect(refused.status).toBe(400)
        expect(refused.headers.get("access-control-allow-origin")).toBe("*")
        // Only the webhook: the authenticated API allows no other origin.
        const other = await fetch(`${service.baseUrl}/api/bot-visits/${slug}/stats`, { headers: { authorization: `Bearer ${SERVICE_KEY}` } })
        expect(other.headers.get("access-control-allow-origin")).toBeNull()
      })

      describe("a visit seen both ways is counted once", () => {
        it("counts the same visit posted twice within the minute once", async () => {
          const slug = await newBusiness()
          await setNow(new Date("2026-09-20T10:00:05Z"))
          const first = await visit(slug, UA.perplexitybot)
          const second = await visit(slug, UA.perplexitybot, { page_url: `http://${slug}.sites.localhost/?utm=1#top` })
          expect([first.body.status, second.body.status]).toEqual(["success", "success"])
          expect(counts((await stats(slug)).body).ai_platform_4).toBe(1)
          // Concurrent posts of one visit land in one batch: still one.
          await Promise.all(Array.from({ length: 5 }, () => visit(slug, UA.perplexitybot)))
          expect(counts((await stats(slug)).body).ai_platform_4).toBe(1)
          // Another page, another platform or a later minute is another visit.
          await visit(slug, UA.perplexitybot, { page_url: `http://${slug}.sites.localhost/about/` })
          await visit(slug, UA.claudebot)
          await setNow(new Date("2026-09-20T10:01:05Z"))
          await visit(slug, UA.perplexitybot)
          expect(counts((await stats(slug)).body)).toMatchObject({ ai_platform_2: 1, ai_platform_4: 3 })
        })

        it("counts the hosting's record and the script's post of one visit once, across a minute boundary too", async () => {
          const slug = await newBusiness()
          const serverSide = (pageUrl: string) =>
            service.runtime.runPromise(Effect.flatMap(VisitRecorder, (recorder) =>
              recorder.recordServerSide({ businessId: slug as BusinessId, itemId: null, pageUrl, pageTitle: null, userAgent: UA.googlebot, ipAddress: "66.249.66.1", referrer: null })))
          await setNow(new Date("2026-09-21T10:00:20Z"))
          const recorded = await serverSide(`http://${slug}.sites.localhost/blog/2026-09-20/post/`)
          expect(recorded).toMatchObject({ status: "success", duplicate: false })
          const posted = await visit(slug, UA.googlebot, { page_url: `https://${slug}.sites.localhost/blog/2026-09-20/post/` })
          expect(posted.body.status).toBe("success")
          expect(counts((await stats(slug)).body).ai_platform_8).toBe(1)

          // Served in the last second of a minute, the script posts in the next one.
          await setNow(new Date("2026-09-21T10:05:59.800Z"))
          await serverSide(`http://${slug}.sites.localhost/`)
          await setNow(new Date("2026-09-21T10:06:00.400Z"))
          await visit(slug, UA.googlebot)
          expect(counts((await stats(slug)).body).ai_platform_8).toBe(2)
          const events = await service.runtime.runPromise(Effect.flatMap(EventStore, (store) =>
            store.readStream(visitsStreamOf(slug, new Date("2026-09-21T00:00:00Z")))))
          expect(events.map((event) => (event.data as { source: string }).source)).toEqual(["server", "server"])
        })
      })
    })

    describe("statistics", () => {
      it("counts per platform over the window, for the business and its products or one product", async () => {
        const slug = await newBusiness()
        await registerProduct(slug, "road-racer")
        await registerProduct(slug, "trail-runner")
        const record = async (instant: string, userAgent: string, itemId?: string, page = "/") => {
          await setNow(new Date(instant))
          const { body } = await visit(slug, userAgent, { page_url: `http://${slug}.sites.localhost${page}`, ...(itemId ? { item_id: itemId } : {}) })
          expect(body.status).toBe("success")
        }
        await record("2026-10-01T12:00:00Z", UA.gptbot) // 9 days before: outside 7, inside 30
        await record("2026-10-03T23:59:59Z", UA.mistral) // the day before the 7-day window's first date
        await record("2026-10-04T00:00:00Z", UA.meta) // the window's first date (period_start is 10-04 00:00)
        await record("2026-10-07T09:00:00Z", UA.claudebot, undefined, "/a")
        await record("2026-10-07T09:00:00Z", UA.claudebot, undefined, "/b")
        await record("2026-10-07T09:00:00Z", UA.perplexitybot, "road-racer")
        await record("2026-10-10T08:00:00Z", UA.googlebot, "road-racer")
        await record("2026-10-10T08:00:00Z", UA.bingbot)
        await record("2026-10-10T09:00:00Z", UA.gptbot, "trail-runner")

        const now = new Date("2026-10-10T12:00:00Z")
        await setNow(now)
        const before = await clockNow()
        const week = await stats(slug)
        const after = await clockNow()
        expect(week.status).toBe(200)
        expect(Object.keys(week.body).sort()).toEqual(
          ["business_id", "item_id", "period_end", "period_start", "platforms", "total_visits", "unique_platforms"]
        )
        expect(week.body).toMatchObject({ business_id: slug, item_id: null, total_visits: 7, unique_platforms: 6 })
        expect(week.body.platforms).toEqual({
          ai_platform_1: { total_visits: 1 },
          ai_platform_2: { total_visits: 2 },
          ai_platform_3: { total_visits: 0 },
          ai_platform_4: { total_visits: 1 },
          ai_platform_5: { total_visits: 1 },
          ai_platform_6: { total_visits: 0 },
          ai_platform_7: { total_visits: 1 },
          ai_platform_8: { total_visits: 1 }
        })
        const end = Date.parse(week.body.period_end)
        expect(week.body.period_start).toBe("2026-10-04T00:00:00.000Z")
        // The window ends at the service's now (its shifted clock) when it answered.
        expect(end).toBeGreaterThanOrEqual(before.getTime())
        expect(end).toBeLessThanOrEqual(after.getTime())
        expect(week.body.period_end).toBe(new Date(end).toISOString())

        const month = await stats(slug, "?days=30")
        expect(month.body).toMatchObject({ total_visits: 9, unique_platforms: 7 })
        expect(month.body.period_start).toBe("2026-09-11T00:00:00.000Z")

        const product = await stats(slug, "?item_id=road-racer&days=7")
        expect(product.body).toMatchObject({ business_id: slug, item_id: "road-racer", total_visits: 2, unique_platforms: 2 })
        expect(counts(product.body)).toMatchObject({ ai_platform_4: 1, ai_platform_8: 1, ai_platform_1: 0 })

        const today = await stats(slug, "?days=1")
        expect(today.body).toMatchObject({ total_visits: 3, unique_platforms: 3 })
        const year = await stats(slug, "?days=365")
        expect(year.body.total_visits).toBe(9)
      })

      it("answers all 8 platforms with zeros before any visit", async () => {
        const slug = await newBusiness()
        const { body, status } = await stats(slug)
        expect(status).toBe(200)
        expect(body).toMatchObject({ business_id: slug, item_id: null, total_visits: 0, unique_platforms: 0 })
        expect(counts(body)).toEqual(Object.fromEntries(PLATFORM_KEYS.map((key) => [key, 0])))
      })

      it.each(["0", "366", "abc", "1.5", "-1", "", "7days", "1e2"])("400 for days=%s", async (days) => {
        const slug = await newBusiness()
        const { body, status } = await stats(slug, `?days=${days}`)
        expect(status).toBe(400)
        expect(body).toMatchObject({ status: "error", code: "invalid_request" })
        expect(body.message).toMatch(/days/)
      })

      it("answers 404 for an unknown business or product", async () => {
        expect(await stats(`nobody-${randomUUID().slice(0, 8)}`)).toMatchObject({ status: 404, body: { code: "business_not_found" } })
        const slug = await newBusiness()
        expect(await stats(slug, "?item_id=ghost")).toMatchObject({ status: 404, body: { code: "product_not_found" } })
      })

      it("needs a member of the organization or a service key", async () => {
        const slug = await newBusiness()
        const org = { org_id: `org_${slug}`, org_slug: slug }
        expect((await call("GET", `/api/bot-visits/${slug}/stats`, undefined, null)).status).toBe(401)
        expect((await call("GET", `/api/bot-visits/${slug}/stats`, undefined, "not.a.token")).status).toBe(401)
        const other = await service.sign({ sub: "user_2", org_id: "org_other", org_slug: `other-${slug}`, org_role: "org:admin" })
        expect(await call("GET", `/api/bot-visits/${slug}/stats`, undefined, other)).toMatchObject({ status: 403, body: { code: "forbidden" } })
        const member = await service.sign({ sub: "user_3", ...org, org_role: "org:member" })
        expect((await call("GET", `/api/bot-visits/${slug}/stats`, undefined, member)).status).toBe(200)
        expect((await call("GET", `/api/bot-visits/${slug}/stats`)).status).toBe(200)
      })
    })

    describe("replay", () => {
      it("rebuilds the visits read model from the log to exactly the live rows", async () => {
        const report = await service.runtime.runPromise(verify(projections))
        expect(report.differences).toBe(0)
        const tables = Object.fromEntries(report.projections.flatMap((p) => p.tables.map((t) => [t.table, t.liveRows])))
        expect(tables.bot_visit_days).toBeGreaterThan(15)
      })
    })
  })

  describe(`visit webhook rate limit (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      service = await startService(created.target, { WEBHOOK_RATE_LIMIT_PER_MINUTE: "5" })
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it("answers 429 with Retry-After past the limit per address", async () => {
      const send = (body: unknown) => fetch(`${service.baseUrl}${WEBHOOK}`, { method: "POST", body: JSON.stringify(body) })
      const statuses: Array<number> = []
      // Every request counts, whatever its answer: bad bodies and unknown businesses too.
      for (let i = 0; i < 5; i++) statuses.push((await send(i % 2 === 0 ? { business_id: "nobody", page_url: "https://x.example/", user_agent: UA.gptbot } : {})).status)
      expect(statuses).toEqual([404, 400, 404, 400, 404])
      const limited = await send({ business_id: "nobody", page_url: "https://x.example/", user_agent: UA.gptbot })
      expect(limited.status).toBe(429)
      // 5 a minute: the next token comes in 12 s.
      expect(limited.headers.get("retry-after")).toBe("12")
      expect(limited.headers.get("access-control-allow-origin")).toBe("*")
      expect(await limited.json()).toMatchObject({ status: "error", code: "rate_limited", retry_after: 12 })
      // Other endpoints are not limited by it.
      expect((await fetch(`${service.baseUrl}/health`)).status).toBe(200)
    })
  })
}
