/**
 * Fan-out of 100 prompts × 8 platforms: 100 `POST /api/cron/analyze-visibility` requests fired
 * at once at the service (a child process), whose 8 platforms are loopback OpenAI-compatible
 * servers (in this process) answering after 300 ms. With `AI_PLATFORM_CONCURRENCY=C` the best
 * any scheduler can do is ceil(100 / C) waves of 300 ms per platform, all platforms in
 * parallel: the bound. The figure is wall time / bound (target ≤ 1.1×), median of 3 runs per C
 * (C = 10, 16 (the default cap) and 25 unless `BENCH_FANOUT_CONCURRENCY` says otherwise).
 *
 * Checks that fail the run (non-zero exit), per run: all 100 requests answered 200, every
 * answer visible on all 8 platforms, every engine got exactly 100 calls, and no engine ever had
 * more than C calls in flight (each C gets fresh engines, so their lifetime maximum covers the
 * warm-up and every run at that C).
 */
import http from "node:http"
import { loadavg } from "node:os"
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../test/support/openai-compatible-server.ts"
import { FANOUT_ANSWER, FANOUT_BUSINESS } from "./fanout-answer.ts"
import { expectStatus, send, SERVICE_KEY, startService } from "./processes.ts"
import { Checks, median, now, percentile, report, scratchDatabase } from "./support.ts"

const DELAY_MS = 300
const PROMPTS = 100
const PLATFORMS = 8
const REPEATS = Number(process.env.BENCH_FANOUT_REPEATS ?? 3)
const CONCURRENCIES = (process.env.BENCH_FANOUT_CONCURRENCY ?? "10,16,25").split(",").map(Number)
const BUSINESS = FANOUT_BUSINESS.slug

