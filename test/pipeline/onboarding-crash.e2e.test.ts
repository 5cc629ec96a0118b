/**
 * Durable onboarding: the service, a child process, is killed with SIGKILL in the middle of a
 * generate-all job (both crawls done, each entity's last analyze step partly recorded: the
 * platforms hold the answers to one of its prompts, and every other prompt is checked) and
 * started again on the same database, without a second generate-all.
 * The job finishes by itself; the completed crawl activities do not run again (the fixture site
 * sees no second crawl); the platforms are asked again only for prompts of the analyze steps in
 * flight at the kill; and the event log holds every fact once: one crawl, one prompt set and one
 * score per entity, one JobQueued and one JobFinished, 800 checks per entity with no (prompt,
 * platform) recorded twice for one request. The score served is the one stored.
 */
import { SqlClient } from "@effect/sql"
import { Effect, ManagedRuntime } from "effect"
import { cpSync, lstatSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clientFor } from "../../src/db/database.ts"
import * as EntitySteps from "../../src/pipeline/entity-steps.ts"
import { testDatabases } from "../support/databases.ts"
import { type FixtureSite, startFixtureSite } from "../support/fixture-site.ts"
import { type OpenAiCompatibleServer, type RecordedRequest, type ScriptedAnswer, startOpenAiCompatibleServer, waitUntil } from "../support/openai-compatible-server.ts"
import { freePort, type ServiceProcess, startServiceProcess } from "../support/service-process.ts"

const SERVICE_KEY = "crash-test-service-key-0123456789abcdef"
const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const PLATFORMS = 8
const PROMPTS = 100
/** Prompts per durable analyze step. */
const ANALYZE_BATCH = EntitySteps.ANALYZE_BATCH
/**
 * Analyze steps of one entity in flight at once: a kill interrupts at most this many, and only
 * their prompts are asked again. One while the batches run one after another.
 */
const BATCHES_IN_FLIGHT = Number((EntitySteps as unknown as Record<string, unknown>)["ANALYZE_BATCHES_IN_FLIGHT"] ?? 1)
const PLATFORM_CONCURRENCY = 4
const ANSWER: ScriptedAnswer = { kind: "answer", content: "Try **Crumb Bakery** in Lyon.", citations: [] }
const ENTITIES = ["business", "product:wedding-cake"] as const
const STEPS = ["crawl", "prompts", "visibility", "score"] as const

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

interface JobStep {
  readonly name: string
  readonly state: string
  readonly done: number
  readonly failed: number
  readonly total: number
  readonly detail: string | null
}

interface JobBody {
  readonly state: string
  readonly steps: ReadonlyArray<JobStep>
  readonly errors: ReadonlyArray<string>
  readonly progress: { readonly done: number; readonly total: number }
}

const promptOfBody = (body: any): string | undefined =>
  (body?.messages as ReadonlyArray<{ role: string; content: string }> | undefined)?.find((m) => m.role === "user")?.content

const promptOf = (request: RecordedRequest): string | undefined => promptOfBody(request.body)

/** A prompt of `GET /api/prompts` with the platforms whose check of it is recorded. */
interface PromptRow {
  readonly prompt: string
  readonly platforms: Record<string, unknown>
}

/** Counts per page path. */
const countsOf = (paths: ReadonlyArray<string>) => {
  const counts: Record<string, number> = {}
  for (const path of paths) counts[path] = (counts[path] ?? 0) + 1
  return counts
}

type Query = (text: string) => Promise<ReadonlyArray<Record<string, unknown>>>

/** Runs `inspect` with a reader of the event log, closed afterwards. */
const withServerDatabase = async <A>(url: string, inspect: (query: Query) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await inspect(async (text) => (await client.query(text)).rows)
  } finally {
    await client.end()
  }
}

/** The embedded database opened in this process: only once the service has exited. */
const withEmbeddedDatabase = async <A>(dataDir: string, inspect: (query: Query) => Promise<A>): Promise<A> => {
  const runtime = ManagedRuntime.make(clientFor({ _tag: "Embedded", dataDir: join(dataDir, "pglite") }))
  try {
    return await inspect((text) =>
      runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<Record<string, unknown>>(text)))
    )
  } finally {
    await runtime.dispose()
  }
}

