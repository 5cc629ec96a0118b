/**
 * What the process does with a failure nothing else handled (installed first thing in
 * `main.ts`).
 *
 * - An unhandled promise rejection is logged and the process keeps running. Node's default is
 *   to exit, so one forgotten `.catch` on a request path would let a single request stop the
 *   service for everyone; a rejection is the failure of one piece of work and leaves no state
 *   half-changed that the rest relies on.
 * - An uncaught exception is logged and the process exits with code 1, as Node's default does.
 *   It was thrown from an event handler or a timer with nobody to handle it, so the state that
 *   code was changing (a connection, a buffer, a lock) is unknown; going on could serve wrong
 *   answers or write wrong data. The event log is durable and start-up recovers from a crash,
 *   so the supervisor's restart is the safe way back.
 *
 * The log line is `describeThrown`'s: no stack trace, no secret.
 */
import { Effect, Logger } from "effect"
import { describeThrown } from "./safe-description.ts"

/** In the service's log format (`NodeRuntime.runMain` logs with the pretty logger). */
const log = (message: string) => Effect.runSync(Effect.logError(message).pipe(Effect.provide(Logger.pretty)))

let installed = false

export const installProcessGuard = (): void => {
  if (installed) return
  installed = true
  process.on("unhandledRejection", (reason) => {
    log(`unhandled promise rejection (the service keeps running): ${describeThrown(reason)}`)
  })
  process.on("uncaughtException", (error) => {
    log(`uncaught exception, exiting: ${describeThrown(error)}`)
    process.exit(1)
  })
}
