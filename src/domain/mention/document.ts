/**
 * Document structure of an answer: lines, sentences, clauses, markdown emphasis, list leads and
 * hosts, with span look-ups by binary search.
 */
import { Option } from "effect"
import { parseWebUrl } from "../url.ts"
import { fold, type Folded } from "./fold.ts"
import { isWordChar, wordsOf } from "./words.ts"

export interface Span {
  readonly start: number
  readonly end: number
}

export interface Line extends Span {
  readonly kind: "numbered" | "bullet" | "heading" | "row" | "text"
  /** The item's leading phrase (list items, headings, a table row's first cell), trimmed of markdown. */
  readonly lead: Span | undefined
}

interface HostToken extends Span {
  readonly host: string
  readonly path: string
}

export interface Doc {
  readonly text: string
  readonly folded: Folded
  readonly lines: ReadonlyArray<Line>
  readonly sentences: ReadonlyArray<Span>
  readonly clauses: ReadonlyArray<Span>
  readonly emphasis: ReadonlyArray<Span & { readonly kind: "bold" | "link" }>
  /** Emphasis (bold or link text) end offsets by start offset. */
  readonly emphasisEnds: ReadonlyMap<number, ReadonlyArray<number>>
  readonly hosts: ReadonlyArray<HostToken>
}

/** Index of the span containing `pos` in a sorted, non-overlapping list, or -1. */
export const spanIndexAt = (spans: ReadonlyArray<Span>, pos: number): number => {
  let lo = 0
  let hi = spans.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const s = spans[mid]!
    if (pos < s.start) hi = mid - 1
    else if (pos >= s.end) lo = mid + 1
    else return mid
  }
  return -1
}

export const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end

