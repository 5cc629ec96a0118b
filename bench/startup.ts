/**
 * Start-up and idle cost of the real `npm start` on the embedded database (targets: first
 * start <= 6 s, restart <= 3 s to `/health` 200; idle RSS <= 300 MB summed over every process
 * of `npm start`; idle CPU <= 1% of a core).
 *
 * In a temporary DATA_DIR: a fresh start (the data directory does not exist), then, after a
 * SIGTERM, a restart on the same directory. For each: the time from spawn to the first output
 * line and to `GET /health` 200. After the restart, the service idles for BENCH_IDLE_WINDOWS
 * (default 4) windows of BENCH_IDLE_SECONDS (default 30) each: RSS summed over the process tree
 * (from /proc, at each window's end), and CPU time used by the tree during each window, as a
 * percentage of one core. The first window holds start-up's tail; the steady idle is the median
 * of the others, each of which is printed (V8 shrinks the heap once, a minute or two after
 * start-up, and that window shows it). Figures are wall-clock and depend on the machine's load:
 * read them with `uptime` beside them.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { freePort, projectRoot } from "./processes.ts"
import { report } from "./support.ts"

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30)
const IDLE_WINDOWS = Math.max(2, Number(process.env.BENCH_IDLE_WINDOWS ?? 4))
const START_TIMEOUT_MS = 180_000
const CLOCK_TICKS = 100 // USER_HZ on Linux
const PAGE_KB = 4

const SERVICE_VARIABLE = /^(PORT|HOST|DATABASE_URL|DATA_DIR|PUBLIC_BASE_URL|SERVICE_API_KEYS|AUTH_.*|IDENTITY_PROVIDER|CLERK_.*|STRIPE_.*|LLM_.*|AI_PLATFORM_.*|SCHEDULER_.*|CLUSTER_.*|LOG_REQUESTS)$/

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

interface ProcStat {
  readonly pid: number
  readonly ppid: number
  readonly cpuTicks: number
  /** CPU of its children that have exited (and been waited for). */
  readonly childTicks: number
  readonly rssKb: number
}

const readStat = (pid: number): ProcStat | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, rss 24 (pages).
    return {
      pid,
      ppid: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
      rssKb: Number(fields[21]) * PAGE_KB
    }
  } catch {
    return undefined
  }
}

/** The process `root` and all its descendants. */
const tree = (root: number): Array<ProcStat> => {
  const all = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map((name) => readStat(Number(name)))
  const byParent = new Map<number, Array<ProcStat>>()
  for (const stat of all) {
    if (stat === undefined) continue
    byParent.set(stat.ppid, [...(byParent.get(stat.ppid) ?? []), stat])
  }
  const rootStat = readStat(root)
  if (rootStat === undefined) return []
  const found = [rootStat]
  for (let i = 0; i < found.length; i++) found.push(...(byParent.get(found[i]!.pid) ?? []))
  return found
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter((part) => part !== "").join(" ").slice(0, 80)
  } catch {
    return "?"
  }
}

/** CPU seconds used so far by the tree of `root`, exited children included. */
const treeCpuSeconds = (root: number) => {
  const stats = tree(root)
  return stats.reduce((sum, s) => sum + s.cpuTicks + s.childTicks, 0) / CLOCK_TICKS
}

interface Run {
  readonly child: ChildProcess
  readonly firstLineMs: number
  readonly healthyMs: number
  /** CPU seconds the tree used until healthy: a figure less sensitive to the machine's load. */
  readonly cpuSeconds: number
  readonly output: () => string
  readonly stop: () => Promise<void>
}

