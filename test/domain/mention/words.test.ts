// The hand-written scanners of the mention detector against the regular expressions they replace
// (written out here as the reference), on tricky and on generated text: a scanner that drifted
// from its expression would change verdicts only on the answers that hit the difference.
import { describe, expect, it } from "vitest"
import { eachToken, isPossessive, isUpperLetter, isWordChar, stripPossessive, tokensOf } from "../../../src/domain/mention/words.ts"

const TOKEN = /[\p{L}\p{N}]+(?:['’\-.&][\p{L}\p{N}]+)*/gu
const reference = (s: string) => [...s.matchAll(TOKEN)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }))

// Letters, digits, joiners, spaces, punctuation, accents, an astral letter and digit, lone surrogates.
const ALPHABET = ["a", "Z", "é", "Ø", "ß", "7", "٣", "𝐀", "𝟘", "'", "’", "-", ".", "&", " ", "\n", ",", "*", "_", "\ud835", "\udc00", "😀", "İ", "ǅ"]
const generated = (seed: number, length: number): string => {
  let x = seed
  let s = ""
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    s += ALPHABET[(x >>> 16) % ALPHABET.length]
  }
  return s
}

describe("tokensOf", () => {
  it("finds the tokens the token expression finds", () => {
    const tricky = ["Kin's Kitchen & Bar", "a.-b", "x-", "e.g. Crumb’s", "O'Neil--Smith", "rock&roll", "𝐀𝐁 cd", "\ud835x", "Ærø’s Café", "'s", "3.5.1-rc", ""]
    for (const s of tricky) expect(tokensOf(s)).toEqual(reference(s))
    for (let seed = 1; seed <= 300; seed++) {
      const s = generated(seed, 80)
      expect(tokensOf(s)).toEqual(reference(s))
    }
  })

  it("reads a range as the same range sliced out", () => {
    for (let seed = 1; seed <= 100; seed++) {
      const s = generated(seed, 60)
      const from = seed % 17
      const to = 60 - (seed % 13)
      const found: Array<{ text: string; start: number; end: number }> = []
      eachToken(s, from, to, (start, end) => found.push({ text: s.slice(start, end), start: start - from, end: end - from }))
      expect(found).toEqual(reference(s.slice(from, to)))
    }
  })
})

describe("character tests", () => {
  it("agree with their expressions on every generated character", () => {
    for (const c of [...ALPHABET, "A", "m", "0", "9", "@", "~", "É", "ǈ", "Σ", "σ"]) {
      expect(isWordChar(c)).toBe(/[\p{L}\p{N}]/u.test(c))
      expect(isUpperLetter(c)).toBe(c !== c.toLowerCase() && c === c.toUpperCase())
    }
    expect(isWordChar(undefined)).toBe(false)
    expect(isUpperLetter(undefined)).toBe(false)
  })

  it("strips a possessive as /['’]s$/i does", () => {
    for (const w of ["Crumb's", "CRUMB'S", "Crumb’s", "Crumbs", "'s", "s", "", "Crumb's's", "Crumb‘s"]) {
      expect(stripPossessive(w)).toBe(w.replace(/['’]s$/i, ""))
      expect(isPossessive(w)).toBe(/['’]s$/i.test(w))
    }
  })
})
