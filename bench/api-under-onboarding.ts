/**
 * The API's answers while a large onboarding runs: `POST /api/generate-all` of a business with 50
 * products (51 entities, each 100 prompts checked on the 8 platforms by the built-in local
 * engine, on the service's own thread) for the 50-page site of `onboarding-site.ts`, then, one at
 * a time every 200 ms for `BENCH_UNDER_ONBOARDING_SECONDS` (default 60), a plain invalid
 * `POST /api/generate-all` (no `url`), whose 400 needs no database and no background work. Its
 * latency is what a tenant feels of the background work. Figures: that latency idle (before the
 * onboarding) and under it (p50, p99, max), and how far the job got in the window. The service
 * is a child process on a scratch database.
 */
import http from "node:http"
import { startBenchSite } from "./onboarding-site.ts"
import { expectStatus, send, SERVICE_KEY, startService } from "./processes.ts"
import { now, percentile, report, scratchDatabase } from "./support.ts"

const WINDOW_MS = Number(process.env.BENCH_UNDER_ONBOARDING_SECONDS ?? "60") * 1000
const PROBE_EVERY_MS = 200
const IDLE_PROBES = 25
const PRODUCTS = 50
const ORG = "northwind-cycles"

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const summary = (label: string, latencies: ReadonlyArray<number>) => {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    probes: label,
    count: sorted.length,
    p50_ms: Math.round(percentile(sorted, 50)),
    p99_ms: Math.round(percentile(sorted, 99)),
    max_ms: Math.round(sorted[sorted.length - 1] ?? 0)
  }
}

export const run = async () => {
  const site = await startBenchSite()
  const db = await scratchDatabase("api_under_onboarding")
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
  let service: Awaited<ReturnType<typeof startService>> | undefined
  try {
    service = await startService("api-under-onboarding", { DATABASE_URL: db.url, CRAWLER_ALLOW_PRIVATE: "true" })
    const port = service.port
    const call = (method: string, path: string, body?: unknown) => send(agent, port, method, path, { body, key: SERVICE_KEY })
    const probe = async () => {
      const start = now()
      expectStatus(await call("POST", "/api/generate-all", { org_slug: ORG }), [400], "invalid generate-all")
      return now() - start
    }

    const idle: Array<number> = []
    for (let i = 0; i < IDLE_PROBES; i++) {
      idle.push(await probe())
      await sleep(PROBE_EVERY_MS)
    }

    const products = site.pagePaths.slice(0, PRODUCTS).map((path, i) => ({
      item_id: `product-${i + 1}`,
      url: `${site.baseUrl}${path}`
    }))
    if (products.length !== PRODUCTS) throw new Error(`the site has ${products.length} product pages, expected ${PRODUCTS}`)
    const accepted = expectStatus(
      await call("POST", "/api/generate-all", { url: `${site.baseUrl}/`, org_slug: ORG, products }),
      [202],
      "generate-all"
    )
    const jobId = JSON.parse(accepted.body).job_id as string

    const busy: Array<number> = []
    const started = now()
    while (now() - started < WINDOW_MS) {
      busy.push(await probe())
      await sleep(PROBE_EVERY_MS)
    }
    const job = JSON.parse(expectStatus(await call("GET", `/api/jobs/${jobId}`), [200], "job").body) as {
      state: string
      progress: { done: number; total: number }
      steps: ReadonlyArray<{ state: string }>
    }

    report([summary("idle", idle), summary("during a 51-entity generate-all", busy)])
    console.log(
      `job after ${Math.round(WINDOW_MS / 1000)} s: ${job.state}, progress ${job.progress.done}/${job.progress.total}, ` +
        `steps running ${job.steps.filter((s) => s.state === "running").length}, ` +
        `pending ${job.steps.filter((s) => s.state === "pending").length}, ` +
        `done ${job.steps.filter((s) => s.state === "succeeded" || s.state === "skipped" || s.state === "failed").length}`
    )
  } finally {
    agent.destroy()
    await service?.stop()
    await site.close()
    await db.drop()
  }
}
