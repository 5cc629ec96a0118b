/**
 * Start-up: read and check the configuration, open the database (server or embedded),
 * run migrations, start the runner, the projections and the HTTP server.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Cause, ConfigError, Effect, Layer, Option } from "effect"
import { serviceLayer } from "./composition.ts"
import { AppConfig, describeConfigError } from "./config/app-config.ts"
import { targetFromConfig } from "./db/database.ts"

const describeStartupFailure = (cause: Cause.Cause<unknown>): string => {
  const error = Cause.squash(cause)
  if (ConfigError.isConfigError(error)) return `configuration error: ${describeConfigError(error)}`
  if (error && typeof error === "object" && "_tag" in error && error._tag === "EmbeddedDataDirInUse") {
    return String((error as { message?: unknown }).message ?? "the embedded data directory is in use")
  }
  return `start-up failed: ${error instanceof Error ? error.message : String(error)}`
}

const program = Effect.gen(function*() {
  const config = yield* AppConfig
  const target = yield* targetFromConfig
  yield* Effect.logInfo(
    `starting Sightline on ${config.host}:${config.port} with ${target._tag === "Server" ? "a PostgreSQL server" : `the embedded database in ${target.dataDir}`}`
  )
  if (Option.isSome(config.clusterRunnerAddress) && target._tag === "Embedded") {
    return yield* Effect.fail(new Error("CLUSTER_RUNNER_ADDRESS needs DATABASE_URL: runners share a PostgreSQL server, never an embedded database"))
  }
  return yield* Layer.launch(serviceLayer(
    target,
    { port: config.port, host: config.host, logRequests: config.logRequests },
    { runner: { address: config.clusterRunnerAddress } }
  ))
}).pipe(
  Effect.provide(AppConfig.Default),
  Effect.tapErrorCause((cause) =>
    Cause.isInterruptedOnly(cause) ? Effect.void : Effect.sync(() => console.error(`sightline: ${describeStartupFailure(cause)}`))
  )
)

NodeRuntime.runMain(program, { disableErrorReporting: true })
