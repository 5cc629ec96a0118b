/**
 * Visit webhook (`POST /api/ai-recommendation-store`) requests per second: the service (a child
 * process on a scratch database) against a bare Fastify + `pg` handler doing one INSERT of the
 * visit row (`bench/bare-webhook-server.mjs`, another child process, same database), in the same
 * run. Every post carries a GPTBot user agent and a page URL of its own (a distinct path per
 * request), so the service records each as a new visit rather than a duplicate.
 *
 * Closed loop with N keep-alive connections sending back to back (2 s warm-up, 8 s measured),
 * service and baseline interleaved A B A B so drift cancels; the figure is the median
 * service/baseline ratio of requests per second (target >= 1.0x). Then an open-loop run at
 * half the service's best median rate, latencies counted from each request's scheduled time
 * (target p99 <= 20 ms). Per request: CPU of the server process and of PostgreSQL (all
 * `postgres` processes, from /proc) and of this load generator.
 *
 * Afterwards the log must hold exactly one `BotVisited` event per successful service answer
 * (no lost visits, nothing recorded twice), and `bare_visits` one row per baseline success.
 *
 * Env: BENCH_WEBHOOK_CONNECTIONS (default 32,128), BENCH_WEBHOOK_ROUNDS (3),
 * BENCH_WEBHOOK_WARMUP_MS (2000), BENCH_WEBHOOK_MEASURE_MS (8000), BENCH_WEBHOOK_SKIP_OPEN=1,
 * BENCH_WEBHOOK_ONLY_SERVICE=1 (no baseline: e.g. under BENCH_CPU_PROF), BENCH_WEBHOOK_USER_AGENT (a
 * browser's measures the webhook path that records nothing).
 */
import { readFileSync } from "node:fs"
import http from "node:http"
import { loadavg } from "node:os"
import pg from "pg"
import { type Child, expectStatus, send, SERVICE_KEY, startChild, startService } from "./processes.ts"
import { type Drive, measure, type Measured } from "./load.ts"
import { now, percentile, report, scratchDatabase } from "./support.ts"

const CONNECTIONS = (process.env.BENCH_WEBHOOK_CONNECTIONS ?? "32,128").split(",").map(Number)
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3)
const WARMUP_MS = Number(process.env.BENCH_WEBHOOK_WARMUP_MS ?? 2_000)
const MEASURE_MS = Number(process.env.BENCH_WEBHOOK_MEASURE_MS ?? 8_000)
const SKIP_OPEN = process.env.BENCH_WEBHOOK_SKIP_OPEN === "1"
const ONLY_SERVICE = process.env.BENCH_WEBHOOK_ONLY_SERVICE === "1"
const BUSINESS = "bench-shoes"
const PATH = "/api/ai-recommendation-store"
/** A browser's user agent here (`BENCH_WEBHOOK_USER_AGENT`) measures the path that records nothing ("ignored"). */
const USER_AGENT = process.env.BENCH_WEBHOOK_USER_AGENT ??
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** Outcomes of the posts sent to one target, over the whole run (warm-ups included). */
interface Tally {
  success: number
  /** 200 "ignored": the user agent is no AI crawler, nothing recorded. */
  ignored: number
  /** 503 projection_lagging: recorded, but the answer did not wait for the count. */
  lagging: number
  other: number
  firstError: string | undefined
}
const newTally = (): Tally => ({ success: 0, ignored: 0, lagging: 0, other: 0, firstError: undefined })

/** Distinct page per request, across every target and phase. */
let sequence = 0
const nextBody = () =>
  Buffer.from(JSON.stringify({
    business_id: BUSINESS,
    page_url: `https://bench-shoes.example/guides/page-${++sequence}/`,
    page_type: "ai_site",
    page_title: "Running shoes for flat feet",
    user_agent: USER_AGENT
  }))

/** One POST over `agent`; resolves true on a 200 (recorded, or ignored for a browser's user agent). */
const post = (agent: http.Agent, port: number, tally: Tally) =>
  new Promise<boolean>((resolve) => {
    const payload = nextBody()
    const request = http.request(
      {
        agent,
        host: "127.0.0.1",
        port,
        method: "POST",
        path: PATH,
        headers: { "content-type": "application/json", "content-length": payload.length }
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8")
          const ok = response.statusCode === 200
          if (ok && body.includes('"status":"success"')) tally.success++
          else if (ok && body.includes('"status":"ignored"')) tally.ignored++
          else if (response.statusCode === 503 && body.includes("projection_lagging")) tally.lagging++
          else {
            tally.other++
            tally.firstError ??= `${response.statusCode}: ${body.slice(0, 300)}`
          }
          resolve(ok)
        })
        response.on("error", (error) => {
          tally.other++
          tally.firstError ??= String(error)
          resolve(false)
        })
      }
    )
    request.on("error", (error) => {
      tally.other++
      tally.firstError ??= String(error)
      resolve(false)
    })
    // Bounded: a request that gets no answer in 20 s counts as an error.
    request.setTimeout(20_000, () => request.destroy(new Error("no answer in 20 s")))
    request.end(payload)
  })


