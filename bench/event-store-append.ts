/**
 * Appends per second through the EventStore (expected-version check, idempotency on event id,
 * commit-order position, the readers' notification) against a bare `pg` INSERT of the same row
 * into a table of the same shape (`LIKE events INCLUDING ALL`: the same keys and indexes), in
 * the same process and database, each with a pool of 20 connections (the service's, JIT off as
 * the service's) and `BENCH_APPEND_WRITERS` writers (8) appending back to back.
 *
 * Each writer appends to streams of its own, `BENCH_APPEND_STREAM_LENGTH` (10) events per
 * stream, one event per append: the first at expected version 0 (a new stream), the others at
 * the version the previous append answered, so both the new-stream and the existing-stream
 * paths are measured. The bare INSERT writes the same stream ids and versions, unchecked.
 *
 * Rounds in ABBA order (store, bare, bare, store, ...: the `order` column), `BENCH_APPEND_ROUNDS`
 * (6) of `BENCH_APPENDS` (2000) appends per target; the figure is the median over the rounds of
 * the per-round ratios (store / bare). The store's window ends when the last append has been
 * answered and a notification announcing its position (or a later one) has reached a LISTEN
 * connection: announcing commits is part of what an append costs. Per append: CPU of this
 * process (the store, or the bare `pg` calls) and of PostgreSQL (all `postgres` processes, from
 * /proc: other work on the server counts too).
 *
 * Checks that fail the run (non-zero exit): every append answered (no error) as written at the
 * expected version + 1; every event id sent is in the log exactly once; each stream holds
 * versions 1..n exactly (n = the stream length) and its `streams` row says n; the notification
 * reached the last position within 10 s; each bare round stored one row per INSERT.
 */
import { Layer, ManagedRuntime, Redacted } from "effect"
import { randomUUID } from "node:crypto"
import { loadavg } from "node:os"
import pg from "pg"
import { clientFor } from "../src/db/database.ts"
import { EventStore, type EventStoreShape } from "../src/eventstore/event-store.ts"
import * as PgEventStore from "../src/eventstore/pg-event-store.ts"
import { postgresCpu, postgresCpuSince } from "./postgres-cpu.ts"
import { Checks, median, now, percentile, report, scratchDatabase } from "./support.ts"

const APPENDS = Number(process.env.BENCH_APPENDS ?? 2000)
const ROUNDS = Number(process.env.BENCH_APPEND_ROUNDS ?? 6)
const WRITERS = Number(process.env.BENCH_APPEND_WRITERS ?? 8)
const STREAM_LENGTH = Number(process.env.BENCH_APPEND_STREAM_LENGTH ?? 10)
const NOTIFY_WAIT_MS = 10_000

type Target = "store" | "bare"

