/**
 * The daily run over N entities (default 1,000 businesses with 100 prompts each) against 8
 * loopback OpenAI-compatible engines (in this process) answering after 300 ms, with every
 * platform rate-limited to R calls a minute (`AI_PLATFORM_RATE_PER_MINUTE`) and a platform
 * concurrency high enough that the rate, not the concurrency, binds. Each analysis asks all 8
 * platforms once, so no scheduler can finish before N × P / R minutes (P prompts per entity):
 * the bound. The figure is wall time / bound (target ≤ 1.2), with the projections' lag, sampled
 * from `/health` every second throughout, under 5 s.
 *
 * Seeding (not timed): the businesses and their prompt sets are recorded through the service's
 * own entity actors (`CreateBusiness`, `RecordPrompts`), in this process on the scratch
 * database, and their read models are caught up before the service starts. The service then
 * runs as a child process (`SCHEDULER_CRON=off`); the timed part is `POST /api/scheduler/runs`
 * until `GET /api/scheduler/runs/{id}` answers a final state.
 *
 * Parameters (argv wins over the environment): `--entities=` / DAILY_BENCH_ENTITIES (1000),
 * `--prompts=` / DAILY_BENCH_PROMPTS (100), `--rate=` / DAILY_BENCH_RATE per minute per
 * platform (600, the service's default), `--platform-concurrency=` / DAILY_BENCH_PLATFORM_CONCURRENCY (default: 4×
 * the calls in flight the rate needs, at least 32), `--scheduler-concurrency=` /
 * DAILY_BENCH_SCHEDULER_CONCURRENCY (the service's default, 8), `--delay-ms=` /
 * DAILY_BENCH_DELAY_MS (300), `--timeout-factor=` / DAILY_BENCH_TIMEOUT_FACTOR (the run is
 * abandoned after this many bounds plus 5 minutes; 3). The service's CPU is about 25 ms per
 * analysis (8 calls) on this machine's cores, so R must leave it room: see README.
 *
 * Checks that fail the run (non-zero exit): the run ended `succeeded` with no failed entity and
 * every analysis done (none failed), and every engine saw exactly N × P requests, N × P distinct
 * prompts (each prompt once). The ratio is printed either way.
 */
import { spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { closeSync, openSync, readFileSync } from "node:fs"
import http from "node:http"
import { loadavg } from "node:os"
import pg from "pg"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { EntityCommands } from "../src/actors/entity-commands.ts"
import { coreFor } from "../src/composition.ts"
import { CreateBusiness, RecordPrompts } from "../src/domain/entity-decider.ts"
import type { BusinessId, EntityRef } from "../src/domain/entity-ref.ts"
import { crawlStreamOf, crawlToStored, SiteCrawled } from "../src/domain/crawl-events.ts"
import { EventStore, type GlobalPosition, maxPosition } from "../src/eventstore/event-store.ts"
import { ProjectionRunner } from "../src/projections/runner.ts"
import { type OpenAiCompatibleServer, type RecordedRequest, startOpenAiCompatibleServer } from "../test/support/openai-compatible-server.ts"
import { postgresCpu, postgresCpuSince } from "./postgres-cpu.ts"
import { cpuSecondsOf, expectStatus, freePort, projectRoot, send, SERVICE_KEY, serviceEntry } from "./processes.ts"
import { Checks, now, percentile, report, scratchDatabase } from "./support.ts"

const PLATFORMS = 8
const SAMPLE_MS = 1_000

const parameter = (name: string, variable: string, fallback: number) => {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name}=`))
  const raw = flag !== undefined ? flag.slice(name.length + 3) : process.env[variable]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${variable} / --${name}: expected a positive number, got ${raw}`)
  return value
}

