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

const OPEN_BRACKET = 0x5b
const OPEN_BRACE = 0x7b
const CLOSE_BRACKET = 0x5d
const CLOSE_BRACE = 0x7d
const QUOTE = 0x22
const BACKSLASH = 0x5c

/** Bodies up to this size are parsed before their depth is known: their parse stays cheap whatever their nesting. */
const SCAN_FROM_CHARS = 4096

/** Where the string opened at `open` closes (its unescaped `"`), or -1. */
const stringEnd = (text: string, open: number) => {
  let end = open
  for (;;) {
    end = text.indexOf("\"", end + 1)
    if (end === -1) return -1
    let slashes = 0
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++
    if (slashes % 2 === 0) return end
  }
}

/**
 * TOO_DEEP when a large JSON text nests arrays and objects deeper than `MAX_JSON_DEPTH`, read
 * from the text before it is parsed: `JSON.parse` copes with any depth but spends far more
 * time per byte on deep nesting than on ordinary JSON. Small texts are left to
 * `checkJsonBody` after the parse. Text that is not JSON passes (the parse refuses it).
 */
export const checkJsonText = (text: string): InputRefusal | undefined => {
  if (text.length <= SCAN_FROM_CHARS) return undefined
  let depth = 0
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index)
    if (unit === QUOTE) {
      index = stringEnd(text, index)
      if (index === -1) return undefined
    } else if (unit === OPEN_BRACKET || unit === OPEN_BRACE) {
      if (++depth > MAX_JSON_DEPTH) return TOO_DEEP
    } else if (unit === CLOSE_BRACKET || unit === CLOSE_BRACE) depth--
  }
  return undefined
}

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

/** A request body read as JSON and checked: what the lane and HttpApi both do with a body. */
export type GuardedJson =
  | { readonly _tag: "Parsed"; readonly value: unknown }
  | { readonly _tag: "Refused"; readonly refusal: InputRefusal }
  | { readonly _tag: "NotJson" }

const NOT_JSON: GuardedJson = { _tag: "NotJson" }

/**
 * Parses a body and runs every check on it. An empty body reads as null, as HttpApi reads it
 * (its 400 then names the missing object).
 */
export const parseGuardedJson = (text: string): GuardedJson => {
  const tooDeep = checkJsonText(text)
  if (tooDeep !== undefined) return { _tag: "Refused", refusal: tooDeep }
  let value: unknown
  try {
    value = text === "" ? null : JSON.parse(text)
  } catch {
    return NOT_JSON
  }
  const refusal = checkJsonBody(value)
  return refusal === undefined ? { _tag: "Parsed", value } : { _tag: "Refused", refusal }
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
