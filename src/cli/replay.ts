/**
 * Rebuilds the read models from the event log, or checks them against it:
 *
 *   npm run replay               rebuild every read model into a fresh schema and swap it in
 *   npm run replay -- --verify   rebuild into fresh tables and list every difference from the
 *                                live ones; exit 1 on a difference (what auditors run)
 *
 * The report goes to stdout, its last line the total; logs and errors go to stderr. On the
 * embedded database this process takes the data directory's lock first: PGlite belongs to one
 * process, so a running server on the same directory makes the command refuse.
 */
import { Cause, ConfigError, Effect, Exit, Fiber, Layer, Logger, LogLevel, Option } from "effect"
import { parseArgs } from "node:util"
import { AppConfig } from "../config/app-config.ts"
import { clientFor, targetFromConfig } from "../db/database.ts"
import { acquireEmbeddedLock } from "../db/embedded-lock.ts"
import type { GlobalPosition } from "../eventstore/event-store.ts"
import * as PgEventStore from "../eventstore/pg-event-store.ts"
import { projections } from "../projections/catalog.ts"
import { rebuildLive, type RebuildReport, type Row, verify, type VerifyReport } from "../projections/rebuild.ts"

const USAGE = `usage: npm run replay [-- --verify]

  (no option)  rebuild every read model from the event log into a fresh schema, then swap it
               in for the live one atomically
  --verify     rebuild every read model into fresh tables and list any difference from the
               live ones; exit 1 when there is one
  --help       show this text
`

type Command = "verify" | "rebuild" | "help"

const parseCommand = (argv: ReadonlyArray<string>): Command => {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: { verify: { type: "boolean" }, help: { type: "boolean", short: "h" } }
  })
  return values.help === true ? "help" : values.verify === true ? "verify" : "rebuild"
}

/** The event store over the configured database, holding the embedded directory's lock. */
const DatabaseLive = Layer.unwrapScoped(Effect.gen(function*() {
  const target = yield* targetFromConfig
  // The lock outlives the database: taken before PGlite opens, released after it closes.
  if (target._tag === "Embedded" && target.dataDir !== undefined) yield* acquireEmbeddedLock(target.dataDir)
  return PgEventStore.layer.pipe(Layer.provideMerge(clientFor(target)))
}))

const positionText = (position: GlobalPosition) =>
  `transaction ${position.transactionId}, position ${position.position}`

const json = (row: Row) => JSON.stringify(row, (_key, value) => typeof value === "bigint" ? value.toString() : value)

const verifyLines = (report: VerifyReport): Array<string> => {
  const lines: Array<string> = []
  for (const projection of report.projections) {
    lines.push(`${projection.name} at ${positionText(projection.position)}`)
    for (const table of projection.tables) {
      const counts = `${table.liveRows} live rows, ${table.rebuiltRows} rebuilt rows`
      if (table.missingFromLiveCount === 0 && table.extraInLiveCount === 0) {
        lines.push(`  ${table.table}: ${counts}: ok`)
        continue
      }
      lines.push(
        `  ${table.table}: ${counts}: ${table.missingFromLiveCount} missing from live, ${table.extraInLiveCount} extra in live`
      )
      for (const row of table.missingFromLive) lines.push(`    missing from live: ${json(row)}`)
      if (table.missingFromLiveCount > table.missingFromLive.length) {
        lines.push(`    ... and ${table.missingFromLiveCount - table.missingFromLive.length} more missing from live`)
      }
      for (const row of table.extraInLive) lines.push(`    extra in live: ${json(row)}`)
      if (table.extraInLiveCount > table.extraInLive.length) {
        lines.push(`    ... and ${table.extraInLiveCount - table.extraInLive.length} more extra in live`)
      }
    }
  }
  lines.push(`replay verify: ${report.differences} differences`)
  return lines
}

const rebuildLines = (report: RebuildReport): Array<string> => {
  const lines: Array<string> = []
  for (const projection of report.projections) {
    lines.push(`${projection.name} at ${positionText(projection.position)}`)
    for (const table of projection.tables) lines.push(`  ${table.table}: ${table.rows} rows`)
  }
  lines.push(`replay: rebuilt ${report.projections.length} read models`)
  return lines
}

const program = (command: "verify" | "rebuild") =>
  Effect.gen(function*() {
    if (command === "verify") {
      const report = yield* verify(projections)
      return { lines: verifyLines(report), code: report.differences === 0 ? 0 : 1 }
    }
    const report = yield* rebuildLive(projections)
    return { lines: rebuildLines(report), code: 0 }
  }).pipe(
    Effect.provide(DatabaseLive),
    Effect.provide(AppConfig.Default),
    // stdout carries the report alone.
    Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))),
    Effect.provide(Logger.minimumLogLevel(LogLevel.Warning))
  )

const messageOf = (error: unknown): string => {
  if (ConfigError.isConfigError(error)) return `invalid configuration: ${String(error)}`
  if (typeof error === "object" && error !== null) {
    const { _tag, cause, message } = error as { _tag?: unknown; cause?: unknown; message?: unknown }
    const own = typeof message === "string" && message.length > 0 ? message : typeof _tag === "string" ? _tag : String(error)
    // SqlError and MigrationError wrap the driver's error, which says what actually failed.
    const inner = cause instanceof Error && cause.message.length > 0 && cause.message !== own ? `: ${cause.message}` : ""
    return `${own}${inner}`
  }
  return String(error)
}

const describeFailure = (cause: Cause.Cause<unknown>): string =>
  Cause.isInterruptedOnly(cause)
    ? "interrupted"
    : Option.match(Cause.failureOption(cause), {
      onSome: messageOf,
      onNone: () => `unexpected error: ${messageOf(Cause.squash(cause))}`
    })

const main = async (): Promise<number> => {
  let command: Command
  try {
    command = parseCommand(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`error: ${messageOf(error)}\n${USAGE}`)
    return 1
  }
  if (command === "help") {
    process.stdout.write(USAGE)
    return 0
  }
  const fiber = Effect.runFork(program(command))
  // Interrupting lets the finalizers run: the fresh schema is dropped, the database closed and
  // the embedded lock released.
  const interrupt = () => Effect.runFork(Fiber.interrupt(fiber))
  process.once("SIGINT", interrupt)
  process.once("SIGTERM", interrupt)
  const exit = await Effect.runPromise(Fiber.await(fiber))
  if (Exit.isSuccess(exit)) {
    process.stdout.write(exit.value.lines.map((line) => `${line}\n`).join(""))
    return exit.value.code
  }
  process.stderr.write(`error: ${describeFailure(exit.cause)}\n`)
  return 1
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`error: ${messageOf(error)}\n`)
    process.exit(1)
  }
)