const ENTITIES = parameter("entities", "DAILY_BENCH_ENTITIES", 1000)
const PROMPTS = parameter("prompts", "DAILY_BENCH_PROMPTS", 100)
const RATE = parameter("rate", "DAILY_BENCH_RATE", 600)
const DELAY_MS = parameter("delay-ms", "DAILY_BENCH_DELAY_MS", 300)
/** Calls in flight the rate needs at the engines' latency, times 4 for bursts, at least 32. */
const PLATFORM_CONCURRENCY = parameter(
  "platform-concurrency",
  "DAILY_BENCH_PLATFORM_CONCURRENCY",
  Math.min(1000, Math.max(32, Math.ceil((RATE / 60) * (DELAY_MS / 1000) * 4)))
)
const SCHEDULER_CONCURRENCY = parameter("scheduler-concurrency", "DAILY_BENCH_SCHEDULER_CONCURRENCY", 0)
const TIMEOUT_FACTOR = parameter("timeout-factor", "DAILY_BENCH_TIMEOUT_FACTOR", 3)
/** No new engine call and no progress for this long: the run is stalled (diagnosed, then abandoned). */
const STALL_MS = parameter("stall-s", "DAILY_BENCH_STALL_S", 90) * 1000
const SEED_CONCURRENCY = 16

const slugOf = (i: number) => `daily-bench-${String(i + 1).padStart(5, "0")}`
const nameOf = (i: number) => `Daybench Outfitters ${i + 1}`
const TOPICS = ["hiking boots", "rain jackets", "trail running shoes", "camping stoves", "sleeping bags", "climbing ropes", "kayaks", "bike helmets", "headlamps", "water filters"]
const promptsFor = (i: number) =>
  Array.from({ length: PROMPTS }, (_, k) => `Where should I buy ${TOPICS[k % TOPICS.length]} near town ${i + 1}, option ${k + 1}?`)

/**
 * What a crawl of business i's site read: one page about what it sells and where, with a sentence
 * on each kind of gear (a post is written only from the facts, and from three sentences a day's
 * 15 posts would repeat each other: the 14th would be refused as a near-duplicate).
 */
const crawlOf = (i: number, at: string) => {
  const url = `https://${slugOf(i)}.example/`
  const text = `${nameOf(i)} is an outdoor gear shop in town ${i + 1}. We sell ${TOPICS.join(", ")}, ` +
    `and we fit, repair and rent them. Visit our store in town ${i + 1} or order online. ` +
    TOPICS.map((topic, k) => `Our ${topic} come in ${k + 2} models, and staff who use them on the trail will help you choose.`).join(" ")
  return new SiteCrawled({
    businessId: slugOf(i) as BusinessId,
    itemId: null,
    startUrl: url,
    siteName: nameOf(i),
    pages: [{ url, title: `${nameOf(i)}: outdoor gear in town ${i + 1}`, description: text.slice(0, 160), headings: [nameOf(i), "What we sell"], text, jsonLd: [], products: [] }],
    disallowed: [],
    crawledAt: at
  })
}

/** An answer of ordinary length naming other brands, with citations: the mention detector reads it all. */
const answer = {
  kind: "answer" as const,
  content:
    "Good options include REI for a wide selection, Patagonia and Arc'teryx brand stores for jackets, and a local independent " +
    "outfitter for fitting and repairs. Compare return policies and try gear on before buying; reviews on OutdoorGearLab help.",
  citations: ["https://www.rei.example/", "https://outdoorgearlab.example/reviews"],
  usage: { prompt_tokens: 42, completion_tokens: 56 }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const rssMbOf = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8")
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
    return kb / 1024
  } catch {
    return Number.NaN
  }
}

