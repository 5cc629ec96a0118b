/**
 * A stop (SIGTERM) in the middle of a generate-all job whose platforms hold their answers: the
 * service says it is stopping and what happens to the job, exits with code 0 within a
 * supervisor's grace period (12 s here; the cluster library's default wait for a running
 * workflow, 15 s, would not), and the next start finishes the job by itself.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { testDatabases } from "../support/databases.ts"
import { type FixtureSite, startFixtureSite } from "../support/fixture-site.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer, waitUntil } from "../support/openai-compatible-server.ts"
import { freePort, type ServiceProcess, startServiceProcess } from "../support/service-process.ts"

const SERVICE_KEY = "stop-test-service-key-0123456789abcdef"
const auth = { authorization: `Bearer ${SERVICE_KEY}` }
const PLATFORMS = 8
/** What a supervisor waits after SIGTERM before it kills (Kubernetes gives 30 s). */
const GRACE_MS = 12_000
const NOTICE = "stopping (SIGTERM): running jobs pause at their current step and resume at the next start"

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

for (const database of testDatabases) {
  describe(`a stop during onboarding (${database.name})`, () => {
    let site: FixtureSite | undefined
    const platforms: Array<OpenAiCompatibleServer> = []
    const children: Array<ServiceProcess> = []
    let release = async () => {}
    let dataDir: string | undefined
    let env: Record<string, string> = {}
    let port = 0

    beforeAll(async () => {
      site = await startFixtureSite()
      for (let n = 1; n <= PLATFORMS; n++) platforms.push(await startOpenAiCompatibleServer({}))
      let location: Record<string, string>
      if (database.name === "server") {
        const created = await database.create()
        release = created.release
        location = { DATABASE_URL: created.url! }
      } else {
        dataDir = mkdtempSync(join(tmpdir(), "sightline-stop-"))
        location = { DATA_DIR: dataDir }
      }
      port = await freePort()
      env = {
        SERVICE_API_KEYS: SERVICE_KEY,
        CRAWLER_ALLOW_PRIVATE: "true",
        SCHEDULER_CRON: "off",
        AI_PLATFORM_MAX_RETRIES: "0",
        // A held answer is waited for, never timed out: only the stop ends the step.
        AI_PLATFORM_TIMEOUT_MS: "600000",
        ...Object.fromEntries(platforms.flatMap((server, i) => [
          [`AI_PLATFORM_${i + 1}_BASE_URL`, server.baseUrl],
          [`AI_PLATFORM_${i + 1}_MODEL`, `loopback-model-${i + 1}`],
          [`AI_PLATFORM_${i + 1}_API_KEY`, `loopback-key-${i + 1}`]
        ])),
        ...location
      }
    })

    afterAll(async () => {
      for (const child of children) await child.stop("SIGKILL", 10_000).catch(() => undefined)
      for (const server of platforms) await server.close().catch(() => undefined)
      await site?.close().catch(() => undefined)
      await release().catch(() => undefined)
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
    })

    const start = async (label: string) => {
      const child = await startServiceProcess({ label, env, port, startTimeoutMs: 120_000 })
      children.push(child)
      return child
    }

    const jobOf = async (child: ServiceProcess, jobId: string) => {
      const response = await fetch(`${child.baseUrl}/api/jobs/${jobId}`, { headers: auth, signal: AbortSignal.timeout(30_000) })
      return response.status === 200 ? await response.json() as { readonly state: string } : undefined
    }

    it("says it is stopping, exits with code 0 in the grace period, and the next start finishes the job", async () => {
      for (const server of platforms) server.setHold(() => true)
      const first = await start("service (before the stop)")
      const started = await fetch(`${first.baseUrl}/api/generate-all`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ url: `${site!.baseUrl}/`, org_slug: "crumb-bakery" })
      })
      expect(started.status).toBe(202)
      const jobId = (await started.json() as { readonly job_id: string }).job_id
      // Every platform holds a question of the job: its visibility step is under way and cannot end.
      await waitUntil(() => platforms.every((server) => server.held > 0), 300_000)

      const sent = performance.now()
      const status = await first.stop("SIGTERM", GRACE_MS)
      const stoppedInMs = Math.round(performance.now() - sent)
      expect(status, first.output().slice(-5_000)).toBe(0)
      expect(first.output()).toContain(NOTICE)

      for (const server of platforms) server.setHold(undefined)
      const second = await start("service (after the stop)")
      let state: string | undefined
      const deadline = performance.now() + 300_000
      while (state !== "succeeded" && state !== "failed" && performance.now() < deadline) {
        state = (await jobOf(second, jobId).catch(() => undefined))?.state
        if (state !== "succeeded") await sleep(250)
      }
      expect(state, second.output().slice(-5_000)).toBe("succeeded")
      console.info(JSON.stringify({ database: database.name, jobId, stoppedInMs }))
    }, 600_000)
  })
}
