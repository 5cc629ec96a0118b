/**
 * The one line start-up prints when it fails: what went wrong and what to do, never a stack
 * trace (the process then exits with code 1).
 */
import { Cause, ConfigError } from "effect"
import { describeConfigError } from "../config/app-config.ts"

/** The first error in `error`'s chain of causes that carries a system error code. */
const systemErrorIn = (error: unknown): NodeJS.ErrnoException | undefined => {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return current as NodeJS.ErrnoException
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

const hasTag = (error: unknown, tags: ReadonlyArray<string>) =>
  error !== null && typeof error === "object" && "_tag" in error && tags.includes(String(error._tag))

const taggedMessage = (error: unknown, tags: ReadonlyArray<string>): string | undefined => {
  const message = hasTag(error, tags) ? (error as { message?: unknown }).message : undefined
  return typeof message === "string" ? message : undefined
}

/** Why start-up failed, for a user: `address` is where the HTTP server was to listen. */
export const describeStartupFailure = (
  cause: Cause.Cause<unknown>,
  address: { readonly host: string; readonly port: number } | undefined
): string => {
  const error = Cause.squash(cause)
  if (ConfigError.isConfigError(error)) return `configuration error: ${describeConfigError(error)}`
  const known = taggedMessage(error, ["EmbeddedDataDirInUse", "DataDirExposed"])
  if (known !== undefined) return known
  const system = systemErrorIn(error)
  const listening = hasTag(error, ["ServeError"])
  const where = address === undefined ? "" : `${address.host}:${address.port}`
  if (listening && address !== undefined && system?.code === "EADDRINUSE") {
    return `start-up failed: the address ${where} is already in use (another Sightline, or another program, listens there). ` +
      `Stop that program, or choose a free port with PORT (and the interface with HOST), e.g. PORT=${address.port === 65535 ? 8081 : address.port + 1} npm start`
  }
  if (listening && system?.code === "EACCES") {
    return `start-up failed: this user may not listen on ${where} (ports below 1024 need privileges). Choose another port with PORT, e.g. PORT=8080 npm start`
  }
  if (listening && address !== undefined && system?.code === "EADDRNOTAVAIL") {
    return `start-up failed: HOST=${address.host} is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all of them`
  }
  const message = error instanceof Error ? error.message : String(error)
  return `start-up failed: ${message.trim() === "" ? (system?.message ?? "unknown error") : message}`
}
