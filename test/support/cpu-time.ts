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

/** Lets the event loop run: the worker answers its runner between timed runs (a worker busy for a minute is taken for lost). */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * How the CPU time of work grows with its size: `work(k * n)` against `k` runs of `work(n)`,
 * about 1 for work linear in n (a little more for n log n) and about `k` for quadratic. Both
 * sides do the same amount of linear work, so their times are alike and their noise too; each is
 * timed `runs` times after one untimed run (which the JIT would otherwise slow), and its least
 * time kept, the run the garbage collector disturbed least. A ratio, so the machine's speed
 * cancels out, and of CPU time, so its load does too. Answers the times (for a failure's
 * message) and what `work(k * n)` answered. Asynchronous only to let the event loop run between
 * runs, which are timed one by one.
 */
export const cpuGrowth = async <A>(
  work: (n: number) => A,
  n: number,
  options: { readonly k?: number; readonly runs?: number } = {}
): Promise<{ readonly ratio: number; readonly cpuMs: readonly [number, number]; readonly result: A }> => {
  const k = options.k ?? 8
  const runs = options.runs ?? 3
  work(n)
  let small = Infinity
  let large = Infinity
  let result: A | undefined
  for (let run = 0; run < runs; run++) {
    await yieldToLoop()
    small = Math.min(small, cpuTimed(() => {
      for (let i = 0; i < k; i++) work(n)
    }).cpuMs)
    await yieldToLoop()
    const timed = cpuTimed(() => work(k * n))
    large = Math.min(large, timed.cpuMs)
    result = timed.result
  }
  return { ratio: large / Math.max(small, 1), cpuMs: [small, large], result: result as A }
}

/**
 * The most `cpuGrowth` may answer for linear work (k = 8): about 1 when linear and 8 when
 * quadratic, so a bound of 3 is a factor of about 3 from each.
 */
export const LINEAR_GROWTH_LIMIT = 3
