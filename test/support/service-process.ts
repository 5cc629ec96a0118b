/**
 * The service as a child process (`node dist/main.js`, as `npm start` runs it), for tests that
 * need to kill it the hard way (SIGKILL) and start it again on the same database. The child's
 * environment is exactly what the test gives plus the inherited non-service variables: nothing the
 * service reads (DATABASE_URL, DATA_DIR, AI_PLATFORM_*, ...) leaks in from the test's own
 * environment.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"
import { distEntry } from "./dist-entry.ts"

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url))

const tryPort = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })

/**
 * A free port below the kernel's ephemeral range (32768+): services started on port 0 by other
 * test files take ephemeral ports, so one cannot grab this port between its check and its use.
 */
export const freePort = async (): Promise<number> => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    if (await tryPort(port)) return port
  }
  throw new Error("no free port found below the ephemeral range")
}

/** Variables the service reads: never inherited from the test's environment. */
const SERVICE_VARIABLE =
  /^(PORT|HOST|DATABASE_URL|DATA_DIR|PUBLIC_BASE_URL|SITES_DOMAIN|SITES_SCHEME|SERVICE_API_KEYS|AUTH_.*|IDENTITY_PROVIDER|CLERK_.*|STRIPE_.*|LLM_.*|AI_PLATFORM_.*|AI_VISIBILITY_SAMPLES|SCHEDULER_.*|CLUSTER_.*|CRAWLER_.*|WEBHOOK_RATE_LIMIT_PER_MINUTE|LOG_REQUESTS)$/

const cleanEnv = (extra: Record<string, string>) => {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !SERVICE_VARIABLE.test(key)) env[key] = value
  }
  return { ...env, ...extra }
}

/**
 * Loaded first in the child: writes to stderr which signal it received and when it exits, so a
 * service that stops by itself says why (listening for a signal the service handles anyway
 * changes nothing).
 */
const SIGNAL_WITNESS = `data:text/javascript,${encodeURIComponent(
  `for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.stderr.write("[service-process] received " + signal + " at " + new Date().toISOString() + "\\n"));` +
    `process.on("exit", (code) => process.stderr.write("[service-process] exiting with " + code + " at " + new Date().toISOString() + "\\n"));`
)}`

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export interface ServiceProcess {
  readonly pid: number
  readonly baseUrl: string
  /** Null while running; then the exit code, or the signal that ended it. */
  readonly exitStatus: () => number | NodeJS.Signals | null
  /** Resolves when the process has exited (at once if it has). */
  readonly exited: Promise<number | NodeJS.Signals>
  /** The last 40 000 characters of its stdout and stderr, to explain a failure. */
  readonly output: () => string
  /** Sends `signal` and waits for the exit, at most `timeoutMs`; then SIGKILL. */
  readonly stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<number | NodeJS.Signals>
}

/**
 * Starts the service with `env` (PORT and HOST are set here) and waits until `GET /health`
 * answers 200, at most `startTimeoutMs`.
 */
export const startServiceProcess = async (options: {
  readonly label: string
  readonly env: Record<string, string>
  readonly port?: number
  readonly startTimeoutMs?: number
  /** Modules the child loads before the service (`node --import`), e.g. a `data:` URL. */
  readonly preload?: ReadonlyArray<string>
}): Promise<ServiceProcess> => {
  const port = options.port ?? await freePort()
  const child: ChildProcess = spawn(process.execPath, ["--import", SIGNAL_WITNESS, ...(options.preload ?? []).flatMap((module) => ["--import", module]), distEntry("main")], {
    cwd: projectRoot,
    env: cleanEnv({ ...options.env, PORT: String(port), HOST: "127.0.0.1" }),
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  const keep = (chunk: Buffer) => {
    output += chunk.toString("utf8")
    if (output.length > 40_000) output = output.slice(-40_000)
  }
  child.stdout!.on("data", keep)
  child.stderr!.on("data", keep)
  let status: number | NodeJS.Signals | null = null
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once("exit", (code, signal) => {
      status = signal ?? code ?? -1
      resolve(status)
    })
  )
  const stop = async (signal: NodeJS.Signals = "SIGTERM", timeoutMs = 20_000) => {
    if (status !== null) return status
    child.kill(signal)
    const stopped = await Promise.race([exited.then(() => true), sleep(timeoutMs).then(() => false)])
    if (!stopped) child.kill("SIGKILL")
    return exited
  }
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = performance.now() + (options.startTimeoutMs ?? 120_000)
  for (;;) {
    if (status !== null) throw new Error(`${options.label} exited (${status}) before it was ready:\n${output}`)
    if (performance.now() > deadline) {
      await stop("SIGKILL")
      throw new Error(`${options.label} not healthy in time:\n${output}`)
    }
    const healthy = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status === 200, () => false)
    if (healthy) break
    await sleep(250)
  }
  return {
    pid: child.pid!,
    baseUrl,
    exitStatus: () => status,
    exited,
    output: () => output,
    stop
  }
}