/** Closed loop: `connections` workers, each sending its next request when the last answered. */
const closedLoop = (port: number, connections: number, tally: Tally): Drive => (agent, until, record, sink) => {
  let requests = 0
  let errors = 0
  const worker = async () => {
    while (now() < until) {
      const start = now()
      const ok = await post(agent, port, tally)
      if (record) sink.push(now() - start)
      requests++
      if (!ok) errors++
    }
  }
  return Promise.all(Array.from({ length: connections }, worker)).then(() => ({ requests, errors }))
}

/**
 * Open loop: request i is due at `i / rate` seconds after the start, whatever happened to the
 * earlier ones; its latency counts from when it was due (no coordinated omission).
 */
const openLoop = (port: number, ratePerSecond: number, tally: Tally): Drive => (agent, until, record, sink) =>
  new Promise((resolve) => {
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
        post(agent, port, tally).then((ok) => {
          if (record) sink.push(now() - due)
          if (!ok) errors++
          settled++
          if (settled === total) resolve({ requests: total, errors })
        })
      }
      if (issued < total) setTimeout(tick, 1)
    }
    if (total === 0) resolve({ requests: 0, errors: 0 })
    else tick()
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

const CREATE_BARE_TABLE = `
  CREATE TABLE bare_visits (
    id bigserial PRIMARY KEY,
    business_id text NOT NULL,
    item_id text,
    page_url text NOT NULL,
    page_type text NOT NULL,
    page_title text,
    user_agent text NOT NULL,
    ip_address text,
    referrer text,
    platform text NOT NULL,
    platform_name text NOT NULL,
    kind text NOT NULL,
    token text NOT NULL,
    verified boolean NOT NULL,
    source text NOT NULL,
    visited_at timestamptz NOT NULL,
    data jsonb NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now()
  )`

