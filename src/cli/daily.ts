/**
 * Starts a daily run by hand and follows it to its end:
 *
 *   npm run -s daily -- [--business <slug>] [--date <YYYY-MM-DD>]
 *
 * A client of the running service (`POST /api/scheduler/runs`, then `GET /api/scheduler/runs/{id}`),
 * through the typed client derived from the API's definition: the embedded database belongs to
 * one process, so the run happens there. The service is
 * `SIGHTLINE_URL` (default `http://localhost:${PORT:-8080}`), the key `SIGHTLINE_API_KEY` (default:
 * the first of `SERVICE_API_KEYS`).
 *
 * stdout carries the run id (first line) and, at the end, the summary; progress goes to stderr: a
 * bar redrawn in place on a terminal, otherwise a plain line at most every few seconds.
 * Exit 0: the run succeeded; 1: it failed, or the service refused or could not be reached;
 * 2: bad arguments or configuration (also when the service answers 400 to them); 130: interrupted
 * (the run goes on in the service).
 */
import { FetchHttpClient, HttpApiClient, HttpClient, HttpClientError, HttpClientRequest, type HttpClientResponse } from "@effect/platform"
import { Config, Data, Duration, Effect, Either, Option, ParseResult, Schema } from "effect"
import { STATUS_CODES } from "node:http"
import { SightlineApi } from "../http/api.ts"
import { describeIssues } from "../http/errors.ts"
import { StartRunRequest } from "../http/scheduler-api.ts"
import { type DailyArgs, messageOf, parseDailyArgs, type Target, targetFromEnv } from "./daily-args.ts"
import { plainProgress, renderSummary, type RunView, terminalProgress } from "./daily-progress.ts"

const USAGE = "usage: npm run -s daily -- [--business <slug>] [--date <YYYY-MM-DD>]"

const EXIT_SUCCEEDED = 0
const EXIT_FAILED = 1
const EXIT_USAGE = 2
const EXIT_INTERRUPTED = 130

const POLL_MS = 500
/** Polling survives the service being briefly unreachable or answering 5xx for this long. */
const POLL_PATIENCE_MS = 30_000
const START_TIMEOUT_MS = 60_000
const POLL_TIMEOUT_MS = 15_000

/** The variables the command reads. */
const ENVIRONMENT = ["SIGHTLINE_URL", "PORT", "SIGHTLINE_API_KEY", "SERVICE_API_KEYS", "TERM"] as const

const readEnvironment = Effect.map(
  Effect.forEach(ENVIRONMENT, (name) => Effect.map(Config.option(Config.string(name)), (value) => [name, Option.getOrUndefined(value)] as const)),
  (entries): Readonly<Record<string, string | undefined>> => Object.fromEntries(entries)
)

// ---------------------------------------------------------------------------------------------
// Talking to the service
// ---------------------------------------------------------------------------------------------

/** The service answered, but not with what was asked. */
class ServiceError extends Data.TaggedError("ServiceError")<{ readonly status: number; readonly message: string }> {}

/** The service could not be reached, or did not answer in time. */
class Unreachable extends Data.TaggedError("Unreachable")<{ readonly message: string }> {}

const describeFetchFailure = (baseUrl: string, error: unknown) => {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String((cause as { code: unknown }).code) : undefined
  const detail = code ?? (cause instanceof Error ? cause.message : messageOf(error))
  return `cannot reach the service at ${baseUrl} (${detail}); is it running? Set SIGHTLINE_URL to its address.`
}

/** The body every error answer of the API carries (`errors.ts`), as far as the message needs it. */
const ErrorBody = Schema.parseJson(Schema.Struct({ message: Schema.String, code: Schema.optional(Schema.Unknown) }))

/** A refusal, in the service's own words when its body has them. */
const refusalOf = (response: HttpClientResponse.HttpClientResponse) =>
  Effect.map(Effect.orElseSucceed(response.text, () => ""), (text) => {
    const status = response.status
    const message = Option.match(Schema.decodeUnknownOption(ErrorBody)(text), {
      onSome: (body) => `${body.message} (${status}${typeof body.code === "string" ? ` ${body.code}` : ""})`,
      onNone: () => `the service answered ${status} ${STATUS_CODES[status] ?? ""}${text.length > 0 ? `: ${text.slice(0, 200)}` : ""}`
    })
    return new ServiceError({ status, message })
  })

/**
 * The service's API as a typed client derived from its definition, showing the key on every
 * request. Any answer but a 2xx is a refusal, read from the error body all endpoints share.
 */
const serviceClient = (target: Target) =>
  HttpApiClient.make(SightlineApi, {
    baseUrl: target.baseUrl,
    transformClient: (client) =>
      client.pipe(
        HttpClient.mapRequest((request) => request.pipe(HttpClientRequest.bearerToken(target.apiKey), HttpClientRequest.acceptJson)),
        HttpClient.filterStatusOk
      )
  }).pipe(Effect.provide(FetchHttpClient.layer))

type ServiceClient = Effect.Effect.Success<ReturnType<typeof serviceClient>>

/**
 * One call to the service within `timeoutMs`, its failures as the command words them: not
 * reached, refused, or an answer that is not what the API defines (`malformed`).
 */
