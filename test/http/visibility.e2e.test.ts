/**
 * The visibility core over real HTTP: scores and their rounding, trend, history, products,
 * deletion, entity listings, ranking scores, platform checks, and every bad input.
 */
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { shiftedWallClock } from "../../src/config/wall-clock.ts"
import { checksStreamOf } from "../../src/domain/check-events.ts"
import { RegisterProduct } from "../../src/domain/entity-decider.ts"
import type { BusinessId, ItemId } from "../../src/domain/entity-ref.ts"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { rankingScoreFor } from "../../src/domain/ranking-score.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { projections } from "../../src/projections/catalog.ts"
import { verify } from "../../src/projections/rebuild.ts"
import { sendAndRead } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

type Flags = Record<(typeof PLATFORM_KEYS)[number], boolean>
const flags = (...trueKeys: ReadonlyArray<number>): Flags =>
  Object.fromEntries(PLATFORM_KEYS.map((key, i) => [key, trueKeys.includes(i + 1)])) as Flags

for (const database of testDatabases) {
  describe(`visibility core (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let setNow: (instant: Date) => Promise<void>
    let healthy: OpenAiCompatibleServer
    let broken: OpenAiCompatibleServer

    const call = async (method: string, path: string, body?: unknown, token: string | null = SERVICE_KEY) =>
      json(await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      }))

    const newBusiness = async (name = "Acme Running Shoes", url = "https://acme-shoes.example") => {
      const slug = `biz-${randomUUID().slice(0, 8)}`
      const created = await call("POST", "/api/business", { business_name: name, business_url: url, org_slug: slug })
      expect(created.status).toBe(201)
      return slug
    }

    const registerProduct = (businessId: string, itemId: string, name: string) =>
      sendAndRead(service.runtime, { businessId: businessId as BusinessId, itemId: itemId as ItemId }, new RegisterProduct({
        businessId: businessId as BusinessId,
        itemId: itemId as ItemId,
        name,
        url: `https://acme-shoes.example/products/${itemId}`,
        at: new Date().toISOString()
      }))

    const store = (businessId: string, results: ReadonlyArray<{ prompt: string } & Flags>, itemId?: string) =>
      call("POST", "/api/cron/store-visibility-score", { business_id: businessId, ...(itemId ? { item_id: itemId } : {}), results })

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      healthy = await startOpenAiCompatibleServer({
        otherwise: {
          kind: "answer",
          content: "For trail running, the best picks are:\n1. **Acme Running Shoes** — highly recommended: light and grippy.\n2. **Other Brand** — durable.",
          citations: ["https://acme-shoes.example/trail"]
        }
      })
      broken = await startOpenAiCompatibleServer({ otherwise: { kind: "status", status: 500, message: "upstream down" } })
      const clock = await Effect.runPromise(shiftedWallClock)
      setNow = (instant) => Effect.runPromise(clock.setNow(instant))
      service = await startService(created.target, {
        AI_PLATFORM_1_BASE_URL: healthy.baseUrl,
        AI_PLATFORM_1_MODEL: "gpt-test",
        AI_PLATFORM_1_API_KEY: "sk-test-platform-1",
        AI_PLATFORM_2_BASE_URL: broken.baseUrl,
        AI_PLATFORM_2_MODEL: "claude-test",
        AI_PLATFORM_MAX_RETRIES: "0"
      }, { wallClock: clock.layer })
    })
    afterAll(async () => {
      await service?.stop()
      await healthy?.close()
      await broken?.close()
      await release()
    })

    describe("store-visibility-score", () => {
      it("computes the overall and per-platform scores, rounding half up", async () => {
        const slug = await newBusiness()
        // 8 prompts: platform 1 true once (12.5 → 13), platform 2 three times (37.5 → 38), platform 3 always.
        const results = Array.from({ length: 8 }, (_, i) => ({
          prompt: `prompt ${i}`,
          ...flags(...[3, ...(i === 0 ? [1] : []), ...(i < 3 ? [2] : [])])
        }))
        const { body, status } = await store(slug, results)
        expect(status).toBe(200)
        expect(body).toEqual({
          status: "success",
          overall_score: 19, // 12 of 64 = 18.75
          prompts_analyzed: 8,
          total_true: 12,
          platform_scores: {
            ai_platform_1_score: 13,
            ai_platform_2_score: 38,
            ai_platform_3_score: 100,
            ai_platform_4_score: 0,
            ai_platform_5_score: 0,
            ai_platform_6_score: 0,
            ai_platform_7_score: 0,
            ai_platform_8_score: 0
          },
          unmeasured_checks: 0
        })
      })

      it("rounds an exact half of the overall score up (2 of 400 = 0.5 → 1)", async () => {
        const slug = await newBusiness()
        const results = Array.from({ length: 50 }, (_, i) => ({ prompt: `p${i}`, ...flags(...(i < 2 ? [4] : [])) }))
        const { body } = await store(slug, results)
        expect(body.overall_score).toBe(1)
        expect(body.total_true).toBe(2)
        expect(body.platform_scores.ai_platform_4_score).toBe(4)
      })

      it("gives 50 for 400 true of 800, and counts failed platforms as unmeasured", async () => {
        const slug = await newBusiness()
        const results = Array.from({ length: 100 }, (_, i) => ({
          prompt: `question ${i}`,
          ...flags(1, 2, 3, 4),
          ...(i < 3 ? { failed_platforms: ["ai_platform_8"] } : {})
        }))
        const { body } = await store(slug, results)
        expect([body.overall_score, body.total_true, body.prompts_analyzed, body.unmeasured_checks]).toEqual([50, 400, 100, 3])
      })

      it("counts a platform named as failed as not visible though its flag is true, and a repeated name once", async () => {
        const slug = await newBusiness()
        const results = [
          { prompt: "one", ...flags(1, 2), failed_platforms: ["ai_platform_1", "ai_platform_1"] },
          { prompt: "two", ...flags(2), failed_platforms: ["ai_platform_3", "ai_platform_3", "ai_platform_3"] }
        ]
        const { status, body } = await store(slug, results)
        expect(status).toBe(200)
        expect([body.overall_score, body.total_true, body.prompts_analyzed, body.unmeasured_checks]).toEqual([13, 2, 2, 2])
        expect(body.platform_scores.ai_platform_1_score).toBe(0)
        expect(body.platform_scores.ai_platform_2_score).toBe(100)
        const prompt = await call("GET", `/api/visibility-score/${slug}`)
        expect(prompt.body.visibilityScore.value).toBe(13)
      })

      it("is read back at once by visibility-score (read-your-writes)", async () => {
        const slug = await newBusiness()
        await store(slug, [{ prompt: "one", ...flags(1, 2) }])
        const { body } = await call("GET", `/api/visibility-score/${slug}`)
        expect(body.visibilityScore).toEqual({ value: 25, trend: "+0%" })
      })
    })

    describe("visibility-score trend and history", () => {
      it("answers zeros before any score", async () => {
        const slug = await newBusiness()
        expect(await call("GET", `/api/visibility-score/${slug}`)).toEqual({
          status: 200,
          body: { visibilityScore: { value: 0, trend: "+0%" }, history: [] }
        })
      })

      it("compares with the latest score at or before 7 days earlier, one history entry per day", async () => {
        const slug = await newBusiness()
        const score = (n: number) => [{ prompt: "q", ...flags(...Array.from({ length: n }, (_, i) => i + 1)) }]
        await setNow(new Date("2026-10-01T10:00:00Z"))
        await store(slug, score(2)) // 25
        await setNow(new Date("2026-10-05T10:00:00Z"))
        await store(slug, score(6)) // 75, inside the week: not the baseline for Oct 9
        await setNow(new Date("2026-10-09T10:00:00Z"))
        await store(slug, score(3)) // 38 against 25 → +52%
        expect((await call("GET", `/api/visibility-score/${slug}`)).body.visibilityScore).toEqual({ value: 38, trend: "+52%" })
        await setNow(new Date("2026-10-09T18:00:00Z"))
        await store(slug, score(1)) // 13 against 25 → -48%
        const { body } = await call("GET", `/api/visibility-score/${slug}`)
        expect(body).toEqual({
          visibilityScore: { value: 13, trend: "-48%" },
          history: [{ date: "Oct 01", value: 25 }, { date: "Oct 05", value: 75 }, { date: "Oct 09", value: 13 }]
        })
      })

      it("signs an unchanged score +0% and a zero baseline +0%", async () => {
        const slug = await newBusiness()
        await setNow(new Date("2026-09-01T08:00:00Z"))
        await store(slug, [{ prompt: "q", ...flags() }]) // 0
        await setNow(new Date("2026-09-10T08:00:00Z"))
        await store(slug, [{ prompt: "q", ...flags(1, 2) }]) // 25 against 0
        expect((await call("GET", `/api/visibility-score/${slug}`)).body.visibilityScore.trend).toBe("+0%")
        await setNow(new Date("2026-09-20T08:00:00Z"))
        await store(slug, [{ prompt: "q", ...flags(1, 2) }]) // 25 against 25
        expect((await call("GET", `/api/visibility-score/${slug}`)).body.visibilityScore.trend).toBe("+0%")
      })

      it("keeps 6 months of history", async () => {
        const slug = await newBusiness()
        for (const day of ["2026-03-15", "2026-04-09", "2026-04-10", "2026-10-09"]) {
          await setNow(new Date(`${day}T12:00:00Z`))
          await store(slug, [{ prompt: "q", ...flags(1) }])
        }
        const { body } = await call("GET", `/api/visibility-score/${slug}`)
        expect(body.history.map((h: { date: string }) => h.date)).toEqual(["Apr 09", "Apr 10", "Oct 09"])
      })
    })

    describe("products", () => {
      it("keeps a product's scores apart from its business's", async () => {
        const slug = await newBusiness()
        await registerProduct(slug, "trail-runner-3", "Trail Runner 3")
        await store(slug, [{ prompt: "q", ...flags(1, 2, 3, 4, 5, 6, 7, 8) }], "trail-runner-3")
        expect((await call("GET", `/api/visibility-score/${slug}?item_id=trail-runner-3`)).body.visibilityScore.value).toBe(100)
        expect((await call("GET", `/api/visibility-score/${slug}`)).body.visibilityScore.value).toBe(0)
      })

      it("deletes a product from listings while its history stays readable by item_id", async () => {
        const slug = await newBusiness()
        await registerProduct(slug, "road-racer", "Road Racer")
        await store(slug, [{ prompt: "q", ...flags(1, 2) }], "road-racer")
        expect(await call("DELETE", `/api/products/${slug}/road-racer`)).toEqual({
          status: 200,
          body: { status: "success", message: "Product road-racer deleted; its history stays readable" }
        })
        const listed = await call("GET", `/api/cron/entities?business_id=${slug}`)
        expect(listed.body.entities.map((e: { item_id: string | null }) => e.item_id)).toEqual([null])
        expect((await call("GET", `/api/visibility-score/${slug}?item_id=road-racer`)).body.visibilityScore.value).toBe(25)
        expect((await call("DELETE", `/api/products/${slug}/road-racer`)).status).toBe(404)
        expect((await store(slug, [{ prompt: "q", ...flags() }], "road-racer")).status).toBe(404)
        expect((await call("POST", "/api/cron/analyze-visibility", { business_id: slug, item_id: "road-racer", prompt: "q" })).status).toBe(404)
      })

      it("combines the entity filters", async () => {
        const [a, b] = [await newBusiness("Alpha Co", "https://alpha.example"), await newBusiness("Beta Co", "https://www.Beta.example/")]
        await registerProduct(a, "p1", "P1")
        await registerProduct(a, "p2", "P2")
        await registerProduct(b, "p3", "P3")
        const ids = async (query: string) =>
          (await call("GET", `/api/cron/entities?${query}`)).body.entities
            .filter((e: { business_id: string }) => e.business_id === a || e.business_id === b)
            .map((e: { business_id: string; item_id: string | null }) => `${e.business_id}/${e.item_id}`)
        expect(await ids(`business_id=${a}&type=product`)).toEqual([`${a}/p1`, `${a}/p2`])
        expect(await ids("type=business")).toEqual([a, b].sort().map((s) => `${s}/null`))
        expect(await ids(`business_id=${a}`)).toEqual([`${a}/null`, `${a}/p1`, `${a}/p2`])
        const beta = (await call("GET", `/api/cron/entities?business_id=${b}`)).body.entities
        expect(beta).toEqual([
          { business_id: b, item_id: null, source_url: "https://www.beta.example/", deployment_url: "http://beta-example.sites.localhost:8080" },
          { business_id: b, item_id: "p3", source_url: "https://acme-shoes.example/products/p3", deployment_url: "http://beta-example-p3.sites.localhost:8080" }
        ])
      })
    })

    describe("ranking score", () => {
      it("normalizes the URL and gives one stored score in 32..49", async () => {
        const expected = rankingScoreFor("https://example-shop.example")
        const a = await call("GET", `/api/ranking-score?url=${encodeURIComponent("https://www.Example-Shop.example/")}`, undefined, null)
        const b = await call("GET", `/api/ranking-score?url=${encodeURIComponent("https://example-shop.example:443")}`, undefined, null)
        expect(a).toEqual({ status: 200, body: { score: expected } })
        expect(b).toEqual({ status: 200, body: { score: expected } })
        expect(expected).toBeGreaterThanOrEqual(32)
        expect(expected).toBeLessThanOrEqual(49)
      })

      it("gives concurrent first requests the same score", async () => {
        const url = `https://fresh-${randomUUID().slice(0, 8)}.example`
        const answers = await Promise.all(Array.from({ length: 10 }, () => call("GET", `/api/ranking-score?url=${encodeURIComponent(url)}`, undefined, null)))
        expect(new Set(answers.map((a) => a.body.score))).toEqual(new Set([rankingScoreFor(url)]))
        const stream = await service.runtime.runPromise(Effect.flatMap(EventStore, (s) => s.readAll({ after: { transactionId: 0n, position: 0n }, limit: 10_000, types: ["RankingScoreAssigned"] })))
        expect(stream.filter((e) => (e.data as { normalizedUrl: string }).normalizedUrl === url).length).toBe(1)
      })

      it("gives a new business the ranking score of its URL", async () => {
        const url = `https://owned-${randomUUID().slice(0, 8)}.example`
        const ranking = await call("GET", `/api/ranking-score?url=${encodeURIComponent(url)}`, undefined, null)
        const created = await call("POST", "/api/business", { business_name: "Owned", business_url: `${url}/`, org_slug: `owned-${randomUUID().slice(0, 6)}` })
        expect(created.body.ranking_score).toBe(ranking.body.score)
      })
    })

    describe("analyze-visibility", () => {
      it("checks the 8 platforms, reports a failed one apart, and records every check", async () => {
        const slug = await newBusiness()
        const { body, status } = await call("POST", "/api/cron/analyze-visibility", { business_id: slug, prompt: "best acme running shoes for trails" })
        expect(status).toBe(200)
        expect(body.status).toBe("success")
        expect(body.prompt).toBe("best acme running shoes for trails")
        expect(body.ai_platform_1).toBe(true)
        expect(body.ai_platform_2).toBe(false)
        expect(body.failed_platforms).toEqual(["ai_platform_2"])
        const events = await service.runtime.runPromise(Effect.flatMap(EventStore, (s) =>
          s.readStream(checksStreamOf({ businessId: slug as BusinessId, itemId: null }))))
        expect(events.map((e) => (e.data as { platform: string }).platform)).toEqual([...PLATFORM_KEYS])
        const first = events[0]!.data as any
        expect(first).toMatchObject({ status: "answered", visible: true, position: 1, sentiment: "positive", error: null, samplesRequested: 1 })
        expect(first.answers[0]).toMatchObject({ engine: "openai-compatible", model: "gpt-test", citations: ["https://acme-shoes.example/trail"] })
        const second = events[1]!.data as any
        expect(second).toMatchObject({ status: "failed", visible: false, answers: [], error: { reason: "server_error" } })
        const local = events.slice(2).map((e) => (e.data as any).answers[0].engine)
        expect(local).toEqual(Array(6).fill("local"))
        expect(healthy.requests.at(-1)?.authorization).toBe("Bearer sk-test-platform-1")
      })
    })

    describe("replay", () => {
      it("rebuilds every read model from the log to exactly the live rows", async () => {
        const report = await service.runtime.runPromise(verify(projections))
        expect(report.differences).toBe(0)
        const tables = Object.fromEntries(report.projections.flatMap((p) => p.tables.map((t) => [t.table, t.liveRows])))
        expect(tables.score_log).toBeGreaterThan(10)
        expect(tables.visibility_current).toBeGreaterThan(5)
        expect(tables.prompt_checks).toBe(8)
      })
    })

    describe("bad input", () => {
      const cases: ReadonlyArray<[string, string, string, unknown, number]> = [
        ["ranking score without url", "GET", "/api/ranking-score", undefined, 400],
        ["ranking score with a non-web url", "GET", "/api/ranking-score?url=ftp%3A%2F%2Fx.example", undefined, 400],
        ["store with no results", "POST", "/api/cron/store-visibility-score", { business_id: "acme", results: [] }, 400],
        ["store with a missing flag", "POST", "/api/cron/store-visibility-score", { business_id: "acme", results: [{ prompt: "q", ai_platform_1: true }] }, 400],
        ["store with a flag of the wrong type", "POST", "/api/cron/store-visibility-score", { business_id: "acme", results: [{ prompt: "q", ...flags(), ai_platform_3: "yes" }] }, 400],
        ["store without business_id", "POST", "/api/cron/store-visibility-score", { results: [{ prompt: "q", ...flags() }] }, 400],
        ["store with duplicate prompts", "POST", "/api/cron/store-visibility-score", { business_id: "acme", results: [{ prompt: "Q one", ...flags() }, { prompt: "q  ONE", ...flags() }] }, 400],
        ["store for an unknown business", "POST", "/api/cron/store-visibility-score", { business_id: "no-such-business", results: [{ prompt: "q", ...flags() }] }, 404],
        ["analyze with an empty prompt", "POST", "/api/cron/analyze-visibility", { business_id: "acme", prompt: "" }, 400],
        ["analyze with a malformed item_id", "POST", "/api/cron/analyze-visibility", { business_id: "acme", prompt: "q", item_id: "Not A Slug" }, 400],
        ["analyze for an unknown business", "POST", "/api/cron/analyze-visibility", { business_id: "no-such-business", prompt: "q" }, 404],
        ["visibility score of an unknown business", "GET", "/api/visibility-score/no-such-business", undefined, 404],
        ["visibility score of an unknown product", "GET", "/api/visibility-score/acme?item_id=nope", undefined, 404],
        ["entities with an unknown type", "GET", "/api/cron/entities?type=shop", undefined, 400],
        ["delete an unknown product", "DELETE", "/api/products/acme/nope", undefined, 404]
      ]
      beforeAll(async () => {
        await call("POST", "/api/business", { business_name: "Acme", business_url: "https://acme.example", org_slug: "acme" })
      })
      for (const [name, method, path, body, expected] of cases) {
        it(`${name} → ${expected}`, async () => {
          const response = await call(method, path, body)
          expect(response.status).toBe(expected)
          expect(response.body.status).toBe("error")
          expect(response.body.code).toBe(
            expected === 400 ? "invalid_request" : path.includes("item_id") || path.includes("products") ? "product_not_found" : "business_not_found"
          )
        })
      }
      it("names the prompt given twice, whether or not the business exists", async () => {
        for (const business_id of ["acme", "no-such-business"]) {
          const response = await call("POST", "/api/cron/store-visibility-score", {
            business_id,
            results: [{ prompt: "Q one", ...flags() }, { prompt: "q  ONE", ...flags() }]
          })
          expect({ status: response.status, body: response.body }).toEqual({
            status: 400,
            body: { status: "error", code: "invalid_request", message: 'results: duplicate prompt "q  ONE"' }
          })
        }
      })
    })
  })
}