/** Records the entities and their prompts through the entity actors; waits for their read models. */
const seed = async (url: string) => {
  const runtime = ManagedRuntime.make(coreFor({ _tag: "Server", url: Redacted.make(url) }).pipe(Layer.orDie))
  try {
    const at = new Date().toISOString()
    let last: GlobalPosition | undefined
    let next = 0
    const worker = async () => {
      while (next < ENTITIES) {
        const i = next++
        const ref: EntityRef = { businessId: slugOf(i) as BusinessId, itemId: null }
        const position = await runtime.runPromise(Effect.gen(function*() {
          const commands = yield* EntityCommands
          yield* commands.send(ref, new CreateBusiness({
            businessId: ref.businessId,
            businessUuid: randomUUID(),
            businessName: nameOf(i),
            businessUrl: `https://${slugOf(i)}.example`,
            trackingType: "business",
            identityOrgId: null,
            identityUserId: null,
            rankingScore: 40,
            at
          }))
          // A crawl of one page: the site and the posts are built from the last good crawl, and
          // an entity with none fails its site step ("nothing to publish").
          const crawled = yield* (yield* EventStore).append(crawlStreamOf(ref), "any", [{ eventId: randomUUID(), ...crawlToStored(crawlOf(i, at)) }]).pipe(Effect.orDie)
          const recorded = yield* commands.send(ref, new RecordPrompts({ ...ref, prompts: promptsFor(i), generator: "bench", at }))
          return maxPosition(crawled.lastPosition, recorded.lastPosition)
        }))
        last = last === undefined ? position : maxPosition(last, position)
      }
    }
    await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker))
    if (last !== undefined) {
      const position = last
      // Every read model (the runner's waitFor bound is 15 s a call: retried until caught up).
      for (let attempt = 0;; attempt++) {
        const caught = await runtime.runPromise(Effect.flatMap(ProjectionRunner, (runner) => runner.waitFor(position)).pipe(Effect.either))
        if (caught._tag === "Right") break
        if (attempt > 40) throw new Error(`seeding: read models not caught up: ${JSON.stringify(caught.left)}`)
      }
    }
  } finally {
    await runtime.dispose()
  }
}

/** Variables the service reads: never inherited from the bench's own environment. */
const SERVICE_VARIABLE = /^(PORT|HOST|DATABASE_URL|DATA_DIR|PUBLIC_BASE_URL|SITES_DOMAIN|SITES_SCHEME|SERVICE_API_KEYS|AUTH_.*|IDENTITY_PROVIDER|CLERK_.*|STRIPE_.*|LLM_.*|AI_PLATFORM_.*|AI_VISIBILITY_SAMPLES|SCHEDULER_.*|CLUSTER_.*|CRAWLER_.*|WEBHOOK_RATE_LIMIT_PER_MINUTE|LOG_REQUESTS|SMTP_.*)$/

/**
 * The service (`dist/main.js`, see `processes.ts`'s `serviceEntry`) as a child process, like `processes.ts`'s
 * `startService`, but with its output kept in a log file: a run of many minutes that goes
 * wrong is explained by the service's own warnings.
 */
