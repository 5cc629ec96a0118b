/**
 * `GET /api/visibility-score/<slug>` reads per second: the service (a child process) against
 * a bare `node:http` + `pg` handler reading the same row (`bench/bare-visibility-server.mjs`,
 * another child process), on the same database in the same run. Closed loop with N keep-alive
 * connections sending back to back (2 s warm-up, 8 s measured), service and baseline in ABBA
 * order over the rounds (service, bare, bare, service, ...) so drift cancels; the figure is the
 * median service/baseline ratio of 2xx answers per second (target ≥ 1.0×, p99 ≤ 10 ms), at every
 * N, and the service's best N against the baseline's best N. Then open-loop runs of the
 * service and the baseline, each at half its own best measured rate, in the same ABBA order
 * over the rounds, latencies counted from each request's scheduled time (p99, p99.9 and the
 * slowest per window, the median p99 over the rounds), through a lean client (`BENCH_READS_CLIENT`)
 * with the generator's own lateness and stalls beside them (`gen_*`, `p99_from_send_ms`). Last, after every path and credential,
 * the paired open loop (`BENCH_READS_PAIRED`): both under one open loop at once, which tells the
 * service's own tail from the machine's; one round of every path and credential before the next,
 * each round in another order. Every open-loop window also reports both servers' longest
 * event-loop delay and GC pauses (`bench/loop-probe.mjs`).
 *
 * Each of that with two credentials (`BENCH_READS_AUTH`, default `key,jwt`): the service key,
 * and a user JWT as a dashboard sends it (ES256, signed with the service's own key from
 * `signing_keys`, for a member of the business's organization), which both sides verify with
 * jose. Both pools hold 20 connections.
 *
 * `BENCH_READS_OPEN_RATE` sets the open loop's rates instead (a comma list, requests per second).
 *
 * Only 2xx answers count as throughput; every other status (and socket errors or timeouts,
 * status 0) is reported, and any one fails the run (non-zero exit), as does a body that differs
 * between the service and the baseline.
 *
 * Also per request: the CPU time of the server process and of PostgreSQL (all `postgres`
 * processes, from /proc), which tells framework overhead from database work on a small box
 * where the load generator shares the cores.
 */
import { importJWK, SignJWT } from "jose"
import http from "node:http"
import { cpus, loadavg } from "node:os"
import pg from "pg"
import { abba, closedLoop, counter, leanGetClient, measure, type Measured, openLoop, type OpenLoopSplit, type SelfReading, selfProbe } from "./load.ts"
import { type Child, expectStatus, type ProbeReading, send, SERVICE_KEY, startChild, startService } from "./processes.ts"
import { Checks, median, now, percentile, report, scratchDatabase, statusText } from "./support.ts"

const CONNECTIONS = (process.env.BENCH_READS_CONNECTIONS ?? "16,64").split(",").map(Number)
const ROUNDS = Number(process.env.BENCH_READS_ROUNDS ?? 3)
const WARMUP_MS = Number(process.env.BENCH_READS_WARMUP_MS ?? 2_000)
const MEASURE_MS = Number(process.env.BENCH_READS_MEASURE_MS ?? 8_000)
const AUTHS = (process.env.BENCH_READS_AUTH ?? "key,jwt").split(",").map((a) => a.trim()).filter((a) => a !== "")
/** Also run the baseline with the service's entity lookup added (a third, interleaved target). */
const WITH_ENTITY_VARIANT = process.env.BENCH_READS_WITH_ENTITY === "1"
/**
 * Which reads (`BENCH_READS_PATHS`, default `scored,unscored`): `scored` reads a business with
 * three stored scores (the service's common read, one row); `unscored` a business created with no
 * score yet, which the service must still tell from an unknown one (404) while the bare handler
 * finds no row and answers the zero score.
 */
const PATHS = (process.env.BENCH_READS_PATHS ?? "scored,unscored").split(",").map((p) => p.trim()).filter((p) => p !== "")
/**
 * The open loop's rates (`BENCH_READS_OPEN_RATE`, requests per second, a comma list): by default
 * one run at half the service's best closed-loop rate. Fixed rates compare two trees at one rate,
 * or show where the baseline's own p99 crosses a target.
 */
