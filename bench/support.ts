/** Shared helpers for benchmarks: timing, percentiles, a scratch PostgreSQL database. */
import pg from "pg"

export const now = () => performance.now()

export const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

/** Runs `task` `total` times with at most `concurrency` in flight; returns each latency in ms. */
export const runConcurrently = async (total: number, concurrency: number, task: (i: number) => Promise<unknown>) => {
  const latencies: Array<number> = []
  let next = 0
  const worker = async () => {
    while (next < total) {
      const i = next++
      const start = now()
      await task(i)
      latencies.push(now() - start)
    }
  }
  const start = now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { wallMs: now() - start, latencies: latencies.sort((a, b) => a - b) }
}

export const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"

export const scratchDatabase = async (label: string) => {
  const name = `sightline_bench_${label}_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    }
  }
}

export const report = (rows: ReadonlyArray<Record<string, string | number>>) => console.table(rows)