const startLoggedService = async (env: Record<string, string>, logPath: string) => {
  const port = await freePort()
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key, value]) => value !== undefined && !SERVICE_VARIABLE.test(key)))
  const log = openSync(logPath, "w")
  // As in `processes.ts`: `BENCH_CPU_PROF=<dir>` profiles the service (read it with
  // `tsx bench/cpu-profile-top.ts <file>`), `BENCH_SERVICE_NODE_ARGS` adds node flags.
  const profileDir = process.env.BENCH_CPU_PROF
  const profile = profileDir === undefined || profileDir === "" ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}/daily-run`]
  const extra = (process.env.BENCH_SERVICE_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== "")
  const child = spawn(process.execPath, [...profile, ...extra, ...(await serviceEntry())], {
    cwd: projectRoot,
    env: { ...inherited, SERVICE_API_KEYS: SERVICE_KEY, SCHEDULER_CRON: "off", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, log]
  })
  closeSync(log)
  let exited: number | null | undefined
  const exit = new Promise<void>((resolve) => child.once("exit", (code, signal) => {
    exited = code ?? (signal === null ? -1 : -2)
    resolve()
  }))
  const stop = async () => {
    if (exited !== undefined) return
    child.kill("SIGTERM")
    if (!(await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]))) {
      child.kill("SIGKILL")
      await exit
    }
  }
  const deadline = performance.now() + 120_000
  for (;;) {
    if (exited !== undefined) throw new Error(`service exited (${exited}) before it was ready; see ${logPath}`)
    if (performance.now() > deadline) {
      await stop()
      throw new Error(`service not ready in time; see ${logPath}`)
    }
    if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200, () => false)) break
    await sleep(200)
  }
  return { pid: child.pid!, port, cpuSeconds: () => cpuSecondsOf(child.pid!), stop }
}

/** What a stalled run looks like from the database: open cluster messages and the sessions' states. */
const diagnose = async (url: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const messages = await client.query(
      `SELECT entity_type, tag, processed, count(*)::int AS n FROM cluster_messages GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`
    ).then((r) => r.rows, (e: Error) => [{ error: e.message }])
    const sessions = await client.query(
      `SELECT state, wait_event_type, wait_event, count(*)::int AS n, max(now() - coalesce(xact_start, query_start))::text AS oldest
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1, 2, 3 ORDER BY 4 DESC`
    ).then((r) => r.rows, (e: Error) => [{ error: e.message }])
    return { messages, sessions }
  } finally {
    await client.end()
  }
}

interface HealthSample {
  readonly at: number
  readonly status: number
  readonly rttMs: number
  readonly maxLagMs: number
  readonly laggiest: string
  readonly pending: number
}

export const run = async () => {
  const boundMs = (ENTITIES * PROMPTS * 60_000) / RATE
  console.log(
    `daily-run: N=${ENTITIES} entities × P=${PROMPTS} prompts × ${PLATFORMS} platforms; R=${RATE}/min per platform; ` +
      `platform concurrency ${PLATFORM_CONCURRENCY}; scheduler concurrency ${SCHEDULER_CONCURRENCY || "service default (8)"}; ` +
      `engines answer after ${DELAY_MS} ms; bound = N×P/R = ${(boundMs / 1000).toFixed(1)} s`
  )
  console.log(`load average before (1/5/15 min, ${2} cores here): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
  const servers: Array<OpenAiCompatibleServer> = []
  const db = await scratchDatabase("daily")
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
  let service: Awaited<ReturnType<typeof startLoggedService>> | undefined
  const logPath = `/tmp/sightline-daily-run-${process.pid}.log`
  try {
    const seedStart = now()
    await seed(db.url)
    const seedMs = now() - seedStart
    console.log(`seeded ${ENTITIES} businesses with ${PROMPTS} prompts each in ${(seedMs / 1000).toFixed(1)} s (not timed)`)

    for (let n = 0; n < PLATFORMS; n++) servers.push(await startOpenAiCompatibleServer({ delayMs: DELAY_MS, otherwise: answer }))
    const env: Record<string, string> = {
      DATABASE_URL: db.url,
      SCHEDULER_CRON: "off",
      AI_PLATFORM_RATE_PER_MINUTE: String(RATE),
      AI_PLATFORM_CONCURRENCY: String(PLATFORM_CONCURRENCY)
    }
    if (SCHEDULER_CONCURRENCY > 0) env["SCHEDULER_CONCURRENCY"] = String(SCHEDULER_CONCURRENCY)
    servers.forEach((server, index) => {
      env[`AI_PLATFORM_${index + 1}_BASE_URL`] = server.baseUrl
      env[`AI_PLATFORM_${index + 1}_MODEL`] = `bench-model-${index + 1}`
      env[`AI_PLATFORM_${index + 1}_API_KEY`] = `bench-platform-key-${index + 1}`
    })
    service = await startLoggedService(env, logPath)
    console.log(`service pid ${service.pid}, its output in ${logPath}`)
    const port = service.port
    const call = (method: string, path: string, body?: unknown) => send(agent, port, method, path, { body, key: SERVICE_KEY })

    // The started service catches up its read models from the seeded log: wait until /health shows none pending.
    for (;;) {
      const health = JSON.parse(expectStatus(await call("GET", "/health"), [200], "health").body)
      if (health.projections.every((p: { pending_events: number }) => p.pending_events === 0)) break
      await sleep(500)
    }

    // Per engine: each arrival's time and each prompt seen (harvested every second, the servers' own log emptied).
    const arrivals: Array<Array<number>> = servers.map(() => [])
    const promptsSeen: Array<Set<string>> = servers.map(() => new Set())
    const harvest = () =>
      servers.forEach((server, index) => {
        const log = server.requests as Array<RecordedRequest>
        for (const request of log) {
          arrivals[index]!.push(request.arrivedAt)
          const user = (request.body?.messages ?? []).filter((m: { role: string }) => m.role === "user").pop()
          promptsSeen[index]!.add(String(user?.content ?? ""))
        }
        log.length = 0
      })
    harvest()

    const cpuBefore = service.cpuSeconds()
    const pgBefore = postgresCpu()
    const benchCpuBefore = process.cpuUsage()
    const start = now()
    const started = expectStatus(await call("POST", "/api/scheduler/runs", {}), [202], "start run")
    const runId = JSON.parse(started.body).run_id as string

    const samples: Array<HealthSample> = []
    const lagNow = (sample: HealthSample) => sample.status === 200 ? `lag ${sample.maxLagMs} ms` : `lag unknown (/health ${sample.status})`
    let maxRss = 0
    let lastRun: any
    let finishedAt: number | undefined
    let lastProgress = start
    let lastProgressCpu = cpuBefore
    let lastChange = start
    let lastSignature = ""
    const deadline = start + boundMs * TIMEOUT_FACTOR + 300_000
    // On a fixed 1 s grid from the POST: /health, then the run, then the engines' logs.
    for (let tick = start + SAMPLE_MS;; tick += SAMPLE_MS) {
      await sleep(Math.max(0, tick - now()))
      tick = Math.max(tick, now())
      const sent = now()
      const health = await call("GET", "/health")
      const received = now()
      const body = health.status === 200 || health.status === 503 ? JSON.parse(health.body) : { projections: [] }
      const projections: Array<{ name: string; lag_ms: number; pending_events: number }> = body.projections ?? []
      const laggiest = projections.reduce<{ name: string; lag_ms: number } | undefined>((worst, p) => (worst === undefined || p.lag_ms > worst.lag_ms ? p : worst), undefined)
      samples.push({
        at: sent - start,
        status: health.status,
        rttMs: received - sent,
        maxLagMs: laggiest?.lag_ms ?? 0,
        laggiest: laggiest?.name ?? "",
        pending: projections.reduce((sum, p) => sum + p.pending_events, 0)
      })
      maxRss = Math.max(maxRss, rssMbOf(service.pid))
      harvest()
      if (finishedAt === undefined) {
        const reply = expectStatus(await call("GET", `/api/scheduler/runs/${runId}`), [200], "run")
        lastRun = JSON.parse(reply.body)
        if (lastRun.state === "succeeded" || lastRun.state === "failed") finishedAt = now()
        const signature = JSON.stringify([lastRun.steps, servers.map((server) => server.calls)])
        if (signature !== lastSignature) {
          lastSignature = signature
          lastChange = now()
        } else if (now() - lastChange > STALL_MS) {
          console.log(`  STALLED: no engine call and no progress for ${STALL_MS / 1000} s at ${((now() - start) / 1000).toFixed(0)} s`)
          console.log(`  run: ${JSON.stringify(lastRun)}`)
          console.log(`  engines in flight now: ${servers.map((server) => server.inFlight).join(",")}; calls ${servers.map((server) => server.calls).join(",")}`)
          console.log(`  database: ${JSON.stringify(await diagnose(db.url), null, 1)}`)
          throw new Error(`daily run ${runId} stalled; the service's output is in ${logPath}`)
        }
        if (now() - lastProgress >= 30_000 || finishedAt !== undefined) {
          const cpuNow = service.cpuSeconds()
          const cpuShare = (100 * (cpuNow - lastProgressCpu)) / ((now() - lastProgress) / 1000)
          lastProgressCpu = cpuNow
          lastProgress = now()
          const s = lastRun.steps
          console.log(
            `  ${((now() - start) / 1000).toFixed(0)} s: ${lastRun.state}; entities ${lastRun.entities.done}/${lastRun.entities.total}; ` +
              `analyze ${s.analyze.done}+${s.analyze.failed}f/${s.analyze.total}; blog ${s.blog.done}/${s.blog.total}; ` +
              `engine calls ${servers.map((server) => server.calls).join(",")}; ${lagNow(samples[samples.length - 1]!)}; ` +
              `service CPU ${cpuShare.toFixed(0)}% of a core, RSS ${Math.round(rssMbOf(service.pid))} MB; load ${loadavg()[0]!.toFixed(2)}`
          )
        }
      }
      // After the run: a few more samples until every projection has drained.
      if (finishedAt !== undefined && (samples[samples.length - 1]!.pending === 0 || now() - finishedAt > 60_000)) break
      if (now() > deadline) throw new Error(`run ${runId} still ${lastRun?.state} after ${Math.round((now() - start) / 1000)} s: ${JSON.stringify(lastRun)}`)
    }
    const drainedAt = now()
    const wallMs = finishedAt! - start
    const cpu = service.cpuSeconds() - cpuBefore
    const pgCpu = postgresCpuSince(pgBefore)
    const benchCpu = process.cpuUsage(benchCpuBefore)
    harvest()

    // From the engines' side: when calls reached them, relative to the POST.
    const times = arrivals.map((list) => list.map((t) => t - start).sort((a, b) => a - b))
    const firstCall = Math.min(...times.map((list) => list[0] ?? Number.NaN))
    const lastCall = Math.max(...times.map((list) => list[list.length - 1] ?? Number.NaN))
    // Steady-state rate per engine: calls per minute over the middle 80% of its calls.
    const steadyRate = times.map((list) => {
      const a = list[Math.floor(list.length * 0.1)] ?? 0
      const b = list[Math.floor(list.length * 0.9)] ?? 0
      return b > a ? (0.8 * list.length * 60_000) / (b - a) : Number.NaN
    })
    // Calls per engine per 10 s window (full windows between the first and last call): the rate limiter's evenness.
    const windows = times.flatMap((list) => {
      const counts: Array<number> = []
      for (let from = firstCall; from + 10_000 <= lastCall; from += 10_000) {
        counts.push(list.filter((t) => t >= from && t < from + 10_000).length)
      }
      return counts
    }).sort((a, b) => a - b)
    // Only a 200 carries the projections' lag: a 503 (the database or the status query over its
    // 2 s budget) is counted apart, never as a lag of 0.
    const during = samples.filter((s) => s.at <= wallMs && s.status === 200)
    const lags = during.map((s) => s.maxLagMs).sort((a, b) => a - b)
    const worst = during.reduce<HealthSample | undefined>((w, s) => (w === undefined || s.maxLagMs > w.maxLagMs ? s : w), undefined)
    const rtts = samples.map((s) => s.rttMs).sort((a, b) => a - b)
    const gaps = samples.slice(1).map((s, i) => s.at - samples[i]!.at).sort((a, b) => a - b)
    const analyses = ENTITIES * PROMPTS
    const ratio = wallMs / boundMs
    const serverSide = lastRun.started_at && lastRun.finished_at ? Date.parse(lastRun.finished_at) - Date.parse(lastRun.created_at) : Number.NaN
    const expected = analyses
    const counts = servers.map((server) => server.calls)
    const distinct = promptsSeen.map((set) => set.size)

    report([{
      N: ENTITIES,
      P: PROMPTS,
      R_per_min: RATE,
      platform_concurrency: PLATFORM_CONCURRENCY,
      scheduler_concurrency: SCHEDULER_CONCURRENCY || 8,
      state: lastRun.state,
      wall_s: +(wallMs / 1000).toFixed(1),
      run_created_to_finished_s: +(serverSide / 1000).toFixed(1),
      bound_s: +(boundMs / 1000).toFixed(1),
      ratio: +ratio.toFixed(3),
      target: "<= 1.2"
    }])
    report([{
      lag_max_ms: lags[lags.length - 1] ?? 0,
      lag_p99_ms: percentile(lags, 99),
      lag_p50_ms: percentile(lags, 50),
      worst_projection: worst === undefined ? "" : `${worst.laggiest} at ${(worst.at / 1000).toFixed(0)} s`,
      health_samples_200: during.length,
      health_non_200: samples.filter((s) => s.status !== 200).length,
      first_non_200_s: samples.find((s) => s.status !== 200) === undefined ? "" : (samples.find((s) => s.status !== 200)!.at / 1000).toFixed(0),
      health_rtt_ms: `p50 ${Math.round(percentile(rtts, 50))} / max ${Math.round(rtts[rtts.length - 1] ?? 0)}`,
      sample_gap_ms: `p50 ${Math.round(percentile(gaps, 50))} / max ${Math.round(gaps[gaps.length - 1] ?? 0)}`,
      drained_after_finish_ms: Math.round(drainedAt - finishedAt!),
      target: "< 5000"
    }])
    report(servers.map((server, index) => ({
      engine: `ai_platform_${index + 1}`,
      requests: counts[index]!,
      expected,
      distinct_prompts: distinct[index]!,
      max_in_flight: server.maxInFlight,
      steady_rate_per_min: Math.round(steadyRate[index]!),
      first_call_s: +((times[index]![0] ?? Number.NaN) / 1000).toFixed(1),
      last_call_s: +((times[index]![times[index]!.length - 1] ?? Number.NaN) / 1000).toFixed(1)
    })))
    const s = lastRun.steps
    report([{
      entities: `${lastRun.entities.done}/${lastRun.entities.total} (${lastRun.entities.failed} failed)`,
      site: `${s.site.done}/${s.site.total}`,
      blog: `${s.blog.done}/${s.blog.total}`,
      analyze: `${s.analyze.done}/${s.analyze.total} (${s.analyze.failed} failed)`,
      score: `${s.score.done}/${s.score.total}`,
      failed_entities: lastRun.failed_entities.length
    }])
    report([{
      ramp_s: +(firstCall / 1000).toFixed(1),
      calls_window_s: +((lastCall - firstCall) / 1000).toFixed(1),
      tail_s: +((wallMs - lastCall) / 1000).toFixed(1),
      calls_per_10s_window: `min ${windows[0] ?? 0} / p50 ${percentile(windows, 50)} / max ${windows[windows.length - 1] ?? 0} (R allows ${Math.round(RATE / 6)})`,
      service_cpu_s: +cpu.toFixed(1),
      service_cpu_ms_per_analysis: +((cpu * 1000) / analyses).toFixed(1),
      service_cpu_share_of_wall: `${((100 * cpu) / (wallMs / 1000)).toFixed(0)}% of a core`,
      postgres_cpu_s: +pgCpu.toFixed(1),
      bench_process_cpu_s: +((benchCpu.user + benchCpu.system) / 1e6).toFixed(1),
      service_max_rss_mb: Math.round(maxRss)
    }])
    console.log(`load average at the end (1/5/15 min, 2 cores; other work on the machine skews figures): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
    console.log(
      `daily-run N=${ENTITIES} P=${PROMPTS} R=${RATE}/min: ${lastRun.state}, wall ${(wallMs / 1000).toFixed(1)} s / bound ${(boundMs / 1000).toFixed(1)} s = ${ratio.toFixed(3)} (target <= 1.2); ` +
        `projection lag max ${lags[lags.length - 1] ?? 0} ms, p99 ${percentile(lags, 99)} ms (target < 5000) over ${during.length} /health answers with a lag; ` +
        `${samples.filter((s) => s.status !== 200).length} other answers`
    )
    const checks = new Checks("daily-run")
    checks.expect(lastRun.state === "succeeded", `the run ended ${lastRun.state}, not succeeded`)
    checks.expect(lastRun.entities.failed === 0 && lastRun.failed_entities.length === 0, `${lastRun.entities.failed} entities failed: ${JSON.stringify(lastRun.failed_entities).slice(0, 300)}`)
    checks.expect(s.analyze.failed === 0 && s.analyze.done === s.analyze.total && s.analyze.total === analyses, `analyses ${s.analyze.done} done + ${s.analyze.failed} failed of ${s.analyze.total} (expected ${analyses})`)
    checks.expect(counts.every((c) => c === expected), `engine request counts ${counts.join(",")} (expected N×P = ${expected} each)`)
    checks.expect(distinct.every((d) => d === expected), `distinct prompts per engine ${distinct.join(",")} (expected ${expected} each: each prompt once)`)
    checks.enforce()
  } finally {
    await service?.stop()
    agent.destroy()
    await Promise.all(servers.map((server) => server.close()))
    await db.drop()
  }
}
