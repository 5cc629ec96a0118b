/**
 * `npm run token` finds the service through DATA_DIR: it asks the running service for the token
 * (which that service then accepts), and with no service and no database there it refuses
 * without creating one.
 */
import { execFile } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { startServiceProcess } from "../support/service-process.ts"
import { distEntry } from "../support/dist-entry.ts"

const root = resolve(import.meta.dirname, "../..")

const runCli = (dataDir: string, args: ReadonlyArray<string>) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
  for (const name of ["DATABASE_URL", "AUTH_JWKS_URL", "AUTH_ISSUER", "AUTH_AUDIENCE", "PORT"]) delete env[name]
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(process.execPath, [distEntry("token"), ...args], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr })
    })
  })
}

const roots: Array<string> = []
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), "sightline-token-service-"))
  roots.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true })
})

const refusal = (dataDir: string) =>
  `error: No Sightline service is running with DATA_DIR=${dataDir}, and no database exists there, so there is no signing key ` +
  "to mint with (this command never creates a database). Run it with the running service's data directory, " +
  "e.g. DATA_DIR=/path/to/the/service/data npm run -s token -- --user <id>, or start the service first (npm start).\n"

describe("npm run token without a service", () => {
  it("refuses with exit code 1 and names the DATA_DIR when the directory does not exist, creating nothing", async () => {
    const dataDir = join(scratch(), "data")
    const result = await runCli(dataDir, ["--user", "u1"])
    expect(result).toEqual({ code: 1, stdout: "", stderr: refusal(dataDir) })
    expect(existsSync(dataDir)).toBe(false)
  })

  it("refuses the same way on an existing DATA_DIR that holds no database, and leaves it as it was", async () => {
    const dataDir = join(scratch(), "data")
    mkdirSync(dataDir, { mode: 0o700 })
    const result = await runCli(dataDir, ["--user", "u1"])
    expect(result).toEqual({ code: 1, stdout: "", stderr: refusal(dataDir) })
    expect(readdirSync(dataDir)).toEqual([])
  })
})

describe("npm run token beside the running service", () => {
  it("gets from the service a token that the service accepts", async () => {
    const dataDir = join(scratch(), "data")
    const service = await startServiceProcess({ label: "token", env: { DATA_DIR: dataDir, SCHEDULER_CRON: "off" } })
    try {
      const result = await runCli(dataDir, ["--user", "u1", "--org-id", "org_acme", "--org-slug", "acme", "--role", "org:admin"])
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/)
      const created = await fetch(`${service.baseUrl}/api/business`, {
        method: "POST",
        headers: { authorization: `Bearer ${result.stdout.trim()}`, "content-type": "application/json" },
        body: JSON.stringify({ business_name: "Acme" })
      })
      expect(created.status).toBe(201)
      expect(((await created.json()) as { business_id: string }).business_id).toBe("acme")
    } finally {
      await service.stop()
    }
  }, 180_000)
})
