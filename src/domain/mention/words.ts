/**
 * Word-level helpers over raw and folded text: word characters, capitals, tokens, possessives.
 */
import { foldPlain } from "./fold.ts"

const WORD_CHAR = /[\p{L}\p{N}]/u

// These run on every character or token of an answer: ASCII is decided by its code, and only
// other characters go through the Unicode property test (same answers, without a regular
// expression or a case conversion per character).
const isAsciiWordCode = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)

export const isWordChar = (c: string | undefined): boolean => {
  if (c === undefined) return false
  const code = c.charCodeAt(0)
  return code < 128 ? c.length === 1 ? isAsciiWordCode(code) : WORD_CHAR.test(c) : WORD_CHAR.test(c)
}

export const isUpperLetter = (c: string | undefined): boolean => {
  if (c === undefined) return false
  if (c.length === 1) {
    const code = c.charCodeAt(0)
    if (code < 128) return code >= 65 && code <= 90
  }
  return c !== c.toLowerCase() && c === c.toUpperCase()
}

/** Whether the code point at `i` of `s` (ending by `to`) is a letter or digit; its length in UTF-16 units, or 0. */
const wordCodePointAt = (s: string, i: number, to: number): number => {
  const code = s.charCodeAt(i)
  if (code < 128) return isAsciiWordCode(code) ? 1 : 0
  const cp = s.codePointAt(i)!
  // A surrogate pair cut by `to` is a lone surrogate, as in `s.slice(from, to)`.
  const len = cp > 0xffff && i + 1 < to ? 2 : 1
  return WORD_CHAR.test(s.slice(i, i + len)) ? len : 0
}

const isTokenJoiner = (code: number): boolean => code === 39 || code === 0x2019 || code === 45 || code === 46 || code === 38

/**
 * Calls `each(start, end)` for the word tokens of `s[from, to)` (letters/digits, with internal
 * apostrophes, hyphens, dots, `&`): the matches of `[\p{L}\p{N}]+(?:['’\-.&][\p{L}\p{N}]+)*`,
 * scanned by hand, without building them.
 */
export const eachToken = (s: string, from: number, to: number, each: (start: number, end: number) => void): void => {
  let i = from
  while (i < to) {
    let len = wordCodePointAt(s, i, to)
    if (len === 0) {
      i++
      continue
    }
    const start = i
    i += len
    for (;;) {
      while (i < to && (len = wordCodePointAt(s, i, to)) > 0) i += len
      if (i + 1 < to && isTokenJoiner(s.charCodeAt(i)) && (len = wordCodePointAt(s, i + 1, to)) > 0) i += 1 + len
      else break
    }
    each(start, i)
  }
}

/** The word tokens of a string (see `eachToken`). */
export const tokensOf = (s: string): Array<{ readonly text: string; readonly start: number; readonly end: number }> => {
  const out: Array<{ text: string; start: number; end: number }> = []
  eachToken(s, 0, s.length, (start, end) => out.push({ text: s.slice(start, end), start, end }))
  return out
}

export const wordsOf = (s: string): Array<string> => foldPlain(s).match(/[\p{L}\p{N}]+/gu) ?? []

/** Whether a word ends in a possessive `'s` or `’s` (either case of `s`). */
export const isPossessive = (w: string): boolean => {
  const n = w.length
  if (n < 2) return false
  const s = w.charCodeAt(n - 1)
  const q = w.charCodeAt(n - 2)
  return (s === 115 || s === 83) && (q === 39 || q === 0x2019)
}

export const stripPossessive = (w: string): string => (isPossessive(w) ? w.slice(0, -2) : w)
