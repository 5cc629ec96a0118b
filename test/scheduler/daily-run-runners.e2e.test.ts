/**
 * Two service processes on one PostgreSQL server, each a cluster socket runner: a daily run
 * started on one is done once, its entities' days shared between both runners. One runner is
 * killed with SIGKILL while it works on an entity's day; the other takes over its shards and
 * finishes the run: every entity gets its site, 15 posts, its checks and one score, each once,
 * and the platforms are asked again only for the batches in flight at the kill.
 * (Runners share shard locks on a server: the embedded database has one process, so no
 * embedded variant.)
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ANALYZE_BATCH, ANALYZE_BATCHES_IN_FLIGHT } from "../../src/pipeline/entity-steps.ts"
import { serverDatabaseFor } from "../support/databases.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { freePort, type ServiceProcess, startServiceProcess } from "../support/service-process.ts"
import { DAY_FACTS_QUERY, dayFactsOnce, entitiesIn, runSucceeded, platformEnv, seedBusinesses, waitForRun } from "../support/daily-run.ts"

const SERVICE_KEY = "runners-test-service-key-0123456789"
const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const BUSINESSES = Array.from({ length: 8 }, (_, i) => `runner-biz-${i + 1}`)
const PROMPTS = 30
const CONCURRENCY = 4
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const server = serverDatabaseFor("the daily run on two runners")

describe.skipIf(server === undefined)("the daily run on two runners (server)", () => {
  const platforms: Array<OpenAiCompatibleServer> = []
  const children: Array<ServiceProcess> = []
  let release = async () => {}
  let url = ""
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return (await client.query(text)).rows as Array<Record<string, unknown>>
    } finally {
      await client.end()
    }
  }

  beforeAll(async () => {
    const created = await server!.create()
    release = created.release
    url = created.url!
    // Seeded through the service's own commands, then stopped: the runners start on this data.
    await seedBusinesses(created.target, SERVICE_KEY, BUSINESSES, PROMPTS)
    for (let n = 1; n <= 8; n++) platforms.push(await startOpenAiCompatibleServer({ delayMs: 120 }))
  }, 120_000)

  afterAll(async () => {
    for (const child of children) await child.stop("SIGKILL", 10_000).catch(() => undefined)
    for (const server of platforms) await server.close().catch(() => undefined)
    await release().catch(() => undefined)
  })

  const start = async (label: string) => {
    const runnerPort = await freePort()
    const child = await startServiceProcess({
      label,
      startTimeoutMs: 120_000,
      env: {
        DATABASE_URL: url,
        SERVICE_API_KEYS: SERVICE_KEY,
        SCHEDULER_CRON: "off",
        SCHEDULER_CONCURRENCY: String(CONCURRENCY),
        CLUSTER_RUNNER_ADDRESS: `127.0.0.1:${runnerPort}`,
        AI_PLATFORM_CONCURRENCY: "16",
        AI_PLATFORM_MAX_RETRIES: "0",
        ...platformEnv(platforms)
      }
    })
    children.push(child)
    return child
  }

  it("runs the day once across both runners, and one runner finishes what a killed one left", async () => {
    const [a, b] = [await start("runner A"), await start("runner B")]
    // Both runners registered and holding shards before the run starts.
    for (let waited = 0; ; waited += 250) {
      const rows = await query("SELECT count(*)::int AS n FROM cluster_runners WHERE healthy")
      if (Number(rows[0]!.n) >= 2) break
      if (waited > 60_000) throw new Error(`runners not registered:\n${a.output()}\n${b.output()}`)
      await sleep(250)
    }
    // Shard locks are advisory locks held by each runner's connection: both runners hold some.
    for (let waited = 0; ; waited += 250) {
      const rows = await query(`
        SELECT count(DISTINCT l.pid)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
        WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()`)
      if (Number(rows[0]!.n) >= 2) break
      if (waited > 60_000) throw new Error(`shards not shared between the runners:\n${a.output()}\n${b.output()}`)
      await sleep(250)
    }

    const started = await fetch(`${a.baseUrl}/api/scheduler/runs`, { method: "POST", headers: auth, body: "{}" })
    expect(started.status).toBe(202)
    const { run_id: runId } = await started.json() as { run_id: string }

    // Kill A while it works on an entity's day that has not finished.
    let inFlightOnA: Array<string> = []
    for (let waited = 0; inFlightOnA.length === 0; waited += 20) {
      const finished = new Set((await query(`SELECT business_id FROM daily_entities`)).map((row) => String(row.business_id)))
      inFlightOnA = [...entitiesIn(a.output(), "started on this runner")].filter((slug) => !finished.has(slug))
      if (waited > 60_000) throw new Error(`runner A never worked on an entity:\n${a.output()}\n${b.output()}`)
      if (inFlightOnA.length === 0) await sleep(20)
    }
    await a.stop("SIGKILL")
    const finishedAtKill = new Set((await query(`SELECT business_id FROM daily_entities`)).map((row) => String(row.business_id)))
    const leftByA = [...entitiesIn(a.output(), "started on this runner")].filter((slug) => !finishedAtKill.has(slug))
    expect(leftByA.length).toBeGreaterThan(0)

    // B finishes the run.
    const run = await waitForRun(b.baseUrl, SERVICE_KEY, runId, 180_000, () => b.output().slice(-6_000))
    const n = BUSINESSES.length
    expect(run).toMatchObject(runSucceeded(n, PROMPTS))

    // Both runners worked; B took over what A left.
    const startedOnB = entitiesIn(b.output(), "started on this runner")
    expect(startedOnB.size).toBeGreaterThan(0)
    for (const slug of leftByA) expect([slug, startedOnB.has(slug)]).toEqual([slug, true])

    // Every fact once.
    expect(await query(DAY_FACTS_QUERY)).toEqual(dayFactsOnce(n, PROMPTS))
    // The platforms were asked again only for the batches in flight on A at the kill.
    const asked = platforms.map((server) => server.requests.length)
    const rerunBound = leftByA.length * ANALYZE_BATCH * ANALYZE_BATCHES_IN_FLIGHT
    for (const count of asked) {
      expect(count).toBeGreaterThanOrEqual(PROMPTS * n)
      expect(count).toBeLessThanOrEqual(PROMPTS * n + rerunBound)
    }
  }, 300_000)
})
