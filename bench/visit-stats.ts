/**
 * Visit statistics over a year: `GET /api/bot-visits/<business>/stats?days=365` over 1,000,000
 * recorded visits (target <= 50 ms).
 *
 * On a scratch database the service runs once to set up its tables and create the business
 * (`POST /api/business`), then stops. The log then gets 5 `ProductRegistered` events and
 * 1,000,000 `BotVisited` events written by SQL (`INSERT ... SELECT generate_series`, in chunks),
 * in the exact stored shape of `src/domain/visit-events.ts` (the tag as `event_type`, the
 * encoded fields as `data`), on streams `visits-<business>-<YYYY-MM-DD>`: today and the 364
 * UTC days before it (the window of a 365-day read), 8 platforms, the business and its 5 products. The service starts again and its
 * `bot_visits` projection rolls the log up into `bot_visit_days`; the catch-up is timed by
 * polling `GET /health` until `pending_events` is 0.
 *
 * Then 200 sequential requests (after 20 warm-up) of each read: the business over 365 days,
 * one product over 365 days, the business over 7 days; and the projection's own SQL alone
 * under `EXPLAIN (ANALYZE, BUFFERS)`.
 *
 * Then the same reads while the webhook is under load: an open loop of GPTBot visits
 * (`POST /api/ai-recommendation-store`, new pages of the same business) at half the webhook's
 * maximum rate, measured first by a 3 s closed loop of 128 connections (or
 * BENCH_STATS_WEBHOOK_RATE per second), for BENCH_STATS_LOAD_SECONDS (20); the three reads go
 * one after another on their own connection from the load's second second to its end. Each
 * read first waits for the roll-up to count every visit committed so far, so it is the read a
 * dashboard makes while visits stream in.
 *
 * Checks that fail the run (non-zero exit): the roll-up and the 365-day read count every visit
 * of the log; under load, every read answered 200 and its business 365-day count was at least
 * the log's visits plus every visit the webhook had answered before the read was sent
 * (read-your-writes), every webhook answer was 2xx, and after the load the count is exactly the
 * log's visits plus the webhook's successes.
 *
 * Env: BENCH_STATS_VISITS (default 1000000), BENCH_STATS_REQUESTS (200),
 * BENCH_STATS_CATCHUP_TIMEOUT_S (1800), BENCH_STATS_LOAD_SECONDS (20, 0 skips the reads under
 * load), BENCH_STATS_WEBHOOK_RATE.
 */
import http from "node:http"
import { loadavg } from "node:os"
import pg from "pg"
import { postgresCpu, postgresCpuSince } from "./postgres-cpu.ts"
import { type Child, expectStatus, send, SERVICE_KEY, startService } from "./processes.ts"
import { closedLoop, counter, openLoop } from "./load.ts"
import { Checks, now, percentile, report, scratchDatabase, statusText } from "./support.ts"
import { newTally, post, rollUpCaughtUp, WEBHOOK_BUSINESS } from "./visit-webhook.ts"

const VISITS = Number(process.env.BENCH_STATS_VISITS ?? 1_000_000)
const REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 200)
const WARMUP = 20
const CATCHUP_TIMEOUT_MS = Number(process.env.BENCH_STATS_CATCHUP_TIMEOUT_S ?? 1800) * 1000
const LOAD_MS = Number(process.env.BENCH_STATS_LOAD_SECONDS ?? 20) * 1000
const WEBHOOK_RATE = process.env.BENCH_STATS_WEBHOOK_RATE === undefined || process.env.BENCH_STATS_WEBHOOK_RATE === "" ? undefined : Number(process.env.BENCH_STATS_WEBHOOK_RATE)
const CHUNK = 100_000
const DAYS = 365
const PRODUCTS = 5
const BUSINESS = "bench-shoes"
const DAY_MS = 24 * 60 * 60 * 1000

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10)