interface Pass {
  readonly wallMs: number
  readonly latencies: ReadonlyArray<number>
  readonly nodeCpuUs: number
  readonly pgCpuUs: number
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(" / ")

/** The stream and expected version of a writer's `k`-th append (writers own their streams). */
const slotOf = (prefix: string, writer: number, k: number) => ({
  streamId: `${prefix}-w${writer}-s${Math.floor(k / STREAM_LENGTH)}`,
  expected: k % STREAM_LENGTH
})

/** `WRITERS` writers, each doing its share of `total` tasks back to back; latencies in ms. */
const runWriters = async (total: number, task: (writer: number, k: number) => Promise<unknown>) => {
  const latencies: Array<number> = []
  const share = (writer: number) => Math.floor(total / WRITERS) + (writer < total % WRITERS ? 1 : 0)
  const start = now()
  await Promise.all(Array.from({ length: WRITERS }, async (_, writer) => {
    for (let k = 0; k < share(writer); k++) {
      const begun = now()
      await task(writer, k)
      latencies.push(now() - begun)
    }
  }))
  return { wallMs: now() - start, latencies: latencies.sort((a, b) => a - b) }
}

export const run = async () => {
  if (APPENDS % WRITERS !== 0 || (APPENDS / WRITERS) % STREAM_LENGTH !== 0) {
    throw new Error(`BENCH_APPENDS (${APPENDS}) must be a multiple of writers × stream length (${WRITERS} × ${STREAM_LENGTH})`)
  }
  console.log(`load average before (1/5/15 min, 2 cores here; other work skews figures): ${load()}`)
  const db = await scratchDatabase("append")
  const runtime = ManagedRuntime.make(
    PgEventStore.layer.pipe(Layer.provideMerge(clientFor({ _tag: "Server", url: Redacted.make(db.url) })), Layer.orDie)
  )
  const pool = new pg.Pool({ connectionString: db.url, max: 20, options: "-c jit=off" })
  // The pool's end resolves before its connections have closed, and dropping the scratch
  // database then ends them from the server: an idle connection's error, not a failure of the
  // run (without a listener it threw out of the process after every check had held).
  pool.on("error", () => {})
  const listener = new pg.Client({ connectionString: db.url })
  const checks = new Checks("event-store-append")
  try {
    const store: EventStoreShape = await runtime.runPromise(EventStore)
    await pool.query(`CREATE TABLE baseline_events (LIKE events INCLUDING ALL)`)
    await listener.connect()
    // Each notification's position and arrival time; `announcedBy` finds when a position was reached.
    let notifications: Array<{ readonly position: bigint; readonly at: number }> = []
    let onNotification = () => {}
    listener.on("notification", (message) => {
      notifications.push({ position: BigInt((message.payload ?? "0|").split("|")[0]!), at: now() })
      onNotification()
    })
    /** When a notification at or after `position` arrived (waiting up to NOTIFY_WAIT_MS for it), or undefined. */
    const announcedBy = (position: bigint) =>
      new Promise<number | undefined>((resolve) => {
        const find = () => notifications.find((n) => n.position >= position)?.at
        const found = find()
        if (found !== undefined) return resolve(found)
        const timer = setTimeout(() => {
          onNotification = () => {}
          resolve(undefined)
        }, NOTIFY_WAIT_MS)
        onNotification = () => {
          const at = find()
          if (at === undefined) return
          clearTimeout(timer)
          onNotification = () => {}
          resolve(at)
        }
      })
    await listener.query(`LISTEN ${PgEventStore.EVENTS_CHANNEL}`)
    const data = { prompt: "best running shoes for flat feet", platform: "ai_platform_1", visible: true }

    /** One pass of the store: appends, then the wait for their announcement; checked after. */
    const storePass = async (prefix: string): Promise<Pass> => {
      const sent: Array<string> = []
      const wrong: Array<string> = []
      let last = 0n
      notifications = []
      const cpu = process.cpuUsage()
      const pgBefore = postgresCpu()
      const { latencies } = await runWriters(APPENDS, async (writer, k) => {
        const { streamId, expected } = slotOf(prefix, writer, k)
        const eventId = randomUUID()
        sent.push(eventId)
        const exit = await runtime.runPromiseExit(store.append(streamId, expected, [{ eventId, type: "Bench", schemaVersion: 1, data }]))
        if (exit._tag === "Failure") wrong.push(`${streamId}@${expected}: ${String(exit.cause).slice(0, 200)}`)
        else if (!exit.value.written || exit.value.streamVersion !== expected + 1) {
          wrong.push(`${streamId}@${expected}: answered version ${exit.value.streamVersion}, written ${exit.value.written}`)
        } else if (exit.value.lastPosition.position > last) last = exit.value.lastPosition.position
      })
      const answered = now()
      const announcedAt = await announcedBy(last)
      // The window ends when the last append is answered and announced, whichever comes later.
      const end = Math.max(answered, announcedAt ?? now())
      const pass = { latencies, nodeCpuUs: cpuUs(process.cpuUsage(cpu)), pgCpuUs: postgresCpuSince(pgBefore) * 1e6, wallMs: end - passStart }
      checks.expect(wrong.length === 0, `${prefix}: ${wrong.length} appends failed or answered wrongly, e.g. ${wrong[0]}`)
      checks.expect(announcedAt !== undefined, `${prefix}: no notification announced position ${last} within ${NOTIFY_WAIT_MS} ms`)
      await checkStored(prefix, sent)
      return pass
    }

    /** When the current pass started (the writers start together). */
    let passStart = 0
    const cpuUs = (usage: NodeJS.CpuUsage) => usage.user + usage.system

    const checkStored = async (prefix: string, sent: ReadonlyArray<string>) => {
      const ids = await pool.query<{ n: string; distinct_n: string }>(
        `SELECT count(*) AS n, count(DISTINCT event_id) AS distinct_n FROM events WHERE event_id = ANY($1::uuid[])`,
        [sent]
      )
      const inRound = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE stream_id LIKE $1`, [`${prefix}-%`])
      checks.expect(
        Number(ids.rows[0]!.n) === sent.length && Number(ids.rows[0]!.distinct_n) === sent.length && Number(inRound.rows[0]!.n) === sent.length,
        `${prefix}: ${sent.length} appends, ${ids.rows[0]!.n} of their event ids in the log (${ids.rows[0]!.distinct_n} distinct), ${inRound.rows[0]!.n} events in its streams`
      )
      const streams = await pool.query<{ stream_id: string; n: number; low: number; high: number; distinct_n: number; version: number | null }>(
        `SELECT e.stream_id, count(*)::int AS n, min(e.stream_version) AS low, max(e.stream_version) AS high,
           count(DISTINCT e.stream_version)::int AS distinct_n, (SELECT s.version FROM streams s WHERE s.stream_id = e.stream_id) AS version
         FROM events e WHERE e.stream_id LIKE $1 GROUP BY e.stream_id`,
        [`${prefix}-%`]
      )
      const bad = streams.rows.filter((row) =>
        row.n !== STREAM_LENGTH || row.low !== 1 || row.high !== STREAM_LENGTH || row.distinct_n !== STREAM_LENGTH || row.version !== STREAM_LENGTH
      )
      checks.expect(
        streams.rows.length === APPENDS / STREAM_LENGTH && bad.length === 0,
        `${prefix}: ${streams.rows.length} streams (expected ${APPENDS / STREAM_LENGTH}), ${bad.length} without versions 1..${STREAM_LENGTH} exactly, e.g. ${JSON.stringify(bad[0])}`
      )
    }

    const barePass = async (prefix: string): Promise<Pass> => {
      let failed = 0
      const cpu = process.cpuUsage()
      const pgBefore = postgresCpu()
      const { latencies } = await runWriters(APPENDS, async (writer, k) => {
        const { streamId, expected } = slotOf(prefix, writer, k)
        await pool.query(
          `INSERT INTO baseline_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata) VALUES ($1, $2, $3, 'Bench', 1, $4, '{}')`,
          [streamId, expected + 1, randomUUID(), data]
        ).catch(() => failed++)
      })
      const end = now()
      const pass = { latencies, nodeCpuUs: cpuUs(process.cpuUsage(cpu)), pgCpuUs: postgresCpuSince(pgBefore) * 1e6, wallMs: end - passStart }
      const stored = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM baseline_events WHERE stream_id LIKE $1`, [`${prefix}-%`])
      checks.expect(failed === 0 && Number(stored.rows[0]!.n) === APPENDS, `${prefix}: ${failed} bare INSERTs failed, ${stored.rows[0]!.n} rows stored of ${APPENDS}`)
      return pass
    }

