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

/** The middle value; with an even count the mean of the two middle ones (not the upper one, which flatters). */
export const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * The correctness checks of one benchmark (counts, states: never timings). Each failed check is
 * kept with its reason; `enforce` prints them all and throws, which makes `npm run bench` exit
 * non-zero. Call it after the figures are printed, so a failed run still shows what it measured.
 */
export class Checks {
  readonly failed: Array<string> = []
  constructor(readonly bench: string) {}
  /** Records `what` as violated unless `ok`. */
  expect(ok: boolean, what: string) {
    if (!ok) this.failed.push(what)
    return ok
  }
  enforce() {
    if (this.failed.length === 0) {
      console.log(`${this.bench}: every correctness check held`)
      return
    }
    for (const what of this.failed) console.error(`  CHECK FAILED (${this.bench}): ${what}`)
    throw new Error(`${this.bench}: ${this.failed.length} correctness check(s) failed: ${this.failed.slice(0, 3).join("; ")}${this.failed.length > 3 ? "; ..." : ""}`)
  }
}

/** `{ "200": 5, "503": 1 }` as `200×5 503×1`. */
export const statusText = (statuses: Readonly<Record<string, number>>) =>
  Object.entries(statuses).sort(([a], [b]) => Number(a) - Number(b)).map(([status, n]) => `${status}×${n}`).join(" ")
