/**
 * Start-up: read and check the configuration, open the database (server or embedded),
 * run migrations, start the runner, the projections and the HTTP server.
 */
import { HttpServer } from "@effect/platform"
// Each @effect/platform-node module from its own path: the package's index would also load
// undici, an HTTP client the service never uses, at every start.
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, Context, Effect, Layer, Logger, Option } from "effect"
import { serviceLayer } from "./composition.ts"
import { AppConfig, type AppSettings } from "./config/app-config.ts"
import { secureDataDir } from "./db/data-dir.ts"
import { targetFromConfig } from "./db/database.ts"
import { installProcessGuard } from "./process-guard.ts"
import { describeStartupFailure } from "./startup/failure.ts"
import { readyMessage } from "./startup/ready-message.ts"

installProcessGuard()

// A stop can take a few seconds (running jobs end their step, the database closes): say so when it starts.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    Effect.runSync(Effect.logInfo(`stopping (${signal}): running jobs pause at their current step and resume at the next start`).pipe(Effect.provide(Logger.pretty)))
  })
}

/** Prints why start-up failed, once (the process then exits with code 1). */
let reported = false
const report = (cause: Cause.Cause<unknown>, address: { readonly host: string; readonly port: number } | undefined) =>
  Effect.sync(() => {
    if (reported || Cause.isInterruptedOnly(cause)) return
    reported = true
    console.error(`sightline: ${describeStartupFailure(cause, address)}`)
  })

/** The service: checked choices, then one launch of the HTTP layer over everything it needs. */
const start = (config: AppSettings) =>
  Effect.gen(function*() {
    const target = yield* targetFromConfig
    yield* Effect.logInfo(
      `starting Sightline on ${config.host}:${config.port} with ${target._tag === "Server" ? "a PostgreSQL server" : `the embedded database in ${target.dataDir}`}`
    )
    if (Option.isSome(config.clusterRunnerAddress) && target._tag === "Embedded") {
      return yield* Effect.fail(new Error("CLUSTER_RUNNER_ADDRESS needs DATABASE_URL: runners share a PostgreSQL server, never an embedded database"))
    }
    // Before anything writes under DATA_DIR: private modes, or a refusal naming the fix.
    if (target._tag === "Embedded") yield* secureDataDir(config.dataDir)
    return yield* serviceLayer(
      target,
      { port: config.port, host: config.host, logRequests: config.logRequests },
      { runner: { address: config.clusterRunnerAddress } }
    ).pipe(
      Layer.tap((context: Context.Context<HttpServer.HttpServer>) => {
        const bound = Context.get(context, HttpServer.HttpServer).address
        return Effect.logInfo(readyMessage(config, bound._tag === "TcpAddress" ? bound.port : config.port))
      }),
      Layer.launch
    )
  }).pipe(Effect.tapErrorCause((cause) => report(cause, config)))

const program = Effect.flatMap(AppConfig, start).pipe(
  Effect.provide(AppConfig.Default),
  Effect.tapErrorCause((cause) => report(cause, undefined))
)

NodeRuntime.runMain(program, { disableErrorReporting: true })
