/**
 * Runs every projection: reads the log in commit order, applies a page and moves the
 * checkpoint as one (each step is `paging.ts`'s, on the CheckpointStore port), and waits for
 * the next commit (the store's `changes`: NOTIFY on PostgreSQL) or the poll tick.
 * One poll tick serves every projection: it reads the log's head once and wakes only the
 * projections behind it, so an idle service makes one small query a tick, not a read of the
 * log per projection (whose ticks, started together, also came together).
 * `waitFor` gives read-your-writes: a handler that appended waits until the projections it
 * reads have passed its events.
 *
 * The runner knows no SQL: the service runs it on `sqlCheckpointStore`, and its logic (paging
 * from a checkpoint, resuming, two runners on one checkpoint, a failing page, waking, waitFor,
 * status) is tested on the in-memory event and checkpoint stores (`test/projections/runner-*`).
 * What a read model writes is SQL, and so is a page and its checkpoint moving in one
 * transaction: the database suites show those (`*.int.test.ts`, and the checkpoint store's
 * contract suite on PGlite and the server).
 */
import { Clock, Context, Deferred, Duration, Effect, Layer, Queue, Schedule, Schema, Stream, SubscriptionRef } from "effect"
import { comparePositions, EventStore, type GlobalPosition } from "../eventstore/event-store.ts"
import { projections as catalog, type ProjectionName } from "./catalog.ts"
import { CheckpointMoved, CheckpointStore } from "./checkpoint-store.ts"
import { sqlCheckpointStore } from "./checkpoints.ts"
import * as paging from "./paging.ts"
import { ProjectionProgress } from "./progress.ts"
import type { Projection } from "./projection.ts"

const WAIT_LIMIT_MS = 15_000
/** Pending events are counted up to this many: past it, the lag tells more than the count. */
export const PENDING_COUNT_LIMIT = 100_000

/**
 * How often the runner looks for commits whose NOTIFY it missed (the poll tick). A
 * PostgreSQL server's LISTEN connection can drop and miss notifications, so the default is
 * short; the embedded database notifies in this process and never misses one, so the service
 * polls it rarely (an idle service then does nearly nothing).
 */
export class ProjectionPollInterval extends Context.Reference<ProjectionPollInterval>()("ProjectionPollInterval", {
  defaultValue: (): Duration.Duration => Duration.seconds(1)
}) {}

/** How many events of its types a projection reads and applies at most per page. */
export class ProjectionPageSize extends Context.Reference<ProjectionPageSize>()("ProjectionPageSize", {
  defaultValue: (): number => 500
}) {}

export class ProjectionTimeout extends Schema.TaggedError<ProjectionTimeout>()("ProjectionTimeout", {
  projections: Schema.Array(Schema.String)
}) {}

export interface ProjectionStatus {
  readonly name: string
  readonly version: number
  readonly position: { readonly transactionId: string; readonly position: string }
  /** Events of its types committed after its position (counted up to PENDING_COUNT_LIMIT). */
  readonly pendingEvents: number
  /** Age of the oldest pending event, 0 when caught up. */
  readonly lagMs: number
  readonly lastError: string | null
}

interface Waiter {
  readonly position: GlobalPosition
  readonly release: () => void
}

interface Worker {
  readonly projection: Projection
  readonly progress: SubscriptionRef.SubscriptionRef<GlobalPosition>
  /** The progress, readable synchronously (waiters check and register in one step). */
  reached: GlobalPosition
  /** Callers of waitFor, each released once progress passes its position. */
  readonly waiters: Set<Waiter>
  readonly wake: Queue.Queue<void>
  /** Offered when a caller starts waiting (`waitFor`): cuts the gathering of a burst short. */
  readonly hurry: Queue.Queue<void>
  lastError: string | null
  /** It has taken its first step (or failed it): the poll tick waits for every worker's. */
  started: boolean
}

