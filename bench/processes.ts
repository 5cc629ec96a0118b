/**
 * Child processes for the HTTP benchmarks: the service itself (`node dist/main.js`, as `npm start`
 * runs it) or a plain script, on a free loopback port, plus a small keep-alive HTTP client and a reader of
 * a child's CPU time. Every child is stopped by its pid (SIGTERM, then SIGKILL after a bound).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { openSync, readFileSync } from "node:fs"
import http from "node:http"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"

export const projectRoot = fileURLToPath(new URL("..", import.meta.url))

export const SERVICE_KEY = "bench-service-key-0123456789abcdef"

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** Variables the service reads: never inherited from the bench's own environment. */
const SERVICE_VARIABLE = /^(PORT|HOST|DATABASE_URL|DATA_DIR|PUBLIC_BASE_URL|SITES_DOMAIN|SITES_SCHEME|SERVICE_API_KEYS|AUTH_.*|IDENTITY_PROVIDER|CLERK_.*|STRIPE_.*|LLM_.*|AI_PLATFORM_.*|AI_VISIBILITY_SAMPLES|SCHEDULER_CRON|CRAWLER_ALLOW_PRIVATE|WEBHOOK_RATE_LIMIT_PER_MINUTE)$/

const cleanEnv = (extra: Record<string, string>) => {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !SERVICE_VARIABLE.test(key)) env[key] = value
  }
  return { ...env, ...extra }
}

export interface Child {
  readonly pid: number
  readonly port: number
  readonly baseUrl: string
  /** Seconds of CPU (user + system) the child has used so far, from /proc. */
  readonly cpuSeconds: () => number
  readonly stop: () => Promise<void>
  /** The child's own stalls over a window (`bench/loop-probe.mjs`), when started with `probe`. */
  readonly probe?: Probe
}

/** What `bench/loop-probe.mjs` measured in a child since the last `reset`. */
export interface ProbeReading {
  /** The event loop's longest delay and its 99th percentile (10 ms timer), ms. */
  readonly loopMaxMs: number
  readonly loopP99Ms: number
  /** Garbage collections: how many, their pauses' sum and longest (ms), how many were major. */
  readonly gcCount: number
  readonly gcMs: number
  readonly gcMaxMs: number
  readonly majorGcs: number
}

export interface Probe {
  readonly reset: () => Promise<void>
  readonly read: () => Promise<ProbeReading>
}

/** Node's arguments that load the probe into a child (it answers over the child's IPC channel). */
const PROBE_ARGS = ["--import", "./bench/loop-probe.mjs"]

const probeOf = (child: ChildProcess): Probe => {
  const ask = <A>(probe: "reset" | "read") =>
    new Promise<A>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off("message", answer)
        reject(new Error(`loop probe: no answer to ${probe} in 30 s`))
      }, 30_000)
      const answer = (message: unknown) => {
        if ((message as { probe?: string } | null)?.probe !== probe) return
        clearTimeout(timer)
        child.off("message", answer)
        resolve(message as A)
      }
      child.on("message", answer)
      child.send({ probe })
    })
  return {
    reset: () => ask<unknown>("reset").then(() => undefined),
    read: () => ask<ProbeReading & { probe: string }>("read").then(({ probe: _, ...reading }) => reading)
  }
}

const clockTicks = 100 // USER_HZ on Linux

export const cpuSecondsOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    // fields[0] is field 3 (state): utime is field 14, stime field 15.
    return (Number(fields[11]) + Number(fields[12])) / clockTicks
  } catch {
    return Number.NaN
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Starts `node [nodeArgs] script` with `env` (plus PORT and HOST) and waits until
 * `GET readyPath` answers 200. Output is kept (bounded) to explain a failed start.
 */
export const startChild = async (options: {
  readonly label: string
  readonly nodeArgs: ReadonlyArray<string>
  readonly env: Record<string, string>
  readonly readyPath?: string
  readonly startTimeoutMs?: number
  /** Load `bench/loop-probe.mjs` into the child: the `Child` then has a `probe`. */
  readonly probe?: boolean
  /** A file the child's stdout is appended to (node's `--trace-gc` writes there); discarded otherwise. */
  readonly stdoutFile?: string
}): Promise<Child> => {
  const port = await freePort()
  const stdout = options.stdoutFile === undefined ? "ignore" : openSync(options.stdoutFile, "a")
  const child: ChildProcess = spawn(process.execPath, [...(options.probe === true ? PROBE_ARGS : []), ...options.nodeArgs], {
    cwd: projectRoot,
    env: cleanEnv({ ...options.env, PORT: String(port), HOST: "127.0.0.1" }),
    // The service logs a line per request on stdout: discarded (cheaply) rather than piped
    // into this process, which is also the load generator.
    stdio: options.probe === true ? ["ignore", stdout, "pipe", "ipc"] : ["ignore", stdout, "pipe"]
  })
  let stderr = ""
  child.stderr!.on("data", (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString("utf8")
  })
  let exited: number | null | undefined
  const exit = new Promise<void>((resolve) => child.once("exit", (code, signal) => {
    exited = code ?? (signal === null ? -1 : -2)
    resolve()
  }))
  const baseUrl = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (exited !== undefined) return
    child.kill("SIGTERM")
    const stopped = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)])
    if (!stopped) {
      child.kill("SIGKILL")
      await exit
    }
  }
  const deadline = performance.now() + (options.startTimeoutMs ?? 90_000)
  for (;;) {
    if (exited !== undefined) throw new Error(`${options.label} exited (${exited}) before it was ready:\n${stderr}`)
    if (performance.now() > deadline) {
      await stop()
      throw new Error(`${options.label} not ready in time:\n${stderr}`)
    }
    // Each probe is bounded: a request the child never answers must not outlast the deadline.
    const ready = await fetch(`${baseUrl}${options.readyPath ?? "/health"}`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status === 200, () => false)
    if (ready) break
    await sleep(200)
  }
  return { pid: child.pid!, port, baseUrl, cpuSeconds: () => cpuSecondsOf(child.pid!), stop, ...(options.probe === true ? { probe: probeOf(child) } : {}) }
}

