/**
 * Appends per second through the EventStore (version check, idempotency, notify) against a
 * bare `pg` INSERT of the same row into a table of the same shape, in the same process and
 * database. The ratio is what the event store's guarantees cost.
 */
import { Layer, ManagedRuntime, Redacted } from "effect"
import { randomUUID } from "node:crypto"
import pg from "pg"
import { clientFor } from "../src/db/database.ts"
import { EventStore } from "../src/eventstore/event-store.ts"
import * as PgEventStore from "../src/eventstore/pg-event-store.ts"
import { percentile, report, runConcurrently, scratchDatabase } from "./support.ts"

const TOTAL = Number(process.env.BENCH_APPENDS ?? 3000)
const CONCURRENCY = 8

export const run = async () => {
  const db = await scratchDatabase("append")
  const runtime = ManagedRuntime.make(
    PgEventStore.layer.pipe(Layer.provideMerge(clientFor({ _tag: "Server", url: Redacted.make(db.url) })), Layer.orDie)
  )
  const pool = new pg.Pool({ connectionString: db.url, max: 20 })
  try {
    const store = await runtime.runPromise(EventStore)
    await pool.query(`CREATE TABLE baseline_events (LIKE events INCLUDING ALL)`)
    const data = { prompt: "best running shoes for flat feet", platform: "ai_platform_1", visible: true }

    // warm-up both paths
    await runConcurrently(200, CONCURRENCY, (i) => runtime.runPromise(store.append(`warm-${i}`, 0, [{ eventId: randomUUID(), type: "Bench", schemaVersion: 1, data }])))
    const insertBaseline = (i: number) =>
      pool.query(
        `INSERT INTO baseline_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata) VALUES ($1, 1, $2, 'Bench', 1, $3, '{}')`,
        [`base-${i}`, randomUUID(), data]
      )
    await runConcurrently(200, CONCURRENCY, (i) => insertBaseline(-i - 1))

    const baseline = await runConcurrently(TOTAL, CONCURRENCY, insertBaseline)
    const subject = await runConcurrently(TOTAL, CONCURRENCY, (i) =>
      runtime.runPromise(store.append(`bench-${i}`, 0, [{ eventId: randomUUID(), type: "Bench", schemaVersion: 1, data }])))

    const perSecond = (wallMs: number) => Math.round(TOTAL / (wallMs / 1000))
    report([
      { path: "bare pg INSERT", per_second: perSecond(baseline.wallMs), p50_ms: +percentile(baseline.latencies, 50).toFixed(2), p99_ms: +percentile(baseline.latencies, 99).toFixed(2) },
      { path: "EventStore.append", per_second: perSecond(subject.wallMs), p50_ms: +percentile(subject.latencies, 50).toFixed(2), p99_ms: +percentile(subject.latencies, 99).toFixed(2) }
    ])
    console.log(`event store append / bare insert throughput ratio: ${(baseline.wallMs / subject.wallMs).toFixed(2)}`)
  } finally {
    await pool.end()
    await runtime.dispose()
    await db.drop()
  }
}
