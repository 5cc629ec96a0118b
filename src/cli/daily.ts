/**
 * Starts a daily run by hand and follows it to its end:
 *
 *   npm run -s daily -- [--business <slug>] [--date <YYYY-MM-DD>]
 *
 * A client of the running service (`POST /api/scheduler/runs`, then `GET /api/scheduler/runs/{id}`):
 * the embedded database belongs to one process, so the run happens there. The service is
 * `SIGHTLINE_URL` (default `http://localhost:${PORT:-8080}`), the key `SIGHTLINE_API_KEY` (default:
 * the first of `SERVICE_API_KEYS`).
 *
 * stdout carries the run id (first line) and, at the end, the summary; progress goes to stderr: a
 * bar redrawn in place on a terminal, otherwise a plain line at most every few seconds.
 * Exit 0: the run succeeded; 1: it failed, or the service refused or could not be reached;
 * 2: bad arguments or configuration (also when the service answers 400 to them); 130: interrupted
 * (the run goes on in the service).
 */
import { realpathSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { parseArgs } from "node:util"
import { isCalendarDate } from "../domain/calendar-date.ts"
import { renderPlainProgress, renderProgress, renderSummary, type RunView, STEPS } from "./daily-progress.ts"

const USAGE = "usage: npm run -s daily -- [--business <slug>] [--date <YYYY-MM-DD>]"

export const EXIT_SUCCEEDED = 0
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2
const EXIT_INTERRUPTED = 130

const DEFAULT_PORT = 8080 // the service's default PORT (src/config/app-config.ts)
const POLL_MS = 500
/** Plain (non-terminal) progress: one line at most this often, and only when something moved. */
const PLAIN_EVERY_MS = 5_000
/** Polling survives the service being briefly unreachable or answering 5xx for this long. */
const POLL_PATIENCE_MS = 30_000
const START_TIMEOUT_MS = 60_000
const POLL_TIMEOUT_MS = 15_000

// ---------------------------------------------------------------------------------------------
// Arguments and environment
// ---------------------------------------------------------------------------------------------

export interface DailyArgs {
  readonly help: boolean
  readonly business: string | null
  readonly date: string | null
}

/** The command line, or the message saying what is wrong with it. */
export const parseDailyArgs = (argv: ReadonlyArray<string>): { readonly ok: true; readonly args: DailyArgs } | { readonly ok: false; readonly error: string } => {
  let values: { business?: string | undefined; date?: string | undefined; help?: boolean | undefined }
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: { business: { type: "string" }, date: { type: "string" }, help: { type: "boolean", short: "h" } }
    }).values
  } catch (error) {
    return { ok: false, error: messageOf(error) }
  }
  const business = values.business?.trim()
  if (business !== undefined && business.length === 0) return { ok: false, error: "--business needs a business slug" }
  const date = values.date?.trim()
  if (date !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { ok: false, error: `--date must be a UTC day as YYYY-MM-DD, not "${date}"` }
    if (!isCalendarDate(date)) return { ok: false, error: `--date: ${date} is not a calendar date` }
  }
  return { ok: true, args: { help: values.help === true, business: business ?? null, date: date ?? null } }
}

export interface Target {
  readonly baseUrl: string
  readonly apiKey: string
}

/** Where the service is and which key to show it, from the environment. */
export const targetFromEnv = (env: NodeJS.ProcessEnv): { readonly ok: true; readonly target: Target } | { readonly ok: false; readonly error: string } => {
  const nonEmpty = (name: string) => {
    const value = env[name]?.trim()
    return value === undefined || value.length === 0 ? undefined : value
  }
  let baseUrl: string
  const url = nonEmpty("SIGHTLINE_URL")
  if (url !== undefined) {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return { ok: false, error: `SIGHTLINE_URL: not a URL: "${url}"` }
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { ok: false, error: `SIGHTLINE_URL: expected an http(s) URL, not "${url}"` }
    baseUrl = parsed.toString().replace(/\/+$/, "")
  } else {
    const port = nonEmpty("PORT")
    if (port !== undefined && !(/^\d+$/.test(port) && Number(port) <= 65535)) return { ok: false, error: `PORT: expected a port number, not "${port}" (or set SIGHTLINE_URL)` }
    baseUrl = `http://localhost:${port ?? DEFAULT_PORT}`
  }
  const apiKey = nonEmpty("SIGHTLINE_API_KEY") ??
    nonEmpty("SERVICE_API_KEYS")?.split(",").map((key) => key.trim()).find((key) => key.length > 0)
  if (apiKey === undefined) {
    return { ok: false, error: "no service API key: set SIGHTLINE_API_KEY to one of the service's SERVICE_API_KEYS (or set SERVICE_API_KEYS)" }
  }
  return { ok: true, target: { baseUrl, apiKey } }
}

// ---------------------------------------------------------------------------------------------
// Rendering (pure)
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Talking to the service
// ---------------------------------------------------------------------------------------------

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The service answered, but not with what was asked. */
class ServiceError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

/** The service could not be reached, or did not answer in time. */
class Unreachable extends Error {}

const describeFetchFailure = (baseUrl: string, error: unknown) => {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return `${baseUrl} did not answer in time`
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String((cause as { code: unknown }).code) : undefined
  const detail = code ?? (cause instanceof Error ? cause.message : messageOf(error))
  return `cannot reach the service at ${baseUrl} (${detail}); is it running? Set SIGHTLINE_URL to its address.`
}