export const run = async () => {
  const db = await scratchDatabase("webhook")
  const children: Array<Child> = []
  const client = new pg.Client({ connectionString: db.url })
  try {
    const service = await startService("webhook-service", { DATABASE_URL: db.url, WEBHOOK_RATE_LIMIT_PER_MINUTE: "100000000" })
    children.push(service)
    await client.connect()
    await client.query(CREATE_BARE_TABLE)
    const setup = new http.Agent({ keepAlive: true })
    expectStatus(
      await send(setup, service.port, "POST", "/api/business", {
        body: { business_name: "Bench Shoes", business_url: "https://bench-shoes.example", org_slug: BUSINESS },
        key: SERVICE_KEY
      }),
      [200, 201],
      "create business"
    )
    const targets: Array<readonly [string, Child, Tally]> = [["service", service, newTally()]]
    if (!ONLY_SERVICE) {
      const bare = await startChild({ label: "bare fastify+pg", nodeArgs: ["bench/bare-webhook-server.mjs"], env: { DATABASE_URL: db.url } })
      children.push(bare)
      targets.push(["bare fastify+pg", bare, newTally()])
    }
    // Both answer the same JSON shape for a GPTBot visit.
    for (const [label, child, tally] of targets) {
      const before = tally.success + tally.ignored
      const sample = await new Promise<string>((resolve, reject) => {
        const payload = nextBody()
        const request = http.request(
          { agent: setup, host: "127.0.0.1", port: child.port, method: "POST", path: PATH, headers: { "content-type": "application/json", "content-length": payload.length } },
          (response) => {
            const chunks: Array<Buffer> = []
            response.on("data", (chunk: Buffer) => chunks.push(chunk))
            response.on("end", () => {
              const body = Buffer.concat(chunks).toString("utf8")
              if (response.statusCode === 200 && body.includes('"status":"success"')) tally.success++
              if (response.statusCode === 200 && body.includes('"status":"ignored"')) tally.ignored++
              resolve(`${response.statusCode} ${body}`)
            })
          }
        )
        request.on("error", reject)
        request.end(payload)
      })
      if (tally.success + tally.ignored !== before + 1) throw new Error(`${label}: the first visit was not recorded: ${sample}`)
      console.log(`  ${label}: ${sample}`)
    }
    setup.destroy()

    const rows: Array<Record<string, string | number>> = []
    const summary: Array<Record<string, string | number>> = []
    let bestServiceRps = 0
    for (const connections of CONNECTIONS) {
      const ratios: Array<number> = []
      const p99s: Array<number> = []
      const serviceRps: Array<number> = []
      const bareRps: Array<number> = []
      for (let round = 1; round <= ROUNDS; round++) {
        const results = new Map<string, Measured>()
        for (const [label, child, tally] of targets) {
          const measured = await measure(child, closedLoop(child.port, connections, tally), connections, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS })
          results.set(label, measured)
          rows.push(row(label, { N: connections, round }, measured))
        }
        const rps = (label: string) => {
          const m = results.get(label)!
          return m.requests / (m.wallMs / 1000)
        }
        serviceRps.push(rps("service"))
        if (!ONLY_SERVICE) {
          bareRps.push(rps("bare fastify+pg"))
          ratios.push(rps("service") / rps("bare fastify+pg"))
        }
        p99s.push(percentile(results.get("service")!.latencies, 99))
      }
      bestServiceRps = Math.max(bestServiceRps, median(serviceRps))
      summary.push({
        N: connections,
        "service rps (median)": Math.round(median(serviceRps)),
        ...(ONLY_SERVICE ? {} : {
          "bare rps (median)": Math.round(median(bareRps)),
          "median service/bare rps": +median(ratios).toFixed(3)
        }),
        "service p99 ms (median)": +median(p99s).toFixed(2),
        target: ">= 1.0"
      })
    }
    report(rows)

    // Open loop at half the service's maximum rate; the baseline at the same rate for reference.
    const rate = Math.max(1, Math.round(bestServiceRps / 2))
    const openRows: Array<Record<string, string | number>> = []
    if (!SKIP_OPEN) {
      for (const [label, child, tally] of targets) {
        const measured = await measure(child, openLoop(child.port, rate, tally), 1024, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS })
        openRows.push(row(label, { mode: "open loop", rate_per_s: rate }, measured))
      }
      report(openRows)
    }
    report(summary)

    // No lost visits: one event per successful answer (a 503 projection_lagging was recorded too).
    // The service has answered everything it was sent; its appends have committed.
    const [serviceTally, bareTally] = [targets[0]![2], targets[1]?.[2]]
    const events = Number((await client.query("SELECT count(*) AS n FROM events WHERE event_type = 'BotVisited'")).rows[0].n)
    const bareRows = bareTally === undefined ? 0 : Number((await client.query("SELECT count(*) AS n FROM bare_visits")).rows[0].n)
    const checks = [
      {
        target: "service",
        "successful answers": serviceTally.success,
        "ignored (no crawler)": serviceTally.ignored,
        "503 projection_lagging": serviceTally.lagging,
        "other errors": serviceTally.other,
        "rows in the database": events,
        "rows = successes (+ lagging)": events === serviceTally.success + serviceTally.lagging ? "yes" : "NO"
      },
      ...(bareTally === undefined ? [] : [{
        target: "bare fastify+pg",
        "successful answers": bareTally.success,
        "ignored (no crawler)": bareTally.ignored,
        "503 projection_lagging": bareTally.lagging,
        "other errors": bareTally.other,
        "rows in the database": bareRows,
        "rows = successes (+ lagging)": bareRows === bareTally.success + bareTally.lagging ? "yes" : "NO"
      }])
    ]
    report(checks)
    for (const [label, , tally] of targets) if (tally.firstError !== undefined) console.log(`  first error (${label}): ${tally.firstError}`)
    console.log(`load average at the end (1/5/15 min, ${readFileSync("/proc/cpuinfo", "utf8").match(/^processor/gm)?.length ?? "?"} cores; other work on the machine skews figures): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
    for (const line of summary) {
      if (!ONLY_SERVICE) console.log(`visit webhook, N=${line.N}: service/bare ${line["median service/bare rps"]} (target >= 1.0)`)
    }
    if (!SKIP_OPEN) console.log(`service p99 at half its max rate (${rate}/s, open loop): ${openRows[0]!.p99_ms} ms (target <= 20 ms)`)
    console.log(`visits recorded by the service: ${events} events for ${serviceTally.success} successes + ${serviceTally.lagging} lagging: ${checks[0]!["rows = successes (+ lagging)"] === "yes" ? "none lost" : "MISMATCH"}`)
  } finally {
    await client.end().catch(() => {})
    for (const child of children.reverse()) await child.stop()
    await db.drop()
  }
}