for (const database of testDatabases) {
  describe(`durable onboarding across a SIGKILL (${database.name})`, () => {
    let site: FixtureSite | undefined
    const platforms: Array<OpenAiCompatibleServer> = []
    const children: Array<ServiceProcess> = []
    let release = async () => {}
    let dataDir: string | undefined
    let databaseUrl: string | undefined
    let env: Record<string, string> = {}
    let port = 0

    beforeAll(async () => {
      site = await startFixtureSite()
      for (let n = 1; n <= PLATFORMS; n++) {
        platforms.push(await startOpenAiCompatibleServer({
          delayMs: 150,
          otherwise: ANSWER
        }))
      }
      if (database.name === "server") {
        const created = await database.create()
        release = created.release
        databaseUrl = created.url!
      } else {
        dataDir = mkdtempSync(join(tmpdir(), "sightline-crash-"))
      }
      port = await freePort()
      env = {
        SERVICE_API_KEYS: SERVICE_KEY,
        CRAWLER_ALLOW_PRIVATE: "true",
        SCHEDULER_CRON: "off",
        AI_PLATFORM_CONCURRENCY: String(PLATFORM_CONCURRENCY),
        AI_PLATFORM_MAX_RETRIES: "0",
        // A held answer (below) is waited for as long as the test may run, never timed out.
        AI_PLATFORM_TIMEOUT_MS: "600000",
        ...Object.fromEntries(platforms.flatMap((server, i) => [
          [`AI_PLATFORM_${i + 1}_BASE_URL`, server.baseUrl],
          [`AI_PLATFORM_${i + 1}_MODEL`, `loopback-model-${i + 1}`],
          [`AI_PLATFORM_${i + 1}_API_KEY`, `loopback-key-${i + 1}`]
        ])),
        ...(databaseUrl !== undefined ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! })
      }
    })

    afterAll(async () => {
      for (const child of children) await child.stop("SIGKILL", 10_000).catch(() => undefined)
      for (const server of platforms) await server.close().catch(() => undefined)
      await site?.close().catch(() => undefined)
      await release().catch(() => undefined)
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
    })

    const start = async (label: string) => {
      // The same port both times: a restarted service is the same service.
      const child = await startServiceProcess({ label, env, port, startTimeoutMs: 120_000 })
      children.push(child)
      return child
    }

    const call = async (child: ServiceProcess, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${child.baseUrl}${path}`, {
        method,
        headers: auth,
        signal: AbortSignal.timeout(30_000),
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      return { status: response.status, body: await response.json() as any }
    }

    /** Polls the job until `done` says so, at most `timeoutMs`. */
    const pollJob = async (child: ServiceProcess, jobId: string, done: (job: JobBody) => boolean, timeoutMs: number, interval = 100) => {
      const deadline = Date.now() + timeoutMs
      let last: JobBody | undefined
      for (;;) {
        if (child.exitStatus() !== null) throw new Error(`service exited (${child.exitStatus()}) while job ${jobId} was ${last?.state}:\n${child.output()}`)
        const reply = await call(child, "GET", `/api/jobs/${jobId}`).catch(() => undefined)
        if (reply?.status === 200) {
          last = reply.body as JobBody
          if (done(last)) return last
          if (last.state === "failed") throw new Error(`job ${jobId} failed: ${JSON.stringify(last)}`)
        }
        if (Date.now() > deadline) {
          throw new Error(`job ${jobId} not there in ${timeoutMs} ms; last seen: ${JSON.stringify(last)}\n${child.output().slice(-5_000)}`)
        }
        await sleep(interval)
      }
    }

    /** Polls `found` until it answers something, at most `timeoutMs` (a bound on a hang, not on the pace). */
    const pollUntil = async <A>(child: ServiceProcess, what: string, found: () => Promise<A | undefined>, timeoutMs: number): Promise<A> => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        if (child.exitStatus() !== null) throw new Error(`service exited (${child.exitStatus()}) waiting for ${what}:\n${child.output()}`)
        const result = await found().catch(() => undefined)
        if (result !== undefined) return result
        if (Date.now() > deadline) throw new Error(`${what}: not there in ${timeoutMs} ms\n${child.output().slice(-5_000)}`)
        await sleep(100)
      }
    }

    /** Reads the event log directly; the service must not be running on an embedded one. */
    const readLog = async <A>(inspect: (query: Query) => Promise<A>, options: { readonly copy?: boolean } = {}) => {
      if (databaseUrl !== undefined) return withServerDatabase(databaseUrl, inspect)
      if (!options.copy) return withEmbeddedDatabase(dataDir!, inspect)
      const copy = mkdtempSync(join(tmpdir(), "sightline-crash-copy-"))
      try {
        // Regular files and directories only: not the control socket.
        cpSync(join(dataDir!, "pglite"), join(copy, "pglite"), {
          recursive: true,
          filter: (source) => {
            const stat = lstatSync(source)
            return stat.isDirectory() || stat.isFile()
          }
        })
        return await withEmbeddedDatabase(copy, inspect)
      } finally {
        rmSync(copy, { recursive: true, force: true })
      }
    }

    const stepOf = (job: JobBody, name: string) => job.steps.find((step) => step.name === name)

    it("finishes a job killed half way, without repeating a completed step or doubling an event", async () => {
      // 1. The platforms hold every answer until the prompt sets are known (below); the
      // service, and a job under way.
      for (const server of platforms) server.setHold(() => true)
      const first = await start("service (before the kill)")
      const started = await call(first, "POST", "/api/generate-all", {
        url: `${site!.baseUrl}/`,
        org_slug: "crumb-bakery",
        products: [{ item_id: "wedding-cake", url: `${site!.baseUrl}/products/wedding-cake` }]
      })
      expect(started.status).toBe(202)
      const jobId: string = started.body.job_id
      expect(jobId).toEqual(expect.any(String))

      // 2. Killed with the last analyze step of each entity partly recorded, the case where a
      // re-run could record checks twice, and no timer decides what is recorded by then. Once
      // both prompt sets are read, the platforms hold only the answers to one prompt of each
      // entity's last batch and send every other: that batch cannot complete, its other 9
      // prompts are recorded, and every batch before it completes. Nothing can record a held
      // prompt, so the log cannot go past that state: once the read model (which trails the
      // log) and the job show it, the log holds exactly it, and the kill comes then.
      const queries = ["", "?item_id=wedding-cake"] as const
      const promptsOf = async (query: string): Promise<ReadonlyArray<PromptRow>> => {
        const reply = await call(first, "GET", `/api/prompts/crumb-bakery${query}`)
        return reply.status === 200 ? reply.body.prompts as ReadonlyArray<PromptRow> : []
      }
      const servedSets = await pollUntil(first, "both prompt sets", async () => {
        const rows = await Promise.all(queries.map(promptsOf))
        return rows.every((set) => set.length === PROMPTS) ? rows.map((set) => set.map((row) => row.prompt)) : undefined
      }, 300_000)
      const lastBatchStart = Math.floor((PROMPTS - 1) / ANALYZE_BATCH) * ANALYZE_BATCH
      const occurrences = countsOf(servedSets.flat())
      // One prompt of each entity's last batch, found in no other place of either set.
      const heldPrompts = servedSets.map((prompts) => prompts.slice(lastBatchStart).find((prompt) => occurrences[prompt] === 1))
      expect(heldPrompts.every((prompt) => prompt !== undefined), JSON.stringify(servedSets)).toBe(true)
      const held = new Set(heldPrompts)
      for (const server of platforms) server.setHold((body) => held.has(promptOfBody(body)))
      const checkedOf = async (query: string) =>
        (await promptsOf(query)).filter((row) => Object.keys(row.platforms).length === PLATFORMS).map((row) => row.prompt)
      await pollUntil(first, "every prompt but the held ones checked", async () => {
        const checked = await Promise.all(queries.map(checkedOf))
        return checked.every((prompts) => prompts.length === PROMPTS - 1 && !prompts.some((prompt) => held.has(prompt))) || undefined
      }, 300_000)
      const atKill = await pollJob(first, jobId, (job) =>
        ENTITIES.every((key) => stepOf(job, `${key}.crawl`)?.state === "succeeded" && stepOf(job, `${key}.visibility`)?.done === lastBatchStart), 300_000)
      // Each platform holds both held prompts' requests (their batches sent them before the kill).
      await waitUntil(() => platforms.every((server) => server.held === ENTITIES.length), 300_000)
      process.kill(first.pid, "SIGKILL")
      const status = await Promise.race([first.exited, sleep(30_000).then(() => "still running")])
      expect(status).toBe("SIGKILL")
      const stepsAtKill = atKill.steps.map((step) => `${step.name}:${step.state}:${step.done}/${step.total}`)
      // Not finished at the kill: the visibility of neither entity was through.
      for (const key of ENTITIES) expect(stepOf(atKill, `${key}.visibility`)!.state).not.toBe("succeeded")

      // The log as the kill left it (the embedded one read from a copy, so that the restarted
      // service itself recovers the crashed directory).
      const logAtKill = await readLog(async (query) => ({
        checks: await query(`
          SELECT coalesce(data->>'itemId', '') AS item_id, count(*)::int AS n FROM events
          WHERE event_type = 'PlatformChecked' GROUP BY 1 ORDER BY 1`),
        progress: await query(`
          SELECT data->>'step' AS step, max((data->>'done')::int)::int AS done FROM events
          WHERE stream_id = 'job-${jobId}' AND event_type = 'JobStepProgressed' GROUP BY 1 ORDER BY 1`)
      }), { copy: true })
      const checksAtKill = Object.fromEntries(logAtKill.checks.map((row) => [row.item_id as string, row.n as number]))
      const doneAtKill = Object.fromEntries(logAtKill.progress.map((row) => [row.step as string, row.done as number]))
      const batchesAtKill = ENTITIES.map((key, i) => {
        const itemId = i === 0 ? "" : "wedding-cake"
        return { key, checks: checksAtKill[itemId] ?? 0, completedPrompts: doneAtKill[`${key}.visibility`] ?? 0 }
      })
      // The case worth proving, on the log itself: checks of a batch not completed (9 prompts of
      // the last) were recorded before the kill, and that batch runs again after it.
      expect(batchesAtKill, JSON.stringify({ stepsAtKill })).toEqual(ENTITIES.map((key) => ({
        key,
        checks: (PROMPTS - 1) * PLATFORMS,
        completedPrompts: lastBatchStart
      })))

      // What the site and the platforms saw before the kill: everything they have seen until the
      // restart (their servers run in this process, so a request the service sent just before
      // it died may be read only now). The killed service was their only client: once all its
      // connections are closed, all it sent has been read.
      await waitUntil(() => site!.openConnections() === 0 && platforms.every((server) => server.openConnections === 0), 60_000)
      const pagesAtKill = countsOf(site!.requests)
      const callsAtKill = platforms.map((server) => server.calls)
      const requestsAtKill = platforms.map((server) => server.requests.length)
      // Each platform was asked every prompt once, and did not answer the two held.
      expect(callsAtKill).toEqual(platforms.map(() => PROMPTS * ENTITIES.length))

      // 3. Started again on the same database: the job finishes by itself.
      // Nothing after the restart depends on the platforms' pace: answered at once, none held.
      for (const server of platforms) {
        server.setBehavior({ delayMs: 0, otherwise: ANSWER })
        server.setHold(undefined)
      }
      const second = await start("service (after the restart)")
      const finished = await pollJob(second, jobId, (job) => job.state === "succeeded", 300_000, 250)
      const pagesAfter = countsOf(site!.requests)
      const callsAfter = platforms.map((server) => server.calls)

      console.info(JSON.stringify({
        database: database.name,
        jobId,
        stepsAtKill,
        batchesAtKill,
        callsAtKill,
        callsAfter,
        pagesAtKill,
        pagesAfter,
        stepsAfter: finished.steps.map((step) => `${step.name}:${step.state}:${step.done}/${step.total}:${step.detail}`)
      }, null, 2))

      expect(finished.state).toBe("succeeded")
      expect(finished.errors).toEqual([])
      // The 8 steps of the two entities (and any step the job plans beside them) all succeeded.
      const stepNames = finished.steps.map((step) => step.name)
      expect(stepNames).toEqual(expect.arrayContaining(ENTITIES.flatMap((key) => STEPS.map((step) => `${key}.${step}`))))
      expect(finished.steps.filter((step) => step.state !== "succeeded")).toEqual([])
      // The crawls were completed activities: not one page fetched again.
      expect(pagesAfter).toEqual(pagesAtKill)
      expect(pagesAtKill["/"]).toBeGreaterThanOrEqual(1)
      expect(pagesAtKill["/products/wedding-cake"]).toBeGreaterThanOrEqual(1)
      // Each platform: every prompt of both entities once, plus at most the batches in flight at
      // the kill, once more (one batch of 10 per entity while batches run one at a time).
      for (const calls of callsAfter) {
        expect(calls).toBeGreaterThanOrEqual(PROMPTS * ENTITIES.length)
        expect(calls).toBeLessThanOrEqual(PROMPTS * ENTITIES.length + BATCHES_IN_FLIGHT * ANALYZE_BATCH * ENTITIES.length)
      }

      // The scores as read over HTTP.
      const scores: Record<string, number> = {}
      for (const [key, query] of [["", ""], ["wedding-cake", "?item_id=wedding-cake"]] as const) {
        const score = await call(second, "GET", `/api/visibility-score/crumb-bakery${query}`)
        expect(score.status).toBe(200)
        scores[key] = score.body.visibilityScore.value
      }

      // 4. Stopped, and the log read directly.
      expect(await second.stop("SIGTERM", 30_000)).not.toBe("SIGKILL")
      const inspect = async (query: Query) => {
        const perEntity = await query(`
          SELECT event_type, coalesce(data->>'itemId', '') AS item_id, count(*)::int AS n
          FROM events
          WHERE event_type IN ('SiteCrawled', 'PromptsGenerated', 'ScoreStored', 'PlatformChecked', 'SiteDeployed')
            AND data->>'businessId' = 'crumb-bakery'
          GROUP BY 1, 2 ORDER BY 1, 2`)
        const jobEvents = await query(`
          SELECT event_type, count(*)::int AS n FROM events
          WHERE stream_id = 'job-${jobId}' AND event_type IN ('JobQueued', 'JobFinished')
          GROUP BY 1 ORDER BY 1`)
        const repeatedChecks = await query(`
          SELECT data->>'prompt' AS prompt, data->>'platform' AS platform, metadata->>'causationId' AS causation, count(*)::int AS n
          FROM events WHERE event_type = 'PlatformChecked'
          GROUP BY 1, 2, 3 HAVING count(*) > 1`)
        const repeatedSteps = await query(`
          SELECT event_type, data->>'step' AS step, data->>'done' AS done, count(*)::int AS n FROM events
          WHERE stream_id = 'job-${jobId}' AND event_type IN ('JobStepCompleted', 'JobStepProgressed')
          GROUP BY 1, 2, 3 HAVING count(*) > 1`)
        const repeatedIds = await query(`SELECT event_id, count(*)::int AS n FROM events GROUP BY event_id HAVING count(*) > 1`)
        const checksPerRequest = await query(`
          SELECT coalesce(data->>'itemId', '') AS item_id, count(DISTINCT metadata->>'causationId')::int AS requests,
            count(DISTINCT data->>'prompt')::int AS prompts,
            count(*) FILTER (WHERE data->>'status' <> 'answered')::int AS failed
          FROM events WHERE event_type = 'PlatformChecked' GROUP BY 1 ORDER BY 1`)
        const stored = await query(`
          SELECT coalesce(data->>'itemId', '') AS item_id, (data->>'overallScore')::int AS overall,
            (data->>'promptsAnalyzed')::int AS prompts, (data->>'unmeasuredChecks')::int AS unmeasured
          FROM events WHERE event_type = 'ScoreStored' ORDER BY 1`)
        const promptSets = await query(`
          SELECT coalesce(data->>'itemId', '') AS item_id, data->'prompts' AS prompts FROM events
          WHERE event_type = 'PromptsGenerated' AND data->>'businessId' = 'crumb-bakery' ORDER BY 1`)
        const totals = await query(`SELECT event_type, count(*)::int AS n FROM events GROUP BY 1 ORDER BY 1`)
        return { perEntity, jobEvents, repeatedChecks, repeatedSteps, repeatedIds, checksPerRequest, stored, promptSets, totals }
      }
      const log = await readLog(inspect)
      const { promptSets, ...shown } = log
      console.info(JSON.stringify({ database: database.name, scoresOverHttp: scores, ...shown }, null, 2))

      // Which prompts each platform was asked, before the kill and in all: every prompt of each
      // set at least once, and again only the prompts of the batches in flight at the kill.
      const sets = promptSets.map((row) => ({
        itemId: row.item_id as string,
        prompts: (typeof row.prompts === "string" ? JSON.parse(row.prompts) : row.prompts) as ReadonlyArray<string>
      }))
      expect(sets.map((set) => [set.itemId, set.prompts.length])).toEqual([["", PROMPTS], ["wedding-cake", PROMPTS]])
      // In the order served before the kill: the held prompts were in the last batches.
      expect(sets.map((set) => set.prompts)).toEqual(servedSets)
      const holders = new Map<string, Array<{ itemId: string; batch: number }>>()
      for (const set of sets) {
        set.prompts.forEach((prompt, index) => {
          holders.set(prompt, [...(holders.get(prompt) ?? []), { itemId: set.itemId, batch: Math.floor(index / ANALYZE_BATCH) }])
        })
      }
      const askedAgain = platforms.map((server, i) => {
        const all = new Map<string, number>()
        const beforeKill = new Map<string, number>()
        server.requests.forEach((request, index) => {
          const prompt = promptOf(request) ?? "(none)"
          all.set(prompt, (all.get(prompt) ?? 0) + 1)
          if (index < requestsAtKill[i]!) beforeKill.set(prompt, (beforeKill.get(prompt) ?? 0) + 1)
        })
        // Nothing but the prompts of the two sets.
        expect([...all.keys()].filter((prompt) => !holders.has(prompt))).toEqual([])
        const again: Array<string> = []
        for (const [prompt, held] of holders) {
          const calls = all.get(prompt) ?? 0
          expect(calls, `calls for "${prompt}"`).toBeGreaterThanOrEqual(held.length)
          expect(calls, `calls for "${prompt}"`).toBeLessThanOrEqual(2 * held.length)
          // Asked again only if it had been asked before the kill: its step was interrupted.
          if (calls > held.length) {
            expect(beforeKill.get(prompt) ?? 0, `"${prompt}" asked again though not asked before the kill`).toBeGreaterThanOrEqual(1)
            again.push(prompt)
          }
        }
        // The prompts asked again fall in at most BATCHES_IN_FLIGHT batches of each entity.
        const batches = Object.fromEntries(sets.map((set) => [
          set.itemId,
          [...new Set(again.flatMap((prompt) => {
            const held = holders.get(prompt)!
            return held.length === 1 && held[0]!.itemId === set.itemId ? [held[0]!.batch] : []
          }))].sort((a, b) => a - b)
        ]))
        for (const set of sets) expect(batches[set.itemId]!.length).toBeLessThanOrEqual(BATCHES_IN_FLIGHT)
        return { askedAgain: again.length, batches, prompts: again.map((prompt) => ({ prompt, in: holders.get(prompt) })) }
      })
      console.info(JSON.stringify({
        database: database.name,
        batchesInFlight: BATCHES_IN_FLIGHT,
        askedAgainPerPlatform: askedAgain.map(({ askedAgain, batches }) => ({ askedAgain, batches })),
        askedAgainOnPlatform1: askedAgain[0]?.prompts
      }))

      // A job that also deploys each entity's site (a `.site` step) deploys it once.
      const deploysSites = stepNames.some((name) => name.endsWith(".site"))
      const byTypeAndEntity = (a: Record<string, unknown>, b: Record<string, unknown>) =>
        String(a.event_type).localeCompare(String(b.event_type)) || String(a.item_id).localeCompare(String(b.item_id))
      expect([...log.perEntity].sort(byTypeAndEntity)).toEqual(["", "wedding-cake"].flatMap((itemId) => [
        { event_type: "PlatformChecked", item_id: itemId, n: PROMPTS * PLATFORMS },
        { event_type: "PromptsGenerated", item_id: itemId, n: 1 },
        { event_type: "ScoreStored", item_id: itemId, n: 1 },
        { event_type: "SiteCrawled", item_id: itemId, n: 1 },
        ...(deploysSites ? [{ event_type: "SiteDeployed", item_id: itemId, n: 1 }] : [])
      ]).sort(byTypeAndEntity))
      expect(log.jobEvents).toEqual([{ event_type: "JobFinished", n: 1 }, { event_type: "JobQueued", n: 1 }])
      expect(log.repeatedChecks).toEqual([])
      // Each step completed once, each progress count recorded once.
      expect(log.repeatedSteps).toEqual([])
      expect(log.repeatedIds).toEqual([])
      expect(log.checksPerRequest).toEqual([
        { item_id: "", requests: PROMPTS, prompts: PROMPTS, failed: 0 },
        { item_id: "wedding-cake", requests: PROMPTS, prompts: PROMPTS, failed: 0 }
      ])
      expect(log.stored.map((row) => ({ item_id: row.item_id, prompts: row.prompts, unmeasured: row.unmeasured }))).toEqual([
        { item_id: "", prompts: PROMPTS, unmeasured: 0 },
        { item_id: "wedding-cake", prompts: PROMPTS, unmeasured: 0 }
      ])
      // The score served is the one stored, once.
      for (const row of log.stored) expect(scores[row.item_id as string]).toBe(row.overall)
    }, 600_000)
  })
}
