/**
 * The brands an answer names (list leads, bold and linked phrases, capitalised names,
 * enumerations), in order, and the entity's rank among them.
 */
import { isCommonWord } from "../common-words.ts"
import { type Doc, isSentenceInitial, overlapsAny, slice, type Span } from "./document.ts"
import { foldPlain } from "./fold.ts"
import { GENERIC_BUSINESS_WORDS, LABELS, NAME_CONNECTORS, PHRASE_CONNECTORS, PLACE_SUFFIXES, SOURCE_NAMES, SOURCE_PHRASES, TRADE_NOUNS } from "./lexicon.ts"
import { eachToken, isPossessive, isUpperLetter, stripPossessive, tokensOf } from "./words.ts"

interface Candidate extends Span {
  readonly display: string
}

const brandKey = (display: string): string =>
  foldPlain(stripPossessive(display))
    .replace(/[^\p{L}\p{N}&.]+/gu, " ")
    .trim()
    .replace(/^the /, "")

type CandidateSource = "numbered" | "lead" | "emphasis" | "text"

/**
 * Whether a phrase looks like a brand: 1–6 words, starting with a capital or a digit, every word
 * capitalised (or CamelCase like `iPhone`, or a connector such as "of"), not an attribute label
 * ("Pricing", "Pros"), not a review or reference site (Yelp, Google Maps), and not made only of
 * ordinary words ("Great Customer Service", "Target Market" are title-cased labels), except a
 * trade name ("Grand Central Bakery", "Blue Bottle Coffee") and the single-word lead of a
 * numbered item ("1. Target"). A competitor named only with ordinary words in running text
 * ("Best Buy") is therefore missed: we prefer that to counting title-cased concepts as brands.
 */
const brandLike = (display: string, source: CandidateSource): boolean => {
  const toks = tokensOf(display).map((tk) => tk.text)
  if (toks.length === 0 || toks.length > 6 || display.length > 60) return false
  const first = toks[0]!
  if (!isUpperLetter(first[0]) && !/^\d/.test(first) && !/^[a-z]+[A-Z]/.test(first)) return false
  if (toks.every((tk) => /^[\d.,]+$/.test(tk))) return false
  const capitalised = toks.every(
    (tk) => isUpperLetter(tk[0]) || /^\d/.test(tk) || /^[a-z]+[A-Z]/.test(tk) || NAME_CONNECTORS.has(tk.toLowerCase()),
  )
  if (!capitalised) return false
  const key = brandKey(display)
  if (LABELS.has(key) || SOURCE_NAMES.has(key) || SOURCE_PHRASES.has(key)) return false
  const words = key.split(" ")
  if (source === "text" && PLACE_SUFFIXES.has(words[words.length - 1]!)) return false
  const allOrdinary = words.every((w) => isCommonWord(w) || GENERIC_BUSINESS_WORDS.has(w) || NAME_CONNECTORS.has(w))
  const tradeName = words.length >= 2 && TRADE_NOUNS.has(words[words.length - 1]!)
  if (allOrdinary && !tradeName && !(source === "numbered" && words.length === 1)) return false
  return true
}

/** `/^[a-z]+[A-Z]/`: a CamelCase word starting lower-case ("iPhone", "eBay"). */
const lowerThenUpper = (s: string, start: number, end: number): boolean => {
  let i = start
  while (i < end && s.charCodeAt(i) >= 97 && s.charCodeAt(i) <= 122) i++
  const c = s.charCodeAt(i)
  return i > start && i < end && c >= 65 && c <= 90
}

// Connectors are short words: a longer token need not be lower-cased to be looked up.
const CONNECTOR_LENGTH = Math.max(...[...PHRASE_CONNECTORS].map((w) => w.length))

const PHRASE_JOIN = /^(?:[ \t]+|[ \t]+&[ \t]+)$/
const ENUM_JOIN = /^(?:,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&|vs\.?|versus)[ \t]+)$/
const CAMEL = /[a-z][A-Z]/

type Tok = { readonly text: string; readonly start: number; readonly end: number }

