/**
 * The server also runs under Deno 2 (installed by `npm ci` as the `deno` devDependency), on
 * the embedded database with no configuration but a port, a host and a data directory.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, describe, expect, it } from "vitest"

const DENO = resolve("node_modules/.bin/deno")

/** A port nobody listens on now: the kernel picks one for port 0, and we give it back. */
const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      if (address === null || typeof address === "string") return reject(new Error("expected a TCP address"))
      server.close(() => resolvePort(address.port))
    })
  })

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

/** SIGTERM, then SIGKILL if it is still running after 5 s. */
const stop = async (child: ChildProcess) => {
  if (exited(child)) return
  const gone = new Promise<void>((done) => child.once("exit", () => done()))
  child.kill("SIGTERM")
  const timedOut = await Promise.race([gone.then(() => false), sleep(5_000).then(() => true)])
  if (timedOut && !exited(child)) {
    child.kill("SIGKILL")
    await gone
  }
}

describe("Deno 2", () => {
  let child: ChildProcess | undefined
  const dataRoot = mkdtempSync(join(tmpdir(), "sightline-deno-"))
  afterAll(async () => {
    if (child !== undefined) await stop(child)
    rmSync(dataRoot, { recursive: true, force: true })
  })

  it("runs the server: GET /health answers healthy with the database ok", async () => {
    // Installed by `npm ci`: a missing binary is a broken install, which must fail, not skip.
    if (!existsSync(DENO)) throw new Error(`deno is not installed at ${DENO}; run npm ci (it is a devDependency)`)

    const port = await freePort()
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dataRoot, "data") }
    delete env.DATABASE_URL
    const proc = spawn(DENO, ["run", "-A", "src/main.ts"], { env, stdio: ["ignore", "pipe", "pipe"] })
    child = proc
    let output = ""
    proc.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    proc.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    let spawnFailure: Error | undefined
    proc.on("error", (error) => (spawnFailure = error))

    const deadline = Date.now() + 180_000
    let health: { readonly status: number; readonly body: any } | undefined
    while (Date.now() < deadline) {
      if (spawnFailure !== undefined) throw new Error(`could not start deno: ${spawnFailure.message}`)
      if (exited(proc)) throw new Error(`deno exited with ${proc.exitCode ?? proc.signalCode} before answering:\n${output}`)
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) })
        if (response.status === 200) {
          health = { status: response.status, body: await response.json() }
          break
        }
        await response.body?.cancel()
      } catch {
        // not listening yet
      }
      await sleep(500)
    }
    if (health === undefined) throw new Error(`GET /health did not answer 200 within 180 s; output:\n${output}`)
    expect(health.body.status).toBe("healthy")
    expect(health.body.database).toBe("ok")
  }, 240_000)
})
