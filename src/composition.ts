/**
 * The choices the service is built on, and nothing else: which database (a PostgreSQL server or
 * the embedded one, with its one-process lock and control socket), which cluster runner, which
 * clock. `application.ts` says what the service is made of; `main.ts` launches it. Tests and
 * tools build the same layers on a database of their choosing.
 */
import { Duration, Layer, Option } from "effect"
import { controlSocketPath, mintToken, serveControlSocket } from "./accounts/control-socket.ts"
import { type RunnerOptions, runnerLayer } from "./actors/cluster.ts"
import { ApplicationLive, CoreLive } from "./application.ts"
import { makeFairScheduler } from "./concurrency/fair-scheduler.ts"
import { WallClock } from "./config/wall-clock.ts"
import { clientFor, type DatabaseTarget } from "./db/database.ts"
import { acquireEmbeddedLock } from "./db/embedded-lock.ts"
import * as PgEventStore from "./eventstore/pg-event-store.ts"
import { serverLayer } from "./http/server.ts"
import { TracingLive } from "./observability/tracing.ts"
import { ProjectionPollInterval } from "./projections/runner.ts"

/** The core (entity actor, projection runner) on this runner, over the event store of an already-provided SQL client. */
export const coreLayer = (runner: RunnerOptions = { address: Option.none() }) =>
  CoreLive.pipe(
    Layer.provideMerge(runnerLayer(runner)),
    Layer.provideMerge(PgEventStore.layer)
  )

const SingleRunnerCore = coreLayer()

/** The core on a single runner, over a database of the caller's choosing (tests, tools). */
export const coreFor = (target: DatabaseTarget) => SingleRunnerCore.pipe(Layer.provideMerge(clientFor(target)))

/**
 * One process per embedded data directory: the lock is taken before the database opens. The
 * control socket lets `npm run token` mint a token while this process holds the database.
 */
const embeddedGuard = (target: DatabaseTarget) =>
  target._tag === "Embedded" && target.dataDir !== undefined
    ? Layer.scopedDiscard(acquireEmbeddedLock(target.dataDir, { controlSocket: controlSocketPath(target.dataDir) }))
    : Layer.empty

const controlSocket = (target: DatabaseTarget) =>
  target._tag === "Embedded" && target.dataDir !== undefined
    ? Layer.scopedDiscard(serveControlSocket(controlSocketPath(target.dataDir), mintToken))
    : Layer.empty

/**
 * The embedded database's NOTIFY never drops (one process, one connection, so no commit can land
 * behind a projection's read either): its projections poll only as a backstop.
 */
const projectionPolling = (target: DatabaseTarget) =>
  target._tag === "Embedded" ? Layer.succeed(ProjectionPollInterval, EMBEDDED_POLL_INTERVAL) : Layer.empty

const EMBEDDED_POLL_INTERVAL = Duration.minutes(5)

export interface ServiceOptions {
  /** The time recorded facts are stamped with (tests move it). */
  readonly wallClock?: Layer.Layer<WallClock> | undefined
  /** This process's cluster runner (default: a single runner). */
  readonly runner?: RunnerOptions | undefined
}

/** The whole service, listening on `address`; it needs only AppConfig. */
export const serviceLayer = (
  target: DatabaseTarget,
  address: { readonly port: number; readonly host: string; readonly logRequests?: boolean },
  options: ServiceOptions = {}
) =>
  Layer.mergeAll(serverLayer(address), controlSocket(target)).pipe(
    Layer.provideMerge(ApplicationLive),
    Layer.provideMerge(coreLayer(options.runner).pipe(Layer.provide(projectionPolling(target)))),
    Layer.provideMerge(clientFor(target)),
    Layer.provideMerge(options.wallClock ?? WallClock.Default),
    Layer.provide(embeddedGuard(target)),
    // Spans are exported with OTEL_EXPORTER_OTLP_ENDPOINT, and not built at all without it.
    Layer.provide(TracingLive),
    // Every fiber the service starts lets the event loop turn at least every few milliseconds.
    Layer.provide(Layer.setScheduler(makeFairScheduler()))
  )
