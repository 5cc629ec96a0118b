/**
 * The service's fiber scheduler: fibers run on microtasks, as with Effect's default, but never
 * for more than `budgetMs` of one turn of the event loop; past that, the next batch waits for
 * `setImmediate`, which runs after the loop has read pending I/O (HTTP requests, sockets) and
 * fired due timers.
 *
 * Why: Effect's default scheduler hops through up to 2,048 microtasks before it lets the event
 * loop turn, and the embedded database settles its queries as microtasks too. A busy run (the
 * visibility checks of an onboarding, the built-in engine answering, the database recording)
 * could then hold the event loop for seconds: the API stopped answering, and the crawler's own
 * timers fired late enough to report a healthy site's pages as timed out.
 *
 * How a turn is told apart: while fibers run, one `setImmediate` marker is kept queued. The
 * marker can only run once the loop has turned, so while it is pending the fibers are still in
 * the turn that queued it; when it has run (or none is queued), the next batch starts a new turn
 * and a fresh budget.
 */
import { Scheduler } from "effect"

export const DEFAULT_TURN_BUDGET_MS = 10

export const makeFairScheduler = (budgetMs: number = DEFAULT_TURN_BUDGET_MS): Scheduler.Scheduler => {
  const tasks = new Scheduler.PriorityBuckets()
  let running = false
  let turnStartedAt = 0
  let markerPending = false

  const marker = () => {
    markerPending = false
  }

  const drain = () => {
    const buckets = tasks.buckets
    tasks.buckets = []
    for (const [, toRun] of buckets) {
      for (let i = 0; i < toRun.length; i++) toRun[i]!()
    }
    if (tasks.buckets.length === 0) running = false
    else schedule()
  }

  const openTurn = () => {
    turnStartedAt = performance.now()
    markerPending = true
    setImmediate(marker)
  }

  const drainInNewTurn = () => {
    openTurn()
    drain()
  }

  const schedule = () => {
    // The loop has turned since fibers last ran: this batch opens a new turn.
    if (!markerPending) openTurn()
    if (performance.now() - turnStartedAt < budgetMs) queueMicrotask(drain)
    else setImmediate(drainInNewTurn)
  }

  return Scheduler.make((task, priority) => {
    tasks.scheduleTask(task, priority)
    if (!running) {
      running = true
      schedule()
    }
  })
}
