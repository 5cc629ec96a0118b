/**
 * The service as a child process: an unhandled promise rejection is logged and the service
 * keeps serving; an uncaught exception is logged and the process exits with code 1; neither
 * log line carries a stack trace or a URL's credentials. With LOG_REQUESTS=true, the request
 * log leaves the query string (an invitation's token) out.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ServiceProcess, startServiceProcess } from "../support/service-process.ts"

const SECRET = "hunter2-db-password"
const TOKEN = "inv_secret_token_0123456789abcdef"

/** Loaded into the child before the service: SIGUSR2 rejects a promise nobody handles, SIGHUP throws from a callback. */
const FAULTS = `data:text/javascript,${encodeURIComponent(
  `process.on("SIGUSR2", () => { Promise.reject(new Error("a rejection nobody handles, postgres://app:${SECRET}@db.example/x")) });` +
    `process.on("SIGHUP", () => setImmediate(() => { throw new Error("an exception nobody catches, postgres://app:${SECRET}@db.example/x") }));`
)}`

/** Polls `condition` every 100 ms until it holds, at most `timeoutMs`. */
const waitFor = async (child: ServiceProcess, what: string, condition: () => boolean, timeoutMs = 30_000) => {
  const deadline = performance.now() + timeoutMs
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}; the service wrote:\n${child.output().slice(-4000)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe("the process guard and the request log (child process)", () => {
  let child: ServiceProcess
  let dataDir = ""
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "sightline-process-guard-"))
    child = await startServiceProcess({
      label: "process-guard",
      env: { DATA_DIR: dataDir, SERVICE_API_KEYS: "test-service-key-0123456789", SCHEDULER_CRON: "off", LOG_REQUESTS: "true" },
      preload: [FAULTS],
      startTimeoutMs: 120_000
    })
  }, 150_000)
  afterAll(async () => {
    await child?.stop("SIGKILL", 10_000)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("logs a request without its query string: no invitation token in the log", async () => {
    const response = await fetch(`${child.baseUrl}/api/invitations/accept?token=${TOKEN}`, { redirect: "manual" })
    await response.arrayBuffer()
    await waitFor(child, "the request's log line", () => child.output().includes("http.url: /api/invitations/accept"))
    expect(child.output()).toMatch(new RegExp(`Sent HTTP response\n  http.status: ${response.status}\n  http.method: GET\n  http.url: /api/invitations/accept\n`))
    expect(child.output()).not.toContain(TOKEN)
  })

  it("logs an unhandled rejection without secrets or stack, and keeps serving", async () => {
    process.kill(child.pid, "SIGUSR2")
    await waitFor(child, "the rejection's log line", () => child.output().includes("unhandled promise rejection"))
    const line = child.output().split("\n").find((text) => text.includes("unhandled promise rejection"))!
    expect(line).toMatch(/ ERROR \(#\d+\): unhandled promise rejection \(the service keeps running\): Error: a rejection nobody handles, postgres:\/\/\*\*\*@db\.example\/x$/)
    expect((await fetch(`${child.baseUrl}/health`)).status).toBe(200)
    expect(child.exitStatus()).toBeNull()
    expect(child.output()).not.toContain(SECRET)
  })

  it("logs an uncaught exception without secrets or stack, then exits with code 1", async () => {
    process.kill(child.pid, "SIGHUP")
    expect(await child.exited).toBe(1)
    const output = child.output()
    const line = output.split("\n").find((text) => text.includes("uncaught exception"))!
    expect(line).toMatch(/ ERROR \(#\d+\): uncaught exception, exiting: Error: an exception nobody catches, postgres:\/\/\*\*\*@db\.example\/x$/)
    expect(output).not.toContain(SECRET)
    expect(output).not.toMatch(/^\s+at .*Immediate/m)
  })
})