let build: Promise<void> | undefined

/**
 * `node scripts/build.mjs --if-stale`, once per bench process: `dist/` made again from `src/` when
 * a source is newer than the last build, so a bench measures the code of the working tree.
 */
export const ensureBuilt = () =>
  build ??= new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: projectRoot, stdio: ["ignore", "inherit", "inherit"] })
    child.once("error", reject)
    child.once("exit", (code) => code === 0 ? resolve() : reject(new Error(`node scripts/build.mjs --if-stale exited ${code}`)))
  })

/**
 * Node's arguments that run the service, after `ensureBuilt()`: `dist/main.js`, the bundle `npm
 * start` runs (no TypeScript loader: under tsx the service holds about 145 MB of heap against 57
 * MB, and a loader thread beside it). `BENCH_SERVICE_SOURCE=1` runs `src/main.ts` under tsx
 * instead (to compare the two, or to measure a source without building); `BENCH_SERVICE_MAIN=<file>`
 * runs another build's bundle (e.g. an older commit's, built in a copy of the tree) to compare two
 * builds with the same bench.
 */
export const serviceEntry = async (): Promise<ReadonlyArray<string>> => {
  if (process.env.BENCH_SERVICE_SOURCE === "1") return ["--import", "tsx", "src/main.ts"]
  const main = process.env.BENCH_SERVICE_MAIN ?? ""
  if (main !== "") return [main]
  await ensureBuilt()
  return ["dist/main.js"]
}

/**
 * The service as a child process (`serviceEntry`). With `BENCH_CPU_PROF=<dir>` it runs under
 * `node --cpu-prof` and writes its profile to `<dir>/<label>/` on exit (read it with `tsx
 * bench/cpu-profile-top.ts <file>`, which maps the bundle's frames back to their sources through
 * `dist/*.js.map`); `BENCH_SERVICE_NODE_ARGS` adds node flags of your choice. `readyPath`
 * (default `/health`, which answers 503 while the projections' status is late, as in a long
 * catch-up) says when it is up. `options.probe` loads `bench/loop-probe.mjs` (see `startChild`).
 * `BENCH_SERVICE_STDOUT=<prefix>` appends the child's stdout to `<prefix>.<label>` (with
 * `BENCH_SERVICE_NODE_ARGS=--trace-gc`, each collection's kind, sizes and pause).
 */
export const startService = async (label: string, env: Record<string, string>, readyPath?: string, options: { readonly probe?: boolean } = {}) => {
  const profileDir = process.env.BENCH_CPU_PROF
  // One directory per child (under tsx, the loader's worker thread writes a profile of its own
  // beside the main thread's: `CPU.<date>.<time>.<pid>.0.*` is the main thread).
  const profile = profileDir === undefined || profileDir === "" ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}/${label}`]
  // Any other node flags for the service child (e.g. `--heap-prof --heap-prof-dir=/tmp/heap`).
  const extra = (process.env.BENCH_SERVICE_NODE_ARGS ?? "").split(" ").filter((arg) => arg !== "")
  const stdoutPrefix = process.env.BENCH_SERVICE_STDOUT ?? ""
  return startChild({
    label,
    ...(stdoutPrefix === "" ? {} : { stdoutFile: `${stdoutPrefix}.${label}` }),
    nodeArgs: [...profile, ...extra, ...(await serviceEntry())],
    env: { SERVICE_API_KEYS: SERVICE_KEY, SCHEDULER_CRON: "off", ...env },
    ...(readyPath === undefined ? {} : { readyPath }),
    ...(options.probe === true ? { probe: true } : {})
  })
}

export interface Reply {
  readonly status: number
  readonly body: string
}

/** One request over `agent`; resolves with the status and the whole body. */
export const send = (
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  options: { readonly body?: unknown; readonly key?: string | undefined } = {}
) =>
  new Promise<Reply>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body))
    const headers: Record<string, string | number> = {}
    if (options.key !== undefined) headers["authorization"] = `Bearer ${options.key}`
    if (payload !== undefined) {
      headers["content-type"] = "application/json"
      headers["content-length"] = payload.length
    }
    const request = http.request({ agent, host: "127.0.0.1", port, method, path, headers }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }))
      response.on("error", reject)
    })
    request.on("error", reject)
    request.setTimeout(120_000, () => request.destroy(new Error(`${method} ${path}: no answer in 120 s`)))
    request.end(payload)
  })

export const expectStatus = (reply: Reply, expected: ReadonlyArray<number>, what: string) => {
  if (!expected.includes(reply.status)) throw new Error(`${what}: expected ${expected.join("/")}, got ${reply.status}: ${reply.body.slice(0, 500)}`)
  return reply
}