const OPEN_RATES = (process.env.BENCH_READS_OPEN_RATE ?? "").split(",").map((r) => r.trim()).filter((r) => r !== "").map(Number)
for (const rate of OPEN_RATES) if (!(rate > 0)) throw new Error(`BENCH_READS_OPEN_RATE: not a rate: ${process.env.BENCH_READS_OPEN_RATE}`)
/**
 * Also the paired open loop (`BENCH_READS_PAIRED`, default on; `0` leaves it out): the service
 * and the baseline under one open loop, each at half the open loop's rate (so the machine carries
 * the same total), every scheduled request sent to both at the same instant. On a shared machine
 * a stall (another process, the load generator's own pause) then lands on both sides' windows
 * alike, and a tail one side has alone is its own.
 */
const PAIRED = process.env.BENCH_READS_PAIRED !== "0"
/**
 * Another build of the service to run instead of `dist/main.js` (`BENCH_READS_SERVICE_BUILD`, the
 * path of its `main.js`, e.g. a build of an older commit made with `scripts/build.mjs` in a copy of
 * its tree): the same environment and `BENCH_SERVICE_NODE_ARGS` as `startService` gives, no rebuild
 * of the working tree.
 */
const SERVICE_BUILD = process.env.BENCH_READS_SERVICE_BUILD ?? ""
/**
 * The open loops' client (`BENCH_READS_CLIENT`, a comma list; default `lean`): `lean`,
 * `leanGetClient` of `load.ts`, which costs the generator a fraction of the CPU per request of
 * node's `http.request`; `agent`, node's `http.request` over an `http.Agent`, as before. Every
 * side of a window gets the same client; with both (`agent,lean`) each sequential open-loop round
 * runs every side with each, in alternating order, and the paired loop uses the first. The closed
 * loops keep node's client (their rates compare with earlier runs).
 */
const OPEN_CLIENTS = (process.env.BENCH_READS_CLIENT ?? "lean").split(",").map((c) => c.trim()).filter((c) => c !== "")
for (const client of OPEN_CLIENTS) if (client !== "lean" && client !== "agent") throw new Error(`BENCH_READS_CLIENT: unknown client ${client} (lean, agent)`)
if (OPEN_CLIENTS.length === 0) throw new Error("BENCH_READS_CLIENT: no client")
/**
 * A request function for an open loop against `port`, and what closes it: the lean client's
 * connections, or nothing (the agent is `measure`'s, or the paired loop's own).
 */
const openClient = (kind: string, port: number, path: string, authorization: string) => {
  if (kind === "agent") return { request: (agent: http.Agent) => get(agent, port, path, authorization), close: () => {} }
  const client = leanGetClient(port, path, authorization)
  return { request: (_agent: http.Agent) => client.get(), close: client.close }
}
const BUSINESSES: Record<string, string> = { scored: "bench-shoes", unscored: "bench-boots" }
for (const path of PATHS) if (BUSINESSES[path] === undefined) throw new Error(`BENCH_READS_PATHS: unknown path ${path} (scored, unscored)`)
const pathOf = (business: string) => `/api/visibility-score/${business}`


/** A GET over `agent` with `authorization` that only counts the body; resolves with the status. */
const get = (agent: http.Agent, port: number, path: string, authorization: string) =>
  new Promise<number>((resolve, reject) => {
    const request = http.request(
      { agent, host: "127.0.0.1", port, method: "GET", path, headers: { authorization } },
      (response) => {
        response.on("data", () => {})
        response.on("end", () => resolve(response.statusCode ?? 0))
        response.on("error", reject)
      }
    )
    request.on("error", reject)
    // Bounded: a request that gets no answer in 10 s counts as an error (status 0).
    request.setTimeout(10_000, () => request.destroy(new Error("no answer in 10 s")))
    request.end()
  })

/**
 * One open loop feeding both `ports`: request i is due at `i / rate` seconds and goes to both at
 * that instant (which one first alternates); each side's latency counts from the due time. Only
 * requests due after the warm-up are counted.
 */
