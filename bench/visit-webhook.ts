/**
 * Visit webhook (`POST /api/ai-recommendation-store`) requests per second: the service (a child
 * process on a scratch database) against two bare Fastify + `pg` handlers on the same database
 * in the same run (`bench/bare-webhook-server.mjs`, child processes, a pool of 20 connections
 * each, as the service's): one INSERT of the visit row per request ("bare"), and a bare group
 * commit, one multi-row INSERT per event-loop turn ("bare, group commit"). The second tells the
 * value of batching (bare group commit / bare) from the service's own cost per visit (service /
 * bare group commit). Every post carries a GPTBot user agent and a page URL of its own (a
 * distinct path per request), so the service records each as a new visit, not a duplicate.
 * The visits are spread over `BENCH_WEBHOOK_BUSINESSES` businesses (default 1,000, all created
 * first), Zipf-like: a few hot tenants and a long tail (see `businessOf`); every target gets
 * the same mix. `BENCH_WEBHOOK_BUSINESSES=1` is the old workload, one business.
 *
 * Closed loop with N keep-alive connections sending back to back (2 s warm-up, 8 s measured),
 * targets in ABBA order over the rounds (service, bare, bare, service, ...) so drift cancels.
 * Only 2xx answers count as throughput; every other status (and socket errors, status 0) is
 * reported. The service answers before its `bot_visits` roll-up has counted the visit: after
 * each of its windows the bench waits until that projection has caught up with the log (the
 * stats read, which waits for it; `GET /health` shows pending 0 at the end), and that wait,
 * with the CPU spent in it, is inside the service's window (the `settle_ms` column); its
 * warm-up's backlog is cleared the same way before the window starts.
 *
 * Reported: every N (median over the rounds of each target's 2xx/s, the median per-round
 * ratios), and the best N of the service against the best N of each baseline. Then an
 * open-loop run, the service at half its best median rate (target p99 <= 20 ms) and each
 * baseline at half its own best (at half the service's, a service faster than a baseline drove
 * that baseline at or past its own maximum, and its p99 was a queue, not a tail), latencies
 * counted from each request's scheduled time. Beside each open-loop window, what else can make
 * its tail: the generator's lateness and the p99 counted from the send, each server's longest
 * event-loop delay and GC pause (`bench/loop-probe.mjs`), the generator's own, and the
 * checkpoints PostgreSQL started in the window (the closed loops write enough WAL to request
 * one). Per request: CPU of the server process and of PostgreSQL (all `postgres` processes, from
 * /proc) and of this load generator.
 *
 * Checks that fail the run (non-zero exit): the log holds exactly one `BotVisited` event per
 * successful service answer (no lost visits, nothing recorded twice), each bare table one row
 * per success of its handler, the roll-up counts as many visits as the log holds, and no answer
 * anywhere was other than 2xx.
 *
 * Env: BENCH_WEBHOOK_BUSINESSES (default 1000), BENCH_WEBHOOK_CONNECTIONS (default 32,128), BENCH_WEBHOOK_ROUNDS (3),
 * BENCH_WEBHOOK_WARMUP_MS (2000), BENCH_WEBHOOK_MEASURE_MS (8000), BENCH_WEBHOOK_SKIP_OPEN=1,
 * BENCH_WEBHOOK_OPEN_RATE (every target's open-loop rate; default half each one's own best),
 * BENCH_WEBHOOK_ONLY_SERVICE=1 (no baseline: e.g. under BENCH_CPU_PROF),
 * BENCH_WEBHOOK_SKIP_GROUP_COMMIT=1 (only the one-INSERT baseline), BENCH_WEBHOOK_USER_AGENT (a
 * browser's measures the webhook path that records nothing).
 *
 * Two trees in one run: BENCH_WEBHOOK_AGAINST=<dir> (another checkout of the project, built:
 * `node scripts/build.mjs` there, `node_modules` linked) adds a fourth target, "service
 * (against)", `node <dir>/dist/main.js` on a scratch database of its own (its own businesses,
 * the same mix), in the same ABBA rounds and open loops, with the same checks; each N then also
 * reports service/against, per round and the median. BENCH_WEBHOOK_SERVICE_DIR=<dir> runs the
 * service itself from another tree the same way (so neither side is the working tree's
 * `dist/`). BENCH_WEBHOOK_OPEN_ROUNDS (default 1) repeats the open loop, targets in ABBA order
 * over the repeats, each at the same rate; each repeat is a row and the summary takes the
 * median p99 per target.
 */
