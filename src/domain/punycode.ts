import { Option } from "effect"

// RFC 3492 (Punycode) decoding only; encoding is left to WHATWG `new URL(...)`.

const BASE = 36
const T_MIN = 1
const T_MAX = 26
const SKEW = 38
const DAMP = 700
const INITIAL_BIAS = 72
const INITIAL_N = 128
const MAX_INT = 0x7fffffff
const ACE_PREFIX = "xn--"

const adapt = (delta: number, numPoints: number, firstTime: boolean): number => {
  let d = firstTime ? Math.floor(delta / DAMP) : delta >> 1
  d += Math.floor(d / numPoints)
  let k = 0
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN))
    k += BASE
  }
  return Math.floor(k + ((BASE - T_MIN + 1) * d) / (d + SKEW))
}

/** a-z / A-Z → 0..25, 0-9 → 26..35, anything else → BASE (invalid). */
const digitOf = (code: number): number => {
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26
  if (code >= 0x41 && code <= 0x5a) return code - 0x41
  if (code >= 0x61 && code <= 0x7a) return code - 0x61
  return BASE
}

/** Decodes a Punycode string (without the `xn--` prefix); None when malformed. */
const decodePunycode = (input: string): Option.Option<string> => {
  const delimiter = input.lastIndexOf("-")
  const basic = Math.max(delimiter, 0)
  const output: Array<number> = []
  for (let j = 0; j < basic; j++) {
    const code = input.charCodeAt(j)
    if (code >= 0x80) return Option.none()
    output.push(code)
  }
  let n = INITIAL_N
  let bias = INITIAL_BIAS
  let i = 0
  let index = basic > 0 ? basic + 1 : 0
  while (index < input.length) {
    const oldI = i
    let w = 1
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return Option.none()
      const digit = digitOf(input.charCodeAt(index++))
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / w)) return Option.none()
      i += digit * w
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
      if (digit < t) break
      if (w > Math.floor(MAX_INT / (BASE - t))) return Option.none()
      w *= BASE - t
    }
    const length = output.length + 1
    bias = adapt(i - oldI, length, oldI === 0)
    n += Math.floor(i / length)
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return Option.none()
    i %= length
    output.splice(i, 0, n)
    i++
  }
  // An all-ASCII result (e.g. `xn--` or `xn--abc-`) is never a valid encoded label.
  return output.some((code) => code >= 0x80) ? Option.some(String.fromCodePoint(...output)) : Option.none()
}

/**
 * Decodes one DNS label: an `xn--` label becomes Unicode, any other label is
 * returned unchanged. None when the `xn--` label is not valid Punycode. Basic (ASCII)
 * code points keep their case: `XN--BCHER-KVA` gives `BüCHER`.
 */
export const decodeLabel = (label: string): Option.Option<string> =>
  label.toLowerCase().startsWith(ACE_PREFIX)
    ? decodePunycode(label.slice(ACE_PREFIX.length))
    : Option.some(label)
