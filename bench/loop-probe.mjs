/**
 * Loaded into a bench's server child with `node --import ./bench/loop-probe.mjs` (see
 * `processes.ts`, `probe`): the child's own stalls over a window, told apart from the machine's.
 * Event-loop delay (`perf_hooks.monitorEventLoopDelay`, the default 10 ms resolution: a timer that
 * fires late by the time the loop was held) and garbage collection pauses (`PerformanceObserver`
 * on `gc`), since the last `reset`, answered over the child's IPC channel:
 *
 *   parent -> { probe: "reset" }   child -> { probe: "reset" }
 *   parent -> { probe: "read" }    child -> { probe: "read", loopMaxMs, loopP99Ms, gcCount, gcMs, gcMaxMs, majorGcs }
 *
 * A late timer also counts the time the process waited for a core, so on a loaded machine the
 * loop delay holds the machine's stalls as well as the process's own; the GC pauses are the
 * process's alone.
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks"

if (typeof process.send === "function") {
  const loop = monitorEventLoopDelay()
  loop.enable()
  let gcCount = 0
  let gcMs = 0
  let gcMaxMs = 0
  let majorGcs = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcCount++
      gcMs += entry.duration
      gcMaxMs = Math.max(gcMaxMs, entry.duration)
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcs++
    }
  }).observe({ entryTypes: ["gc"] })
  const ms = (ns) => +(ns / 1e6).toFixed(2)
  process.on("message", (message) => {
    if (message?.probe === "reset") {
      loop.reset()
      gcCount = gcMs = gcMaxMs = majorGcs = 0
      process.send({ probe: "reset" })
    } else if (message?.probe === "read") {
      process.send({
        probe: "read",
        loopMaxMs: ms(loop.max),
        loopP99Ms: ms(loop.percentile(99)),
        gcCount,
        gcMs: +gcMs.toFixed(2),
        gcMaxMs: +gcMaxMs.toFixed(2),
        majorGcs
      })
    }
  })
  // The channel must not keep the child alive once its server has stopped.
  process.channel?.unref()
}
