/**
 * Start-up through the real entry point as a child process: the embedded data directory's
 * modes, the refusal of a directory open to other users, a port already taken, and the last
 * line naming the address, /docs and each platform's engine.
 */
import { spawn } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { freePort, projectRoot, startServiceProcess } from "../support/service-process.ts"
import { distEntry } from "../support/dist-entry.ts"

const roots: Array<string> = []
const scratch = () => {
  const root = mkdtempSync(join(tmpdir(), "sightline-startup-"))
  roots.push(root)
  return root
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** Runs the service until it exits by itself (start-up failures), at most 120 s. */
const runToExit = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const clean: Record<string, string> = {}
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && !/^(PORT|HOST|DATABASE_URL|DATA_DIR|AI_PLATFORM_.*|CLUSTER_.*)$/.test(key)) clean[key] = value
    }
    const child = spawn(process.execPath, [distEntry("main")], { cwd: projectRoot, env: { ...clean, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`the service did not exit within 120 s:\n${stdout}\n${stderr}`))
    }, 120_000)
    // "close", not "exit": at "exit" the last of stderr may still be in the pipe, unread, and a
    // loaded machine makes that likelier; "close" comes once both streams have ended.
    child.once("close", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })

/** Every path below `dir` whose mode gives the group or others any access. */
const openToOthers = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    const open = (statSync(path).mode & 0o077) !== 0 ? [`${path} ${(statSync(path).mode & 0o777).toString(8)}`] : []
    return entry.isDirectory() ? [...open, ...openToOthers(path)] : open
  })

describe("start-up", () => {
  it("creates DATA_DIR private: after a fresh start nothing under it is open to the group or others", async () => {
    const dataDir = join(scratch(), "data")
    const service = await startServiceProcess({
      label: "fresh",
      env: {
        DATA_DIR: dataDir,
        SCHEDULER_CRON: "off",
        AI_PLATFORM_2_BASE_URL: "http://127.0.0.1:9/v1",
        AI_PLATFORM_2_MODEL: "claude-x",
        AI_PLATFORM_2_API_KEY: "sk-never-printed"
      }
    })
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700)
      expect(openToOthers(dataDir)).toEqual([])
      // progress while the database initialises, then the last line: address, /docs, engines
      const lines = service.output().split("\n").map((line) => line.replace(/^\[[\d:.]+\] INFO \(#\d+\): /, ""))
      const base = service.baseUrl
      const expected = [
        `initialising the embedded database in ${dataDir}/pglite (first start only)…`,
        `Sightline is ready on ${base} (listening on 127.0.0.1:${new URL(base).port}); the API is documented at ${base}/docs`,
        "answer engines:",
        "  ai_platform_1 (ChatGPT): built-in stand-in engine, not ChatGPT; set AI_PLATFORM_1_BASE_URL and AI_PLATFORM_1_MODEL to ask a real one",
        "  ai_platform_2 (Claude): claude-x at 127.0.0.1:9"
      ]
      expect(expected.filter((line) => !lines.includes(line))).toEqual([])
      expect(lines.some((line) => /^applied \d+ database migrations$/.test(line))).toBe(true)
      expect(service.output()).not.toContain("sk-never-printed")
    } finally {
      await service.stop()
    }
  }, 180_000)

  it("refuses a DATA_DIR open to other users with exit code 1, naming the path and the fix, and writes nothing in it", async () => {
    const dataDir = join(scratch(), "shared")
    mkdirSync(dataDir)
    writeFileSync(join(dataDir, "notes.txt"), "mine")
    chmodSync(dataDir, 0o755)
    const result = await runToExit({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1" })
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      `sightline: ${dataDir} is open to other users (mode 0755); it holds the token signing key and every tenant's data, ` +
        `so Sightline will not start on it. Make it private with: chmod 700 ${dataDir}\n`
    )
    expect(readdirSync(dataDir)).toEqual(["notes.txt"])
  })

  it("says which address is in use and what to do when the port is taken", async () => {
    const port = await freePort()
    const taken: Server = createServer()
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve))
    try {
      const result = await runToExit({ DATA_DIR: join(scratch(), "data"), PORT: String(port), HOST: "127.0.0.1" })
      expect(result.code).toBe(1)
      expect(result.stderr).toBe(
        `sightline: start-up failed: the address 127.0.0.1:${port} is already in use (another Sightline, or another program, listens there). ` +
          `Stop that program, or choose a free port with PORT (and the interface with HOST), e.g. PORT=${port + 1} npm start\n`
      )
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()))
    }
  }, 180_000)
})