    const passOf = (target: Target, prefix: string) => {
      passStart = now()
      return target === "store" ? storePass(prefix) : barePass(prefix)
    }

    // Warm-up of both paths (connections, plans, JIT of this process), not counted.
    await passOf("store", "warm")
    await passOf("bare", "warm")

    const rows: Array<Record<string, string | number>> = []
    const ratios: Array<number> = []
    const rates: Record<Target, Array<number>> = { store: [], bare: [] }
    for (let round = 0; round < ROUNDS; round++) {
      const order: ReadonlyArray<Target> = round % 2 === 0 ? ["store", "bare"] : ["bare", "store"]
      const perSecond: Partial<Record<Target, number>> = {}
      for (const target of order) {
        const pass = await passOf(target, `r${round}`)
        const rate = APPENDS / (pass.wallMs / 1000)
        perSecond[target] = rate
        rates[target].push(rate)
        rows.push({
          round,
          order: order.map((t) => (t === "store" ? "S" : "B")).join(""),
          path: target === "store" ? "EventStore.append" : "bare pg INSERT",
          per_second: Math.round(rate),
          p50_ms: +percentile(pass.latencies, 50)!.toFixed(2),
          p99_ms: +percentile(pass.latencies, 99)!.toFixed(2),
          node_cpu_us_append: Math.round(pass.nodeCpuUs / APPENDS),
          pg_cpu_us_append: Math.round(pass.pgCpuUs / APPENDS),
          load_1m: +loadavg()[0]!.toFixed(2)
        })
      }
      ratios.push(perSecond.store! / perSecond.bare!)
    }
    report(rows)
    console.log(
      `${WRITERS} writers, ${APPENDS} appends per pass, ${ROUNDS} rounds ABBA; per-round ratios: ${ratios.map((r) => r.toFixed(3)).join(", ")}`
    )
    console.log(`median rates: store ${Math.round(median(rates.store))}/s, bare ${Math.round(median(rates.bare))}/s`)
    console.log(`event store append / bare insert throughput ratio (median of per-round ratios): ${median(ratios).toFixed(3)}`)
    console.log(`load average after: ${load()}`)
    checks.enforce()
  } finally {
    await listener.end().catch(() => {})
    await pool.end()
    await runtime.dispose()
    await db.drop()
  }
}
