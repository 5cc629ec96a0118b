/**
 * The daily command's arguments and environment (`src/cli/daily.ts`), apart from the command so
 * that they can be tested without running it. Pure.
 */
import { parseArgs } from "node:util"
import { isCalendarDate } from "../domain/calendar-date.ts"

const DEFAULT_PORT = 8080 // the service's default PORT (src/config/app-config.ts)

export const messageOf = (error: unknown): string => error instanceof Error ? error.message : String(error)

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
export const targetFromEnv = (env: Readonly<Record<string, string | undefined>>): { readonly ok: true; readonly target: Target } | { readonly ok: false; readonly error: string } => {
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