import { readFileSync } from "node:fs"
import http from "node:http"
import { loadavg } from "node:os"
import pg from "pg"
import { type Child, expectStatus, type ProbeReading, send, SERVICE_KEY, startChild, startService } from "./processes.ts"
import { abba, closedLoop, measure, type Measured, openLoop, type OpenLoopSplit, selfProbe } from "./load.ts"
import { Checks, median, now, percentile, report, scratchDatabase, statusText } from "./support.ts"

const CONNECTIONS = (process.env.BENCH_WEBHOOK_CONNECTIONS ?? "32,128").split(",").map(Number)
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3)
const WARMUP_MS = Number(process.env.BENCH_WEBHOOK_WARMUP_MS ?? 2_000)
const MEASURE_MS = Number(process.env.BENCH_WEBHOOK_MEASURE_MS ?? 8_000)
const SKIP_OPEN = process.env.BENCH_WEBHOOK_SKIP_OPEN === "1"
const OPEN_RATE = process.env.BENCH_WEBHOOK_OPEN_RATE === undefined ? undefined : Number(process.env.BENCH_WEBHOOK_OPEN_RATE)
const ONLY_SERVICE = process.env.BENCH_WEBHOOK_ONLY_SERVICE === "1"
const SKIP_GROUP_COMMIT = process.env.BENCH_WEBHOOK_SKIP_GROUP_COMMIT === "1"
const AGAINST_DIR = process.env.BENCH_WEBHOOK_AGAINST
const SERVICE_DIR = process.env.BENCH_WEBHOOK_SERVICE_DIR
const OPEN_ROUNDS = Math.max(1, Number(process.env.BENCH_WEBHOOK_OPEN_ROUNDS ?? 1))
export const WEBHOOK_BUSINESS = "bench-shoes"
const BUSINESS = WEBHOOK_BUSINESS
const PATH = "/api/ai-recommendation-store"
/** A browser's user agent here (`BENCH_WEBHOOK_USER_AGENT`) measures the path that records nothing ("ignored"). */
const USER_AGENT = process.env.BENCH_WEBHOOK_USER_AGENT ??
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"

/** Outcomes of the posts sent to one target, over the whole run (warm-ups included). */
export interface Tally {
  success: number
  /** 200 "ignored": the user agent is no AI crawler, nothing recorded. */
  ignored: number
  /** 503 projection_lagging: recorded, but the answer did not wait for the count. */
  lagging: number
  other: number
  firstError: string | undefined
}
export const newTally = (): Tally => ({ success: 0, ignored: 0, lagging: 0, other: 0, firstError: undefined })

/**
 * The businesses the visits go to: `BENCH_WEBHOOK_BUSINESSES` (default 1,000; 1 is the old
 * single-business workload). The first is `bench-shoes`, the others `bench-biz-0002`, ...
 */
const BUSINESSES = Math.max(1, Number(process.env.BENCH_WEBHOOK_BUSINESSES ?? 1_000))
export const webhookBusinesses = (count = BUSINESSES) =>
  Array.from({ length: count }, (_, i) => i === 0 ? WEBHOOK_BUSINESS : `bench-biz-${String(i + 1).padStart(4, "0")}`)
const BUSINESS_IDS = webhookBusinesses()

/**
 * Zipf-like mix (exponent 1): the business of rank k gets a share proportional to 1/k, so with
 * 1,000 businesses the first takes 13%, the first 10 together 39%, and half the visits go to
 * the long tail beyond rank 40. The choice is a function of the request's sequence number (a
 * fixed hash, no random state), so every target gets the same mix of bodies.
 */
