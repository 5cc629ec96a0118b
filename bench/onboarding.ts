/**
 * One onboarding end to end: `POST /api/generate-all` for a 50-page business website served on
 * loopback by this process (`onboarding-site.ts`), with the 8 platforms backed by loopback
 * OpenAI-compatible servers (in this process) answering after 300 ms, some answers naming the
 * business and some not. The service is a child process on a scratch database. The job is polled
 * every 100 ms (`GET /api/jobs/<id>`); each step's times come from the polls (the resolution is
 * printed), and the site's and the platforms' own request logs give the crawl and the checks as
 * the outside world saw them. Figures: wall time, each step's share of it, and the checks against
 * their bound ceil(100 / C) × 300 ms. Once per C (`BENCH_ONBOARDING_CONCURRENCY`, default 10,25),
 * each on a fresh database and service: a cold onboarding, as a new customer gets it.
 */
import http from "node:http"
import { loadavg } from "node:os"
import { ANALYZE_BATCH } from "../src/pipeline/entity-steps.ts"
import { type OpenAiCompatibleServer, type ScriptedReply, startOpenAiCompatibleServer } from "../test/support/openai-compatible-server.ts"
import { BUSINESS_NAME, startBenchSite } from "./onboarding-site.ts"
import { expectStatus, send, SERVICE_KEY, startService } from "./processes.ts"
import { now, percentile, report, scratchDatabase } from "./support.ts"

const DELAY_MS = 300
const PROMPTS = 100
const PLATFORMS = 8
const POLL_MS = 100
const JOB_TIMEOUT_MS = 180_000
const CONCURRENCIES = (process.env.BENCH_ONBOARDING_CONCURRENCY ?? "10,25").split(",").map(Number)
const ORG = "northwind-cycles"
/**
 * `BENCH_ONBOARDING_PRECREATE=1` records the business (`POST /api/business`, which answers once
 * the entities read model has it) before the POST, outside the timed run. Default 0: the
 * onboarding creates the business itself, as for a new customer.
 */
const PRECREATE = (process.env.BENCH_ONBOARDING_PRECREATE ?? "0") === "1"
const STEPS = ["crawl", "prompts", "visibility", "score", "site"] as const
type StepName = (typeof STEPS)[number]
const TERMINAL = new Set(["succeeded", "failed", "skipped"])

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const NAMED = [
  `For a properly fitted gravel or road bike in Portland, ${BUSINESS_NAME} in Northwest Portland is a local favourite, alongside the big Trek and Specialized dealers.`,
  `Riders often recommend ${BUSINESS_NAME} (northwind-cycles.example) for e-bikes and workshop service; REI is another option for entry-level bikes.`,
  `1. ${BUSINESS_NAME}: independent shop with a strong workshop and bike fitting. 2. River City Bicycles. 3. Trek Bicycle Portland.`
]
const UNNAMED = [
  "Popular choices include Trek, Specialized and Cannondale dealers; an independent shop with a fitting service is worth a visit before you buy.",
  "Look at REI for value, or a brand store such as Trek or Giant; compare warranty, test rides and first-service terms.",
  "It depends on your riding: a gravel bike with 45 mm tyres covers most needs. Check reviews on BikeRadar and Cycling Weekly before buying."
]

/** Server n's k-th answer names the business about 6 times in 10, in a different order per server. */
const scriptFor = (server: number): ReadonlyArray<ScriptedReply> =>
  Array.from({ length: 4 * PROMPTS }, (_, k) => {
    const named = (k * 7 + server * 3) % 10 < 6
    const texts = named ? NAMED : UNNAMED
    return {
      kind: "answer",
      content: texts[(k + server) % texts.length]!,
      ...(named ? { citations: ["https://northwind-cycles.example/", "https://reviews.example/portland-bike-shops"] } : {}),
      usage: { prompt_tokens: 45, completion_tokens: 38 }
    } satisfies ScriptedReply
  })

interface Poll {
  readonly sent: number
  readonly received: number
  readonly state: string
  readonly steps: ReadonlyMap<string, string>
}

