/**
 * Word-level helpers over raw and folded text: word characters, capitals, tokens, possessives.
 */
import { foldPlain } from "./fold.ts"

const WORD_CHAR = /[\p{L}\p{N}]/u
export const isWordChar = (c: string | undefined): boolean => c !== undefined && WORD_CHAR.test(c)
export const isUpperLetter = (c: string | undefined): boolean =>
  c !== undefined && c !== c.toLowerCase() && c === c.toUpperCase()

/** Word tokens of a string (letters/digits, with internal apostrophes, hyphens, dots, `&`). */
const TOKEN = /[\p{L}\p{N}]+(?:['’\-.&][\p{L}\p{N}]+)*/gu
export const tokensOf = (s: string): Array<{ readonly text: string; readonly start: number; readonly end: number }> => {
  const out: Array<{ text: string; start: number; end: number }> = []
  for (const m of s.matchAll(TOKEN)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length })
  return out
}

export const wordsOf = (s: string): Array<string> => foldPlain(s).match(/[\p{L}\p{N}]+/gu) ?? []

export const stripPossessive = (w: string): string => w.replace(/['’]s$/i, "")