const request = async (target: Target, method: "GET" | "POST", path: string, body: unknown, timeoutMs: number): Promise<unknown> => {
  let response: Response
  try {
    response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${target.apiKey}`, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs)
    })
  } catch (error) {
    throw new Unreachable(describeFetchFailure(target.baseUrl, error))
  }
  const text = await response.text().catch(() => "")
  let parsed: unknown
  try {
    parsed = text.length === 0 ? undefined : JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (!response.ok) {
    const error = parsed as { code?: unknown; message?: unknown } | undefined
    const message = typeof error?.message === "string"
      ? `${error.message} (${response.status}${typeof error.code === "string" ? ` ${error.code}` : ""})`
      : `the service answered ${response.status} ${response.statusText}${text.length > 0 ? `: ${text.slice(0, 200)}` : ""}`
    throw new ServiceError(response.status, message)
  }
  if (parsed === undefined) throw new ServiceError(response.status, `the service answered ${response.status} without JSON`)
  return parsed
}

const isRunView = (value: unknown): value is RunView => {
  const run = value as RunView | undefined
  return typeof run?.run_id === "string" && typeof run.state === "string" && typeof run.entities?.total === "number" &&
    STEPS.every((step) => typeof run.steps?.[step]?.total === "number") && Array.isArray(run.failed_entities)
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// Progress display
// ---------------------------------------------------------------------------------------------

interface Progress {
  readonly show: (run: RunView) => void
  readonly note: (line: string) => void
  /** Leaves the last drawing in place (or prints the last state) and restores the terminal. */
  readonly end: () => void
}

/** Redrawn in place: the cursor goes back up over the previous drawing, each line is cleared. */
const terminalProgress = (out: NodeJS.WriteStream): Progress => {
  let drawn = 0
  let hidden = false
  // A pseudo-terminal may not know its size (0 columns): assume 80 then.
  const width = () => Math.max(20, (out.columns > 0 ? out.columns : 80) - 1)
  const draw = (lines: ReadonlyArray<string>) => {
    // A line wider than the terminal wraps and breaks the redraw: cut each to its width.
    const cut = lines.map((line) => [...line].slice(0, width()).join(""))
    const up = drawn > 0 ? `\r\x1b[${drawn}A` : ""
    out.write(`${hidden ? "" : "\x1b[?25l"}${up}${cut.map((line) => `\x1b[2K${line}\n`).join("")}\x1b[J`)
    hidden = true
    drawn = cut.length
  }
  return {
    show: (run) => draw(renderProgress(run, Math.min(24, Math.max(10, width() - 40)))),
    note: (line) => {
      drawn = 0
      out.write(`${line}\n`)
    },
    end: () => {
      if (hidden) out.write("\x1b[?25h")
      hidden = false
    }
  }
}

const plainProgress = (out: NodeJS.WritableStream): Progress => {
  let lastAt = 0
  let last = ""
  let pending: string | undefined
  return {
    show: (run) => {
      const line = renderPlainProgress(run)
      if (line === last) return
      const now = Date.now()
      if (now - lastAt >= PLAIN_EVERY_MS) {
        out.write(`${line}\n`)
        lastAt = now
        last = line
        pending = undefined
      } else {
        pending = line
      }
    },
    note: (line) => out.write(`${line}\n`),
    end: () => {
      if (pending !== undefined) out.write(`${pending}\n`)
      pending = undefined
    }
  }
}

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
  const env = targetFromEnv(process.env)
  if (!env.ok) {
    stderr.write(`error: ${env.error}\n`)
    return EXIT_USAGE
  }
  const target = env.target

  const payload = { ...(parsed.args.business === null ? {} : { business_id: parsed.args.business }), ...(parsed.args.date === null ? {} : { date: parsed.args.date }) }
  let runId: string
  try {
    const started = await request(target, "POST", "/api/scheduler/runs", payload, START_TIMEOUT_MS) as { run_id?: unknown }
    if (typeof started.run_id !== "string") throw new ServiceError(202, "the service answered without a run_id")
    runId = started.run_id
  } catch (error) {
    stderr.write(`error: ${messageOf(error)}\n`)
    // The service refusing the arguments (a day to come, a malformed slug) is a usage error.
    return error instanceof ServiceError && error.status === 400 ? EXIT_USAGE : EXIT_FAILED
  }
  stdout.write(`${runId}\n`)

  const progress = stderr.isTTY === true && process.env.TERM !== "dumb" ? terminalProgress(stderr) : plainProgress(stderr)
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
      let run: RunView | undefined
      try {
        const answer = await request(target, "GET", `/api/scheduler/runs/${encodeURIComponent(runId)}`, undefined, POLL_TIMEOUT_MS)
        if (!isRunView(answer)) throw new ServiceError(200, "the service answered with something other than a run")
        run = answer
        failingSince = undefined
      } catch (error) {
        // A service restarting, or lagging (503), is waited for; a refusal (4xx) is final.
        const transient = error instanceof Unreachable || (error instanceof ServiceError && error.status >= 500)
        const now = Date.now()
        if (!transient || (failingSince !== undefined && now - failingSince >= POLL_PATIENCE_MS)) {
          progress.end()
          stderr.write(`error: following run ${runId}: ${messageOf(error)}\n`)
          return EXIT_FAILED
        }
        if (failingSince === undefined) {
          failingSince = now
          progress.note(`warning: ${messageOf(error)}; retrying for up to ${POLL_PATIENCE_MS / 1000} s`)
        }
      }
      if (run !== undefined) {
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

// Run only as a command: the test imports the pure functions above.
const isEntry = () => {
  const entry = process.argv[1]
  if (entry === undefined) return false
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href
  } catch {
    return false
  }
}
if (isEntry()) {
  main().then(
    (code) => {
      process.exitCode = code
    },
    (error) => {
      process.stderr.write(`error: ${messageOf(error)}\n`)
      process.exitCode = EXIT_FAILED
    }
  )
}
