/**
 * Mints a development token in local identity mode:
 *
 *   TOKEN=$(npm run -s token -- --user u1 --org-id org_1 --org-slug acme --role org:admin)
 *
 * Only the token goes to stdout; every message and log goes to stderr. With the embedded
 * database held by a running server, the server mints the token through its control socket
 * (PGlite belongs to one process); otherwise this process opens the existing database and signs
 * with the same key the server publishes. It never creates a database: with neither a running
 * server nor a database under DATA_DIR it says which DATA_DIR to use.
 */
import { Cause, ConfigError, Data, Effect, Either, Exit, Logger, LogLevel, Option } from "effect"
import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { requestToken } from "../accounts/control-socket-client.ts"
import type { TokenRequest } from "../accounts/control-socket.ts"
import { MAX_TOKEN_LIFETIME_SECONDS } from "../accounts/token-verifier.ts"
import { AppConfig } from "../config/app-config.ts"
import { readEmbeddedLock } from "../db/embedded-lock.ts"

const USAGE = "usage: npm run -s token -- --user <user id> [--org-id <id> --org-slug <slug>] " +
  "[--role org:admin|org:member] [--expires-in <seconds>]"

class CliError extends Data.TaggedError("CliError")<{ readonly message: string }> {}

const DEFAULT_EXPIRES_IN = 3600

const parseTokenArgs = (argv: ReadonlyArray<string>): Either.Either<TokenRequest, string> => {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        user: { type: "string" },
        "org-id": { type: "string" },
        "org-slug": { type: "string" },
        role: { type: "string" },
        "expires-in": { type: "string" }
      }
    }).values
  } catch (error) {
    return Either.left(error instanceof Error ? error.message : String(error))
  }
  const text = (name: string) => {
    const value = values[name]
    return typeof value === "string" && value.trim().length > 0 ? value.trim() : undefined
  }

  const user = text("user")
  if (user === undefined) return Either.left("--user is required")

  const role = text("role") ?? "org:admin"
  if (role !== "org:admin" && role !== "org:member") return Either.left(`--role must be org:admin or org:member, not "${role}"`)

  const orgId = text("org-id")
  const orgSlug = text("org-slug")
  if ((orgId === undefined) !== (orgSlug === undefined)) return Either.left("--org-id and --org-slug go together: give both or neither")

  const rawExpiresIn = text("expires-in")
  const expiresIn = rawExpiresIn === undefined ? DEFAULT_EXPIRES_IN : /^\d+$/.test(rawExpiresIn) ? Number(rawExpiresIn) : Number.NaN
  if (!Number.isSafeInteger(expiresIn) || expiresIn <= 0) return Either.left("--expires-in must be a positive whole number of seconds")
  if (expiresIn > MAX_TOKEN_LIFETIME_SECONDS) {
    return Either.left(`--expires-in must be at most ${MAX_TOKEN_LIFETIME_SECONDS} seconds: longer-lived tokens are refused`)
  }

  return Either.right({ user, orgId: orgId ?? null, orgSlug: orgSlug ?? null, role, expiresIn })
}

const noDatabase = (dataDir: string) =>
  `No Sightline service is running with DATA_DIR=${dataDir}, and no database exists there, so there is no signing key ` +
  "to mint with (this command never creates a database). Run it with the running service's data directory, " +
  "e.g. DATA_DIR=/path/to/the/service/data npm run -s token -- --user <id>, or start the service first (npm start)."

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

const mint = (request: TokenRequest) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    if (Option.isSome(config.authJwksUrl)) {
      return yield* new CliError({
        message: "AUTH_JWKS_URL is set: tokens come from the identity provider, not from this command."
      })
    }

    if (Option.isNone(config.databaseUrl)) {
      const embeddedDir = resolve(join(config.dataDir, "pglite"))
      const holder = readEmbeddedLock(embeddedDir)
      if (holder !== undefined) {
        const socket = holder.controlSocket
        if (socket === null) {
          return yield* new CliError({
            message: `The embedded database in ${embeddedDir} is in use by process ${holder.pid}, which serves no control socket. ` +
              "Wait for it to finish, or set DATABASE_URL."
          })
        }
        return yield* Effect.tryPromise({
          try: () => requestToken(socket, request),
          catch: (error) =>
            new CliError({
              message: `A server (process ${holder.pid}) holds the embedded database in ${embeddedDir}, ` +
                `and asking it for a token failed: ${messageOf(error)}`
            })
        })
      }
      // Never a second database: a token signed with a key the service does not hold is refused.
      if (!existsSync(join(embeddedDir, "PG_VERSION"))) {
        return yield* new CliError({ message: noDatabase(resolve(config.dataDir)) })
      }
    }

    // Loaded only here: asking a running server needs nothing of the database.
    const { mintWithDatabase } = yield* Effect.promise(() => import("./token-local.ts"))
    return yield* mintWithDatabase(request).pipe(
      Effect.mapError((error) =>
        error._tag === "DataDirExposed" || error._tag === "EmbeddedDataDirInUse" || ConfigError.isConfigError(error)
          ? error
          : new CliError({ message: `Cannot open the database: ${error.message}` })
      )
    )
  })

const describeFailure = (cause: Cause.Cause<unknown>): string =>
  Option.match(Cause.failureOption(cause), {
    onSome: (error) =>
      ConfigError.isConfigError(error) ? `invalid configuration: ${String(error)}` : messageOf(error),
    onNone: () => {
      const defect = Cause.squash(cause)
      return `unexpected error: ${messageOf(defect)}`
    }
  })

const main = async (): Promise<number> => {
  const parsed = parseTokenArgs(process.argv.slice(2))
  if (Either.isLeft(parsed)) {
    process.stderr.write(`error: ${parsed.left}\n${USAGE}\n`)
    return 1
  }
  const exit = await Effect.runPromiseExit(
    mint(parsed.right).pipe(
      Effect.provide(AppConfig.Default),
      // stdout carries the token alone, so logs go to stderr.
      Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))),
      Effect.provide(Logger.minimumLogLevel(LogLevel.Warning))
    )
  )
  if (Exit.isSuccess(exit)) {
    process.stdout.write(`${exit.value}\n`)
    return 0
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
