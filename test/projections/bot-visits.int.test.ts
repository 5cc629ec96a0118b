/**
 * The visit recorder's group commit against a real event store, and the bot-visits roll-up:
 * every visit once under concurrency, the retry after a stale look, an idempotent apply, and
 * the day window of the statistics.
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { VisitBacklogFull } from "../../src/writers/visit-batcher.ts"
import { type VisitInput, VisitRecorder } from "../../src/writers/visit-recorder.ts"
import { coreFor } from "../../src/composition.ts"
import { shiftedWallClock } from "../../src/config/wall-clock.ts"
import type { BusinessId } from "../../src/domain/entity-ref.ts"
import { visitsStreamOf } from "../../src/domain/visit-events.ts"
import { comparePositions, EventStore, type GlobalPosition } from "../../src/eventstore/event-store.ts"
import { BotVisits, botVisitsProjection } from "../../src/projections/bot-visits.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { testDatabases } from "../support/databases.ts"

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot"
const CLAUDEBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"

const latest = (positions: ReadonlyArray<GlobalPosition>) => positions.reduce((a, b) => comparePositions(a, b) >= 0 ? a : b)

for (const database of testDatabases) {
  describe(`bot visits recording and roll-up (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<
      VisitRecorder | BotVisits | EventStore | ProjectionRunner | SqlClient.SqlClient,
      unknown
    >
    let setNow: (instant: Date) => Promise<void>
    let release = async () => {}

    const visitOf = (businessId: string, page: string, userAgent = GPTBOT): VisitInput => ({
      businessId: businessId as BusinessId,
      itemId: null,
      pageUrl: `https://${businessId}.sites.example${page}`,
      pageType: "ai_site",
      pageTitle: null,
      userAgent,
      ipAddress: "192.0.2.1",
      clientAddress: "192.0.2.1",
      referrer: null,
      source: "script"
    })

    const record = (visits: ReadonlyArray<VisitInput>) =>
      runtime.runPromise(Effect.flatMap(VisitRecorder, (recorder) => Effect.forEach(visits, recorder.record, { concurrency: "unbounded" })))

    const settle = (positions: ReadonlyArray<GlobalPosition>) =>
      runtime.runPromise(Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(latest(positions), ["bot_visits"])))

    const positionsOf = (outcomes: ReadonlyArray<{ status: string }>) =>
      outcomes.flatMap((outcome) => "recordedAt" in outcome ? [outcome.recordedAt as GlobalPosition] : [])

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      const clock = await Effect.runPromise(shiftedWallClock)
      setNow = (instant) => Effect.runPromise(clock.setNow(instant))
      const core = coreFor(created.target)
      runtime = ManagedRuntime.make(
        Layer.mergeAll(VisitRecorder.Default, BotVisits.Default).pipe(
          Layer.provideMerge(core),
          Layer.provide(clock.layer),
          Layer.orDie
        ) as Layer.Layer<VisitRecorder | BotVisits | EventStore | ProjectionRunner | SqlClient.SqlClient>
      )
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("records each of many concurrent visits once, however often it is posted", async () => {
      const businessId = `biz-${randomUUID().slice(0, 8)}`
      const at = new Date("2026-10-05T10:00:10Z")
      await setNow(at)
      const distinct = Array.from({ length: 120 }, (_, i) => visitOf(businessId, `/page-${i}`))
      const outcomes = await record([...distinct, ...distinct, ...distinct])
      expect(outcomes.every((outcome) => outcome.status === "success")).toBe(true)
      const duplicates = outcomes.filter((outcome) => outcome.status === "success" && outcome.duplicate).length
      expect(duplicates).toBe(240)
      const events = await runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(businessId, at))))
      expect(events).toHaveLength(120)
      expect(new Set(events.map((event) => (event.data as { pageUrl: string }).pageUrl)).size).toBe(120)
      await settle(positionsOf(outcomes))
      const stats = await runtime.runPromise(Effect.flatMap(BotVisits, (visits) => visits.stats(businessId, null, 7, at)))
      expect(stats.byPlatform.ai_platform_1).toBe(120)
      expect(stats.total).toBe(120)
    })

    it("writes the new visits of a batch that also holds a recorded one", async () => {
      const businessId = `biz-${randomUUID().slice(0, 8)}`
      const at = new Date("2026-10-05T11:00:10Z")
      await setNow(at)
      const [first] = await record([visitOf(businessId, "/a")])
      expect(first).toMatchObject({ status: "success", duplicate: false })
      // Another writer committing /a meanwhile is the event store's case (appendNew's tests).
      const outcomes = await record([visitOf(businessId, "/a"), visitOf(businessId, "/b")])
      expect(outcomes).toMatchObject([{ status: "success", duplicate: true }, { status: "success", duplicate: false }])
      const events = await runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(businessId, at))))
      expect(events.map((event) => (event.data as { pageUrl: string }).pageUrl)).toEqual([
        `https://${businessId}.sites.example/a`,
        `https://${businessId}.sites.example/b`
      ])
    })

    it("refuses visits past 16,384 waiting for a commit, and records every one it took", async () => {
      const businessId = `biz-${randomUUID().slice(0, 8)}`
      await setNow(new Date("2026-10-08T10:00:00Z"))
      const recorder = await runtime.runPromise(VisitRecorder)
      // All offered in one turn of the event loop: no batch has started when the last arrives.
      const outcomes = await Promise.allSettled(Array.from({ length: 20_000 }, (_, i) => recorder.recordNow(visitOf(businessId, `/p${i}`))))
      const refused = outcomes.filter((outcome) => outcome.status === "rejected")
      expect(refused.length).toBe(20_000 - 16_384)
      expect(refused.every((outcome) => outcome.reason instanceof VisitBacklogFull)).toBe(true)
      const recorded = outcomes.flatMap((outcome) => outcome.status === "fulfilled" ? [outcome.value] : [])
      expect(recorded.length).toBe(16_384)
      await settle(positionsOf(recorded))
      const total = await runtime.runPromise(Effect.flatMap(BotVisits, (visits) => visits.stats(businessId, null, 1, new Date("2026-10-08T12:00:00Z"))))
      expect(total.total).toBe(16_384)
    }, 120_000)

    it("counts an event once even when it is applied again", async () => {
      const businessId = `biz-${randomUUID().slice(0, 8)}`
      const at = new Date("2026-10-06T09:30:00Z")
      await setNow(at)
      const outcomes = await record([visitOf(businessId, "/x"), visitOf(businessId, "/y", CLAUDEBOT)])
      await settle(positionsOf(outcomes))
      const rows = () =>
        runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
          sql<{ platform: string; visits: number }>`
            SELECT platform, visits FROM bot_visit_days WHERE business_id = ${businessId} ORDER BY platform`))
      const before = await rows()
      expect(before).toEqual([{ platform: "ai_platform_1", visits: 1 }, { platform: "ai_platform_2", visits: 1 }])
      const events = await runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(businessId, at))))
      await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql.withTransaction(Effect.forEach(events, (event) => botVisitsProjection.apply(event), { discard: true }))))
      expect(await rows()).toEqual(before)
    })

    it("adds up a page at once, and counts each event once when a page overlaps what a row has counted", async () => {
      const businessId = `biz-${randomUUID().slice(0, 8)}`
      const at = new Date("2026-10-07T10:00:00Z")
      await setNow(at)
      const outcomes = await record([
        visitOf(businessId, "/a"),
        visitOf(businessId, "/b"),
        visitOf(businessId, "/c", CLAUDEBOT),
        visitOf(businessId, "/d")
      ])
      await settle(positionsOf(outcomes))
      const rows = () =>
        runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
          sql<{ platform: string; visits: number }>`
            SELECT platform, visits FROM bot_visit_days WHERE business_id = ${businessId} ORDER BY platform`))
      const counted = [{ platform: "ai_platform_1", visits: 3 }, { platform: "ai_platform_2", visits: 1 }]
      expect(await rows()).toEqual(counted)
      const events = await runtime.runPromise(Effect.flatMap(EventStore, (store) => store.readStream(visitsStreamOf(businessId, at))))
      const applyPage = (page: typeof events) =>
        runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.withTransaction(botVisitsProjection.applyPage!(page))))
      // The whole page again: every group's row has counted it already.
      await applyPage(events)
      expect(await rows()).toEqual(counted)
      // From nothing: the first GPTBot visit alone, then the whole page, whose GPTBot group
      // starts at an event the row has counted (one by one there), the ClaudeBot group at none.
      await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`DELETE FROM bot_visit_days WHERE business_id = ${businessId}`))
      await applyPage(events.slice(0, 1))
      expect(await rows()).toEqual([{ platform: "ai_platform_1", visits: 1 }])
      await applyPage(events)
      expect(await rows()).toEqual(counted)
    })

    it("counts the last `days` UTC days, today included, and reports the first one's 00:00 as the start", async () => {
      const businessId = `biz-${randomUUID().slice(0, 8)}`
      const visitsAt = ["2026-10-03T23:59:59Z", "2026-10-04T00:00:00Z", "2026-10-09T12:00:00Z", "2026-10-09T23:59:59Z", "2026-10-10T00:00:00Z", "2026-10-10T23:59:59Z", "2026-10-11T00:00:00Z"]
      const positions: Array<GlobalPosition> = []
      for (const [i, instant] of visitsAt.entries()) {
        await setNow(new Date(instant))
        positions.push(...positionsOf(await record([visitOf(businessId, `/p${i}`)])))
      }
      await settle(positions)
      const statsAt = (now: string, days: number) =>
        runtime.runPromise(Effect.flatMap(BotVisits, (visits) => visits.stats(businessId, null, days, new Date(now))))
      const week = await statsAt("2026-10-10T12:00:00Z", 7)
      expect(week.periodStart.toISOString()).toBe("2026-10-04T00:00:00.000Z")
      expect(week.periodEnd.toISOString()).toBe("2026-10-10T12:00:00.000Z")
      // 10-04 to 10-10: not 10-03, not 10-11.
      expect(week.total).toBe(5)
      // One day is today alone: not yesterday's last second.
      const day = await statsAt("2026-10-10T12:00:00Z", 1)
      expect(day.periodStart.toISOString()).toBe("2026-10-10T00:00:00.000Z")
      expect(day.total).toBe(2)
      const two = await statsAt("2026-10-10T00:00:00Z", 2)
      expect(two.periodStart.toISOString()).toBe("2026-10-09T00:00:00.000Z")
      expect(two.total).toBe(4)
      expect((await statsAt("2026-10-11T00:00:00Z", 365)).total).toBe(7)
      expect((await statsAt("2026-10-10T12:00:00Z", 7)).uniquePlatforms).toBe(1)
    })
  })
}
