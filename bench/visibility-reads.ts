/**
 * `GET /api/visibility-score/<slug>` reads per second: the service (a child process) against
 * a bare `node:http` + `pg` handler reading the same row (`bench/bare-visibility-server.mjs`,
 * another child process), on the same database in the same run. Closed loop with N keep-alive
 * connections sending back to back (2 s warm-up, 8 s measured), service and baseline
 * interleaved A B A B so drift cancels; the figure is the median service/baseline ratio of
 * requests per second (target ≥ 0.8×, p99 ≤ 10 ms). Then an open-loop run of the service at
 * half its best measured rate, latencies counted from each request's scheduled time.
 *
 * Also per request: the CPU time of the server process and of PostgreSQL (all `postgres`
 * processes, from /proc), which tells framework overhead from database work on a small box
 * where the load generator shares the cores.
 */
import http from "node:http"
import { loadavg } from "node:os"
import { type Child, expectStatus, send, SERVICE_KEY, startChild, startService } from "./processes.ts"
import { measure, type Measured } from "./load.ts"
import { now, percentile, report, scratchDatabase } from "./support.ts"

const CONNECTIONS = (process.env.BENCH_READS_CONNECTIONS ?? "16,64").split(",").map(Number)
const ROUNDS = Number(process.env.BENCH_READS_ROUNDS ?? 3)
const WARMUP_MS = Number(process.env.BENCH_READS_WARMUP_MS ?? 2_000)
const MEASURE_MS = Number(process.env.BENCH_READS_MEASURE_MS ?? 8_000)
/** Also run the baseline with the service's entity lookup added (a third, interleaved target). */
const WITH_ENTITY_VARIANT = process.env.BENCH_READS_WITH_ENTITY === "1"
const BUSINESS = "bench-shoes"
const PATH = `/api/visibility-score/${BUSINESS}`

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}


/** A GET over `agent` that only counts the body; resolves with the status. */
const get = (agent: http.Agent, port: number) =>
  new Promise<number>((resolve, reject) => {
    const request = http.request(
      { agent, host: "127.0.0.1", port, method: "GET", path: PATH, headers: { authorization: `Bearer ${SERVICE_KEY}` } },
      (response) => {
        response.on("data", () => {})
        response.on("end", () => resolve(response.statusCode ?? 0))
        response.on("error", reject)
      }
    )
    request.on("error", reject)
    // Bounded: a request that gets no answer in 10 s counts as an error.
    request.setTimeout(10_000, () => request.destroy(new Error("no answer in 10 s")))
    request.end()
  })


/** Closed loop: `connections` workers, each sending its next request when the last answered. */
const closedLoop = (port: number, connections: number) =>
  (agent: http.Agent, until: number, record: boolean, sink: Array<number>) => {
    let requests = 0
    let errors = 0
    const worker = async () => {
      while (now() < until) {
        const start = now()
        const status = await get(agent, port).catch(() => 0)
        if (record) sink.push(now() - start)
        requests++
        if (status !== 200) errors++
      }
    }
    return Promise.all(Array.from({ length: connections }, worker)).then(() => ({ requests, errors }))
  }

/**
 * Open loop: request i is due at `i / rate` seconds after the start, whatever happened to the
 * earlier ones; its latency counts from when it was due (no coordinated omission).
 */
const openLoop = (port: number, ratePerSecond: number) =>
  (agent: http.Agent, until: number, record: boolean, sink: Array<number>) =>
    new Promise<{ requests: number; errors: number }>((resolve) => {
      const start = now()
      const interval = 1000 / ratePerSecond
      const total = Math.floor((until - start) / interval)
      let issued = 0
      let settled = 0
      let errors = 0
      const tick = () => {
        const elapsed = now() - start
        while (issued < total && issued * interval <= elapsed) {
          const due = start + issued * interval
          issued++
          get(agent, port).catch(() => 0).then((status) => {
            if (record) sink.push(now() - due)
            if (status !== 200) errors++
            settled++
            if (settled === total) resolve({ requests: total, errors })
          })
        }
        if (issued < total) setTimeout(tick, 1)
      }
      tick()
    })

const row = (label: string, extra: Record<string, string | number>, m: Measured) => ({
  ...extra,
  target: label,
  rps: Math.round(m.requests / (m.wallMs / 1000)),
  p50_ms: +percentile(m.latencies, 50).toFixed(2),
  p99_ms: +percentile(m.latencies, 99).toFixed(2),
  errors: m.errors,
  server_cpu_us_req: m.serverCpuUsPerRequest,
  pg_cpu_us_req: m.postgresCpuUsPerRequest,
  loadgen_cpu_us_req: m.clientCpuUsPerRequest
})