const pairedOpenLoop = (ratePerSecond: number, ports: readonly [number, number], path: string, authorization: string, timing: { readonly warmupMs: number; readonly measureMs: number }) =>
  new Promise<{
    readonly sides: Array<{ readonly latencies: Array<number>; readonly fromSend: Array<number>; readonly counts: ReturnType<ReturnType<typeof counter>["counts"]> }>
    /** How late the generator sent each counted request (to the first side), sorted. */
    readonly lag: Array<number>
  }>((resolve) => {
    const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: 512 }))
    const clients = ports.map((port) => openClient(OPEN_CLIENTS[0]!, port, path, authorization))
    const sides = ports.map(() => ({ latencies: [] as Array<number>, fromSend: [] as Array<number>, count: counter() }))
    const lag: Array<number> = []
    const interval = 1000 / ratePerSecond
    const total = Math.floor((timing.warmupMs + timing.measureMs) / interval)
    const firstCounted = Math.ceil(timing.warmupMs / interval)
    const start = now()
    let issued = 0
    let settled = 0
    const finish = () => {
      for (const agent of agents) agent.destroy()
      for (const client of clients) client.close()
      const sorted = (values: Array<number>) => values.sort((a, b) => a - b)
      resolve({
        sides: sides.map(({ count, fromSend, latencies }) => ({ counts: count.counts(), latencies: sorted(latencies), fromSend: sorted(fromSend) })),
        lag: sorted(lag)
      })
    }
    const tick = () => {
      const elapsed = now() - start
      while (issued < total && issued * interval <= elapsed) {
        const i = issued++
        const due = start + i * interval
        if (i >= firstCounted) lag.push(now() - due)
        for (const side of i % 2 === 0 ? [0, 1] : [1, 0]) {
          const sent = now()
          clients[side]!.request(agents[side]!).catch(() => 0).then((status) => {
            if (i >= firstCounted) {
              const end = now()
              sides[side]!.latencies.push(end - due)
              sides[side]!.fromSend.push(end - sent)
              sides[side]!.count.add(status)
            }
            if (++settled === 2 * total) finish()
          })
        }
      }
      if (issued < total) setTimeout(tick, 1)
    }
    if (total === 0) finish()
    else tick()
  })

/**
 * Both servers carry `bench/loop-probe.mjs`: per open-loop window, each one's longest event-loop
 * delay and its GC pauses. A loop delay on both sides at once is the machine's (a timer is late
 * as long as its process waits for a core); one on the service's side alone, or a long GC pause,
 * is the service's own.
 */
const probeColumns = (reading: ProbeReading | undefined) => reading === undefined ? {} : {
  loop_max_ms: reading.loopMaxMs,
  gc_ms: reading.gcMs,
  gc_max_ms: reading.gcMaxMs,
  major_gcs: reading.majorGcs
}

/**
 * `measure`'s `settle` hook as a probe window: reset when the warm-up ends, read when the
 * measured load ends (one IPC round trip each, inside the window's wall time, not its latencies).
 * The load generator's own probe (`self`) over the same window.
 */
const probeWindow = (child: Child, self: ReturnType<typeof selfProbe>) => {
  let phase = 0
  let reading: ProbeReading | undefined
  let generator: SelfReading | undefined
  return {
    settle: async () => {
      if (phase++ === 0) {
        self.reset()
        if (child.probe !== undefined) await child.probe.reset()
      } else {
        generator = self.read()
        if (child.probe !== undefined) reading = await child.probe.read()
      }
    },
    reading: () => reading,
    generator: () => generator
  }
}

/**
 * The generator's side of an open-loop window: how late it sent (p99 and the longest), each
 * side's p99 counted from the send rather than the due time, and its own longest loop delay and
 * GC pause. A tail whose `gen_lag` is as large is the generator's (or the machine's, which
 * delays the generator as much as a server): the same on both sides of a comparison.
 */
const generatorColumns = (split: OpenLoopSplit | undefined, reading: SelfReading | undefined) => {
  const columns: Record<string, number> = {}
  if (split !== undefined && split.lag.length > 0) {
    const lag = [...split.lag].sort((a, b) => a - b)
    const fromSend = [...split.fromSend].sort((a, b) => a - b)
    columns["gen_lag_p99_ms"] = +percentile(lag, 99).toFixed(2)
    columns["gen_lag_max_ms"] = +(lag.at(-1) ?? Number.NaN).toFixed(2)
    columns["p99_from_send_ms"] = +percentile(fromSend, 99).toFixed(2)
  }
  if (reading !== undefined) {
    columns["gen_loop_max_ms"] = reading.loopMaxMs
    columns["gen_gc_max_ms"] = reading.gcMaxMs
  }
  return columns
}