/**
 * Visit i (0-based): day (i mod 365) before today (0: today; a read of 365 days counts today and
 * the 364 before it), platform ((i div 365) mod 8) + 1, the
 * business itself or product k by ((i div 8) mod 6), a time of day spread over the day. Its
 * stream version is (i div 365) + 1: unique within its day's stream.
 */
const INSERT_VISITS = `
  WITH v AS (
    SELECT i,
      i % ${DAYS} AS day_back,
      ((i / ${DAYS}) % 8) + 1 AS p,
      (i / 8) % ${PRODUCTS + 1} AS item_n,
      $2::timestamptz - (i % ${DAYS}) * interval '1 day' + ((i::bigint * 7919) % 86400) * interval '1 second' AS at,
      encode(sha256(convert_to('bench-visit:' || i, 'UTF8')), 'hex') AS visit_key
    FROM generate_series($3::int, $4::int) AS i
  ),
  shaped AS (
    SELECT v.*,
      (ARRAY['GPTBot', 'ClaudeBot', 'Google-CloudVertexBot', 'PerplexityBot', 'bingbot', 'MistralAI-User', 'meta-externalagent', 'Googlebot'])[p] AS token,
      (ARRAY['ChatGPT', 'Claude', 'Gemini', 'Perplexity', 'Copilot', 'Mistral', 'Meta AI', 'Google AI Overviews'])[p] AS platform_name,
      (ARRAY['training_crawler', 'training_crawler', 'search_indexer', 'search_indexer', 'search_indexer', 'user_triggered_fetch', 'training_crawler', 'search_indexer'])[p] AS kind,
      CASE WHEN item_n = 0 THEN NULL ELSE 'bench-product-' || item_n END AS item_id
    FROM v
  )
  INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  SELECT 'visits-' || $1 || '-' || to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    (i / ${DAYS}) + 1,
    md5('bench-visit:' || i)::uuid,
    'BotVisited',
    1,
    jsonb_build_object(
      'businessId', $1::text,
      'itemId', item_id,
      'pageUrl', 'https://bench-shoes.example/guides/page-' || (i % 5000) || '/',
      'pageType', 'ai_site',
      'pageTitle', NULL,
      'userAgent', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ' || token || '/1.0; +https://example.com/bot)',
      'ipAddress', '192.0.2.' || ((i % 250) + 1),
      'referrer', NULL,
      'platform', 'ai_platform_' || p,
      'platformName', platform_name,
      'kind', kind,
      'token', token,
      'verified', i % 10 = 0,
      'source', 'script',
      'visitKey', visit_key,
      'visitedAt', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ),
    jsonb_build_object('correlationId', NULL, 'causationId', 'visit:' || visit_key)
  FROM shaped
  ORDER BY i`

const INSERT_PRODUCTS = `
  INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  SELECT 'product-' || $1 || ':bench-product-' || k, 1, md5('bench-product:' || k)::uuid, 'ProductRegistered', 1,
    jsonb_build_object('businessId', $1::text, 'itemId', 'bench-product-' || k, 'name', 'Bench product ' || k,
      'url', 'https://bench-shoes.example/products/' || k, 'registeredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    jsonb_build_object('correlationId', NULL, 'causationId', 'bench:product-' || k)
  FROM generate_series(1, ${PRODUCTS}) AS k`

/** The query of `BotVisits.stats` (src/projections/bot-visits.ts), with or without the item. */
const statsSql = (withItem: boolean) => `
        SELECT platform, sum(visits)::int AS visits FROM bot_visit_days
        WHERE business_id = $1
          ${withItem ? "AND item_id = $4" : ""}
          AND day >= $2 AND day <= $3
        GROUP BY platform`

interface Health {
  readonly projections: ReadonlyArray<{ readonly name: string; readonly pending_events: number }>
}

const health = async (agent: http.Agent, service: Child) => {
  const reply = await send(agent, service.port, "GET", "/health").catch(() => undefined)
  if (reply === undefined || reply.status !== 200) return undefined
  return JSON.parse(reply.body) as Health
}