const LIST_MARKER = /^([ \t]{0,12})(?:(\d{1,3}[.)])|([-*+•])|(#{1,6}))[ \t]+/
const HEADING_NUMBER = /^\d{1,3}[.)][ \t]+/
// A lead ends at a dash separator, a colon, comma, parenthesis, pipe, or a full stop. Lookbehinds
// rather than a leading `[ \t]+`, which backtracks quadratically on long runs of spaces.
// A dash between two words ("Monday–Friday") is part of the lead.
const LEAD_END = /(?<=[ \t])[-—–]|[—–](?=[ \t])|[:,(|]|\.(?=\s|$)/

const trimSpan = (text: string, start: number, end: number, junk: RegExp): Span => {
  let s = start
  let e = end
  while (s < e && junk.test(text[s]!)) s++
  while (e > s && junk.test(text[e - 1]!)) e--
  return { start: s, end: e }
}
const LEAD_JUNK = /[\s*_`"'“”‘’]/

// A markdown table row; its first cell heads the row as a list item's lead does ("| Monday | … |").
const TABLE_ROW = /^([ \t]{0,12}\|)([^|\n]{1,200})\|/

const parseLine = (text: string, start: number, end: number): Line => {
  const raw = text.slice(start, end)
  const row = TABLE_ROW.exec(raw)
  if (row !== null) {
    const cellStart = start + row[1]!.length
    const lead = trimSpan(text, cellStart, cellStart + row[2]!.length, LEAD_JUNK)
    const ok = lead.end > lead.start && /[\p{L}\p{N}]/u.test(text.slice(lead.start, lead.end)) && wordsOf(text.slice(lead.start, lead.end)).length <= 6
    return { start, end, kind: "row", lead: ok ? lead : undefined }
  }
  const m = LIST_MARKER.exec(raw)
  if (m === null) return { start, end, kind: "text", lead: undefined }
  const kind = m[2] !== undefined ? "numbered" : m[3] !== undefined ? "bullet" : "heading"
  let contentStart = start + m[0].length
  if (kind === "heading") {
    const n = HEADING_NUMBER.exec(text.slice(contentStart, end))
    if (n !== null) contentStart += n[0].length
  }
  const content = text.slice(contentStart, end)
  let lead: Span | undefined
  const bold = /^(\*\*|__)([^*_\n]{1,120}?)\1/.exec(content)
  const link = /^\[([^\]\n]{1,120})\]\([^()\s]{0,2048}\)/.exec(content)
  if (bold !== null) {
    lead = trimSpan(text, contentStart + 2, contentStart + 2 + bold[2]!.length, /[\s:.,]/)
  } else if (link !== null) {
    lead = trimSpan(text, contentStart + 1, contentStart + 1 + link[1]!.length, LEAD_JUNK)
  } else {
    const sep = LEAD_END.exec(content)
    const leadEnd = sep === null ? content.length : sep.index
    lead = trimSpan(text, contentStart, contentStart + leadEnd, LEAD_JUNK)
  }
  if (lead.end <= lead.start) lead = undefined
  else if (wordsOf(text.slice(lead.start, lead.end)).length > 6) lead = undefined
  return { start, end, kind, lead }
}

const splitLines = (text: string): Array<Line> => {
  const lines: Array<Line> = []
  let start = 0
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === "\n") {
      lines.push(parseLine(text, start, i))
      start = i + 1
    }
  }
  return lines
}

const LOWER_AFTER_SPACE = /^[ \t]{1,3}\p{Ll}/u
const TITLE_ABBREVIATION = /(?<![\p{L}\p{N}.])(?:St|Ste|Mt|Ft|Dr|Mr|Mrs|Ms|Jr|Sr|Prof)$/u

/** Sentences end at a newline, or at `.`/`!`/`?` followed by whitespace (closing quotes allowed). */
const splitSentences = (text: string): Array<Span> => {
  const out: Array<Span> = []
  let start = 0
  const push = (end: number): void => {
    if (end > start) out.push({ start, end })
    start = end
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === "\n") {
      push(i)
      start = i + 1
    } else if (c === "." || c === "!" || c === "?") {
      let j = i + 1
      while (j < text.length && /["'”’)\]*_]/.test(text[j]!)) j++
      // "Law, P.C. isn't…", "e.g. a bakery": a full stop before a lower-case word ends no sentence.
      // Version 15: nor one closing a title or a place's abbreviation ("St. Paul", "Dr. Okafor", "Mt. Hood").
      if (j === text.length || (/\s/.test(text[j]!) && !LOWER_AFTER_SPACE.test(text.slice(j, j + 4)) && !(c === "." && TITLE_ABBREVIATION.test(text.slice(Math.max(0, i - 4), i))))) {
        push(j)
        i = j - 1
      }
    }
  }
  push(text.length)
  return out
}

// Contrastive conjunctions and semicolons start a new clause: a knowledge disclaimer or a
// sentiment word on one side says nothing about a name on the other ("I don't know Zorba, but
// Crumb is great"). Commas do not, because enumerations ("Crumb, Zorba and Pix") share a clause.
// The same conjunctions in the languages whose disclaimers are recognised ("No tengo datos sobre
// sus horarios, pero Crumb…").
const CLAUSE_BREAK =
  /;|(?<=[ \t,])(?:but|however|although|though|whereas|while|yet|instead|otherwise|pero|sin embargo|aunque|mas|porém|contudo|embora|mais|cependant|toutefois|ma|però|tuttavia|aber|jedoch|allerdings)(?![\p{L}\p{N}])|,[ \t]*(?:and|so)[ \t]+(?=(?:i|we|there)\b)/giu

// A sentence opening with a subordinate clause ("While I don't know Zorba, Crumb is…") breaks
// at the first comma.
const LEADING_SUBORDINATE = /^[\s*_>"'“]*(?:while|although|though|even though|whereas)\b[^,\n]{1,200}?,/iu

/** Whether a sentence can open with `LEADING_SUBORDINATE`: its first letter after the junk is that of one of its words. */
const mayOpenSubordinate = (text: string, s: Span): boolean => {
  let i = s.start
  while (i < s.end && LEADING_JUNK.test(text[i]!)) i++
  const c = text[i]
  return c !== undefined && "wWaAtTeE".includes(c)
}
const LEADING_JUNK = /[\s*_>"'“]/

// The breaks are found in one pass over the whole answer rather than sentence by sentence: no
// break holds a newline or a sentence's closing punctuation, so none spans two sentences, and
// the only breaks the whole text adds (one at a sentence's first character, whose lookbehind now
// sees the sentence before) are at its start, where a break is ignored anyway.
/**
 * The cell separators inside table rows: each cell is a clause of its own, so a caveat in one
 * cell ("I couldn't confirm their prices") says nothing about what another cell says.
 */
const cellBreaks = (text: string, lines: ReadonlyArray<Line>): Array<number> => {
  const out: Array<number> = []
  for (const line of lines) {
    if (line.kind !== "row") continue
    for (let i = text.indexOf("|", line.start); i !== -1 && i < line.end; i = text.indexOf("|", i + 1)) out.push(i)
  }
  return out
}

const splitClauses = (text: string, sentences: ReadonlyArray<Span>, cells: ReadonlyArray<number>): Array<Span> => {
  const out: Array<Span> = []
  const found = [...text.matchAll(CLAUSE_BREAK)].map((m) => m.index)
  const breaks = cells.length === 0 ? found : [...new Set([...found, ...cells])].sort((a, b) => a - b)
  let b = 0
  for (const s of sentences) {
    let start = s.start
    const lead = mayOpenSubordinate(text, s) ? LEADING_SUBORDINATE.exec(text.slice(s.start, s.end)) : null
    if (lead !== null) {
      out.push({ start, end: s.start + lead[0].length })
      start = s.start + lead[0].length
    }
    while (b < breaks.length && breaks[b]! < s.start) b++
    for (; b < breaks.length && breaks[b]! < s.end; b++) {
      const at = breaks[b]!
      if (at <= start) continue
      out.push({ start, end: at })
      start = at
    }
    if (s.end > start) out.push({ start, end: s.end })
  }
  return out
}

const findEmphasis = (text: string): Array<Span & { kind: "bold" | "link" }> => {
  const out: Array<Span & { kind: "bold" | "link" }> = []
  for (const m of text.matchAll(/\*\*([^*\n]{1,120})\*\*|__([^_\n]{1,120})__/g)) {
    const inner = m[1] ?? m[2] ?? ""
    out.push({ ...trimSpan(text, m.index + 2, m.index + 2 + inner.length, /[\s:.,]/), kind: "bold" })
  }
  for (const m of text.matchAll(/\[([^\]\n]{1,120})\]\([^()\s]{0,2048}\)/g)) {
    out.push({ ...trimSpan(text, m.index + 1, m.index + 1 + m[1]!.length, LEAD_JUNK), kind: "link" })
  }
  return out
}

// Candidate URL/host tokens (`HOST_CANDIDATE`): maximal runs of characters other than
// whitespace, brackets, quotes or markdown, `[^\s()[\]{}<>"'’‘“”`|,;*]+`.
const HOST_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u

/** Parses `acme.com`, `www.acme.com/x`, `https://shop.acme.com/x`, `hi@acme.com` found in text. */
const parseHostToken = (raw: string): { host: string; path: string } | undefined => {
  let rest = raw
  const scheme = /^https?:\/\//i.exec(rest)
  if (scheme !== null) rest = rest.slice(scheme[0].length)
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(rest)) return undefined
  const hostEnd = rest.search(/[/?#:]/)
  let hostText = hostEnd === -1 ? rest : rest.slice(0, hostEnd)
  const tail = hostEnd === -1 ? "" : rest.slice(hostEnd)
  const at = hostText.lastIndexOf("@")
  if (at !== -1) hostText = hostText.slice(at + 1)
  const labels = hostText.split(".")
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l))) return undefined
  const tld = labels[labels.length - 1]!
  // Without a scheme the top-level label must be written lower-case, so a missing space
  // after a full stop ("great.Crumb is…") is not mistaken for a host.
  const tldOk = scheme !== null ? /^(?:\p{L}{2,63}|xn--[a-z0-9-]+)$/iu.test(tld) : /^(?:[a-z]{2,24}|xn--[a-z0-9-]+)$/.test(tld)
  if (!tldOk) return undefined
  const parsed = Option.getOrUndefined(parseWebUrl(`https://${hostText}${tail}`))
  if (parsed === undefined) return undefined
  return { host: parsed.hostname.toLowerCase().replace(/\.$/, ""), path: parsed.pathname }
}

const SPACE = /\s/
/** Whether a character ends a `HOST_CANDIDATE` run. */
const endsHostCandidate = (c: string): boolean => {
  switch (c) {
    case "(": case ")": case "[": case "]": case "{": case "}": case "<": case ">": case '"': case "'":
    case "’": case "‘": case "“": case "”": case "`": case "|": case ",": case ";": case "*":
      return true
    default:
      return SPACE.test(c)
  }
}

/**
 * The `HOST_CANDIDATE` runs that hold a dot, found from the dots: most of an answer's words
 * have none, and only those runs can be hosts.
 */
const findHosts = (text: string): Array<HostToken> => {
  const out: Array<HostToken> = []
  for (let dot = text.indexOf("."); dot !== -1; ) {
    let start = dot
    while (start > 0 && !endsHostCandidate(text[start - 1]!)) start--
    let end = dot + 1
    while (end < text.length && !endsHostCandidate(text[end]!)) end++
    const span = trimSpan(text, start, end, /[^\p{L}\p{N}/]/u)
    if (span.end > span.start) {
      const parsed = parseHostToken(text.slice(span.start, span.end))
      if (parsed !== undefined) out.push({ ...span, ...parsed })
    }
    dot = text.indexOf(".", end)
  }
  return out
}

export const analyse = (text: string): Doc => {
  const sentences = splitSentences(text)
  const emphasis = findEmphasis(text)
  const emphasisEnds = new Map<number, Array<number>>()
  for (const e of emphasis) emphasisEnds.set(e.start, [...(emphasisEnds.get(e.start) ?? []), e.end])
  const lines = splitLines(text)
  return {
    text,
    folded: fold(text),
    lines,
    sentences,
    clauses: splitClauses(text, sentences, cellBreaks(text, lines)),
    emphasis,
    emphasisEnds,
    hosts: findHosts(text),
  }
}

/** The union of possibly overlapping spans, as sorted disjoint spans. */
export const unionOf = (spans: ReadonlyArray<Span>): Array<Span> => {
  const sorted = [...spans].sort((a, b) => a.start - b.start)
  const out: Array<{ start: number; end: number }> = []
  for (const s of sorted) {
    const last = out[out.length - 1]
    if (last !== undefined && s.start <= last.end) last.end = Math.max(last.end, s.end)
    else out.push({ start: s.start, end: s.end })
  }
  return out
}

/** Whether `s` overlaps any of the sorted disjoint `spans`. */
export const overlapsAny = (spans: ReadonlyArray<Span>, s: Span): boolean => {
  let lo = 0
  let hi = spans.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (spans[mid]!.end <= s.start) lo = mid + 1
    else hi = mid
  }
  const first = spans[lo]
  return first !== undefined && first.start < s.end
}

