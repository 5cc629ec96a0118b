/**
 * The last line of a successful start-up: where the service answers, where its API is
 * documented, and which engine answers for each AI platform (a configured endpoint's host and
 * model, never its key).
 */
import { PLATFORM_KEYS, PLATFORM_NAMES, platformNumber } from "../domain/platforms.ts"
import type { AppSettings } from "../config/app-config.ts"

/** The address a user on this machine types: a wildcard listener answers on localhost. */
const browsableBase = (host: string, port: number) => {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host
  return `http://${name}:${port}`
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return "an invalid URL"
  }
}

export const platformEngines = (settings: Pick<AppSettings, "platforms">): ReadonlyArray<string> =>
  PLATFORM_KEYS.map((key) => {
    const n = platformNumber(key)
    const endpoint = settings.platforms[n - 1]
    const name = `${key} (${PLATFORM_NAMES[key]})`
    return endpoint === undefined || endpoint._tag === "None"
      ? `${name}: built-in stand-in engine, not ${PLATFORM_NAMES[key]}; set AI_PLATFORM_${n}_BASE_URL and AI_PLATFORM_${n}_MODEL to ask a real one`
      : `${name}: ${endpoint.value.model} at ${hostOf(endpoint.value.baseUrl)}`
  })

export const readyMessage = (settings: Pick<AppSettings, "host" | "port" | "platforms">, boundPort: number): string => {
  const base = browsableBase(settings.host, boundPort)
  return [
    `Sightline is ready on ${base} (listening on ${settings.host}:${boundPort}); the API is documented at ${base}/docs`,
    // The dashboard's address goes here once /dashboard exists.
    "answer engines:",
    ...platformEngines(settings).map((line) => `  ${line}`)
  ].join("\n")
}