export const make = (projections: ReadonlyArray<Projection>) =>
  Effect.gen(function*() {
    const checkpoints = yield* CheckpointStore
    const store = yield* EventStore
    const pollInterval = yield* ProjectionPollInterval
    const pageSize = yield* ProjectionPageSize
    const board = yield* ProjectionProgress

    for (const projection of projections) yield* checkpoints.ensure(projection)

    const workers = yield* Effect.forEach(projections, (projection) =>
      Effect.gen(function*() {
        const start = yield* checkpoints.read(projection.name)
        board.record(projection.name, start)
        const worker: Worker = {
          projection,
          progress: yield* SubscriptionRef.make(start),
          waiters: new Set(),
          reached: start,
          wake: yield* Queue.sliding<void>(1),
          hurry: yield* Queue.sliding<void>(1),
          lastError: null,
          started: false
        }
        return worker
      }))

    /** Sets a worker's progress (and where it last applied events) and releases the waiters it has passed. */
    const advance = (worker: Worker, position: GlobalPosition, appliedAt: GlobalPosition) =>
      Effect.zipRight(
        SubscriptionRef.set(worker.progress, position),
        Effect.sync(() => {
          worker.reached = position
          board.record(worker.projection.name, position, appliedAt)
          for (const waiter of worker.waiters) {
            if (comparePositions(position, waiter.position) >= 0) {
              worker.waiters.delete(waiter)
              waiter.release()
            }
          }
        })
      )

    const wakeAll = Effect.forEach(workers, (worker) => Queue.offer(worker.wake, undefined), { discard: true })

    /**
     * Open once every worker has taken its first step (read a page), or failed it: until then
     * each is reading the log anyway, so a poll would only wake it for a read it is doing.
     */
    const allStarted = yield* Deferred.make<void>()
    let unstarted = workers.length
    const markStarted = (worker: Worker) => {
      if (worker.started) return
      worker.started = true
      if (--unstarted === 0) Deferred.unsafeDone(allStarted, Effect.void)
    }
    if (unstarted === 0) Deferred.unsafeDone(allStarted, Effect.void)

    /**
     * The poll: a commit whose announcement was lost (a dropped LISTEN connection) is past the
     * log's head for the projections it concerns. Only those behind the head read; an idle
     * service makes one small query per tick.
     */
    const poll = Effect.gen(function*() {
      const head = yield* store.head
      for (const worker of workers) {
        if (comparePositions(worker.reached, head) < 0) worker.wake.unsafeOffer(undefined)
      }
    })

    const runWorker = (worker: Worker) => {
      const { projection } = worker
      // `stored` is the checkpoint in the store; `progress` may run ahead of it over pages
      // holding no events of this projection's types, which need no write.
      let stored: GlobalPosition
      const readPage = (after: GlobalPosition) => store.readPage({ after, limit: pageSize, types: projection.eventTypes, dataFields: projection.dataFields })
      const step = Effect.gen(function*() {
        const progress = yield* SubscriptionRef.get(worker.progress)
        const taken = yield* paging.step({ projection, readPage, checkpoints, pageSize, cursor: { progress, stored } })
        stored = taken.cursor.stored
        yield* advance(worker, taken.cursor.progress, stored)
        if (!taken.moved) worker.lastError = null
        markStarted(worker)
        return taken.more
      }).pipe(
        Effect.tapErrorCause((cause) =>
          Effect.sync(() => {
            worker.lastError = cause.toString().slice(0, 500)
            markStarted(worker)
          }).pipe(Effect.zipRight(Effect.logError(`projection ${projection.name} failed; retrying`, cause)))
        ),
        Effect.retry(Schedule.exponential("200 millis").pipe(Schedule.jittered, Schedule.union(Schedule.spaced("30 seconds")))),
        Effect.catchAllCause(() => Effect.succeed(false))
      )
      // Woken, a projection fed by bursts lets the burst finish and reads it as one page; not
      // while a caller waits for it (read-your-writes): a waiter stops the gathering at once.
      const gather = projection.gatherMs === undefined
        ? Effect.void
        : Effect.suspend(() =>
          worker.waiters.size > 0 ? Effect.void : Effect.raceFirst(Effect.sleep(projection.gatherMs!), Queue.take(worker.hurry))
        )
      const idle = Queue.take(worker.wake).pipe(
        Effect.zipRight(gather),
        Effect.zipRight(Queue.takeAll(worker.wake)),
        Effect.zipRight(Queue.takeAll(worker.hurry))
      )
      return Effect.gen(function*() {
        stored = yield* SubscriptionRef.get(worker.progress)
        while (true) {
          const more = yield* step
          if (!more) yield* idle
        }
      })
    }

    // One synchronous step per wake, not an Effect per projection: under a steady stream of
    // visits a wake comes with every few batches, and only the roll-up's worker wants it.
    const wakeFor = (types: ReadonlyArray<string>) =>
      Effect.sync(() => {
        for (const worker of workers) {
          if (types.some((type) => worker.projection.eventTypes.includes(type))) worker.wake.unsafeOffer(undefined)
        }
      })
    yield* Effect.forkScoped(store.changes.pipe(Stream.runForEach(wakeFor)))
    yield* Effect.forEach(workers, (worker) => Effect.forkScoped(runWorker(worker)), { discard: true })
    const tick = Effect.sleep(pollInterval).pipe(
      Effect.zipRight(poll),
      // A failed read of the head waits for the next tick.
      Effect.catchAllCause((cause) => Effect.logWarning("projection poll failed", cause))
    )
    yield* Effect.forkScoped(Effect.zipRight(Deferred.await(allStarted), Effect.forever(tick)))
    yield* Effect.logInfo(`started ${workers.length} projections`)

    const byName = new Map(workers.map((worker) => [worker.projection.name, worker]))

    /**
     * Waits until the named projections (all by default) have passed `position`; a runner over a
     * chosen list (tests) has no worker for a name outside it, and skips it. Writes wait
     * here on every request, so it is one callback per projection and one timer, not fibers:
     * checking the progress and registering happen in one synchronous step, so no advance
     * falls between them.
     */
    const waitFor = (position: GlobalPosition, names?: ReadonlyArray<ProjectionName>) => {
      const selected = names === undefined ? workers : names.flatMap((name) => byName.get(name) ?? [])
      return Effect.async<void, ProjectionTimeout>((resume) => {
        const behind = selected.filter((worker) => comparePositions(worker.reached, position) < 0)
        if (behind.length === 0) return resume(Effect.void)
        const registered: Array<readonly [Worker, Waiter]> = []
        const leave = () => {
          for (const [worker, waiter] of registered) worker.waiters.delete(waiter)
        }
        const timer = setTimeout(() => {
          leave()
          resume(Effect.fail(new ProjectionTimeout({ projections: selected.map((worker) => worker.projection.name) })))
        }, WAIT_LIMIT_MS)
        let left = behind.length
        const passed = () => {
          if (--left > 0) return
          clearTimeout(timer)
          resume(Effect.void)
        }
        for (const worker of behind) {
          const waiter: Waiter = { position, release: passed }
          worker.waiters.add(waiter)
          registered.push([worker, waiter])
          // Nudge it: the NOTIFY of this write may not have reached it yet; and hurry it, if it
          // is gathering a burst.
          worker.wake.unsafeOffer(undefined)
          worker.hurry.unsafeOffer(undefined)
        }
        return Effect.sync(() => {
          clearTimeout(timer)
          leave()
        })
      })
    }

    /** Each projection's pending events and the age of the oldest, from where it has got. */
    const status = Effect.gen(function*() {
      const rows = yield* checkpoints.backlog(
        workers.map((worker) => ({ name: worker.projection.name, after: worker.reached, types: worker.projection.eventTypes })),
        PENDING_COUNT_LIMIT
      )
      const now = yield* Clock.currentTimeMillis
      const byProjection = new Map(rows.map((row) => [row.name, row]))
      return workers.map((worker): ProjectionStatus => {
        const row = byProjection.get(worker.projection.name)
        return {
          name: worker.projection.name,
          version: worker.projection.version,
          position: { transactionId: worker.reached.transactionId.toString(), position: worker.reached.position.toString() },
          pendingEvents: row?.pending ?? 0,
          lagMs: row?.oldest ? Math.max(0, now - row.oldest.getTime()) : 0,
          lastError: worker.lastError
        }
      })
    })

    return { waitFor, status, nudge: wakeAll }
  })

export class ProjectionRunner extends Effect.Service<ProjectionRunner>()("ProjectionRunner", {
  scoped: make(catalog),
  dependencies: [ProjectionProgress.Default, sqlCheckpointStore]
}) {}

/** A runner over a chosen list of projections, on the CheckpointStore and board of its context. */
export const layerOn = (projections: ReadonlyArray<Projection>) =>
  Layer.scoped(ProjectionRunner, Effect.map(make(projections), (runner) => ProjectionRunner.make(runner)))

/** A runner over a chosen list of projections, on the database (tests, tools). */
export const layerWith = (projections: ReadonlyArray<Projection>) =>
  layerOn(projections).pipe(Layer.provide(sqlCheckpointStore), Layer.provide(ProjectionProgress.Default))

export { CheckpointMoved }