const row = (label: string, extra: Record<string, string | number>, m: Measured, probe?: ProbeReading, generator?: Record<string, number>) => ({
  ...extra,
  target: label,
  ok_per_s: Math.round(m.okPerSecond),
  p50_ms: +percentile(m.latencies, 50).toFixed(2),
  p99_ms: +percentile(m.latencies, 99).toFixed(2),
  p999_ms: +percentile(m.latencies, 99.9).toFixed(2),
  max_ms: +(m.latencies.at(-1) ?? Number.NaN).toFixed(2),
  non_2xx: m.errors,
  server_cpu_us_req: m.serverCpuUsPerRequest,
  pg_cpu_us_req: m.postgresCpuUsPerRequest,
  loadgen_cpu_us_req: m.clientCpuUsPerRequest,
  ...probeColumns(probe),
  ...generator
})

/**
 * A user's token as the service would sign it in local identity mode: ES256 with the newest key
 * of `signing_keys` (the service created it at start-up), for a member of the business's
 * organization. Also the public JWKS, for the bare handler.
 */
const userToken = async (databaseUrl: string, business: string) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query("SELECT kid, private_jwk, public_jwk FROM signing_keys WHERE algorithm = 'ES256' ORDER BY created_at DESC, kid DESC LIMIT 1")
    const key = rows[0] as { kid: string; private_jwk: Record<string, unknown>; public_jwk: Record<string, unknown> } | undefined
    if (key === undefined) throw new Error("signing_keys holds no ES256 key: is the service in local identity mode?")
    const privateKey = await importJWK(key.private_jwk, "ES256")
    const nowSeconds = Math.floor(Date.now() / 1000)
    const token = await new SignJWT({ sub: "user_bench", org_id: `org_${business}`, org_slug: business, org_role: "org:member" })
      .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + 6 * 3600)
      .sign(privateKey)
    const { kty, crv, x, y } = key.public_jwk
    return { token, jwks: { keys: [{ kty, crv, x, y, kid: key.kid, alg: "ES256", use: "sig" }] } }
  } finally {
    await client.end()
  }
}