export const run = async () => {
  const db = await scratchDatabase("stats")
  let service: Child | undefined
  const client = new pg.Client({ connectionString: db.url })
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    // 1. The service sets up its tables (migrations, projections) and creates the business.
    service = await startService("stats-setup", { DATABASE_URL: db.url })
    expectStatus(
      await send(agent, service.port, "POST", "/api/business", {
        body: { business_name: "Bench Shoes", business_url: "https://bench-shoes.example", org_slug: BUSINESS },
        key: SERVICE_KEY
      }),
      [200, 201],
      "create business"
    )
    expectStatus(await send(agent, service.port, "GET", `/api/bot-visits/${BUSINESS}/stats?days=365`, { key: SERVICE_KEY }), [200], "empty stats")
    await service.stop()
    service = undefined
    agent.destroy()

    // 2. The log: 5 products and the visits, straight into `events` (and `streams`).
    await client.connect()
    const today = new Date(`${utcDay(new Date())}T00:00:00.000Z`)
    const insertStart = now()
    await client.query(INSERT_PRODUCTS, [BUSINESS])
    for (let from = 0; from < VISITS; from += CHUNK) {
      await client.query(INSERT_VISITS, [BUSINESS, today.toISOString(), from, Math.min(VISITS, from + CHUNK) - 1])
    }
    await client.query(`
      INSERT INTO streams (stream_id, version)
      SELECT stream_id, max(stream_version) FROM events WHERE event_type IN ('BotVisited', 'ProductRegistered') GROUP BY stream_id
      ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version`)
    await client.query("ANALYZE events")
    const insertSeconds = (now() - insertStart) / 1000
    const eventsTable = (await client.query("SELECT pg_size_pretty(pg_total_relation_size('events')) AS size")).rows[0].size as string
    console.log(`  inserted ${VISITS} BotVisited + ${PRODUCTS} ProductRegistered events in ${insertSeconds.toFixed(1)} s (events table now ${eventsTable})`)

    // 3. The service again: its projections catch up on the log.
    const spawnedAt = now()
    // Ready once it serves HTTP: `/health` may answer 503 while a million events are pending.
    service = await startService("stats-service", { DATABASE_URL: db.url, WEBHOOK_RATE_LIMIT_PER_MINUTE: "100000000" }, "/")
    const readyAt = now()
    const serviceCpuAtReady = service.cpuSeconds()
    const pgCpuAtReady = postgresCpu()
    const pollAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    let lastPrint = now()
    let polls = 0
    let failedPolls = 0
    let caughtUpAt: number | undefined
    let serviceCpu = 0
    let pgCpu = 0
    for (;;) {
      if (now() - spawnedAt > CATCHUP_TIMEOUT_MS) throw new Error(`bot_visits not caught up after ${CATCHUP_TIMEOUT_MS / 1000} s`)
      const state = await health(pollAgent, service)
      polls++
      if (state === undefined) failedPolls++
      else {
        const pending = state.projections.reduce((sum, p) => sum + p.pending_events, 0)
        const botVisits = state.projections.find((p) => p.name === "bot_visits")?.pending_events
        if (pending === 0) {
          caughtUpAt = now()
          serviceCpu = service.cpuSeconds() - serviceCpuAtReady
          pgCpu = postgresCpuSince(pgCpuAtReady)
          break
        }
        if (now() - lastPrint > 30_000) {
          console.log(`  catching up: bot_visits pending ${botVisits} after ${((now() - spawnedAt) / 1000).toFixed(0)} s`)
          lastPrint = now()
        }
      }
      await sleep(1_000)
    }
    pollAgent.destroy()
    const catchUpFromSpawn = (caughtUpAt - spawnedAt) / 1000
    const catchUpFromReady = (caughtUpAt - readyAt) / 1000
    const rollup = (await client.query(`SELECT count(*)::int AS rows, coalesce(sum(visits), 0)::int AS visits,
      pg_size_pretty(pg_total_relation_size('bot_visit_days')) AS size FROM bot_visit_days`)).rows[0] as { rows: number; visits: number; size: string }
    report([{
      "visits in the log": VISITS,
      "catch-up s (from spawn)": +catchUpFromSpawn.toFixed(1),
      "catch-up s (from ready)": +catchUpFromReady.toFixed(1),
      "events/s (from spawn)": Math.round(VISITS / catchUpFromSpawn),
      "service CPU us/event (from ready)": Math.round((serviceCpu * 1e6) / VISITS),
      "postgres CPU us/event (from ready)": Math.round((pgCpu * 1e6) / VISITS),
      "bot_visit_days rows": rollup.rows,
      "bot_visit_days size": rollup.size,
      "sum(visits)": rollup.visits,
      "health polls (failed)": `${polls} (${failedPolls})`
    }])
    if (rollup.visits !== VISITS) throw new Error(`the roll-up counts ${rollup.visits} visits, the log holds ${VISITS}`)

    // 4. The reads, sequential over one keep-alive connection, and the SQL alone; right after
    // the catch-up (the roll-up's rows were updated 1,000,000 times: dead versions until a
    // vacuum) and again after `VACUUM ANALYZE bot_visit_days` (what autovacuum gets to).
    const reads = [
      { label: "business, days=365", path: `/api/bot-visits/${BUSINESS}/stats?days=365`, days: 365, item: null },
      { label: "product, days=365", path: `/api/bot-visits/${BUSINESS}/stats?days=365&item_id=bench-product-1`, days: 365, item: "bench-product-1" },
      { label: "business, days=7", path: `/api/bot-visits/${BUSINESS}/stats?days=7`, days: 7, item: null }
    ] as const
    const rows: Array<Record<string, string | number>> = []
    const sqlRows: Array<Record<string, string | number>> = []
    const plans: Array<string> = []
    const measureReads = async (state: string) => {
      const readAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      for (const read of reads) {
        let body = ""
        for (let i = 0; i < WARMUP; i++) body = expectStatus(await send(readAgent, service!.port, "GET", read.path, { key: SERVICE_KEY }), [200], read.label).body
        const latencies: Array<number> = []
        for (let i = 0; i < REQUESTS; i++) {
          const start = now()
          expectStatus(await send(readAgent, service!.port, "GET", read.path, { key: SERVICE_KEY }), [200], read.label)
          latencies.push(now() - start)
        }
        latencies.sort((a, b) => a - b)
        const answer = JSON.parse(body) as { total_visits: number; unique_platforms: number }
        if (read.days === 365 && read.item === null && answer.total_visits !== VISITS) {
          throw new Error(`days=365 counts ${answer.total_visits} visits, expected ${VISITS}`)
        }
        rows.push({
          state,
          read: read.label,
          requests: REQUESTS,
          total_visits: answer.total_visits,
          unique_platforms: answer.unique_platforms,
          p50_ms: +percentile(latencies, 50).toFixed(2),
          p95_ms: +percentile(latencies, 95).toFixed(2),
          p99_ms: +percentile(latencies, 99).toFixed(2),
          max_ms: +latencies[latencies.length - 1]!.toFixed(2)
        })
      }
      readAgent.destroy()
      // The SQL alone: EXPLAIN (ANALYZE, BUFFERS) of the projection's query, 5 times each.
      for (const read of reads) {
        const at = new Date()
        const params = [BUSINESS, utcDay(new Date(at.getTime() - read.days * DAY_MS)), utcDay(at), ...(read.item === null ? [] : [read.item])]
        const executions: Array<number> = []
        let planning = 0
        let hit = 0
        let readBlocks = 0
        let scanned = 0
        for (let i = 0; i < 5; i++) {
          const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statsSql(read.item !== null)}`, params)
          const explained = (result.rows[0]["QUERY PLAN"] as Array<{ Plan: Record<string, unknown>; "Planning Time": number; "Execution Time": number }>)[0]!
          executions.push(explained["Execution Time"])
          planning = explained["Planning Time"]
          hit = Number(explained.Plan["Shared Hit Blocks"] ?? 0)
          readBlocks = Number(explained.Plan["Shared Read Blocks"] ?? 0)
          const scan = (node: Record<string, unknown>): number =>
            /Scan/.test(String(node["Node Type"]))
              ? Number(node["Actual Rows"] ?? 0) * Number(node["Actual Loops"] ?? 1)
              : ((node.Plans as Array<Record<string, unknown>> | undefined) ?? []).reduce((sum, child) => sum + scan(child), 0)
          scanned = scan(explained.Plan)
        }
        if (read.days === 365 && read.item === null) {
          const text = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statsSql(false)}`, params)
          plans.push(`  plan (business, days=365; ${state}):\n${text.rows.map((r: Record<string, string>) => `    ${r["QUERY PLAN"]}`).join("\n")}`)
        }
        executions.sort((a, b) => a - b)
        sqlRows.push({
          state,
          query: read.label,
          "rows scanned": scanned,
          "execution ms (median of 5)": +executions[2]!.toFixed(3),
          "execution ms (max)": +executions[4]!.toFixed(3),
          "planning ms": +planning.toFixed(3),
          "shared hit/read blocks": `${hit}/${readBlocks}`
        })
      }
    }
    await measureReads("after catch-up")
    const vacuumStart = now()
    await client.query("VACUUM ANALYZE bot_visit_days")
    const vacuumMs = now() - vacuumStart
    await measureReads("after VACUUM ANALYZE")
    report(rows)
    report(sqlRows)

    // 5. The reads while the webhook records visits of the same business at half its maximum rate.
    const checks = new Checks("visit-stats")
    if (LOAD_MS > 0) {
      if (WEBHOOK_BUSINESS !== BUSINESS) throw new Error("the webhook load must post visits of the business read")
      const tally = newTally()
      const loadAgent = new http.Agent({ keepAlive: true, maxSockets: 1024 })
      const port = service.port
      let rate = WEBHOOK_RATE
      const webhookStatuses: Record<string, number> = {}
      const add = (from: Readonly<Record<string, number>>) => {
        for (const [status, n] of Object.entries(from)) webhookStatuses[status] = (webhookStatuses[status] ?? 0) + n
      }
      if (rate === undefined) {
        const probe = closedLoop(128, (agent) => post(agent, port, tally, BUSINESS))
        add((await probe(loadAgent, now() + 1_000, false, [])).statuses)
        const start = now()
        const counted = await probe(loadAgent, start + 3_000, false, [])
        add(counted.statuses)
        rate = Math.max(1, Math.round(counted.ok / ((now() - start) / 1000) / 2))
        console.log(`  webhook maximum (closed loop, 128 connections, 3 s): ${Math.round(counted.ok / ((now() - start) / 1000))}/s; the load: ${rate}/s`)
      }
      const settleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      await rollUpCaughtUp(settleAgent, port)()
      const loadStart = now()
      const load = openLoop(rate, (agent) => post(agent, port, tally, BUSINESS))(loadAgent, loadStart + LOAD_MS, false, [])
      const readAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      const latencies = new Map<string, Array<number>>(reads.map((read) => [read.label, []]))
      const readStatuses = counter()
      const readFailures: Array<string> = []
      let behind = 0
      let firstBehind = ""
      await sleep(1_000)
      for (let i = 0; now() < loadStart + LOAD_MS; i++) {
        const read = reads[i % reads.length]!
        const answeredBefore = tally.success
        const start = now()
        const reply = await send(readAgent, port, "GET", read.path, { key: SERVICE_KEY }).catch((error: Error) => ({ status: 0, body: error.message }))
        latencies.get(read.label)!.push(now() - start)
        readStatuses.add(reply.status)
        if (reply.status !== 200) {
          if (readFailures.length < 3) readFailures.push(`${read.label}: ${reply.status} ${reply.body.slice(0, 200)}`)
          continue
        }
        if (read.days === 365 && read.item === null) {
          const total = (JSON.parse(reply.body) as { total_visits: number }).total_visits
          if (total < VISITS + answeredBefore) {
            behind++
            firstBehind ||= `counted ${total}, expected at least ${VISITS} + ${answeredBefore} answered before the read`
          }
        }
      }
      const loadCounts = await load
      add(loadCounts.statuses)
      const loadSeconds = (now() - loadStart) / 1000
      readAgent.destroy()
      const underLoad = reads.map((read) => {
        const sorted = latencies.get(read.label)!.sort((a, b) => a - b)
        return {
          state: `webhook at ${rate}/s`,
          read: read.label,
          requests: sorted.length,
          p50_ms: +percentile(sorted, 50).toFixed(2),
          p95_ms: +percentile(sorted, 95).toFixed(2),
          p99_ms: +percentile(sorted, 99).toFixed(2),
          max_ms: +(sorted[sorted.length - 1] ?? 0).toFixed(2)
        }
      })
      report(underLoad)
      await rollUpCaughtUp(settleAgent, port)()
      settleAgent.destroy()
      const after = JSON.parse(expectStatus(await send(loadAgent, port, "GET", reads[0].path, { key: SERVICE_KEY }), [200], "stats after the load").body) as { total_visits: number }
      loadAgent.destroy()
      const nonOk = Object.entries(webhookStatuses).filter(([status]) => !(Number(status) >= 200 && Number(status) < 300))
      report([{
        "webhook rate /s": rate,
        "webhook 2xx/s achieved": Math.round(loadCounts.ok / loadSeconds),
        "webhook statuses": statusText(webhookStatuses),
        "reads statuses": statusText(readStatuses.counts().statuses),
        "365-day reads behind the webhook's answers": behind,
        "visits counted after the load": after.total_visits,
        "expected (log + webhook successes)": VISITS + tally.success
      }])
      for (const line of underLoad) console.log(`visit stats, ${line.read} (${line.state}): p99 ${line.p99_ms} ms over ${line.requests} reads (target <= 50 ms)`)
      checks.expect(nonOk.length === 0 && tally.other === 0 && tally.lagging === 0, `webhook answers other than success: ${statusText(Object.fromEntries(nonOk))}; first: ${tally.firstError ?? "-"}`)
      checks.expect(readFailures.length === 0, `stats reads under load not answered 200: ${statusText(readStatuses.counts().statuses)}; ${readFailures.join("; ")}`)
      checks.expect(behind === 0, `${behind} business 365-day reads under load missed visits already answered (read-your-writes): ${firstBehind}`)
      checks.expect(after.total_visits === VISITS + tally.success, `after the load the 365-day read counts ${after.total_visits}, expected ${VISITS} + ${tally.success}`)
    }
    for (const plan of plans) console.log(plan)
    console.log(`  VACUUM ANALYZE bot_visit_days took ${vacuumMs.toFixed(0)} ms; table now ${(await client.query("SELECT pg_size_pretty(pg_total_relation_size('bot_visit_days')) AS size")).rows[0].size}`)
    console.log(`load average at the end (1/5/15 min; other work on the machine skews figures): ${loadavg().map((n) => n.toFixed(2)).join(" / ")}`)
    for (const line of rows) console.log(`visit stats, ${line.read} (${line.state}): p99 ${line.p99_ms} ms over ${line.total_visits} visits (target <= 50 ms)`)
    checks.enforce()
  } finally {
    agent.destroy()
    await client.end().catch(() => {})
    if (service !== undefined) await service.stop()
    await db.drop()
  }
}
