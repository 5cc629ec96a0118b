/**
 * The daily run over HTTP, in process: every active entity gets, in order, its site update,
 * its 15 posts, its prompts checked and one score; a second trigger the same day adds nothing;
 * the daily limits hold beside external callers of the cron endpoints; a failing entity is
 * retried, then reported, and never blocks the others.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { shiftedWallClock } from "../../src/config/wall-clock.ts"
import { DeleteProduct, type EntityCommand, RecordPrompts, RegisterProduct } from "../../src/domain/entity-decider.ts"
import type { BusinessId, EntityRef, ItemId } from "../../src/domain/entity-ref.ts"
import { projections } from "../../src/projections/catalog.ts"
import { verify } from "../../src/projections/rebuild.ts"
import { sendAndRead } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"
import { recordCrawl, withDetails } from "../support/recorded-crawl.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const business: EntityRef = { businessId: "sunrise" as BusinessId, itemId: null }
const product = (itemId: string): EntityRef => ({ businessId: "sunrise" as BusinessId, itemId: itemId as ItemId })
const promptsFor = (topic: string, count: number) =>
  Array.from({ length: count }, (_, i) => `Which bakery in Lyon sells the best ${topic} number ${i + 1} this season?`)

const counts = (total: number, done: number, failed = 0) => ({ total, done, failed, remaining: total - done - failed })

for (const database of testDatabases) {
  describe(`daily run (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let setNow: (instant: Date) => Promise<void>
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = auth) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
    /** Sends a command and waits until the read models have its events, as an endpoint would. */
    const send = (ref: EntityRef, command: EntityCommand) => sendAndRead(service.runtime, ref, command)
    const query = <A extends object>(text: string) =>
      service.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<A>(text)))
    /** Events of the entity-level facts per stream and type. */
    const facts = async () => {
      const rows = await query<{ stream_id: string; event_type: string; n: string }>(`
        SELECT stream_id, event_type, count(*) AS n FROM events
        WHERE event_type IN ('SiteDeployed', 'BlogPostPublished', 'PlatformChecked', 'ScoreStored')
        GROUP BY stream_id, event_type ORDER BY stream_id, event_type`)
      return Object.fromEntries(rows.map((row) => [`${row.stream_id} ${row.event_type}`, Number(row.n)]))
    }
    const waitForRun = async (runId: string, timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const { body, status } = await call("GET", `/api/scheduler/runs/${runId}`)
        expect(status, JSON.stringify(body)).toBe(200)
        if (body.state === "succeeded" || body.state === "failed") return body
        if (Date.now() > deadline) throw new Error(`run ${runId} still ${body.state}: ${JSON.stringify(body)}`)
        await sleep(100)
      }
    }

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      const clock = await Effect.runPromise(shiftedWallClock)
      setNow = (instant) => Effect.runPromise(clock.setNow(instant))
      service = await startService(created.target, { SCHEDULER_CRON: "off", SCHEDULER_CONCURRENCY: "1" }, { wallClock: clock.layer })
      await setNow(new Date("2026-11-20T03:00:00Z"))
      expect((await call("POST", "/api/business", { business_name: "Sunrise Bakery", business_url: "https://www.sunrise-bakery.example/", org_slug: "sunrise" })).status).toBe(201)
      const at = "2026-11-20T03:00:00.000Z"
      for (const itemId of ["rye-loaf", "old-loaf"]) {
        await send(product(itemId), new RegisterProduct({ businessId: business.businessId, itemId: itemId as ItemId, name: itemId, url: `https://www.sunrise-bakery.example/${itemId}`, at }))
      }
      await send(product("old-loaf"), new DeleteProduct({ businessId: business.businessId, itemId: "old-loaf" as ItemId, at }))
      await send(business, new RecordPrompts({ ...business, prompts: promptsFor("sourdough", 100), generator: "test", at }))
      await send(product("rye-loaf"), new RecordPrompts({ ...product("rye-loaf"), prompts: promptsFor("rye loaf", 20), generator: "test", at }))
      // A site is written from a crawl (never from nothing): one crawled page each.
      await recordCrawl(service.runtime, business, "https://www.sunrise-bakery.example/", withDetails("Sunrise Bakery bakes sourdough bread."))
      await recordCrawl(service.runtime, product("rye-loaf"), "https://www.sunrise-bakery.example/rye-loaf", withDetails("A dark rye loaf."))
    })
    afterAll(async () => {
      await service?.stop()
      await release()
    })

    it("refuses bad input and callers without a service key", async () => {
      expect(await call("POST", "/api/scheduler/runs", {}, {})).toMatchObject({ status: 401 })
      expect(await call("GET", "/api/scheduler/runs", undefined, {})).toMatchObject({ status: 401 })
      expect((await call("POST", "/api/scheduler/runs", { date: "2026-02-30" })).body)
        .toEqual({ status: "error", code: "invalid_request", message: "date: not a calendar date" })
      expect((await call("POST", "/api/scheduler/runs", { date: "2026-11-21" })).body)
        .toEqual({ status: "error", code: "invalid_request", message: "date: 2026-11-21 is after today (2026-11-20, UTC)" })
      expect((await call("POST", "/api/scheduler/runs", { date: "20261120" })).status).toBe(400)
      expect(await call("POST", "/api/scheduler/runs", { business_id: "nobody" })).toEqual({
        status: 404,
        body: { status: "error", code: "business_not_found", message: "business nobody not found" }
      })
      expect((await call("GET", "/api/scheduler/runs/daily-1999-01-01")).status).toBe(404)
    })

    it("runs every active entity's day in the spec's order, beside external callers, once", async () => {
      // An external caller deploys the business's site and publishes 4 posts first.
      expect((await call("POST", "/api/cron/update-site", { business_id: "sunrise", url: "https://www.sunrise-bakery.example/" })).status).toBe(200)
      for (let i = 0; i < 4; i++) expect((await call("POST", "/api/cron/create-blog", { business_id: "sunrise" })).status).toBe(200)

      const started = await call("POST", "/api/scheduler/runs", {})
      expect(started).toEqual({ status: 202, body: { run_id: "daily-2026-11-20" } })
      const run = await waitForRun("daily-2026-11-20")
      expect(run).toMatchObject({
        run_id: "daily-2026-11-20",
        date: "2026-11-20",
        business_id: null,
        trigger: "manual",
        state: "succeeded",
        entities: counts(2, 2),
        steps: { site: counts(2, 2), blog: counts(30, 30), analyze: counts(120, 120), score: counts(2, 2) },
        failed_entities: []
      })
      const afterRun = await facts()
      expect(afterRun).toEqual({
        // The external deployment was the day's one: the run's was a no-op.
        "business-sunrise SiteDeployed": 1,
        "business-sunrise BlogPostPublished": 15,
        "business-sunrise ScoreStored": 1,
        "checks-business:sunrise PlatformChecked": 800,
        "product-sunrise:rye-loaf SiteDeployed": 1,
        "product-sunrise:rye-loaf BlogPostPublished": 15,
        "product-sunrise:rye-loaf ScoreStored": 1,
        "checks-product:sunrise:rye-loaf PlatformChecked": 160
      })

      // In order per entity: site, posts, checks, score.
      for (const [stream, checks] of [["business-sunrise", "checks-business:sunrise"], ["product-sunrise:rye-loaf", "checks-product:sunrise:rye-loaf"]]) {
        const order = await query<{ event_type: string }>(`
          SELECT event_type FROM events WHERE stream_id IN ('${stream}', '${checks}')
            AND event_type IN ('SiteDeployed', 'BlogPostPublished', 'PlatformChecked', 'ScoreStored')
          ORDER BY transaction_id, position`)
        const phases = order.map((row) => row.event_type).filter((type, i, all) => i === 0 || all[i - 1] !== type)
        expect(phases).toEqual(["SiteDeployed", "BlogPostPublished", "PlatformChecked", "ScoreStored"])
      }

      // The limits hold for external callers after the run.
      expect((await call("POST", "/api/cron/create-blog", { business_id: "sunrise" })).body.code).toBe("daily_limit_reached")

      // A second trigger, for every entity or for the business, adds nothing.
      expect((await call("POST", "/api/scheduler/runs", {})).body).toEqual({ run_id: "daily-2026-11-20" })
      const single = await call("POST", "/api/scheduler/runs", { business_id: "sunrise" })
      expect(single.body).toEqual({ run_id: "daily-2026-11-20-sunrise" })
      expect(await waitForRun("daily-2026-11-20-sunrise")).toMatchObject({
        state: "succeeded",
        entities: counts(2, 2),
        steps: { site: counts(2, 2), blog: counts(30, 30), analyze: counts(120, 120), score: counts(2, 2) }
      })
      await sleep(500)
      expect(await facts()).toEqual(afterRun)

      const listed = await call("GET", "/api/scheduler/runs")
      expect(listed.body.runs.map((r: { run_id: string }) => r.run_id)).toEqual(["daily-2026-11-20-sunrise", "daily-2026-11-20"])
      expect((await service.runtime.runPromise(verify(projections))).differences).toBe(0)
    })

    it("retries a failing entity, then reports it without blocking the others", async () => {
      await setNow(new Date("2026-11-21T03:00:00Z"))
      await send(product("late-loaf"), new RegisterProduct({ businessId: business.businessId, itemId: "late-loaf" as ItemId, name: "Late Loaf", url: "https://www.sunrise-bakery.example/late", at: "2026-11-21T03:00:00.000Z" }))
      expect((await call("POST", "/api/scheduler/runs", {})).body).toEqual({ run_id: "daily-2026-11-21" })
      // The run has fixed its entities (one at a time, the business first): the product it
      // reaches last is deleted before its turn, so each of its steps fails.
      for (;;) {
        const { body, status } = await call("GET", "/api/scheduler/runs/daily-2026-11-21")
        expect(status, JSON.stringify(body)).toBe(200)
        if (body.entities.total === 3) break
        await sleep(20)
      }
      await send(product("late-loaf"), new DeleteProduct({ businessId: business.businessId, itemId: "late-loaf" as ItemId, at: "2026-11-21T03:00:01.000Z" }))
      const run = await waitForRun("daily-2026-11-21")
      expect(run).toMatchObject({
        state: "failed",
        entities: counts(3, 2, 1),
        // It has no prompts: nothing to check, no score to store.
        steps: { site: counts(3, 2, 1), blog: counts(45, 30, 15), analyze: counts(120, 120), score: counts(2, 2) }
      })
      expect(run.failed_entities).toEqual([{
        business_id: "sunrise",
        item_id: "late-loaf",
        errors: [
          "site: CommandRejected: entity not found",
          "blog: CommandRejected: the entity has no deployed site yet: update the site first"
        ]
      }])
      const day = await query<{ event_type: string; n: string }>(`
        SELECT event_type, count(*) AS n FROM events WHERE stream_id = 'business-sunrise' AND event_type IN ('SiteDeployed', 'ScoreStored')
        GROUP BY event_type ORDER BY event_type`)
      expect(day.map((row) => [row.event_type, Number(row.n)])).toEqual([["ScoreStored", 2], ["SiteDeployed", 2]])
    })
  })
}