const runConcurrency = async (concurrency: number, checks: Checks) => {
  const servers: Array<OpenAiCompatibleServer> = []
  const db = await scratchDatabase(`fanout_c${concurrency}`)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 })
  let service: Awaited<ReturnType<typeof startService>> | undefined
  try {
    for (let n = 0; n < PLATFORMS; n++) servers.push(await startOpenAiCompatibleServer({ delayMs: DELAY_MS, otherwise: FANOUT_ANSWER }))
    const env: Record<string, string> = {
      DATABASE_URL: db.url,
      AI_PLATFORM_CONCURRENCY: String(concurrency),
      AI_PLATFORM_RATE_PER_MINUTE: "100000",
      AI_PLATFORM_MAX_RETRIES: "0"
    }
    servers.forEach((server, index) => {
      env[`AI_PLATFORM_${index + 1}_BASE_URL`] = server.baseUrl
      env[`AI_PLATFORM_${index + 1}_MODEL`] = `bench-model-${index + 1}`
      env[`AI_PLATFORM_${index + 1}_API_KEY`] = `bench-platform-key-${index + 1}`
    })
    service = await startService(`fanout-c${concurrency}`, env)
    const port = service.port
    const call = (method: string, path: string, body?: unknown) => send(agent, port, method, path, { body, key: SERVICE_KEY })

    expectStatus(
      await call("POST", "/api/business", { business_name: FANOUT_BUSINESS.name, business_url: FANOUT_BUSINESS.url, org_slug: BUSINESS }),
      [200, 201],
      "create business"
    )
    const analyze = (prompt: string) => call("POST", "/api/cron/analyze-visibility", { business_id: BUSINESS, prompt })

    // Warm-up: 8 analyze calls (JIT, connection pools to the database and to the 8 servers).
    const warm = await Promise.all(Array.from({ length: 8 }, (_, i) => analyze(`warm-up prompt ${i}: best running shoes for beginners?`)))
    warm.forEach((reply) => expectStatus(reply, [200], "warm-up analyze"))

    const rows: Array<Record<string, string | number>> = []
    const ratios: Array<number> = []
    const bound = Math.ceil(PROMPTS / concurrency) * DELAY_MS
    for (let repeat = 1; repeat <= REPEATS; repeat++) {
      const callsBefore = servers.map((server) => server.calls)
      const requestsBefore = servers.map((server) => server.requests.length)
      const latencies: Array<number> = []
      const statuses = new Map<number, number>()
      let visible = 0
      const cpuBefore = service.cpuSeconds()
      const ownCpuBefore = process.cpuUsage()
      const start = now()
      await Promise.all(Array.from({ length: PROMPTS }, async (_, i) => {
        const sent = now()
        const reply = await analyze(`run ${repeat} prompt ${i}: which running shoe brand is best for flat feet, option ${i}?`)
        latencies.push(now() - sent)
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
        if (reply.status === 200) {
          const body = JSON.parse(reply.body)
          if (Array.from({ length: PLATFORMS }, (_, n) => body[`ai_platform_${n + 1}`]).every((flag) => flag === true)) visible++
        }
      }))
      const wall = now() - start
      const cpu = service.cpuSeconds() - cpuBefore
      // This process plays the 8 platforms and the 100 clients: when it is busy, answers and
      // arrival stamps come late, and that shows in the ratio too.
      const ownCpu = process.cpuUsage(ownCpuBefore)
      latencies.sort((a, b) => a - b)
      const calls = servers.map((server, index) => server.calls - callsBefore[index]!)
      const ok = statuses.get(200) ?? 0
      checks.expect(ok === PROMPTS, `C=${concurrency} run ${repeat}: ${ok} of ${PROMPTS} analyze requests answered 200; statuses ${JSON.stringify(Object.fromEntries(statuses))}`)
      checks.expect(visible === PROMPTS, `C=${concurrency} run ${repeat}: ${visible} of ${PROMPTS} answers visible on all ${PLATFORMS} platforms`)
      checks.expect(calls.every((count) => count === PROMPTS), `C=${concurrency} run ${repeat}: calls per engine ${calls.join(",")} (expected ${PROMPTS} each)`)
      checks.expect(servers.every((server) => server.maxInFlight <= concurrency), `C=${concurrency} run ${repeat}: max in flight per engine ${servers.map((server) => server.maxInFlight).join(",")} (over C = ${concurrency})`)
      const ratio = wall / bound
      // When each wave of C calls reached the platforms (latest over the 8 servers), from the start.
      const arrivals = servers.map((server, index) => server.requests.slice(requestsBefore[index]).map((r) => r.arrivedAt - start).sort((a, b) => a - b))
      const waves = Array.from({ length: Math.ceil(PROMPTS / concurrency) }, (_, k) =>
        Math.max(...arrivals.map((times) => times[k * concurrency] ?? Number.NaN)))
      // How long each wave took to go out (its first to its last call, over the 8 servers): a wave
      // that goes out over 150 ms ends 150 ms late however fast its first call left.
      const spans = Array.from({ length: Math.ceil(PROMPTS / concurrency) }, (_, k) => {
        const last = Math.min((k + 1) * concurrency, PROMPTS) - 1
        return Math.max(...arrivals.map((times) => times[last] ?? Number.NaN)) - Math.min(...arrivals.map((times) => times[k * concurrency] ?? Number.NaN))
      })
      const lastArrival = Math.max(...arrivals.map((times) => times[times.length - 1] ?? Number.NaN))
      ratios.push(ratio)
      rows.push({
        C: concurrency,
        run: repeat,
        ok_200: `${ok}/${PROMPTS}`,
        all_visible: visible,
        calls_per_server: [...new Set(calls)].join("/"),
        max_in_flight: servers.map((server) => server.maxInFlight).join(","),
        wall_ms: Math.round(wall),
        bound_ms: bound,
        ratio: +ratio.toFixed(3),
        wave_starts_ms: waves.map((t) => Math.round(t)).join("/"),
        wave_spans_ms: spans.map((t) => Math.round(t)).join("/"),
        tail_ms: Math.round(wall - lastArrival - DELAY_MS),
        service_cpu_ms: Math.round(cpu * 1000),
        bench_cpu_ms: Math.round((ownCpu.user + ownCpu.system) / 1000),
        p50_ms: Math.round(percentile(latencies, 50)),
        p99_ms: Math.round(percentile(latencies, 99))
      })
    }
    report(rows)
    return { concurrency, bound, medianRatio: median(ratios) }
  } finally {
    await service?.stop()
    agent.destroy()
    await Promise.all(servers.map((server) => server.close()))
    await db.drop()
  }
}

export const run = async () => {
  const summary: Array<Record<string, string | number>> = []
  const checks = new Checks("visibility-fanout")
  for (const concurrency of CONCURRENCIES) {
    const result = await runConcurrency(concurrency, checks)
    summary.push({
      C: result.concurrency,
      bound_ms: result.bound,
      median_ratio: +result.medianRatio.toFixed(3),
      target: "<= 1.1"
    })
  }
  report(summary)
  console.log(`load average at the end (1/5/15 min, 2 cores; other work on the machine skews figures): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
  for (const row of summary) console.log(`fan-out wall / bound, C=${row.C}: median ${row.median_ratio} (target <= 1.1)`)
  checks.enforce()
}