const cumulative = (() => {
  const weights = BUSINESS_IDS.map((_, k) => 1 / (k + 1))
  const total = weights.reduce((a, b) => a + b, 0)
  let sum = 0
  return weights.map((w) => (sum += w / total))
})()
const businessOf = (n: number) => {
  // A 32-bit integer hash of n, as a fraction in [0, 1).
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b)
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b)
  const u = ((x ^ (x >>> 16)) >>> 0) / 2 ** 32
  let lo = 0
  let hi = cumulative.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (cumulative[mid]! > u) hi = mid
    else lo = mid + 1
  }
  return BUSINESS_IDS[lo]!
}

/** Distinct page per request, across every target and phase; `business` fixed, or the mix. */
let sequence = 0
const nextBody = (business?: string) => {
  const n = ++sequence
  return Buffer.from(JSON.stringify({
    business_id: business ?? businessOf(n),
    page_url: `https://bench-shoes.example/guides/page-${n}/`,
    page_type: "ai_site",
    page_title: "Running shoes for flat feet",
    user_agent: USER_AGENT
  }))
}

/**
 * One POST over `agent`; resolves with the status (0 for a socket error or timeout), tallied.
 * The visit is of `business`, or of the mix over `BENCH_WEBHOOK_BUSINESSES` when none is given.
 */
export const post = (agent: http.Agent, port: number, tally: Tally, business?: string) =>
  new Promise<number>((resolve) => {
    const payload = nextBody(business)
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
          const status = response.statusCode ?? 0
          if (status === 200 && body.includes('"status":"success"')) tally.success++
          else if (status === 200 && body.includes('"status":"ignored"')) tally.ignored++
          else if (status === 503 && body.includes("projection_lagging")) tally.lagging++
          else {
            tally.other++
            tally.firstError ??= `${status}: ${body.slice(0, 300)}`
          }
          // A 200 that is neither "success" nor "ignored" counts as throughput here, but as
          // `other` in the tally, which fails the run's checks.
          resolve(status)
        })
        response.on("error", (error) => {
          tally.other++
          tally.firstError ??= String(error)
          resolve(0)
        })
      }
    )
    request.on("error", (error) => {
      tally.other++
      tally.firstError ??= String(error)
      resolve(0)
    })
    // Bounded: a request that gets no answer in 20 s counts as an error (status 0).
    request.setTimeout(20_000, () => request.destroy(new Error("no answer in 20 s")))
    request.end(payload)
  })

/**
 * Waits until the service's `bot_visits` roll-up has counted every visit committed so far. It
 * asks the service's own read-your-writes read: `GET /api/bot-visits/<business>/stats` first
 * waits for that projection to pass the log's last commit, then answers 200 (or 503
 * projection_lagging after its wait's bound: asked again). `GET /health` is no use as the timer:
 * its projections' status is cached for 1 s, which would bill up to a second of idle time to the
 * service; it confirms the catch-up at the end of the run instead (`healthShowsCaughtUp`).
 * Throws after `timeoutMs`.
 */
export const rollUpCaughtUp = (agent: http.Agent, port: number, timeoutMs = 120_000) => async () => {
  const deadline = now() + timeoutMs
  for (;;) {
    const reply = await send(agent, port, "GET", `/api/bot-visits/${BUSINESS}/stats?days=1`, { key: SERVICE_KEY }).catch((error: Error) => ({ status: 0, body: error.message }))
    if (reply.status === 200) return
    if (!(reply.status === 503 && reply.body.includes("projection_lagging"))) throw new Error(`stats read while waiting for the roll-up: ${reply.status} ${reply.body.slice(0, 300)}`)
    if (now() > deadline) throw new Error(`bot_visits still behind after ${timeoutMs / 1000} s`)
  }
}