export const lineAt = (doc: Doc, pos: number): Line => doc.lines[Math.max(0, spanIndexAtInclusive(doc.lines, pos))]!

/** Like spanIndexAt but a position on the line's trailing newline belongs to that line. */
const spanIndexAtInclusive = (spans: ReadonlyArray<Span>, pos: number): number => {
  let lo = 0
  let hi = spans.length - 1
  let best = 0
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (spans[mid]!.start <= pos) {
      best = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return best
}

/**
 * Whether `pos` starts a sentence or a list item: only whitespace, markdown, quotes, a list
 * marker, or a sentence-ending `.`/`!`/`?`/`:` lies before it.
 */
export const isSentenceInitial = (doc: Doc, pos: number): boolean => {
  const line = lineAt(doc, pos)
  let j = pos - 1
  while (j >= line.start && /[\s*_"'“‘(\[`>#~]/.test(doc.text[j]!)) j--
  if (j < line.start) return true
  const c = doc.text[j]!
  if (c === "." || c === "!" || c === "?" || c === ":") return true
  // A list marker sits within the first few characters of its line.
  return j - line.start < 16 && /^[ \t]*(?:\d{1,3}[.)]|[-*+•])$/.test(doc.text.slice(line.start, j + 1))
}

/** The word right before `pos` on the same line, separated only by spaces or tabs. */
export const previousWord = (doc: Doc, pos: number): Span | undefined => {
  let j = pos - 1
  while (j >= 0 && (doc.text[j] === " " || doc.text[j] === "\t")) j--
  if (j === pos - 1 || j < 0 || !isWordChar(doc.text[j])) return undefined
  const end = j + 1
  while (j >= 0 && (isWordChar(doc.text[j]) || doc.text[j] === "'" || doc.text[j] === "’")) j--
  return { start: j + 1, end }
}

/** The word right after `pos` on the same line, separated only by spaces or tabs. */
export const nextWord = (doc: Doc, pos: number): Span | undefined => {
  let j = pos
  while (j < doc.text.length && (doc.text[j] === " " || doc.text[j] === "\t")) j++
  if (j === pos || !isWordChar(doc.text[j])) return undefined
  const start = j
  while (j < doc.text.length && isWordChar(doc.text[j])) j++
  return { start, end: j }
}

export const slice = (doc: Doc, s: Span): string => doc.text.slice(s.start, s.end)

/** Index of the first of the sorted disjoint `spans` that ends after `pos`. */
export const firstEndingAfter = (spans: ReadonlyArray<Span>, pos: number): number => {
  let lo = 0
  let hi = spans.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (spans[mid]!.end <= pos) lo = mid + 1
    else hi = mid
  }
  return lo
}
