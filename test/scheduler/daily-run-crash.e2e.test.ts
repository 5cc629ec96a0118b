/**
 * A daily run on the embedded database (the default deployment), interrupted by SIGKILL while
 * entities' days are in flight, resumes when the service starts again, without a second
 * trigger: every entity gets its site, 15 posts, its checks and one score, each once, and the
 * platforms are asked again only for the batches in flight at the kill.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { ANALYZE_BATCH, ANALYZE_BATCHES_IN_FLIGHT } from "../../src/pipeline/entity-steps.ts"
import { DAY_FACTS_QUERY, dayFactsOnce, entitiesIn, runSucceeded, platformEnv, seedBusinesses, waitForRun } from "../support/daily-run.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { freePort, type ServiceProcess, startServiceProcess } from "../support/service-process.ts"
import { startService } from "../support/service.ts"

const SERVICE_KEY = "crash-daily-service-key-0123456789"
const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const BUSINESSES = Array.from({ length: 6 }, (_, i) => `crash-biz-${i + 1}`)
const PROMPTS = 30
const CONCURRENCY = 2
/** A prompt's first request records its 8 checks; its `:retry` request only the platforms that failed in it. */
const RETRY = ":retry"
/** First requests recorded other than as 8 checks. */
const UNUSUAL_FIRSTS_QUERY = `
  SELECT stream_id, metadata->>'causationId' AS request, count(*)::int AS n FROM events
  WHERE event_type = 'PlatformChecked' AND metadata->>'causationId' NOT LIKE '%${RETRY}'
  GROUP BY 1, 2 HAVING count(*) <> 8
  ORDER BY 1, 2`
/** Every check of a retry, with whether its first request's check of that platform failed. */
const RETRIED_CHECKS_QUERY = `
  SELECT r.stream_id, r.metadata->>'causationId' AS request, r.data->>'platform' AS platform,
    EXISTS (
      SELECT 1 FROM events f
      WHERE f.event_type = 'PlatformChecked' AND f.stream_id = r.stream_id
        AND f.metadata->>'causationId' = left(r.metadata->>'causationId', -${RETRY.length})
        AND f.data->>'platform' = r.data->>'platform' AND f.data->>'status' = 'failed'
    ) AS first_failed
  FROM events r
  WHERE r.event_type = 'PlatformChecked' AND r.metadata->>'causationId' LIKE '%${RETRY}'
  ORDER BY 1, 2, 3`
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

describe("the daily run across a SIGKILL (embedded)", () => {
  const platforms: Array<OpenAiCompatibleServer> = []
  const children: Array<ServiceProcess> = []
  let dataDir = ""
  let env: Record<string, string> = {}
  let port = 0

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "sightline-daily-crash-"))
    await seedBusinesses({ _tag: "Embedded", dataDir: join(dataDir, "pglite") }, SERVICE_KEY, BUSINESSES, PROMPTS)
    for (let n = 1; n <= 8; n++) platforms.push(await startOpenAiCompatibleServer({ delayMs: 120 }))
    port = await freePort()
    env = {
      DATA_DIR: dataDir,
      SERVICE_API_KEYS: SERVICE_KEY,
      SCHEDULER_CRON: "off",
      SCHEDULER_CONCURRENCY: String(CONCURRENCY),
      AI_PLATFORM_CONCURRENCY: "16",
      AI_PLATFORM_MAX_RETRIES: "0",
      ...platformEnv(platforms)
    }
  }, 120_000)

  afterAll(async () => {
    for (const child of children) await child.stop("SIGKILL", 10_000).catch(() => undefined)
    for (const server of platforms) await server.close().catch(() => undefined)
    if (dataDir !== "") rmSync(dataDir, { recursive: true, force: true })
  })

  const start = async (label: string) => {
    // The same port both times: a restarted service is the same service.
    const child = await startServiceProcess({ label, env, port, startTimeoutMs: 120_000 })
    children.push(child)
    return child
  }

  it("resumes after a restart and records every fact once", async () => {
    const first = await start("service")
    const started = await fetch(`${first.baseUrl}/api/scheduler/runs`, { method: "POST", headers: auth, body: "{}" })
    expect(started.status).toBe(202)
    const { run_id: runId } = await started.json() as { run_id: string }

    // Kill it once one entity's day is done and others are in flight.
    for (let waited = 0; ; waited += 20) {
      const finished = entitiesIn(first.output(), "succeeded")
      const inFlight = [...entitiesIn(first.output(), "started on this runner")].filter((slug) => !finished.has(slug))
      if (finished.size >= 1 && inFlight.length >= 1) break
      if (waited > 120_000) throw new Error(`no entity finished:\n${first.output()}`)
      await sleep(20)
    }
    await first.stop("SIGKILL")
    const finishedBefore = entitiesIn(first.output(), "succeeded")
    const inFlightAtKill = [...entitiesIn(first.output(), "started on this runner")].filter((slug) => !finishedBefore.has(slug))
    const askedBefore = platforms.map((server) => server.requests.length)

    const second = await start("service, restarted")
    const run = await waitForRun(second.baseUrl, SERVICE_KEY, runId, 180_000, () => second.output().slice(-6_000))
    const n = BUSINESSES.length
    expect(run).toMatchObject(runSucceeded(n, PROMPTS))
    // No step of a day finished before the kill ran again: the platforms heard none of its prompts.
    const askedAfter = platforms.flatMap((server, i) => server.requests.slice(askedBefore[i]).map((request) => JSON.stringify(request.body)))
    for (const slug of finishedBefore) {
      expect([slug, askedAfter.filter((body) => body.includes(`near ${slug} bakes`)).length]).toEqual([slug, 0])
    }
    await second.stop("SIGTERM")

    // Every fact once, read from the log with the service stopped (the embedded database is one process's).
    const reader = await startService({ _tag: "Embedded", dataDir: join(dataDir, "pglite") }, { SCHEDULER_CRON: "off" })
    let retried: ReadonlyArray<Record<string, unknown>> = []
    try {
      const query = (text: string) => reader.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<Record<string, unknown>>(text)))
      const facts = await query(DAY_FACTS_QUERY)
      // Each prompt's first request recorded its 8 checks once. A platform call that fails (under
      // load, say) is asked once more, alone, under the request's `:retry`: those checks are the
      // only ones beyond the 8 per prompt, and each retries a platform that failed.
      const unusual = await query(UNUSUAL_FIRSTS_QUERY)
      expect(unusual).toEqual([])
      retried = await query(RETRIED_CHECKS_QUERY)
      expect(retried.filter((check) => check.first_failed !== true)).toEqual([])
      const expected = dayFactsOnce(n, PROMPTS).map((fact) =>
        fact.event_type === "PlatformChecked" ? { ...fact, n: fact.n + retried.length } : fact
      )
      expect(facts, JSON.stringify(retried)).toEqual(expected)
    } finally {
      await reader.stop()
    }
    // The platforms were asked again only for the batches in flight at the kill, and for their own retries.
    const rerunBound = inFlightAtKill.length * ANALYZE_BATCH * ANALYZE_BATCHES_IN_FLIGHT
    platforms.forEach((server, i) => {
      const retries = retried.filter((check) => check.platform === PLATFORM_KEYS[i]).length
      expect(askedBefore[i]).toBeLessThan(PROMPTS * n)
      expect(server.requests.length).toBeGreaterThanOrEqual(PROMPTS * n + retries)
      expect(server.requests.length).toBeLessThanOrEqual(PROMPTS * n + rerunBound + retries)
    })
  }, 300_000)
})