const call = <A>(target: Target, request: Effect.Effect<A, unknown>, timeoutMs: number, malformed: string) =>
  request.pipe(
    Effect.catchAll((error): Effect.Effect<never, ServiceError | Unreachable> => {
      if (error instanceof ServiceError || error instanceof Unreachable) return Effect.fail(error)
      if (HttpClientError.isHttpClientError(error)) {
        if (error._tag === "RequestError") return Effect.fail(new Unreachable({ message: describeFetchFailure(target.baseUrl, error.cause) }))
        if (error.reason === "StatusCode") return Effect.flatMap(refusalOf(error.response), Effect.fail)
        return Effect.fail(new ServiceError({ status: error.response.status, message: malformed }))
      }
      return Effect.fail(new ServiceError({ status: 200, message: malformed }))
    }),
    Effect.timeoutFail({ duration: Duration.millis(timeoutMs), onTimeout: () => new Unreachable({ message: `${target.baseUrl} did not answer in time` }) }),
    Effect.either,
    Effect.runPromise
  )

/** Starts the run; a request the API's schema refuses is refused as the service would (400). */
const startRun = (target: Target, client: ServiceClient, args: DailyArgs) => {
  const payload = Schema.decodeUnknownEither(StartRunRequest)({
    ...(args.business === null ? {} : { business_id: args.business }),
    ...(args.date === null ? {} : { date: args.date })
  })
  if (Either.isLeft(payload)) {
    const message = describeIssues(ParseResult.ArrayFormatter.formatErrorSync(payload.left))
    return Promise.resolve(Either.left(new ServiceError({ status: 400, message: `${message} (400 invalid_request)` })))
  }
  return call(target, Effect.map(client.scheduler.startRun({ payload: payload.right }), (started) => started.run_id), START_TIMEOUT_MS, "the service answered without a run_id")
}

/** The run's progress; its id goes into the path as it is written in a URL. */
const readRun = (target: Target, client: ServiceClient, runId: string) =>
  call<RunView>(target, client.scheduler.run({ path: { run_id: encodeURIComponent(runId) } }), POLL_TIMEOUT_MS, "the service answered with something other than a run")

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// The command
// ---------------------------------------------------------------------------------------------

const main = async (): Promise<number> => {
  const stdout = process.stdout
  const stderr = process.stderr
  const parsed = parseDailyArgs(process.argv.slice(2))
  if (!parsed.ok) {
    stderr.write(`error: ${parsed.error}\n${USAGE}\n`)
    return EXIT_USAGE
  }
  if (parsed.args.help) {
    stdout.write(`${USAGE}\nStarts the daily run (every business, or one) for today or a past UTC day, and follows it.\n` +
      "Service: SIGHTLINE_URL (default http://localhost:$PORT, PORT default 8080); key: SIGHTLINE_API_KEY (default: first of SERVICE_API_KEYS).\n")
    return EXIT_SUCCEEDED
  }
  const environment = await Effect.runPromise(readEnvironment)
  const env = targetFromEnv(environment)
  if (!env.ok) {
    stderr.write(`error: ${env.error}\n`)
    return EXIT_USAGE
  }
  const target = env.target
  const client = await Effect.runPromise(serviceClient(target))

  const started = await startRun(target, client, parsed.args)
  if (Either.isLeft(started)) {
    stderr.write(`error: ${started.left.message}\n`)
    // The service refusing the arguments (a day to come, a malformed slug) is a usage error.
    return started.left._tag === "ServiceError" && started.left.status === 400 ? EXIT_USAGE : EXIT_FAILED
  }
  const runId = started.right
  stdout.write(`${runId}\n`)

  const progress = stderr.isTTY === true && environment.TERM !== "dumb" ? terminalProgress(stderr) : plainProgress(stderr)
  // Stopping to follow stops nothing in the service: say so, and give the terminal its cursor back.
  const onSignal = () => {
    progress.end()
    stderr.write(`\nstopped following run ${runId}; it goes on in the service (GET /api/scheduler/runs/${runId})\n`)
    process.exit(EXIT_INTERRUPTED)
  }
  process.once("SIGINT", onSignal)
  process.once("SIGTERM", onSignal)
  try {
    let failingSince: number | undefined
    for (;;) {
      const answer = await readRun(target, client, runId)
      if (Either.isLeft(answer)) {
        const error = answer.left
        // A service restarting, or lagging (503), is waited for; a refusal (4xx) is final.
        const transient = error._tag === "Unreachable" || error.status >= 500
        const now = Date.now()
        if (!transient || (failingSince !== undefined && now - failingSince >= POLL_PATIENCE_MS)) {
          progress.end()
          stderr.write(`error: following run ${runId}: ${error.message}\n`)
          return EXIT_FAILED
        }
        if (failingSince === undefined) {
          failingSince = now
          progress.note(`warning: ${error.message}; retrying for up to ${POLL_PATIENCE_MS / 1000} s`)
        }
      } else {
        const run = answer.right
        failingSince = undefined
        progress.show(run)
        if (run.state === "succeeded" || run.state === "failed") {
          progress.end()
          stdout.write(`${renderSummary(run).join("\n")}\n`)
          return run.state === "succeeded" ? EXIT_SUCCEEDED : EXIT_FAILED
        }
      }
      await sleep(POLL_MS)
    }
  } finally {
    progress.end()
    process.removeListener("SIGINT", onSignal)
    process.removeListener("SIGTERM", onSignal)
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error) => {
    process.stderr.write(`error: ${messageOf(error)}\n`)
    process.exitCode = EXIT_FAILED
  }
)
