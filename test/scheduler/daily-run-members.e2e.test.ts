/**
 * A daily run covers every entity recorded before it started, even one the read models cannot
 * see yet: on a PostgreSQL server a transaction open anywhere holds readers back (they only read
 * below the oldest running transaction), so a product registered a moment before the run is in
 * the log but not yet in the entities read model. The run waits for it instead of leaving it out.
 * (The embedded database serializes its transactions, so nothing can be held open beside a run.)
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { RecordPrompts, RegisterProduct } from "../../src/domain/entity-decider.ts"
import type { BusinessId, ItemId } from "../../src/domain/entity-ref.ts"
import { serverDatabaseFor } from "../support/databases.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"
import { dailyRunStreamOf, runIdOf } from "../../src/domain/daily-run-events.ts"
import { utcDay } from "../../src/domain/calendar-date.ts"
import { DailyRun } from "../../src/scheduler/daily-run-workflow.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const server = serverDatabaseFor("a daily run's entities")

describe.skipIf(server === undefined)("a daily run's entities (server)", () => {
  let service: RunningService
  let release = async () => {}
  let url = ""
  /** The run's DailyRunStarted event, once recorded: the entities it fixed. */
  const startedEvent = async (runId: string) => {
    for (let tries = 0; tries < 300; tries++) {
      const rows = await service.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ data: { entities: Array<{ itemId: string | null }> } }>`
          SELECT data FROM events WHERE stream_id = ${dailyRunStreamOf(runId)} AND event_type = 'DailyRunStarted'`))
      if (rows[0] !== undefined) return rows[0].data
      await sleep(100)
    }
    throw new Error(`run ${runId} never started`)
  }

  beforeAll(async () => {
    const created = await server!.create()
    release = created.release
    url = created.url!
    service = await startService(created.target, { SCHEDULER_CRON: "off" })
    const business = await json(await fetch(`${service.baseUrl}/api/business`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ business_name: "Harbour Books", business_url: "https://harbour-books.example/", org_slug: "harbour" })
    }))
    expect(business.status).toBe(201)
  })
  afterAll(async () => {
    await service?.stop()
    await release()
  })

  it("include a product registered just before the run while a transaction holds the readers back", async () => {
    const holder = new pg.Client({ connectionString: url })
    await holder.connect()
    try {
      await holder.query("BEGIN")
      await holder.query("SELECT pg_current_xact_id()")
      const at = new Date().toISOString()
      await service.runtime.runPromise(Effect.gen(function*() {
        const commands = yield* EntityCommands
        const ref = { businessId: "harbour" as BusinessId, itemId: "atlas" as ItemId }
        yield* commands.send(ref, new RegisterProduct({ businessId: ref.businessId, itemId: ref.itemId, name: "Sea Atlas", url: "https://harbour-books.example/atlas", at }))
        yield* commands.send(ref, new RecordPrompts({ ...ref, prompts: ["Which bookshop sells the best sea atlas for sailors this year?"], generator: "test", at }))
      }))
      // The workflow itself, started as DailyRuns.start does once the run is queued (the
      // endpoint first waits to read the queued run, which would wait out the holder too).
      const date = utcDay(new Date())
      const runId = runIdOf(date, "harbour")
      await service.runtime.runPromise(DailyRun.execute({ runId, date, businessId: "harbour" }, { discard: true }))
      // Long enough for the run to have read its entities had it not waited.
      await sleep(1_500)
      await holder.query("COMMIT")
      const started = await startedEvent(runId)
      expect(started.entities.map((entity) => entity.itemId)).toEqual([null, "atlas"])
    } finally {
      await holder.end()
    }
  }, 60_000)
})