const start = async (dataDir: string, port: number): Promise<Run> => {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !SERVICE_VARIABLE.test(key)) env[key] = value
  }
  const began = performance.now()
  const child = spawn("npm", ["start"], {
    cwd: projectRoot,
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so that a stop reaches npm's children too.
    detached: true
  })
  let output = ""
  let firstLineMs = Number.NaN
  let exited = false
  const exit = new Promise<void>((resolve) => child.once("exit", () => {
    exited = true
    resolve()
  }))
  const keep = (chunk: Buffer) => {
    if (output.length < 40_000) output += chunk.toString("utf8")
    // The service's own first line, not npm's banner ("> sightline@... start", "> node ...").
    if (Number.isNaN(firstLineMs) && output.split("\n").some((line) => line.trim() !== "" && !line.startsWith(">"))) {
      firstLineMs = performance.now() - began
    }
  }
  child.stdout!.on("data", keep)
  child.stderr!.on("data", keep)
  /** Whether any process of the group is still alive (npm may exit before the service). */
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0)
      return true
    } catch {
      return false
    }
  }
  const stop = async () => {
    if (groupAlive()) process.kill(-child.pid!, "SIGTERM")
    const deadline = performance.now() + 20_000
    while (groupAlive() && performance.now() < deadline) await sleep(50)
    if (groupAlive()) process.kill(-child.pid!, "SIGKILL")
    await exit
  }
  for (;;) {
    if (exited) throw new Error(`npm start exited before it was healthy:\n${output}`)
    if (performance.now() - began > START_TIMEOUT_MS) {
      await stop()
      throw new Error(`npm start not healthy in ${START_TIMEOUT_MS} ms:\n${output}`)
    }
    const healthy = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false
    )
    if (healthy) break
    await sleep(50)
  }
  const healthyMs = performance.now() - began
  return { child, firstLineMs, healthyMs, cpuSeconds: treeCpuSeconds(child.pid!), output: () => output, stop }
}

const row = (start: string, run: Run) => ({
  start,
  first_line_s: +(run.firstLineMs / 1000).toFixed(2),
  healthy_s: +(run.healthyMs / 1000).toFixed(2),
  cpu_s_to_healthy: +run.cpuSeconds.toFixed(2),
  load_1m: +loadavg()[0]!.toFixed(2)
})

export const run = async () => {
  const root = mkdtempSync(join(tmpdir(), "sightline-startup-"))
  const dataDir = join(root, "data")
  const port = await freePort()
  const rows: Array<Record<string, string | number>> = []
  try {
    const fresh = await start(dataDir, port)
    rows.push(row("fresh", fresh))
    await fresh.stop()

    const restart = await start(dataDir, port)
    rows.push(row("restart", restart))
    // Settle: whatever start-up left running (JIT, GC) is not idle cost.
    await sleep(5_000)
    // Windows back to back: the first still holds start-up's tail (the wasm and JIT compilers'
    // background tiers); the others are the steady idle.
    const windows: Array<Record<string, string | number>> = []
    const steady: Array<number> = []
    let processes: Array<Record<string, string | number>> = []
    for (let window = 1; window <= IDLE_WINDOWS; window++) {
      const before = tree(restart.child.pid!)
      const t0 = performance.now()
      await sleep(IDLE_SECONDS * 1000)
      const after = tree(restart.child.pid!)
      const seconds = (performance.now() - t0) / 1000
      const ticksBefore = new Map(before.map((s) => [s.pid, s.cpuTicks]))
      const cpuTicks = after.reduce((sum, s) => sum + s.cpuTicks - (ticksBefore.get(s.pid) ?? 0), 0)
      const rssMb = after.reduce((sum, s) => sum + s.rssKb, 0) / 1024
      processes = after.map((s) => ({ pid: s.pid, rss_mb: +(s.rssKb / 1024).toFixed(1), command: commandOf(s.pid) }))
      const cpuPercent = (100 * cpuTicks) / CLOCK_TICKS / seconds
      if (window > 1) steady.push(cpuPercent)
      windows.push({
        window: window === 1 ? "1 (start-up's tail)" : String(window),
        idle_s: +seconds.toFixed(1),
        processes: after.length,
        rss_total_mb: +rssMb.toFixed(1),
        cpu_percent_of_a_core: +cpuPercent.toFixed(2),
        load_1m: +loadavg()[0]!.toFixed(2)
      })
    }
    await restart.stop()
    report(rows)
    report(processes)
    report(windows)
    const sorted = [...steady].sort((a, b) => a - b)
    const median = sorted.length % 2 === 1
      ? sorted[(sorted.length - 1) / 2]!
      : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2
    process.stdout.write(
      `steady idle CPU (median of windows 2-${IDLE_WINDOWS}): ${median.toFixed(2)}% of a core (target <= 1%); idle RSS at the end: ${
        windows.at(-1)!["rss_total_mb"]
      } MB (target <= 300)\n`
    )
    process.stdout.write(`the fresh start's output:\n${fresh.output()}\nthe restart's output:\n${restart.output()}\n`)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