/** True once `GET /health` shows `bot_visits` with no pending event (polled up to `timeoutMs`). */
export const healthShowsCaughtUp = async (agent: http.Agent, port: number, timeoutMs = 30_000) => {
  const deadline = now() + timeoutMs
  for (;;) {
    const reply = await send(agent, port, "GET", "/health").catch(() => undefined)
    if (reply !== undefined && (reply.status === 200 || reply.status === 503)) {
      const projections = (JSON.parse(reply.body) as { projections?: Array<{ name: string; pending_events: number }> }).projections ?? []
      if (projections.find((p) => p.name === "bot_visits")?.pending_events === 0) return true
    }
    if (now() > deadline) return false
    await new Promise<void>((resolve) => setTimeout(resolve, 200))
  }
}

const row = (label: string, extra: Record<string, string | number>, m: Measured) => ({
  ...extra,
  target: label,
  ok_per_s: Math.round(m.okPerSecond),
  p50_ms: +percentile(m.latencies, 50).toFixed(2),
  p99_ms: +percentile(m.latencies, 99).toFixed(2),
  non_2xx: m.errors,
  settle_ms: Math.round(m.settleMs),
  server_cpu_us_req: m.serverCpuUsPerRequest,
  pg_cpu_us_req: m.postgresCpuUsPerRequest,
  loadgen_cpu_us_req: m.clientCpuUsPerRequest
})