export const run = async () => {
  const db = await scratchDatabase("reads")
  const children: Array<Child> = []
  try {
    const service = await startService("reads-service", { DATABASE_URL: db.url })
    children.push(service)
    const setup = new http.Agent({ keepAlive: true })
    const call = (method: string, path: string, body?: unknown) => send(setup, service.port, method, path, { body, key: SERVICE_KEY })
    expectStatus(
      await call("POST", "/api/business", { business_name: "Bench Shoes", business_url: "https://bench-shoes.example", org_slug: BUSINESS }),
      [200, 201],
      "create business"
    )
    // A score with history: three stored scores of 100 results each.
    for (let store = 0; store < 3; store++) {
      const results = Array.from({ length: 100 }, (_, i) => {
        const flags = Object.fromEntries(Array.from({ length: 8 }, (_, n) => [`ai_platform_${n + 1}`, (i * 7 + n * 3 + store * 5) % 10 < 4 + store]))
        return { prompt: `which running shoes are best for flat feet, variant ${i}?`, ...flags }
      })
      expectStatus(await call("POST", "/api/cron/store-visibility-score", { business_id: BUSINESS, results }), [200], "store score")
    }

    const bareEnv = { DATABASE_URL: db.url, SERVICE_API_KEY: SERVICE_KEY }
    const bare = await startChild({ label: "bare server", nodeArgs: ["bench/bare-visibility-server.mjs"], env: bareEnv })
    children.push(bare)
    const bareEntity = WITH_ENTITY_VARIANT
      ? await startChild({ label: "bare server + entity lookup", nodeArgs: ["bench/bare-visibility-server.mjs"], env: { ...bareEnv, BARE_ENTITY_CHECK: "1" } })
      : undefined
    if (bareEntity !== undefined) children.push(bareEntity)

    // Both answer the same JSON for the same row.
    const fromService = expectStatus(await send(setup, service.port, "GET", PATH, { key: SERVICE_KEY }), [200], "service read")
    const targets: Array<readonly [string, Child]> = [["service", service], ["bare node:http+pg", bare]]
    if (bareEntity !== undefined) targets.push(["bare + entity lookup", bareEntity])
    for (const [label, child] of targets.slice(1)) {
      const reply = expectStatus(await send(setup, child.port, "GET", PATH, { key: SERVICE_KEY }), [200], `${label} read`)
      if (JSON.stringify(JSON.parse(reply.body)) !== JSON.stringify(JSON.parse(fromService.body))) {
        throw new Error(`${label} answers ${reply.body}, the service ${fromService.body}`)
      }
    }
    setup.destroy()
    console.log(`  body (both): ${fromService.body}`)

    const rows: Array<Record<string, string | number>> = []
    const summary: Array<Record<string, string | number>> = []
    let bestServiceRps = 0
    for (const connections of CONNECTIONS) {
      const ratios: Array<number> = []
      const entityRatios: Array<number> = []
      const p99s: Array<number> = []
      const serviceRps: Array<number> = []
      for (let round = 1; round <= ROUNDS; round++) {
        const results = new Map<string, Measured>()
        for (const [label, child] of targets) {
          const measured = await measure(child, closedLoop(child.port, connections), connections, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS })
          results.set(label, measured)
          rows.push(row(label, { N: connections, round }, measured))
        }
        const rps = (label: string) => {
          const m = results.get(label)!
          return m.requests / (m.wallMs / 1000)
        }
        serviceRps.push(rps("service"))
        ratios.push(rps("service") / rps("bare node:http+pg"))
        if (bareEntity !== undefined) entityRatios.push(rps("service") / rps("bare + entity lookup"))
        p99s.push(percentile(results.get("service")!.latencies, 99))
      }
      // The service's maximum rate: the best N's median over the rounds (one lucky round is not it).
      bestServiceRps = Math.max(bestServiceRps, median(serviceRps))
      summary.push({
        N: connections,
        "service rps (median)": Math.round(median(serviceRps)),
        "median service/bare rps": +median(ratios).toFixed(3),
        ...(bareEntity !== undefined ? { "median service/(bare+entity) rps": +median(entityRatios).toFixed(3) } : {}),
        "service p99 ms (median)": +median(p99s).toFixed(2),
        target: ">= 0.8, p99 <= 10 ms"
      })
    }
    report(rows)

    // Open loop at half the service's maximum rate; the baseline at the same rate for reference.
    const rate = Math.max(1, Math.round(bestServiceRps / 2))
    const openRows: Array<Record<string, string | number>> = []
    for (const [label, child] of targets.slice(0, 2)) {
      const measured = await measure(child, openLoop(child.port, rate), 512, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS })
      openRows.push(row(label, { mode: "open loop", rate_per_s: rate }, measured))
    }
    report(openRows)
    report(summary)
    console.log(`load average at the end (1/5/15 min, 2 cores; other work on the machine skews figures): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
    for (const line of summary) {
      console.log(`visibility-score reads, N=${line.N}: service/bare ${line["median service/bare rps"]} (target >= 0.8)`)
    }
    console.log(`service p99 at half its max rate (${rate}/s, open loop): ${openRows[0]!.p99_ms} ms (target <= 10 ms)`)
  } finally {
    for (const child of children.reverse()) await child.stop()
    await db.drop()
  }
}
