/**
 * Text the service takes from elsewhere (crawled pages, answer engines) made storable, and cut
 * without breaking a character.
 *
 * PostgreSQL stores neither U+0000 nor an unpaired UTF-16 surrogate (in `text` or `jsonb`),
 * and `String.prototype.slice` counts UTF-16 units, so a cut can split an emoji's pair and
 * leave a lone high surrogate.
 */

const HIGH_FIRST = 0xd800
const HIGH_LAST = 0xdbff
const LOW_FIRST = 0xdc00
const LOW_LAST = 0xdfff

const isHigh = (unit: number) => unit >= HIGH_FIRST && unit <= HIGH_LAST
const isLow = (unit: number) => unit >= LOW_FIRST && unit <= LOW_LAST

/** Anything that may need cleaning: most text has neither a NUL nor a surrogate and is returned as is. */
const SUSPECT = /[\u0000\ud800-\udfff]/
const NUL = /\u0000/g
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * At most `maxUnits` UTF-16 units of `text`, cut between code points: when the cut would
 * fall inside a surrogate pair, the pair is left out whole.
 */
export const truncateCodePoints = (text: string, maxUnits: number): string => {
  if (text.length <= maxUnits) return text
  const end = Math.max(0, Math.floor(maxUnits))
  return end > 0 && isHigh(text.charCodeAt(end - 1)) ? text.slice(0, end - 1) : text.slice(0, end)
}

/** The text without U+0000, each unpaired surrogate replaced by U+FFFD. */
export const cleanText = (text: string): string =>
  SUSPECT.test(text) ? text.replace(NUL, "").replace(LONE_SURROGATE, "\ufffd") : text

/** `cleanText` then `truncateCodePoints`: the usual treatment of a field taken from elsewhere. */
export const cleanAndCut = (text: string, maxUnits: number): string => truncateCodePoints(cleanText(text), maxUnits)

/** Whether PostgreSQL can store the text as is (no U+0000, no unpaired surrogate). */
export const isStorableText = (text: string): boolean => {
  if (!SUSPECT.test(text)) return true
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit === 0) return false
    if (isHigh(unit)) {
      if (!isLow(text.charCodeAt(i + 1))) return false
      i++
    } else if (isLow(unit)) return false
  }
  return true
}

export interface JsonBounds {
  /** At most this many levels of containers are kept: deeper ones are left out. */
  readonly maxDepth: number
  /** At most this many values (containers, strings, numbers...) are kept; the rest are left out. */
  readonly maxNodes: number
  /** Strings (and keys) longer than this are cut (between code points). */
  readonly maxStringUnits: number
}

export const DEFAULT_JSON_BOUNDS: JsonBounds = { maxDepth: 16, maxNodes: 2_000, maxStringUnits: 2_000 }

/**
 * A copy of a parsed JSON value that PostgreSQL can store: every string and key cleaned
 * (`cleanText`) and cut, containers deeper than the bound and values past the size bound left
 * out, and anything that is not JSON (a function, a bigint, a non-finite number) left out too.
 * Answers undefined when the value itself is left out.
 */
export const cleanJson = (value: unknown, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): unknown => {
  let nodes = 0
  const clean = (node: unknown, depth: number): unknown => {
    if (nodes >= bounds.maxNodes) return undefined
    if (node === null || typeof node === "boolean") {
      nodes++
      return node
    }
    if (typeof node === "string") {
      nodes++
      return cleanAndCut(node, bounds.maxStringUnits)
    }
    if (typeof node === "number") {
      if (!Number.isFinite(node)) return undefined
      nodes++
      return node
    }
    if (typeof node !== "object" || depth >= bounds.maxDepth) return undefined
    nodes++
    if (Array.isArray(node)) {
      const out: Array<unknown> = []
      for (const item of node) {
        if (nodes >= bounds.maxNodes) break
        const cleaned = clean(item, depth + 1)
        if (cleaned !== undefined) out.push(cleaned)
      }
      return out
    }
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(node)) {
      if (nodes >= bounds.maxNodes) break
      const cleaned = clean(item, depth + 1)
      // defineProperty: a key "__proto__" stays an ordinary key.
      if (cleaned !== undefined) {
        Object.defineProperty(out, cleanAndCut(key, bounds.maxStringUnits), {
          value: cleaned,
          enumerable: true,
          writable: true,
          configurable: true
        })
      }
    }
    return out
  }
  return clean(value, 0)
}

/** How deep the event store looks into an event's data: deeper is refused, never truncated. */
const MAX_STORED_DEPTH = 64

/**
 * Why PostgreSQL's `jsonb` could not store the value unchanged (a NUL or an unpaired surrogate
 * in a string or key, a value JSON cannot encode, nesting past the bound), naming where; or
 * undefined when it can. The event store refuses such events rather than changing them.
 */
export const unstorableJson = (value: unknown, root = "data"): string | undefined => {
  // The path is built only on the way back from a finding: this runs on every appended event.
  const found = findUnstorable(value, 0)
  if (found === undefined) return undefined
  const path = found.path.reverse().map((step) => typeof step === "number" ? `[${step}]` : `.${step}`).join("")
  return `${root}${path}: ${found.what}`
}

interface Finding {
  readonly what: string
  /** From the finding up to the root. */
  readonly path: Array<string | number>
}

const findUnstorable = (node: unknown, depth: number): Finding | undefined => {
  switch (typeof node) {
    case "string":
      return isStorableText(node) ? undefined : { what: "text with U+0000 or an unpaired surrogate", path: [] }
    case "number":
    case "boolean":
    case "undefined":
      return undefined
    case "object": {
      if (node === null || node instanceof Date) return undefined
      if (depth >= MAX_STORED_DEPTH) return { what: `nested deeper than ${MAX_STORED_DEPTH}`, path: [] }
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) {
          const found = findUnstorable(node[i], depth + 1)
          if (found !== undefined) {
            found.path.push(i)
            return found
          }
        }
        return undefined
      }
      for (const key in node) {
        if (!isStorableText(key)) return { what: "a key with U+0000 or an unpaired surrogate", path: [] }
        const found = findUnstorable((node as Record<string, unknown>)[key], depth + 1)
        if (found !== undefined) {
          found.path.push(key)
          return found
        }
      }
      return undefined
    }
    default:
      return { what: `a ${typeof node}, which JSON cannot encode`, path: [] }
  }
}