export const run = async () => {
  const loadAtStart = loadavg().map((n) => n.toFixed(2)).join(" / ")
  const db = await scratchDatabase("reads")
  const children: Array<Child> = []
  const checks = new Checks("visibility-reads")
  const self = selfProbe()
  try {
    const service = SERVICE_BUILD === ""
      ? await startService("reads-service", { DATABASE_URL: db.url }, undefined, { probe: true })
      : await startChild({ label: "reads-service", nodeArgs: [...(process.env.BENCH_SERVICE_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== ""), SERVICE_BUILD], env: { SERVICE_API_KEYS: SERVICE_KEY, SCHEDULER_CRON: "off", DATABASE_URL: db.url }, probe: true })
    children.push(service)
    const setup = new http.Agent({ keepAlive: true })
    const call = (method: string, path: string, body?: unknown) => send(setup, service.port, method, path, { body, key: SERVICE_KEY })
    expectStatus(
      await call("POST", "/api/business", { business_name: "Bench Shoes", business_url: "https://bench-shoes.example", org_slug: BUSINESSES["scored"] }),
      [200, 201],
      "create business"
    )
    expectStatus(
      await call("POST", "/api/business", { business_name: "Bench Boots", business_url: "https://bench-boots.example", org_slug: BUSINESSES["unscored"] }),
      [200, 201],
      "create business"
    )
    // A score with history: three stored scores of 100 results each.
    for (let store = 0; store < 3; store++) {
      const results = Array.from({ length: 100 }, (_, i) => {
        const flags = Object.fromEntries(Array.from({ length: 8 }, (_, n) => [`ai_platform_${n + 1}`, (i * 7 + n * 3 + store * 5) % 10 < 4 + store]))
        return { prompt: `which running shoes are best for flat feet, variant ${i}?`, ...flags }
      })
      expectStatus(await call("POST", "/api/cron/store-visibility-score", { business_id: BUSINESSES["scored"], results }), [200], "store score")
    }
    /** Per path, per credential: the Authorization header (a user's token names the path's business). */
    const credentials: Record<string, Record<string, string>> = {}
    let jwks: unknown
    for (const path of PATHS) {
      const user = await userToken(db.url, BUSINESSES[path]!)
      jwks = user.jwks
      credentials[path] = { key: `Bearer ${SERVICE_KEY}`, jwt: `Bearer ${user.token}` }
    }
    for (const auth of AUTHS) if (auth !== "key" && auth !== "jwt") throw new Error(`BENCH_READS_AUTH: unknown credential ${auth} (key, jwt)`)

    const bareEnv = { DATABASE_URL: db.url, SERVICE_API_KEY: SERVICE_KEY, BARE_JWKS: JSON.stringify(jwks) }
    // With BENCH_CPU_PROF the bare handler is profiled too (`<dir>/reads-bare/`), to set the
    // service's profile beside it.
    const profileDir = process.env.BENCH_CPU_PROF
    const bareProfile = profileDir === undefined || profileDir === "" ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}/reads-bare`]
    const bare = await startChild({ label: "bare server", nodeArgs: [...bareProfile, "bench/bare-visibility-server.mjs"], env: bareEnv, probe: true })
    children.push(bare)
    const bareEntity = WITH_ENTITY_VARIANT
      ? await startChild({ label: "bare server + entity lookup", nodeArgs: ["bench/bare-visibility-server.mjs"], env: { ...bareEnv, BARE_ENTITY_CHECK: "1" } })
      : undefined
    if (bareEntity !== undefined) children.push(bareEntity)

    // Both answer the same JSON for the same row, with either credential.
    const targets: Array<readonly [string, Child]> = [["service", service], ["bare node:http+pg", bare]]
    if (bareEntity !== undefined) targets.push(["bare + entity lookup", bareEntity])
    const read = async (child: Child, path: string, authorization: string) => {
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request({ agent: setup, host: "127.0.0.1", port: child.port, method: "GET", path, headers: { authorization } }, (response) => {
          const chunks: Array<Buffer> = []
          response.on("data", (chunk: Buffer) => chunks.push(chunk))
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }))
        })
        request.on("error", reject)
        request.end()
      })
      return expectStatus(reply, [200], "read")
    }
    for (const path of PATHS) {
      const url = pathOf(BUSINESSES[path]!)
      const fromService = await read(service, url, credentials[path]!["key"]!)
      for (const auth of AUTHS) {
        for (const [label, child] of targets) {
          const reply = await read(child, url, credentials[path]![auth]!)
          if (JSON.stringify(JSON.parse(reply.body)) !== JSON.stringify(JSON.parse(fromService.body))) {
            throw new Error(`${label} (${path}, ${auth}) answers ${reply.body}, the service (key) ${fromService.body}`)
          }
        }
      }
      console.log(`  body of ${url} (every target and credential): ${fromService.body}`)
    }
    // The service's start-up work (its read models catching up with the setup's events) and
    // both sides' JIT warm-up are not the read's cost: the first window used to pay for them.
    // Wait for `GET /health` to show no pending event (up to 60 s), then load every target on
    // every path and credential once, unmeasured.
    let caughtUp = false
    for (const deadline = Date.now() + 60_000; !caughtUp && Date.now() < deadline;) {
      const health = await call("GET", "/health")
      const projections = (JSON.parse(health.body) as { projections?: Array<{ pending_events: number }> }).projections ?? []
      caughtUp = health.status === 200 && projections.length > 0 && projections.every((p) => p.pending_events === 0)
      if (!caughtUp) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    checks.expect(caughtUp, "GET /health still showed pending events 60 s after the setup")
    setup.destroy()
    const primer = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS[0] })
    for (const path of PATHS) for (const auth of AUTHS) for (const [, child] of targets) {
      await closedLoop(CONNECTIONS[0]!, (agent) => get(agent, child.port, pathOf(BUSINESSES[path]!), credentials[path]![auth]!))(primer, performance.now() + WARMUP_MS, false, [])
    }
    primer.destroy()

    const rows: Array<Record<string, string | number>> = []
    const summary: Array<Record<string, string | number>> = []
    const bestRows: Array<Record<string, string | number>> = []
    const openRows: Array<Record<string, string | number>> = []
    const pairedRows: Array<Record<string, string | number>> = []
    const pairedJobs: Array<{ readonly path: string; readonly auth: string; readonly url: string; readonly authorization: string; readonly perSide: number }> = []
    /** Statuses other than 2xx, per target and credential, over every window. */
    const failures: Array<string> = []
    const note = (label: string, path: string, auth: string, phase: string, m: Measured) => {
      if (m.errors > 0) failures.push(`${label} (${path}, ${auth}, ${phase}): ${statusText(m.statuses)}`)
    }
    for (const path of PATHS) for (const auth of AUTHS) {
      const url = pathOf(BUSINESSES[path]!)
      const authorization = credentials[path]![auth]!
      /** Per target: N -> median 2xx/s over the rounds. */
      const medians = new Map<string, Map<number, number>>(targets.map(([label]) => [label, new Map()]))
      for (const connections of CONNECTIONS) {
        const ratios: Array<number> = []
        const entityRatios: Array<number> = []
        const p99s: Array<number> = []
        const perTarget = new Map<string, Array<number>>(targets.map(([label]) => [label, []]))
        for (let round = 1; round <= ROUNDS; round++) {
          const results = new Map<string, Measured>()
          for (const [label, child] of abba(targets, round)) {
            const measured = await measure(child, closedLoop(connections, (agent) => get(agent, child.port, url, authorization)), connections, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS })
            note(label, path, auth, `N=${connections} round ${round}`, measured)
            results.set(label, measured)
            perTarget.get(label)!.push(measured.okPerSecond)
            rows.push(row(label, { path, auth, N: connections, round }, measured))
          }
          const rps = (label: string) => results.get(label)!.okPerSecond
          ratios.push(rps("service") / rps("bare node:http+pg"))
          if (bareEntity !== undefined) entityRatios.push(rps("service") / rps("bare + entity lookup"))
          p99s.push(percentile(results.get("service")!.latencies, 99))
        }
        for (const [label, values] of perTarget) medians.get(label)!.set(connections, median(values))
        summary.push({
          path,
          auth,
          N: connections,
          "service 2xx/s (median)": Math.round(median(perTarget.get("service")!)),
          "bare 2xx/s (median)": Math.round(median(perTarget.get("bare node:http+pg")!)),
          "median service/bare": +median(ratios).toFixed(3),
          ...(bareEntity !== undefined ? { "median service/(bare+entity)": +median(entityRatios).toFixed(3) } : {}),
          "service p99 ms (median)": +median(p99s).toFixed(2),
          target: ">= 1.0, p99 <= 10 ms"
        })
      }
      const best = (label: string) => {
        let top: readonly [number, number] = [Number.NaN, 0]
        for (const [n, rate] of medians.get(label)!) if (rate > top[1]) top = [n, rate]
        return { n: top[0], rate: top[1] }
      }
      const bestService = best("service")
      for (const [label] of targets) {
        const b = best(label)
        bestRows.push({ path, auth, target: label, "best N": b.n, "2xx/s at best N (median)": Math.round(b.rate), "service best / this best": +(bestService.rate / b.rate).toFixed(3) })
      }

      // Open loop at half each side's own maximum rate (or the rates asked for, the same to
      // both), in ABBA order over the rounds like the closed loop: a tail is what a window happens
      // to hold, so one window per side would compare luck. Half load is half of each server's
      // own maximum: the baseline used to get half the service's, which, the service being the
      // faster, loaded it more than half. The paired loop below is the same-rate comparison.
      const halfOf = (label: string) => Math.max(1, Math.round(best(label).rate / 2))
      const rateSets = OPEN_RATES.length > 0 ? OPEN_RATES.map((rate) => ({ rate, of: (_label: string) => rate })) : [{ rate: halfOf("service"), of: halfOf }]
      for (const { of, rate } of rateSets) {
        for (let round = 1; round <= ROUNDS; round++) {
          for (const [kind, [label, child]] of abba(OPEN_CLIENTS, round).flatMap((kind, k) => abba(targets.slice(0, 2), round + k).map((target) => [kind, target] as const))) {
            const own = of(label)
            const window = probeWindow(child, self)
            const split: OpenLoopSplit = { lag: [], fromSend: [] }
            const client = openClient(kind, child.port, url, authorization)
            const measured = await measure(child, openLoop(own, client.request, split), 512, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS }, window.settle).finally(client.close)
            note(label, path, auth, `open loop at ${own}/s round ${round}, ${kind} client`, measured)
            openRows.push(row(label, { path, auth, mode: "open loop", client: kind, set: rate, rate_per_s: own, round, load_1m: +loadavg()[0]!.toFixed(1) }, measured, window.reading(), generatorColumns(split, window.generator())))
          }
        }
        if (PAIRED) pairedJobs.push({ path, auth, url, authorization, perSide: Math.max(1, Math.round(rate / 2)) })
      }
    }

    // The paired windows run last, every path and credential in one round before the next round,
    // each round in another order: the service's heap grows over a run and its first major GC
    // used to land in the last path's windows (no score, JWT), which then carried a tail of the
    // run's position rather than its own.
    for (let round = 1; round <= ROUNDS; round++) {
      const shift = (round - 1) % Math.max(1, pairedJobs.length)
      for (const { path, auth, url, authorization, perSide } of [...pairedJobs.slice(shift), ...pairedJobs.slice(0, shift)]) {
        // The probes' window starts with the counted requests (a reset in flight for a moment).
        const resetAt = setTimeout(() => {
          self.reset()
          void Promise.all([service.probe!.reset(), bare.probe!.reset()])
        }, WARMUP_MS)
        const { lag, sides: [fromService, fromBare] } = await pairedOpenLoop(perSide, [service.port, bare.port], url, authorization, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS })
        clearTimeout(resetAt)
        const generator = self.read()
        const [serviceProbe, bareProbe] = await Promise.all([service.probe!.read(), bare.probe!.read()])
        for (const [label, side] of [["service", fromService!], ["bare node:http+pg", fromBare!]] as const) {
          const errors = side.counts.requests - side.counts.ok
          if (errors > 0) failures.push(`${label} (${path}, ${auth}, paired open loop at ${perSide}/s each, round ${round}): ${statusText(side.counts.statuses)}`)
        }
        const p = (side: { readonly latencies: Array<number> }, q: number) => +percentile(side.latencies, q).toFixed(2)
        pairedRows.push({
          path,
          auth,
          mode: "paired open loop",
          rate_per_s_each: perSide,
          round,
          "service p50": p(fromService!, 50),
          "bare p50": p(fromBare!, 50),
          "service p99": p(fromService!, 99),
          "bare p99": p(fromBare!, 99),
          "service p99.9": p(fromService!, 99.9),
          "bare p99.9": p(fromBare!, 99.9),
          "service max": +(fromService!.latencies.at(-1) ?? Number.NaN).toFixed(2),
          "bare max": +(fromBare!.latencies.at(-1) ?? Number.NaN).toFixed(2),
          "p99 service/bare": +(percentile(fromService!.latencies, 99) / percentile(fromBare!.latencies, 99)).toFixed(3),
          "service loop max": serviceProbe.loopMaxMs,
          "bare loop max": bareProbe.loopMaxMs,
          "service gc ms (max)": `${serviceProbe.gcMs} (${serviceProbe.gcMaxMs})`,
          "bare gc ms (max)": `${bareProbe.gcMs} (${bareProbe.gcMaxMs})`,
          "major gcs s/b": `${serviceProbe.majorGcs}/${bareProbe.majorGcs}`,
          "service p99 from send": p({ latencies: fromService!.fromSend }, 99),
          "bare p99 from send": p({ latencies: fromBare!.fromSend }, 99),
          "gen lag p99": +percentile(lag, 99).toFixed(2),
          "gen lag max": +(lag.at(-1) ?? Number.NaN).toFixed(2),
          "gen loop max": generator.loopMaxMs,
          "gen gc max": generator.gcMaxMs,
          load_1m: +loadavg()[0]!.toFixed(1)
        })
      }
    }
    report(rows)
    report(openRows)
    if (pairedRows.length > 0) report(pairedRows)
    report(summary)
    report(bestRows)
    console.log(`load average at the start: ${loadAtStart} ; at the end (1/5/15 min, 2 cores; other work on the machine skews figures): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
    for (const line of summary) console.log(`visibility-score reads (${line.path}, ${line.auth}), N=${line.N}: service/bare ${line["median service/bare"]} (target >= 1.0)`)
    for (const line of bestRows.filter((r) => r.target !== "service")) {
      const service = bestRows.find((r) => r.path === line.path && r.auth === line.auth && r.target === "service")!
      console.log(`visibility-score reads (${line.path}, ${line.auth}), best N against best N: service (N=${service["best N"]}) / ${line.target} (N=${line["best N"]}) ${line["service best / this best"]}`)
    }
    // The paired loop first: the headline of the tail. The sequential open-loop windows compare
    // what two different moments of the machine held (on a shared machine the bare handler's own
    // p99 swings by 10x between windows), the paired one the same moments.
    for (const line of pairedRows.filter((r) => r.round === 1)) {
      const same = pairedRows.filter((r) => r.path === line.path && r.auth === line.auth && r.rate_per_s_each === line.rate_per_s_each)
      const ratios = same.map((r) => Number(r["p99 service/bare"]))
      const perRound = (column: string) => same.map((r) => r[column]).join(" / ")
      console.log(
        `paired open loop (${line.path}, ${line.auth}, ${line.rate_per_s_each}/s to each at once): p99 service/bare median ${median(ratios).toFixed(3)}, per round ${ratios.join(" / ")}; ` +
          `p99 ms service ${perRound("service p99")}, bare ${perRound("bare p99")}; longest event-loop delay ms service ${perRound("service loop max")}, bare ${perRound("bare loop max")}; ` +
          `GC ms (longest) service ${perRound("service gc ms (max)")}, bare ${perRound("bare gc ms (max)")}; ` +
          `generator lag p99 ms ${perRound("gen lag p99")}, its longest loop delay ${perRound("gen loop max")}; p99 from the send ms service ${perRound("service p99 from send")}, bare ${perRound("bare p99 from send")}; load ${perRound("load_1m")}`
      )
    }
    const at = OPEN_RATES.length > 0 ? "at a set rate" : "at half its own max rate"
    for (const line of openRows.filter((r) => r.target === "service" && r.round === 1)) {
      const same = (r: Record<string, string | number>) => r.path === line.path && r.auth === line.auth && r.set === line.set && r.client === line.client
      const column = (service: boolean, name: string) => openRows.filter((r) => same(r) && (r.target === "service") === service).map((r) => Number(r[name]))
      const bareRate = openRows.find((r) => same(r) && r.target !== "service")?.rate_per_s
      console.log(
        `service p99 ${at} (sequential windows, ${line.path}, ${line.auth}, ${line.rate_per_s}/s, open loop, ${line.client} client): median ${median(column(true, "p99_ms")).toFixed(2)} ms, per round ${column(true, "p99_ms").join(" / ")} ` +
          `(target <= 10 ms; bare at ${bareRate}/s median ${median(column(false, "p99_ms")).toFixed(2)} ms, per round ${column(false, "p99_ms").join(" / ")}); ` +
          `generator lag p99 ms service ${column(true, "gen_lag_p99_ms").join(" / ")}, bare ${column(false, "gen_lag_p99_ms").join(" / ")}; ` +
          `p99 from the send ms service ${column(true, "p99_from_send_ms").join(" / ")}, bare ${column(false, "p99_from_send_ms").join(" / ")}; ` +
          `generator CPU µs per request service ${column(true, "loadgen_cpu_us_req").join(" / ")}, bare ${column(false, "loadgen_cpu_us_req").join(" / ")}; ` +
          `load ${column(true, "load_1m").join(" / ")}${Math.max(...column(true, "load_1m"), ...column(false, "load_1m")) > cpus().length ? ` (over ${cpus().length} cores: the machine's tail, not a target's)` : ""}`
      )
    }
    for (const failure of failures) checks.expect(false, `answers other than 2xx: ${failure}`)
    checks.enforce()
  } finally {
    self.stop()
    for (const child of children.reverse()) await child.stop()
    await db.drop()
  }
}