const runConcurrency = async (concurrency: number) => {
  const servers: Array<OpenAiCompatibleServer> = []
  const site = await startBenchSite()
  const db = await scratchDatabase(`onboarding_c${concurrency}`)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
  let service: Awaited<ReturnType<typeof startService>> | undefined
  try {
    for (let n = 0; n < PLATFORMS; n++) {
      servers.push(await startOpenAiCompatibleServer({ delayMs: DELAY_MS, replies: scriptFor(n) }))
    }
    const env: Record<string, string> = {
      DATABASE_URL: db.url,
      CRAWLER_ALLOW_PRIVATE: "true",
      SCHEDULER_CRON: "off",
      AI_PLATFORM_CONCURRENCY: String(concurrency),
      AI_PLATFORM_RATE_PER_MINUTE: "100000",
      AI_PLATFORM_MAX_RETRIES: "0"
    }
    servers.forEach((server, index) => {
      env[`AI_PLATFORM_${index + 1}_BASE_URL`] = server.baseUrl
      env[`AI_PLATFORM_${index + 1}_MODEL`] = `bench-model-${index + 1}`
      env[`AI_PLATFORM_${index + 1}_API_KEY`] = `bench-platform-key-${index + 1}`
    })
    service = await startService(`onboarding-c${concurrency}`, env)
    const port = service.port
    const call = (method: string, path: string, body?: unknown) => send(agent, port, method, path, { body, key: SERVICE_KEY })

    if (PRECREATE) {
      expectStatus(
        await call("POST", "/api/business", { business_name: BUSINESS_NAME, business_url: `${site.baseUrl}/`, org_slug: ORG }),
        [200, 201],
        "create business"
      )
    }
    const cpuBefore = service.cpuSeconds()
    const start = now()
    const accepted = expectStatus(await call("POST", "/api/generate-all", { url: `${site.baseUrl}/`, org_slug: ORG }), [202], "generate-all")
    const postMs = now() - start
    const jobId = JSON.parse(accepted.body).job_id as string

    // Polls on a fixed 100 ms grid from the POST (a slow poll delays the next, never bunches them).
    const polls: Array<Poll> = []
    let last: any
    for (let tick = start + POLL_MS;; tick += POLL_MS) {
      await sleep(Math.max(0, tick - now()))
      tick = Math.max(tick, now())
      const sent = now()
      const reply = expectStatus(await call("GET", `/api/jobs/${jobId}`), [200], "job")
      const received = now()
      last = JSON.parse(reply.body)
      polls.push({
        sent,
        received,
        state: last.state,
        steps: new Map(last.steps.map((s: { name: string; state: string }) => [s.name, s.state]))
      })
      if (last.state === "succeeded" || last.state === "failed") break
      if (received - start > JOB_TIMEOUT_MS) throw new Error(`job ${jobId} still ${last.state} after ${JOB_TIMEOUT_MS} ms: ${reply.body}`)
    }
    const cpu = service.cpuSeconds() - cpuBefore
    const final = polls[polls.length - 1]!
    const wall = final.received - start
    if (last.state !== "succeeded") {
      console.warn(`  C=${concurrency}: job ${last.state} after ${Math.round(wall)} ms: ${JSON.stringify(last.errors)}; steps ${JSON.stringify(last.steps.map((s: { name: string; state: string }) => `${s.name}:${s.state}`))}`)
    }

    // A change seen by poll k happened after poll k-1 was answered: each time below is late by
    // at most the gap between consecutive answers (the resolution).
    const gaps = polls.slice(1).map((p, i) => p.received - polls[i]!.received).sort((a, b) => a - b)
    const rtts = polls.map((p) => p.received - p.sent).sort((a, b) => a - b)
    const firstPoll = (holds: (p: Poll) => boolean) => polls.find(holds)?.received
    const rel = (t: number | undefined) => (t === undefined ? Number.NaN : t - start)
    const leftPending = new Map<StepName, number>()
    const finished = new Map<StepName, number>()
    const outcome = new Map<StepName, string>()
    for (const step of STEPS) {
      const name = `business.${step}`
      leftPending.set(step, rel(firstPoll((p) => (p.steps.get(name) ?? "pending") !== "pending")))
      finished.set(step, rel(firstPoll((p) => TERMINAL.has(p.steps.get(name) ?? "pending"))))
      outcome.set(step, final.steps.get(name) ?? "missing")
    }
    // Only visibility reports progress ("running"); the others go from pending straight to done,
    // so a step starts when the workflow's order lets it: crawl at the POST, prompts after the
    // crawl (with the business record created in between), visibility and site side by side after
    // the prompts, the score after both.
    const started: Record<StepName, number> = {
      crawl: 0,
      prompts: finished.get("crawl")!,
      visibility: finished.get("prompts")!,
      site: finished.get("prompts")!,
      score: Math.max(finished.get("visibility")!, finished.get("site")!)
    }
    const stepRows: Array<Record<string, string | number>> = STEPS.map((step) => ({
      C: concurrency,
      step: `business.${step}`,
      outcome: outcome.get(step)!,
      left_pending_ms: Math.round(leftPending.get(step)!),
      started_ms: Math.round(started[step]),
      finished_ms: Math.round(finished.get(step)!),
      duration_ms: Math.round(finished.get(step)! - started[step]),
      share_of_wall: `${((100 * (finished.get(step)! - started[step])) / wall).toFixed(1)}%`
    }))
    const scoreDone = finished.get("score")!
    stepRows.push({
      C: concurrency,
      step: "(score → job succeeded)",
      outcome: last.state,
      left_pending_ms: "",
      started_ms: Math.round(scoreDone),
      finished_ms: Math.round(wall),
      duration_ms: Math.round(wall - scoreDone),
      share_of_wall: `${((100 * (wall - scoreDone)) / wall).toFixed(1)}%`
    })
    console.log(`C=${concurrency}: steps from the polls (ms after the POST; site runs beside visibility, so shares overlap)`)
    report(stepRows)

    // The same run as the site and the platforms saw it (their clocks are this process's).
    const pageRequests = site.requests.filter((r) => site.pagePaths.includes(r.path))
    const pagesCrawled = new Set(pageRequests.filter((r) => r.status === 200).map((r) => r.path)).size
    const arrivals = servers.map((server) => server.requests.map((r) => r.arrivedAt - start).sort((a, b) => a - b))
    const allArrivals = arrivals.flat().sort((a, b) => a - b)
    // Waves per server: arrivals more than half a delay apart start a new wave.
    const wavesOf = (times: ReadonlyArray<number>) => times.filter((t, i) => i === 0 || t - times[i - 1]! > DELAY_MS / 2).length
    const waves = arrivals.map(wavesOf)
    // Idle time on a platform between the end of one wave (its last call answered) and the next
    // wave's first call: time the checks spend outside the 300 ms answers.
    const idle = arrivals.flatMap((times) => {
      const gaps: Array<number> = []
      let waveEnd = Number.NaN
      times.forEach((t, i) => {
        if (i > 0 && t - times[i - 1]! > DELAY_MS / 2) gaps.push(t - waveEnd)
        waveEnd = t + DELAY_MS
      })
      return gaps
    }).sort((a, b) => a - b)
    const checksStart = allArrivals[0] ?? Number.NaN
    const checksEnd = (allArrivals[allArrivals.length - 1] ?? Number.NaN) + DELAY_MS
    const crawlStart = (site.requests[0]?.at ?? Number.NaN) - start
    const crawlEnd = (site.requests[site.requests.length - 1]?.at ?? Number.NaN) - start
    const bound = Math.ceil(PROMPTS / concurrency) * DELAY_MS
    const batchedBound = Math.ceil(PROMPTS / ANALYZE_BATCH) * Math.ceil(ANALYZE_BATCH / concurrency) * DELAY_MS
    console.log(`C=${concurrency}: as the loopback servers saw it (ms after the POST)`)
    report([
      { C: concurrency, window: "crawl (site requests, first → last)", from_ms: Math.round(crawlStart), to_ms: Math.round(crawlEnd), duration_ms: Math.round(crawlEnd - crawlStart) },
      { C: concurrency, window: "crawl end → first platform call", from_ms: Math.round(crawlEnd), to_ms: Math.round(checksStart), duration_ms: Math.round(checksStart - crawlEnd) },
      { C: concurrency, window: "checks (first call → last call + 300 ms)", from_ms: Math.round(checksStart), to_ms: Math.round(checksEnd), duration_ms: Math.round(checksEnd - checksStart) },
      { C: concurrency, window: "checks end → job succeeded seen", from_ms: Math.round(checksEnd), to_ms: Math.round(wall), duration_ms: Math.round(wall - checksEnd) }
    ])

    const promptsReply = await call("GET", `/api/prompts/${ORG}`)
    const promptList: Array<{ platforms: Record<string, { visible: boolean }> }> = promptsReply.status === 200 ? JSON.parse(promptsReply.body).prompts : []
    const visible = promptList.reduce((sum, p) => sum + Object.values(p.platforms).filter((d) => d.visible).length, 0)
    const checksMs = checksEnd - checksStart
    const summary = {
      C: concurrency,
      precreated: PRECREATE ? "yes" : "no",
      job: last.state,
      wall_ms: Math.round(wall),
      post_ms: Math.round(postMs),
      pages_crawled: pagesCrawled,
      site_requests: site.requests.length,
      prompts: promptList.length,
      calls_per_server: servers.map((s) => s.calls).join(","),
      max_in_flight: servers.map((s) => s.maxInFlight).join(","),
      waves_per_server: [...new Set(waves)].join("/"),
      visible_checks: `${visible}/${promptList.length * PLATFORMS}`,
      checks_ms: Math.round(checksMs),
      bound_ms: bound,
      // A failed job stops its checks early: no ratio then.
      checks_over_bound: last.state === "succeeded" ? +(checksMs / bound).toFixed(2) : "n/a (job failed)",
      batched_bound_ms: batchedBound,
      idle_between_waves_ms: `p50 ${Math.round(percentile(idle, 50))} / max ${Math.round(idle[idle.length - 1] ?? 0)}`,
      service_cpu_ms: Math.round(cpu * 1000),
      polls: polls.length,
      resolution_ms: `p50 ${Math.round(percentile(gaps, 50))} / max ${Math.round(gaps[gaps.length - 1] ?? 0)}`,
      poll_rtt_ms: `p50 ${Math.round(percentile(rtts, 50))} / max ${Math.round(rtts[rtts.length - 1] ?? 0)}`
    }
    return summary
  } finally {
    await service?.stop()
    agent.destroy()
    await Promise.all(servers.map((server) => server.close()))
    await site.close()
    await db.drop()
  }
}

export const run = async () => {
  const summaries: Array<Record<string, string | number>> = []
  for (const concurrency of CONCURRENCIES) summaries.push(await runConcurrency(concurrency))
  console.log(
    `summary (bound = ceil(${PROMPTS} / C) × ${DELAY_MS} ms; batched_bound = the same with the onboarding's ` +
      `${ANALYZE_BATCH}-prompt durable batches run one after another; resolution = gap between consecutive poll answers)`
  )
  report(summaries)
  console.log(`load average at the end (1/5/15 min; other work on the machine skews figures): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
  for (const row of summaries) {
    if (row.job !== "succeeded") {
      console.log(`onboarding C=${row.C}: job ${row.job} after ${row.wall_ms} ms: no figures (BENCH_ONBOARDING_PRECREATE=1 records the business first)`)
      continue
    }
    console.log(`onboarding C=${row.C}: wall ${row.wall_ms} ms, checks ${row.checks_ms} ms = ${row.checks_over_bound}× the bound ${row.bound_ms} ms`)
  }
}
