/** Plain-text helpers shared by the renderers. They shape text; escaping is the renderers' job. */
import { oneLine, safeUrl, stripUnsafeChars } from "./html.ts"

/** Paragraphs of a text: split on blank lines, each on one line, empty ones dropped. */
export const paragraphs = (text: string): ReadonlyArray<string> =>
  stripUnsafeChars(text)
    .split(/\n[ \t]*\n/)
    .map(oneLine)
    .filter((p) => p !== "")

/**
 * At most `max` characters (code points, so no surrogate pair is split), cut at a word boundary
 * when one is near, with an ellipsis when anything was cut.
 */
export const truncate = (text: string, max: number): string => {
  const chars = Array.from(oneLine(text))
  if (chars.length <= max) return chars.join("")
  const cut = chars.slice(0, max - 1).join("")
  const space = cut.lastIndexOf(" ")
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, "")}…`
}

/** The first sentence of a text (or the whole of it, truncated). */
export const firstSentence = (text: string, max = 200): string => {
  const line = oneLine(text)
  const match = /^(.+?[.!?])(\s|$)/.exec(line)
  return truncate(match?.[1] ?? line, max)
}

/** An absolute http(s) URL, resolved against `base` when relative; null for anything else. */
export const externalUrl = (url: string | null, base: string): string | null => {
  if (url === null || oneLine(url) === "") return null
  let resolved: string
  try {
    resolved = new URL(url.replace(/[\t\n\r]/g, "").trim(), base).href
  } catch {
    return null
  }
  const safe = safeUrl(resolved)
  return /^https?:\/\//i.test(safe) ? safe : null
}

/** The host of a URL without `www.`, for display; the URL itself when it does not parse. */
export const displayHost = (url: string): string => {
  try {
    return new URL(url).host.replace(/^www\./i, "")
  } catch {
    return oneLine(url)
  }
}

/** Lists `a`, `a and b`, `a, b and c`. */
export const listSentence = (items: ReadonlyArray<string>): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`

/** A sentence ends with punctuation. */
export const sentence = (text: string): string => {
  const t = oneLine(text)
  return t === "" || /[.!?…]["'”’)]?$/.test(t) ? t : `${t}.`
}
