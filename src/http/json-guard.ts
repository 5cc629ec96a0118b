/**
 * The checks every request passes before any schema sees it, in the fast lane and in HttpApi
 * alike (`visit-webhook.ts`, `error-mapping.ts`):
 *
 * - a JSON body nested deeper than `MAX_JSON_DEPTH` is refused: schemas and their error
 *   formatters recurse over the value, so an attacker's depth must never reach them;
 * - no string, object key, path or query may hold U+0000 or an unpaired UTF-16 surrogate:
 *   PostgreSQL refuses both in `text` and `jsonb`, so they would fail a write (and, in a
 *   group commit, the writes batched with it) instead of the one request;
 * - a malformed percent-encoding in the URL is refused.
 *
 * The walk is iterative and stops at the bound, so its own depth never follows the input's.
 */

import { isStorableText } from "../domain/text.ts"

export const MAX_JSON_DEPTH = 64

/** What a refused request is answered: always 400. */
export interface InputRefusal {
  readonly code: "invalid_json" | "invalid_request"
  readonly message: string
}

const TOO_DEEP: InputRefusal = { code: "invalid_json", message: `the request body is nested deeper than ${MAX_JSON_DEPTH} levels` }
const MALFORMED_URL: InputRefusal = { code: "invalid_request", message: "the request URL holds a malformed percent-encoding" }

/** Longest field path a message names; a path is built from the caller's keys. */
const MAX_PATH_CHARS = 200

const forbidden = (path: string): InputRefusal => ({
  code: "invalid_request",
  message: `${path.length > MAX_PATH_CHARS ? `${path.slice(0, MAX_PATH_CHARS)}…` : path}: must not contain U+0000 or unpaired surrogates`
})

/** True when `text` holds U+0000 or a surrogate without its pair (astral characters are fine). */
export const hasForbiddenCharacters = (text: string): boolean => !isStorableText(text)

interface Pending {
  readonly value: unknown
  readonly path: string
  readonly depth: number
}

const child = (path: string, key: string | number) => path === "" ? String(key) : `${path}.${key}`

/**
 * The first reason to refuse a parsed JSON body, or undefined when it passes. Field paths read
 * as the schema errors name them (`results.0.prompt`; `body` for the value itself).
 */
export const checkJsonBody = (body: unknown): InputRefusal | undefined => {
  const stack: Array<Pending> = [{ value: body, path: "", depth: 0 }]
  while (stack.length > 0) {
    const { depth, path, value } = stack.pop()!
    if (typeof value === "string") {
      if (hasForbiddenCharacters(value)) return forbidden(path === "" ? "body" : path)
      continue
    }
    if (typeof value !== "object" || value === null) continue
    if (depth >= MAX_JSON_DEPTH) return TOO_DEEP
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], path: child(path, index), depth: depth + 1 })
      continue
    }
    const keys = Object.keys(value)
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index]!
      // The key itself cannot be printed: the refusal names the object holding it.
      if (hasForbiddenCharacters(key)) return forbidden(path === "" ? "body (a key)" : `${path} (a key)`)
      stack.push({ value: (value as Record<string, unknown>)[key], path: child(path, key), depth: depth + 1 })
    }
  }
  return undefined
}

const decoded = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/**
 * The reason to refuse a request URL (`/path?query` as sent), or undefined: its path and query
 * are percent-decoded as the router and query parser will decode them, and checked.
 */
export const checkRequestUrl = (url: string): InputRefusal | undefined => {
  // Only an escape or a non-ASCII character can decode to something refused.
  if (!/[%\u0080-\uffff]/.test(url)) return undefined
  const mark = url.indexOf("?")
  const path = decoded(mark === -1 ? url : url.slice(0, mark))
  const query = mark === -1 ? "" : decoded(url.slice(mark + 1).replace(/\+/g, " "))
  if (path === undefined || query === undefined) return MALFORMED_URL
  if (hasForbiddenCharacters(path)) return forbidden("path")
  if (hasForbiddenCharacters(query)) return forbidden("query")
  return undefined
}