const createBareTable = (name: string) => `
  CREATE TABLE ${name} (
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


/**
 * `measure`'s `settle` hook as a probe window around the measured load: the target's own settle
 * (the service's roll-up) first, then the server's and the generator's probes reset; at the end
 * of the load the probes read, then the target's settle. The probes' IPC is inside the window's
 * wall time, not its latencies.
 */
const probeWindow = (child: Child, self: ReturnType<typeof selfProbe>, settle: (() => Promise<void>) | undefined) => {
  let phase = 0
  let server: ProbeReading | undefined
  let generator: ReturnType<typeof self.read> | undefined
  return {
    settle: async () => {
      if (phase++ === 0) {
        await settle?.()
        self.reset()
        await child.probe?.reset()
      } else {
        generator = self.read()
        server = await child.probe?.read()
        await settle?.()
      }
    },
    server: () => server,
    generator: () => generator
  }
}

/** Checkpoints the server has started so far (timed and requested; PostgreSQL 17 moved them). */
const checkpointsStarted = async (client: pg.Client) => {
  const view = (await client.query("SELECT to_regclass('pg_catalog.pg_stat_checkpointer') IS NOT NULL AS moved")).rows[0].moved === true
    ? "SELECT num_timed + num_requested AS n FROM pg_stat_checkpointer"
    : "SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter"
  return Number((await client.query(view)).rows[0].n)
}

/**
 * An open-loop row: `row`'s columns, then what else can make the tail. `gen_lag_p99_ms` (how late
 * the generator sent) and `p99_from_send_ms` (the p99 without that lateness): a tail with as
 * much lag is the generator's or the machine's. `loop_max_ms` and `gc_max_ms`, the server's
 * longest event-loop delay and GC pause, beside the generator's (`gen_loop_max_ms`): a delay on
 * both at once is the machine's (a process waiting for a core), on the server alone its own.
 * `gcs`, `gc_ms`, `major_gcs`: the server's collections in the window, their pauses' sum, and
 * how many were major (at one rate, fewer collections mean less allocated per visit).
 * `checkpoints`: checkpoints PostgreSQL started in the window (its writes, and the full-page
 * images in the WAL after it, slow every commit).
 */
const openRow = (
  label: string,
  extra: Record<string, string | number>,
  m: Measured,
  split: OpenLoopSplit,
  window: ReturnType<typeof probeWindow>,
  checkpoints: number
) => {
  const lag = [...split.lag].sort((a, b) => a - b)
  const fromSend = [...split.fromSend].sort((a, b) => a - b)
  const server = window.server()
  const generator = window.generator()
  return {
    ...row(label, extra, m),
    p999_ms: +percentile(m.latencies, 99.9).toFixed(2),
    max_ms: +(m.latencies.at(-1) ?? Number.NaN).toFixed(2),
    gen_lag_p99_ms: +percentile(lag, 99).toFixed(2),
    p99_from_send_ms: +percentile(fromSend, 99).toFixed(2),
    loop_max_ms: server?.loopMaxMs ?? Number.NaN,
    gc_max_ms: server?.gcMaxMs ?? Number.NaN,
    gcs: server?.gcCount ?? Number.NaN,
    gc_ms: server?.gcMs ?? Number.NaN,
    major_gcs: server?.majorGcs ?? Number.NaN,
    gen_loop_max_ms: generator?.loopMaxMs ?? Number.NaN,
    gen_gc_max_ms: generator?.gcMaxMs ?? Number.NaN,
    checkpoints
  }
}

const SERVICE = "service"
const AGAINST = "service (against)"
const BARE = "bare fastify+pg"
const BATCHED = "bare fastify+pg, group commit"

interface Target {
  readonly label: string
  readonly child: Child
  readonly tally: Tally
  /** The bare handler's table; none for a service. */
  readonly table: string | undefined
  /** A service's scratch database (its log and roll-up are checked); none for a bare handler. */
  readonly db: { readonly url: string; readonly client: pg.Client } | undefined
  /** Background work to wait for at the end of the window (the service's roll-up). */
  readonly settle: (() => Promise<void>) | undefined
  /** 2xx answers over every window, and the other statuses by status (open loop included). */
  readonly statuses: Record<string, number>
}

const orderLetter = (target: Target) =>
  target.label === SERVICE ? "S" : target.label === AGAINST ? "A" : target.label === BARE ? "B" : "G"

const addStatuses = (into: Record<string, number>, from: Readonly<Record<string, number>>) => {
  for (const [status, n] of Object.entries(from)) into[status] = (into[status] ?? 0) + n
}

/**
 * The service run from another checkout of the project (`<dir>/dist/main.js`, built there), with
 * the environment `startService` gives it.
 */
const startServiceFrom = (dir: string, label: string, env: Record<string, string>) =>
  startChild({ label, nodeArgs: [`${dir}/dist/main.js`], env: { SERVICE_API_KEYS: SERVICE_KEY, SCHEDULER_CRON: "off", ...env }, probe: true })

export const run = async () => {
  const db = await scratchDatabase("webhook")
  const againstDb = AGAINST_DIR === undefined ? undefined : await scratchDatabase("webhook_against")
  const children: Array<Child> = []
  const client = new pg.Client({ connectionString: db.url })
  const againstClient = againstDb === undefined ? undefined : new pg.Client({ connectionString: againstDb.url })
  const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const checks = new Checks("visit-webhook")
  try {
    const serviceEnv = (url: string) => ({ DATABASE_URL: url, WEBHOOK_RATE_LIMIT_PER_MINUTE: "100000000" })
    const service = SERVICE_DIR === undefined
      ? await startService("webhook-service", serviceEnv(db.url), undefined, { probe: true })
      : await startServiceFrom(SERVICE_DIR, "webhook-service", serviceEnv(db.url))
    children.push(service)
    await client.connect()
    const against = againstDb === undefined ? undefined : await startServiceFrom(AGAINST_DIR!, "webhook-service-against", serviceEnv(againstDb.url))
    if (against !== undefined) children.push(against)
    await againstClient?.connect()
    const setup = new http.Agent({ keepAlive: true })
    const createStart = now()
    for (const { port } of against === undefined ? [service] : [service, against]) {
      for (let from = 0; from < BUSINESS_IDS.length; from += 16) {
        await Promise.all(BUSINESS_IDS.slice(from, from + 16).map(async (id, i) =>
          expectStatus(
            await send(setup, port, "POST", "/api/business", {
              body: from + i === 0
                ? { business_name: "Bench Shoes", business_url: "https://bench-shoes.example", org_slug: id }
                : { business_name: `Bench Business ${from + i + 1}`, business_url: `https://${id}.example`, org_slug: id },
              key: SERVICE_KEY
            }),
            [200, 201],
            `create business ${id}`
          )
        ))
      }
    }
    console.log(`  ${BUSINESS_IDS.length} businesses created in ${((now() - createStart) / 1000).toFixed(1)} s; visits spread over them, Zipf-like (rank k gets 1/k)`)
    const targets: Array<Target> = [
      { label: SERVICE, child: service, tally: newTally(), table: undefined, db: { url: db.url, client }, settle: rollUpCaughtUp(healthAgent, service.port), statuses: {} },
      ...(against === undefined ? [] : [{
        label: AGAINST,
        child: against,
        tally: newTally(),
        table: undefined,
        db: { url: againstDb!.url, client: againstClient! },
        settle: rollUpCaughtUp(healthAgent, against.port),
        statuses: {}
      }])
    ]
    const bares: Array<readonly [string, string, Record<string, string>]> = ONLY_SERVICE
      ? []
      : [[BARE, "bare_visits", {}], ...(SKIP_GROUP_COMMIT ? [] : [[BATCHED, "bare_visits_batched", { BARE_GROUP_COMMIT: "1" }] as const])]
    for (const [label, table, env] of bares) {
      await client.query(createBareTable(table))
      const bare = await startChild({ label, nodeArgs: ["bench/bare-webhook-server.mjs"], env: { DATABASE_URL: db.url, BARE_TABLE: table, ...env }, probe: true })
      children.push(bare)
      targets.push({ label, child: bare, tally: newTally(), table, db: undefined, settle: undefined, statuses: {} })
    }
    // Each answers the same JSON shape for a GPTBot visit.
    for (const { label, child, tally } of targets) {
      const before = tally.success + tally.ignored
      const status = await post(setup, child.port, tally)
      if (tally.success + tally.ignored !== before + 1) throw new Error(`${label}: the first visit was not recorded: ${status} ${tally.firstError ?? ""}`)
      console.log(`  ${label}: first visit answered ${status} (${tally.success === before + 1 ? "success" : "ignored"})`)
    }
    setup.destroy()

    const rows: Array<Record<string, string | number>> = []
    const summary: Array<Record<string, string | number>> = []
    /** Per target: N -> median 2xx/s over the rounds. */
    const medians = new Map<string, Map<number, number>>(targets.map((t) => [t.label, new Map()]))
    for (const connections of CONNECTIONS) {
      const perTarget = new Map<string, Array<number>>(targets.map((t) => [t.label, []]))
      const ratios = new Map<string, Array<number>>()
      const ratio = (key: string, value: number) => ratios.set(key, [...(ratios.get(key) ?? []), value])
      const p99s: Array<number> = []
      for (let round = 1; round <= ROUNDS; round++) {
        const results = new Map<string, Measured>()
        for (const target of abba(targets, round)) {
          const { label, child, tally, settle } = target
          const drive = closedLoop(connections, (agent) => post(agent, child.port, tally))
          const measured = await measure(child, drive, connections, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS }, settle)
          addStatuses(target.statuses, measured.statuses)
          results.set(label, measured)
          perTarget.get(label)!.push(measured.okPerSecond)
          rows.push(row(label, { N: connections, round, order: abba(targets, round).map(orderLetter).join("") }, measured))
        }
        const rate = (label: string) => results.get(label)!.okPerSecond
        if (results.has(AGAINST)) ratio("service/against", rate(SERVICE) / rate(AGAINST))
        if (results.has(BARE)) ratio("service/bare", rate(SERVICE) / rate(BARE))
        if (results.has(BATCHED)) {
          ratio("service/group", rate(SERVICE) / rate(BATCHED))
          ratio("group/bare", rate(BATCHED) / rate(BARE))
        }
        p99s.push(percentile(results.get(SERVICE)!.latencies, 99))
      }
      for (const [label, values] of perTarget) medians.get(label)!.set(connections, median(values))
      const r = (key: string) => ratios.has(key) ? +median(ratios.get(key)!).toFixed(3) : "-"
      summary.push({
        N: connections,
        "service 2xx/s (median)": Math.round(median(perTarget.get(SERVICE)!)),
        ...(perTarget.has(BARE) ? { "bare 2xx/s": Math.round(median(perTarget.get(BARE)!)) } : {}),
        ...(perTarget.has(BATCHED) ? { "bare group 2xx/s": Math.round(median(perTarget.get(BATCHED)!)) } : {}),
        ...(perTarget.has(BARE) ? { "service/bare (median of rounds)": r("service/bare") } : {}),
        ...(perTarget.has(BATCHED) ? { "service/bare group": r("service/group"), "bare group/bare": r("group/bare") } : {}),
        "service p99 ms (median)": +median(p99s).toFixed(2),
        ...(ratios.has("service/against")
          ? {
            "service/against": r("service/against"),
            "service/against per round": ratios.get("service/against")!.map((x) => x.toFixed(3)).join(" "),
            "against 2xx/s": Math.round(median(perTarget.get(AGAINST)!)),
            "against/bare": perTarget.has(BARE) ? +(median(perTarget.get(AGAINST)!) / median(perTarget.get(BARE)!)).toFixed(3) : "-"
          }
          : {})
      })
    }
    report(rows)

    // Best N against best N: each target's best median over the Ns.
    const best = (label: string) => {
      let top: readonly [number, number] = [Number.NaN, 0]
      for (const [n, rate] of medians.get(label) ?? []) if (rate > top[1]) top = [n, rate]
      return { n: top[0], rate: top[1] }
    }
    const bestService = best(SERVICE)
    const bestRows = targets.map(({ label }) => {
      const b = best(label)
      return {
        target: label,
        "best N": b.n,
        "2xx/s at best N (median of rounds)": Math.round(b.rate),
        "service best / this best": +(bestService.rate / b.rate).toFixed(3)
      }
    })

    // Open loop: the service at half its maximum rate, each baseline at half its own (or every
    // target at BENCH_WEBHOOK_OPEN_RATE, to compare two trees at one rate).
    const rate = OPEN_RATE ?? Math.max(1, Math.round(bestService.rate / 2))
    const rateOf = (label: string) => OPEN_RATE ?? Math.max(1, Math.round(best(label).rate / 2))
    const openRows: Array<Record<string, string | number>> = []
    /** Per target: the open loop's p99 of each repeat. */
    const openP99s = new Map<string, Array<number>>(targets.map((t) => [t.label, []]))
    if (!SKIP_OPEN) {
      const self = selfProbe()
      try {
        for (let round = 1; round <= OPEN_ROUNDS; round++) {
          for (const target of abba(targets, round)) {
            const { label, child, tally, settle } = target
            const own = rateOf(label)
            const split: OpenLoopSplit = { lag: [], fromSend: [] }
            const window = probeWindow(child, self, settle)
            const checkpoints = await checkpointsStarted(client)
            const measured = await measure(child, openLoop(own, (agent) => post(agent, child.port, tally), split), 1024, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS }, window.settle)
            const checkpointsInWindow = await checkpointsStarted(client) - checkpoints
            addStatuses(target.statuses, measured.statuses)
            openP99s.get(label)!.push(percentile(measured.latencies, 99))
            openRows.push(openRow(label, { mode: "open loop", round, rate_per_s: own, of_own_best: +(own / best(label).rate).toFixed(2) }, measured, split, window, checkpointsInWindow))
          }
        }
      } finally {
        self.stop()
      }
      report(openRows)
    }
    report(summary)
    report(bestRows)

    // No lost visits: one event per successful answer. The service has answered everything it
    // was sent, its appends have committed, and its roll-up has caught up.
    /** Per service target: the `BotVisited` events its log holds, and what its roll-up counts. */
    const logs = new Map<string, { events: number; rolledUp: number }>()
    for (const { label, child, db: own } of targets) {
      if (own === undefined) continue
      const events = Number((await own.client.query("SELECT count(*) AS n FROM events WHERE event_type = 'BotVisited'")).rows[0].n)
      await rollUpCaughtUp(healthAgent, child.port)()
      checks.expect(await healthShowsCaughtUp(healthAgent, child.port), `${label}: GET /health still shows bot_visits events pending 30 s after the stats read said it had caught up`)
      const rolledUp = Number((await own.client.query("SELECT coalesce(sum(visits), 0) AS n FROM bot_visit_days")).rows[0].n)
      checks.expect(rolledUp === events, `${label}: the bot_visits roll-up counts ${rolledUp} visits, the log holds ${events}`)
      logs.set(label, { events, rolledUp })
    }
    const { events, rolledUp } = logs.get(SERVICE)!
    const checkRows: Array<Record<string, string | number>> = []
    for (const { label, tally, table, statuses } of targets) {
      const stored = table === undefined ? logs.get(label)!.events : Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)
      const nonOk = Object.entries(statuses).filter(([status]) => !(Number(status) >= 200 && Number(status) < 300))
      checkRows.push({
        target: label,
        "successful answers": tally.success,
        "ignored (no crawler)": tally.ignored,
        "503 projection_lagging": tally.lagging,
        "other answers": tally.other,
        "statuses (load windows)": statusText(statuses),
        "rows in the database": stored,
        "rows = successes": stored === tally.success ? "yes" : "NO"
      })
      checks.expect(stored === tally.success, `${label}: ${stored} rows for ${tally.success} successful answers (lost or doubled visits)`)
      checks.expect(tally.lagging === 0 && tally.other === 0, `${label}: ${tally.lagging} projection_lagging and ${tally.other} other answers (only "success"/"ignored" expected); first: ${tally.firstError ?? "-"}`)
      checks.expect(nonOk.length === 0, `${label}: answers other than 2xx under load: ${statusText(Object.fromEntries(nonOk))}`)
    }
    report(checkRows)
    for (const { label, tally } of targets) if (tally.firstError !== undefined) console.log(`  first error (${label}): ${tally.firstError}`)
    console.log(`load average at the end (1/5/15 min, ${readFileSync("/proc/cpuinfo", "utf8").match(/^processor/gm)?.length ?? "?"} cores; other work on the machine skews figures): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
    for (const line of summary) {
      if (line["service/against"] !== undefined) console.log(`visit webhook, N=${line.N}: service/against ${line["service/against"]} (per round ${line["service/against per round"]})`)
      if (!ONLY_SERVICE) console.log(`visit webhook, N=${line.N}: service/bare ${line["service/bare (median of rounds)"]}${SKIP_GROUP_COMMIT ? "" : `, service/bare group commit ${line["service/bare group"]}, bare group/bare ${line["bare group/bare"]}`}`)
    }
    for (const line of bestRows.slice(1)) console.log(`visit webhook, best N against best N: service (N=${bestService.n}) / ${line.target} (N=${line["best N"]}) ${line["service best / this best"]}`)
    if (!SKIP_OPEN) {
      const p99Of = (label: string) => +median(openP99s.get(label)!).toFixed(2)
      const each = OPEN_ROUNDS > 1 ? ` (median of ${OPEN_ROUNDS} repeats: ${openP99s.get(SERVICE)!.map((x) => x.toFixed(1)).join(", ")})` : ""
      console.log(`service p99 at ${OPEN_RATE === undefined ? "half its max rate" : "the rate set"} (${rate}/s, open loop): ${p99Of(SERVICE)} ms${each} (target <= 20 ms)`)
      for (const { label } of targets.filter((t) => t.table !== undefined)) console.log(`${label} p99 at ${OPEN_RATE === undefined ? "half its own max rate" : "the rate set"} (${rateOf(label)}/s, open loop): ${p99Of(label)} ms`)
      if (openP99s.has(AGAINST)) console.log(`service (against) p99 at the same rate: ${p99Of(AGAINST)} ms (repeats: ${openP99s.get(AGAINST)!.map((x) => x.toFixed(1)).join(", ")})`)
    }
    console.log(`visits recorded by the service: ${events} events for ${targets[0]!.tally.success} successes: ${events === targets[0]!.tally.success ? "none lost, none twice" : "MISMATCH"}; the roll-up counts ${rolledUp}`)
    checks.enforce()
  } finally {
    healthAgent.destroy()
    await client.end().catch(() => {})
    await againstClient?.end().catch(() => {})
    for (const child of children.reverse()) await child.stop()
    await db.drop()
    await againstDb?.drop()
  }
}