for (const database of testDatabases) {
  describe(`the built-in daily cron (${database.name})`, () => {
    let release = async () => {}
    const services: Array<RunningService> = []
    afterAll(async () => {
      for (const service of services) await service.stop()
      await release()
    })

    it("starts the day's run on schedule, once however often it fires; off starts nothing", async () => {
      const created = await database.create()
      release = created.release
      const runsOf = async (service: RunningService) =>
        (await json(await fetch(`${service.baseUrl}/api/scheduler/runs`, { headers: auth }))).body.runs as ReadonlyArray<Record<string, unknown>>

      const off = await startService(created.target, { SCHEDULER_CRON: "off" })
      services.push(off)
      await sleep(2_500)
      expect(await runsOf(off)).toEqual([])
      await off.stop()
      services.pop()

      // Every second (a cron with seconds), on the same database. The run's day comes from the
      // wall clock, set to midday: on the machine's own clock a test crossing UTC midnight would
      // see a second day's run, or a run of another day than the one it named.
      const clock = await Effect.runPromise(shiftedWallClock)
      await Effect.runPromise(clock.setNow(new Date("2026-11-25T12:00:00Z")))
      const on = await startService(created.target, { SCHEDULER_CRON: "* * * * * *" }, { wallClock: clock.layer })
      services.push(on)
      const today = "2026-11-25"
      // Until the first run has finished (a generous bound for a loaded machine), then three
      // more firings of the cron, which must start nothing.
      const deadline = Date.now() + 120_000
      let runs = await runsOf(on)
      while (!(runs.length > 0 && runs.every((run) => run.state === "succeeded" || run.state === "failed")) && Date.now() < deadline) {
        await sleep(200)
        runs = await runsOf(on)
      }
      await sleep(3_000)
      runs = await runsOf(on)
      expect(runs.map((run) => [run.run_id, run.trigger, run.state])).toEqual([[`daily-${today}`, "cron", "succeeded"]])
    }, 240_000)
  })
}
