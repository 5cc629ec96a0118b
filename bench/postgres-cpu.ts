/** CPU time of the PostgreSQL server's processes, from /proc (Linux), for per-request figures. */
import { readdirSync, readFileSync } from "node:fs"
import { cpuSecondsOf } from "./processes.ts"

/** CPU seconds of each `postgres` process (the server and its backends), by pid. */
export const postgresCpu = () => {
  const byPid = new Map<number, number>()
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue
    } catch {
      continue
    }
    const seconds = cpuSecondsOf(Number(entry))
    if (Number.isFinite(seconds)) byPid.set(Number(entry), seconds)
  }
  return byPid
}

/** CPU PostgreSQL used since `before` (a backend that exited meanwhile is not counted). */
export const postgresCpuSince = (before: Map<number, number>) => {
  let total = 0
  for (const [pid, seconds] of postgresCpu()) total += seconds - (before.get(pid) ?? 0)
  return total
}
