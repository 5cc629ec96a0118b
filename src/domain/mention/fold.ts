/**
 * The one fold for matching text: case, diacritics, apostrophe and hyphen variants, with a map
 * back to the original offsets. The mention detector and the prompt text helpers both use it.
 */

// One table for both readers of a name: the prompt validator keeps a prompt as brand-navigational
// when it names the entity (`phraseKey`, built on `foldPlain`), and the detector decides whether
// an answer mentions it. Were the two to fold a letter differently ("Bjørn's" with `ø` or `’`),
// a prompt counted as naming the entity could hold a name the detector does not see, or the
// other way round.
const SPECIAL_FOLDS: Readonly<Record<string, string>> = {
  "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ẞ": "ss",
  "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "ı": "i",
  // Folded one code point at a time, a capital sigma cannot know whether it ends a word.
  "ς": "σ",
  "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'",
  "\u2010": "-", "\u2011": "-",
}
const SPECIAL_CHAR = new RegExp(`[${Object.keys(SPECIAL_FOLDS).join("")}]`, "gu")

/**
 * En and em dashes: `"hyphen"` folds them to `-` too, for the prompt text helpers, to which any
 * dash is a hyphen. `"keep"` leaves them, for the detector, which reads a dash as punctuation:
 * answers write "Crumb—the best bakery", and a hyphen there would make "Crumb-the" a different,
 * longer name, and "great—but" one word to the sentiment lexicon.
 */
export type DashFold = "keep" | "hyphen"
const DASHES = /[\u2013\u2014]/g

export interface Folded {
  readonly text: string
  /** For each UTF-16 unit of `text`, where its source character starts / ends in the original. */
  readonly starts: ReadonlyArray<number>
  readonly ends: ReadonlyArray<number>
}

const foldCharUncached = (ch: string): string => {
  const special = SPECIAL_FOLDS[ch]
  if (special !== undefined) return special
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return ch.toLowerCase()
  // Lower-casing can itself produce a combining mark (`İ` → `i̇`), so drop marks last; what is
  // left may hold a letter with a fold of its own (`ǿ` → `ø` → `o`, `ŉ` → `ʼn` → `'n`).
  return ch
    .normalize("NFKD")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(SPECIAL_CHAR, (c) => SPECIAL_FOLDS[c] ?? c)
}

// Answers repeat few non-ASCII characters (dashes, quotes, the entity mark in sentiment), each
// costing two normalizations: folded once. Bounded, since the text comes from outside.
const FOLDED_CHARS = new Map<string, string>()
const foldChar = (ch: string): string => {
  let folded = FOLDED_CHARS.get(ch)
  if (folded === undefined) {
    folded = foldCharUncached(ch)
    if (FOLDED_CHARS.size < 4096) FOLDED_CHARS.set(ch, folded)
  }
  return folded
}

// Folding lower-cases ASCII and nothing else of it (every special fold is outside ASCII), and
// folds each code point on its own: runs of ASCII fold with one `toLowerCase`, and only the
// other code points go through `foldChar`. Answers are read eight at a time per prompt, and
// folding them char by char was a fifth of the detector's time.
const ASCII_ONLY = /^[\x00-\x7f]*$/
const NON_ASCII_RUN = /[^\x00-\x7f]+/g

/** Folds a run of non-ASCII code points, calling `each(from, to, folded)` per code point. */
const foldRun = (s: string, from: number, to: number, each: (start: number, end: number, folded: string) => void): void => {
  let i = from
  while (i < to) {
    const cp = s.codePointAt(i) ?? 0
    const len = cp > 0xffff ? 2 : 1
    each(i, i + len, foldChar(s.slice(i, i + len)))
    i += len
  }
}

/** Folded text, with where each of its units came from in `s`; dashes kept (see `DashFold`). */
export const fold = (s: string): Folded => {
  const starts = new Array<number>(s.length)
  const ends = new Array<number>(s.length)
  if (ASCII_ONLY.test(s)) {
    for (let i = 0; i < s.length; i++) {
      starts[i] = i
      ends[i] = i + 1
    }
    return { text: s.toLowerCase(), starts, ends }
  }
  starts.length = 0
  ends.length = 0
  let text = ""
  const ascii = (from: number, to: number) => {
    text += s.slice(from, to).toLowerCase()
    for (let i = from; i < to; i++) {
      starts.push(i)
      ends.push(i + 1)
    }
  }
  let at = 0
  for (const run of s.matchAll(NON_ASCII_RUN)) {
    ascii(at, run.index)
    foldRun(s, run.index, run.index + run[0].length, (start, end, folded) => {
      for (let k = 0; k < folded.length; k++) {
        starts.push(start)
        ends.push(end)
      }
      text += folded
    })
    at = run.index + run[0].length
  }
  ascii(at, s.length)
  return { text, starts, ends }
}

/** `fold` without the offsets. */
export const foldPlain = (s: string, dashes: DashFold = "keep"): string => {
  if (ASCII_ONLY.test(s)) return s.toLowerCase()
  const text = foldNonAscii(s)
  return dashes === "hyphen" ? text.replace(DASHES, "-") : text
}

const foldNonAscii = (s: string): string => {
  let text = ""
  let at = 0
  for (const run of s.matchAll(NON_ASCII_RUN)) {
    text += s.slice(at, run.index).toLowerCase()
    foldRun(s, run.index, run.index + run[0].length, (_start, _end, folded) => {
      text += folded
    })
    at = run.index + run[0].length
  }
  return text + s.slice(at).toLowerCase()
}