/** Capitalised phrases of running text: multi-word names, CamelCase names, enumerations. */
const textCandidates = (doc: Doc): Array<Candidate> => {
  const out: Array<Candidate> = []
  for (const line of doc.lines) {
    if (line.kind === "heading") continue
    const phrases: Array<Array<Tok>> = []
    // The phrase the previous token belongs to, if any.
    let cur: Array<Tok> | undefined
    const text = doc.text
    eachToken(text, line.start, line.end, (start, rawEnd) => {
      // A possessive ends the phrase and is not part of the name.
      const end = isPossessive(text.slice(rawEnd - 2, rawEnd)) && rawEnd - start >= 2 ? rawEnd - 2 : rawEnd
      const isCap = end > start && (isUpperLetter(text[start]) || lowerThenUpper(text, start, end))
      const isConn = !isCap && end - start <= CONNECTOR_LENGTH && PHRASE_CONNECTORS.has(text.slice(start, end).toLowerCase())
      if (!isCap && !isConn) {
        cur = undefined
        return
      }
      const tk: Tok = { text: text.slice(start, end), start, end }
      const prevTok = cur?.[cur.length - 1]
      const joins =
        cur !== undefined && prevTok !== undefined &&
        !isPossessive(text.slice(prevTok.start, prevTok.end + 2)) &&
        PHRASE_JOIN.test(text.slice(prevTok.end, tk.start))
      if (joins && cur !== undefined) cur.push(tk)
      else if (isCap) {
        cur = [tk]
        phrases.push(cur)
      } else cur = undefined
    })
    // Trim trailing connectors, leading articles, and common words capitalised only because
    // they start the sentence ("Visit Crumb Bakery" → "Crumb Bakery").
    const kept: Array<Array<Tok>> = []
    for (const p of phrases) {
      let lo = 0
      let hi = p.length
      while (hi > lo && !isUpperLetter(p[hi - 1]!.text[0]) && NAME_CONNECTORS.has(p[hi - 1]!.text.toLowerCase())) hi--
      while (lo < hi) {
        const w = p[lo]!
        const article = /^(?:the|a|an)$/i.test(w.text)
        if (!(article || (lo === 0 && isSentenceInitial(doc, w.start) && isCommonWord(foldPlain(w.text))))) break
        lo++
      }
      if (hi > lo) kept.push(p.slice(lo, hi))
    }
    // Enumeration chains: three or more phrases, or two joined by and/or/&/vs.
    const inChain = new Set<number>()
    let chainStart = 0
    for (let i = 1; i <= kept.length; i++) {
      const joined = i < kept.length && ENUM_JOIN.test(doc.text.slice(kept[i - 1]!.at(-1)!.end, kept[i]![0]!.start))
      if (!joined) {
        const len = i - chainStart
        const pair = len === 2 && !doc.text.slice(kept[chainStart]!.at(-1)!.end, kept[chainStart + 1]![0]!.start).includes(",")
        if (len >= 3 || pair) for (let k = chainStart; k < i; k++) inChain.add(k)
        chainStart = i
      }
    }
    kept.forEach((p, i) => {
      const start = p[0]!.start
      const end = p[p.length - 1]!.end
      const display = doc.text.slice(start, end)
      const many = p.length >= 2
      const camel = p.length === 1 && CAMEL.test(p[0]!.text)
      if ((many || camel || inChain.has(i)) && brandLike(display, "text")) out.push({ start, end, display })
    })
  }
  return out
}

export const collectCandidates = (doc: Doc): Array<Candidate> => {
  const out: Array<Candidate> = []
  for (const line of doc.lines) {
    if (line.lead === undefined) continue
    const display = slice(doc, line.lead)
    if (brandLike(display, line.kind === "numbered" ? "numbered" : "lead")) out.push({ ...line.lead, display })
  }
  for (const e of doc.emphasis) {
    const display = slice(doc, e)
    if (brandLike(display, "emphasis")) out.push({ start: e.start, end: e.end, display })
  }
  out.push(...textCandidates(doc))
  return out
}

export const rankBrands = (
  candidates: ReadonlyArray<Candidate>,
  entity: ReadonlyArray<Span>,
  entityFirst: number | undefined,
  primary: string,
): { brands: Array<string>; position: number | null } => {
  const entries: Array<{ start: number; end: number; display: string; entity: boolean }> = []
  for (const c of candidates) {
    if (overlapsAny(entity, c)) continue
    entries.push({ start: c.start, end: c.end, display: stripPossessive(c.display.trim()), entity: false })
  }
  if (entityFirst !== undefined) entries.push({ start: entityFirst, end: entityFirst, display: primary, entity: true })
  // Earlier first; at the same offset the entity, then the longer phrase.
  entries.sort((a, b) => a.start - b.start || Number(b.entity) - Number(a.entity) || b.end - a.end)
  const brands: Array<string> = []
  const keys = new Set<string>()
  // Every leading run of words of a kept brand's key, to merge "Blue Bottle" with "Blue Bottle Coffee".
  const prefixes = new Set<string>()
  let coveredUntil = -1
  let position: number | null = null
  for (const e of entries) {
    if (e.entity) {
      position = brands.length + 1
      brands.push(e.display)
      continue
    }
    // A phrase inside one already taken ("Artisan Bakery" in "Ken's Artisan Bakery") is not another brand.
    if (e.start < coveredUntil) continue
    const key = brandKey(e.display)
    const words = key.split(" ")
    const ownPrefixes = words.map((_, i) => words.slice(0, i + 1).join(" "))
    // Never merged into the entity, whose own mentions were recognised by name already.
    if (keys.has(key) || prefixes.has(key) || ownPrefixes.some((p) => keys.has(p))) continue
    brands.push(e.display)
    keys.add(key)
    for (const p of ownPrefixes) prefixes.add(p)
    coveredUntil = Math.max(coveredUntil, e.end)
  }
  return { brands, position }
}
