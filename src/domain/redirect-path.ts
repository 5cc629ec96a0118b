/**
 * Where a user may be sent after accepting an invitation: a path on this service, nowhere else.
 * Browsers repair what they are given before following a `Location` (a backslash becomes a
 * slash, tabs and line breaks are dropped), so `/\evil.example` or `/<TAB>/evil.example` would
 * leave the site; those forms, and their percent-encoded spellings, are refused outright.
 */
import { Option } from "effect"

/** Only a placeholder origin: a path resolved against any origin stays on that origin. */
const PLACEHOLDER_ORIGIN = "http://sightline.invalid"

/** Printable ASCII without space: everything else must be percent-encoded in a `Location`. */
const HEADER_SAFE = /^[\x21-\x7e]*$/

const percentDecoded = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** What a percent-encoded path must not decode to: control characters, line separators, backslashes. */
const HOSTILE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/

/**
 * The serialized same-origin path (path, query and fragment) of `value`, or None when it is not
 * one: it must start with a single `/`, hold only printable ASCII (non-ASCII percent-encoded), no
 * backslash, and decode to no control character, line separator, backslash or leading `//`.
 */
export const sameOriginPath = (value: string): Option.Option<string> => {
  if (!value.startsWith("/") || value.startsWith("//") || !HEADER_SAFE.test(value) || value.includes("\\")) return Option.none()
  const decoded = percentDecoded(value)
  if (decoded === undefined || HOSTILE.test(decoded) || decoded.startsWith("//")) return Option.none()
  let url: URL
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN)
  } catch {
    return Option.none()
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return Option.none()
  const serialized = `${url.pathname}${url.search}${url.hash}`
  return HEADER_SAFE.test(serialized) && !serialized.startsWith("//") ? Option.some(serialized) : Option.none()
}

export const REDIRECT_PATH_RULE =
  "redirect_url must be a path on this service: starting with a single /, without backslashes, spaces or control characters (percent-encode any other character)"

/** Where an accepted invitation sends the user when its stored redirect is not a safe path. */
export const DEFAULT_REDIRECT_PATH = "/dashboard"
