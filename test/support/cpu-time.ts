/**
 * CPU time spent by this process, for tests that bound an algorithm's complexity. Wall time is
 * the wrong measure there: a loaded machine deschedules the process and stretches it, while the
 * work done does not change. A test file runs alone in its worker process (vitest's forks pool),
 * so what is counted is the work under test (with the garbage collector it causes).
 */
import { cpuUsage } from "node:process"

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const spent = cpuUsage(start)
  return (spent.user + spent.system) / 1000
}

/** Runs `f` and answers its result with the CPU milliseconds it took. */
export const cpuTimed = <A>(f: () => A): { readonly result: A; readonly cpuMs: number } => {
  const start = cpuUsage()
  const result = f()
  return { result, cpuMs: cpuMsSince(start) }
}

/** Awaits `f` and answers its result with the CPU milliseconds spent meanwhile. */
export const cpuTimedAsync = async <A>(f: () => Promise<A>): Promise<{ readonly result: A; readonly cpuMs: number }> => {
  const start = cpuUsage()
  const result = await f()
  return { result, cpuMs: cpuMsSince(start) }
}
