import { Option } from "effect"
import { isCapitalisedCommonWord, isCommonWord } from "./common-words.ts"
import { parseWebUrl } from "./url.ts"
import { escapeRegExp } from "./regex.ts"

/**
 * Mention detection: does an AI answer name the entity (decisions.md, "Visibility checks"),
 * where among the brands it names, and with what sentiment. Pure and deterministic.
 *
 * Regular expressions are built from escaped names, anchored, or use only bounded repetition
 * (long runs of spaces are met with lookbehinds, not a leading `[ \t]+`), and span lookups are
 * binary searches, so the work stays close to linear in the answer's length per name.
 */

export interface MentionTarget {
  /** Business or product name(s); the first is the primary name used in `brands`. */
  readonly names: ReadonlyArray<string>
  /** Extra spellings, may be empty. */
  readonly aliases: ReadonlyArray<string>
  /** Hosts such as `acme.com`; an entry with a path is treated like a `urls` entry. */
  readonly domains: ReadonlyArray<string>
  /** Page URLs that identify the entity (a product page); prefix match on host + path. */
  readonly urls: ReadonlyArray<string>
}

export type Sentiment = "positive" | "neutral" | "negative"

export type MatchSource = "name" | "alias" | "domain" | "citation"

export interface Detection {
  readonly visible: boolean
  /** 1-based rank of the entity among the brands the answer names; null when not visible. */
  readonly position: number | null
  /** Null when not visible. */
  readonly sentiment: Sentiment | null
  readonly matchedBy: ReadonlyArray<MatchSource>
  /** The brands named, in order of first appearance (the entity included, under its name). */
  readonly brands: ReadonlyArray<string>
}

export interface Answer {
  readonly text: string
  readonly citations: ReadonlyArray<string>
}

// ---------------------------------------------------------------------------------------------
// Folding: case, diacritics, apostrophe and hyphen variants, with a map back to the original.

const SPECIAL_FOLDS: Readonly<Record<string, string>> = {
  "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ẞ": "ss",
  "đ": "d", "Đ": "d", "ł": "l", "Ł": "l", "ı": "i",
  "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'",
  "\u2010": "-", "\u2011": "-",
}

interface Folded {
  readonly text: string
  /** For each UTF-16 unit of `text`, where its source character starts / ends in the original. */
  readonly starts: ReadonlyArray<number>
  readonly ends: ReadonlyArray<number>
}

const foldCharUncached = (ch: string): string => {
  const special = SPECIAL_FOLDS[ch]
  if (special !== undefined) return special
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) return ch.toLowerCase()
  // Lower-casing can itself produce a combining mark (`İ` → `i̇`), so drop marks last.
  return ch.normalize("NFKD").toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "")
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

const fold = (s: string): Folded => {
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

const foldPlain = (s: string): string => {
  if (ASCII_ONLY.test(s)) return s.toLowerCase()
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

const WORD_CHAR = /[\p{L}\p{N}]/u
const isWordChar = (c: string | undefined): boolean => c !== undefined && WORD_CHAR.test(c)
const isUpperLetter = (c: string | undefined): boolean =>
  c !== undefined && c !== c.toLowerCase() && c === c.toUpperCase()


/** Word tokens of a string (letters/digits, with internal apostrophes, hyphens, dots, `&`). */
const TOKEN = /[\p{L}\p{N}]+(?:['’\-.&][\p{L}\p{N}]+)*/gu
const tokensOf = (s: string): Array<{ readonly text: string; readonly start: number; readonly end: number }> => {
  const out: Array<{ text: string; start: number; end: number }> = []
  for (const m of s.matchAll(TOKEN)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length })
  return out
}

const wordsOf = (s: string): Array<string> => foldPlain(s).match(/[\p{L}\p{N}]+/gu) ?? []

const stripPossessive = (w: string): string => w.replace(/['’]s$/i, "")

// ---------------------------------------------------------------------------------------------
// Vocabularies.

const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter((w) => w.length > 0))

/**
 * Words that may follow (or precede) a name without making a longer, different name:
 * "Crumb Bakery", "Acme Inc". Most are also common words; this adds the ones that are not.
 */
const GENERIC_BUSINESS_WORDS = set(`
  inc incorporated llc ltd limited gmbh corp corporation co company plc llp lp pty ag sa sas sarl
  bv nv oy ab srl spa kg group holdings labs lab technologies tech software systems solutions
  services partners agency studio studios bakery bakeries cafe cafes coffee roasters roastery
  restaurant restaurants bistro brasserie trattoria taqueria cantina pizzeria patisserie
  boulangerie creperie deli diner grill bar pub brewery brewing winery distillery kitchen eatery
  shop shops store stores market boutique salon spa gym clinic hotel inn app apps platform
  hq official online usa us uk
`)

/**
 * The last word of a business's trade name: "Grand Central Bakery", "Golden Dragon Restaurant".
 * Words that as often end a concept ("Target Market", "App Store", "Salad Bar") are left out.
 */
const TRADE_NOUNS = set(`
  inc llc ltd gmbh corp corporation co company plc group holdings labs technologies bakery
  bakeries cafe coffee roasters roastery restaurant bistro brasserie trattoria taqueria cantina
  pizzeria patisserie boulangerie creperie deli diner grill pub brewery brewing winery
  distillery eatery boutique salon spa gym clinic hotel inn
`)

/** Words right after an ordinary-word name that show it is the brand ("Notion app", "Monday's pricing"). */
const BRAND_NOUNS = set(`
  app apps platform platforms software tool tools suite workspace workspaces pricing subscription
  subscriptions dashboard integration integrations api crm store stores website homepage brand
  stock shares headquarters hq ceo founder founders customers users products product device
  devices locations card pay reader terminal pos login account accounts extension plugin
  marketplace ecosystem template templates automation automations alternative alternatives
  competitor competitors review reviews rating ratings
`)

/** Brand nouns ending in -s that are not plurals an imperative verb could take as object. */
const SINGULAR_IN_S = set(`headquarters shares pos`)

/** Corporate suffixes after a name: "Target Corporation", "Square Inc". */
const CORPORATE_SUFFIXES = set(`inc incorporated corp corporation co company llc ltd limited plc gmbh group holdings labs technologies`)

/** Words before a name that present it as an option: "tools like Notion", "try Monday". */
const OPTION_CUES = [
  "like", "such as", "including", "include", "includes", "vs", "versus", "alternative to",
  "alternatives to", "compared to", "compared with", "than", "try", "use", "using", "choose",
  "consider", "recommend", "switch to", "called", "named", "e.g",
]

/** Words that open a sentence before a name without forming a title-case phrase with it. */
const SENTENCE_OPENERS = set(`
  the a an at in on for from with by to try use using visit and or but if when while also both
  choose consider check see ask contact call book like unlike as
`)

/** Words before a calendar name that make it a date: "on Monday", "by Monday". */
const TEMPORAL_CUES = set(`
  on by until till every next last this since before after from through each of upon starting
  beginning ending open opens closed except thru
`)

/** List-item leads and bold phrases that label an attribute, not a brand. */
const LABELS = set(`
  pros cons price prices pricing cost costs features feature location locations address hours
  phone website rating ratings why overview summary conclusion note notes tip tips verdict
  highlights specialties specialty menu atmosphere ambiance ambience service reviews review
  recommendation recommendations contact reservations parking accessibility options option
  considerations pick picks example examples caveat caveats sources source disclaimer
  strengths weaknesses downsides drawbacks benefits advantages disadvantages
`)

/** Review and reference sites: named as sources, not as options. */
const SOURCE_NAMES = set(`
  yelp google tripadvisor reddit facebook instagram tiktok youtube twitter linkedin wikipedia
  bbb trustpilot g2 capterra quora pinterest chatgpt openai
`)
/** Sites that list other businesses' products: their name before a product is not its maker. */
const MARKETPLACES = set(`amazon ebay etsy walmart aliexpress shopify`)
const SOURCE_PHRASES = new Set(["google maps", "google reviews", "better business bureau", "apple maps"])

/** A place noun ending a phrase makes it an address or a place, not a brand. */
const PLACE_SUFFIXES = set(`street st avenue ave road rd boulevard blvd drive dr lane ln highway hwy park city county district neighborhood neighbourhood`)

const NAME_CONNECTORS = set(`of the and de du des la le von van der y`)
// Inside running text "and" separates names ("Stumptown and Crumb") more often than it joins one.
const PHRASE_CONNECTORS = set(`of the de du des la le von van der`)

// ---------------------------------------------------------------------------------------------
// Document structure: lines, sentences, clauses, markdown emphasis, list leads, URLs.

interface Span {
  readonly start: number
  readonly end: number
}

interface Line extends Span {
  readonly kind: "numbered" | "bullet" | "heading" | "row" | "text"
  /** The item's leading phrase (list items, headings, a table row's first cell), trimmed of markdown. */
  readonly lead: Span | undefined
}

interface HostToken extends Span {
  readonly host: string
  readonly path: string
}

interface Doc {
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
const spanIndexAt = (spans: ReadonlyArray<Span>, pos: number): number => {
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

const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end

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
      if (j === text.length || /\s/.test(text[j]!)) {
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

const splitClauses = (text: string, sentences: ReadonlyArray<Span>): Array<Span> => {
  const out: Array<Span> = []
  for (const s of sentences) {
    const body = text.slice(s.start, s.end)
    let start = s.start
    const lead = LEADING_SUBORDINATE.exec(body)
    if (lead !== null) {
      out.push({ start, end: s.start + lead[0].length })
      start = s.start + lead[0].length
    }
    for (const m of body.matchAll(CLAUSE_BREAK)) {
      const at = s.start + m.index
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

// Candidate URL/host tokens: maximal runs without whitespace, brackets, quotes or markdown.
const HOST_CANDIDATE = /[^\s()[\]{}<>"'’‘“”`|,;*]+/g
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

const findHosts = (text: string): Array<HostToken> => {
  const out: Array<HostToken> = []
  for (const m of text.matchAll(HOST_CANDIDATE)) {
    if (!m[0].includes(".")) continue
    const span = trimSpan(text, m.index, m.index + m[0].length, /[^\p{L}\p{N}/]/u)
    if (span.end <= span.start) continue
    const parsed = parseHostToken(text.slice(span.start, span.end))
    if (parsed !== undefined) out.push({ ...span, ...parsed })
  }
  return out
}

const analyse = (text: string): Doc => {
  const sentences = splitSentences(text)
  const emphasis = findEmphasis(text)
  const emphasisEnds = new Map<number, Array<number>>()
  for (const e of emphasis) emphasisEnds.set(e.start, [...(emphasisEnds.get(e.start) ?? []), e.end])
  return {
    text,
    folded: fold(text),
    lines: splitLines(text),
    sentences,
    clauses: splitClauses(text, sentences),
    emphasis,
    emphasisEnds,
    hosts: findHosts(text),
  }
}

/** The union of possibly overlapping spans, as sorted disjoint spans. */
const unionOf = (spans: ReadonlyArray<Span>): Array<Span> => {
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
const overlapsAny = (spans: ReadonlyArray<Span>, s: Span): boolean => {
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

const lineAt = (doc: Doc, pos: number): Line => doc.lines[Math.max(0, spanIndexAtInclusive(doc.lines, pos))]!

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
const isSentenceInitial = (doc: Doc, pos: number): boolean => {
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
const previousWord = (doc: Doc, pos: number): Span | undefined => {
  let j = pos - 1
  while (j >= 0 && (doc.text[j] === " " || doc.text[j] === "\t")) j--
  if (j === pos - 1 || j < 0 || !isWordChar(doc.text[j])) return undefined
  const end = j + 1
  while (j >= 0 && (isWordChar(doc.text[j]) || doc.text[j] === "'" || doc.text[j] === "’")) j--
  return { start: j + 1, end }
}

/** The word right after `pos` on the same line, separated only by spaces or tabs. */
const nextWord = (doc: Doc, pos: number): Span | undefined => {
  let j = pos
  while (j < doc.text.length && (doc.text[j] === " " || doc.text[j] === "\t")) j++
  if (j === pos || !isWordChar(doc.text[j])) return undefined
  const start = j
  while (j < doc.text.length && isWordChar(doc.text[j])) j++
  return { start, end: j }
}

const slice = (doc: Doc, s: Span): string => doc.text.slice(s.start, s.end)

// ---------------------------------------------------------------------------------------------
// Knowledge disclaimers ("I don't have information about X"): a mention inside one does not count.

const INFO = "(?:information|info|data|details|knowledge|records?|results?|mentions?)"
const SOME_WORDS = "(?:[\\w-]+\\s+){0,3}"
const KNOWLEDGE_NEGATIONS: ReadonlyArray<RegExp> = [
  new RegExp(`\\b(?:don't|dont|do not|doesn't|does not|didn't|did not|may not|might not)\\s+have\\s+${SOME_WORDS}${INFO}\\b`),
  new RegExp(`\\b(?:i|we)\\s+have\\s+no\\s+${SOME_WORDS}${INFO}\\b`),
  new RegExp(`\\bthere\\s+(?:is|'s|are|was|were)\\s+(?:no|not\\s+(?:much|any|enough))\\s+${SOME_WORDS}${INFO}\\b`),
  new RegExp(`\\bthere\\s+(?:isn't|aren't|wasn't|weren't)\\s+(?:much|any|enough)\\s+${SOME_WORDS}${INFO}\\b`),
  new RegExp(`\\bno\\s+${SOME_WORDS}${INFO}\\s+(?:is\\s+|are\\s+|was\\s+)?(?:available\\s+|found\\s+)?(?:about|on|regarding|for|of)\\b`),
  /\b(?:not|un)\s*familiar\s+with\b/,
  /\b(?:i'm|i am|we're|we are)\s+not\s+(?:familiar|aware)\b/,
  /\bnot\s+aware\s+of\b/,
  /\b(?:i|we)\s+(?:couldn't|could not|can't|cannot|can not|didn't|did not|was unable to|were unable to|am unable to|wasn't able to|was not able to)\s+(?:find|locate|verify|confirm|identify)\b/,
  /\b(?:i'm|i am|we're|we are)\s+(?:unable|not able)\s+to\s+(?:find|locate|verify|confirm|identify|provide)\b/,
  /\bunable\s+to\s+(?:find|locate|verify|confirm)\b/,
  /\b(?:can't|cannot|can not|unable to)\s+provide\s+(?:any\s+)?(?:specific\s+|reliable\s+|detailed\s+)?(?:information|details)\b/,
  /\b(?:doesn't|does not|don't|do not|didn't|did not)\s+(?:appear|show up|exist)\s+(?:in|within)\s+(?:my|the)\s+(?:training|knowledge|data|sources|search)/,
  /\bnot\s+(?:in|within|part\s+of)\s+my\s+(?:training|knowledge)/,
  /\b(?:beyond|outside(?:\s+of)?)\s+my\s+knowledge\b/,
  /\b(?:i|we)\s+(?:don't|do not)\s+know\s+(?:of|about|much\s+about|anything\s+about|what|who|which|whether|if)\b/,
  /\bknow\s+nothing\s+about\b/,
  /\b(?:no|lack)\s+(?:knowledge|record)\s+of\b/,
  /\bnot\s+something\s+i\b/,
  /\bi\s+lack\s+(?:\w+\s+)?(?:information|data|details)\b/,
  /\bnot\s+sure\s+(?:what|who|which)\b/,
  /\b(?:haven't|have not|never)\s+heard\s+of\b/,
  /\bdoesn't\s+ring\s+a\s+bell\b/,
  /\bfound\s+nothing\b/,
  // A search that came back empty: "Nothing turned up for X", "X didn't show up in my search".
  /\bnothing\s+(?:comes|came|turns|turned|shows|showed)\s+up\b/,
  /\b(?:doesn't|does not|didn't|did not)\s+(?:come|turn|show)\s+up\s+(?:in|on)\s+(?:my|the|any)\b/,
  // "I can't vouch for them", "I can't comment on X" (for lack of knowledge).
  /\b(?:i|we)\s+(?:can't|cannot|can not|couldn't|could not)\s+(?:speak\s+to|comment\s+on|vouch\s+for)\b/,
  // First person without reviews or experience of it: "I have no ratings for X".
  new RegExp(`\\b(?:i|we)\\s+(?:don't|dont|do not|didn't|did not)\\s+have\\s+${SOME_WORDS}(?:reviews?|ratings?|feedback|opinions?|experience|insight)\\b`),
  new RegExp(`\\b(?:i|we)\\s+have\\s+no\\s+${SOME_WORDS}(?:reviews?|ratings?|feedback|opinions?|experience|insight)\\b`),
  // The same disclaimers in Spanish, Portuguese, French, Italian and German (text is folded:
  // lower-case, no diacritics).
  /\bno\s+(?:tengo|tenemos|dispongo\s+de|disponemos\s+de|encontre|encuentro|hay)\s+(?:\w+\s+){0,2}(?:informacion|datos|detalles|resultados|registros?)\b/,
  /\bno\s+(?:conozco|conocemos|estoy\s+familiarizad[oa]|pude\s+(?:encontrar|verificar))\b/,
  /\bdesconozco\b/,
  /\bnao\s+(?:tenho|temos|ha|encontrei|encontramos)\s+(?:\w+\s+){0,2}(?:informac(?:ao|oes)|dados|detalhes|resultados|registros?)\b/,
  /\bnao\s+(?:conheco|conhecemos|estou\s+familiarizad[oa]|consegui\s+(?:encontrar|verificar))\b/,
  /\b(?:je|nous)\s+n'(?:ai|avons)\s+(?:pas|aucune?)\s+(?:\w+\s+){0,2}(?:d'\s*)?(?:informations?|donnees|details|resultats?)\b/,
  /\b(?:je|nous)\s+ne\s+(?:connais|connaissons|trouve|trouvons)\s+pas\b/,
  /\baucune\s+(?:information|donnee|trace)\b/,
  /\bnon\s+(?:ho|abbiamo|trovo|ho\s+trovato)\s+(?:\w+\s+){0,2}(?:informazioni|dati|dettagli|risultati)\b/,
  /\bnon\s+(?:conosco|conosciamo)\b/,
  /\bnessuna\s+informazione\b/,
  /\b(?:ich|wir)\s+(?:habe|haben)\s+keine\s+(?:\w+\s+){0,2}(?:informationen|daten|angaben|details|ergebnisse)\b/,
  /\bkeine\s+(?:informationen|angaben|daten)\s+(?:uber|zu)\b/,
  /\b(?:ist|sind)\s+mir\s+nicht\s+bekannt\b/,
]

const isKnowledgeNegation = (clause: string): boolean => {
  const folded = foldPlain(clause)
  return KNOWLEDGE_NEGATIONS.some((re) => re.test(folded))
}

/** Which of a document's clauses are knowledge disclaimers; read twice per detection, so kept. */
const disclaimersOf = (() => {
  const known = new WeakMap<Doc, ReadonlyArray<boolean>>()
  return (doc: Doc): ReadonlyArray<boolean> => {
    let found = known.get(doc)
    if (found === undefined) {
      found = doc.clauses.map((c) => isKnowledgeNegation(slice(doc, c)))
      known.set(doc, found)
    }
    return found
  }
})()

// A disclaimer that refers back by pronoun ("Crumb? I'm not familiar with it.") also covers the
// sentence that only restated the name: a question, or "You asked about…/Regarding…".
const REFERS_BACK = /\b(?:it|this|that|them|they|such)\b/
const RESTATES = /^\W*(?:you\s+(?:asked|mentioned|are\s+asking|'re\s+asking)|you're\s+asking|regarding|as\s+for|about)\b/

/** Whether a sentence asks a question or restates the user's ("Is Crumb open?", "**Does Crumb deliver?**"). */
const isQuestionOrRestatement = (sentence: string): boolean => {
  const trimmed = sentence.trim().replace(/[\s*_"'”’)\]]+$/u, "")
  return trimmed.endsWith("?") || RESTATES.test(foldPlain(trimmed))
}

// Disambiguation: a name given only to say another business is not it ("Pelham Books (not to be
// confused with Crumb)", "Zorba, no relation to Crumb,") is not named as a subject or option.
// The aside runs from the cue to the next closing parenthesis, comma, semicolon or dash, within
// the sentence and at most 160 characters.
const DISAMBIGUATION = /\b(?:not\s+to\s+be\s+confused\s+with|no\s+relation\s+to|not\s+related\s+to|unrelated\s+to|not\s+affiliated\s+with|unaffiliated\s+with|not\s+the\s+same\s+as)\b/giu
const ASIDE_END = /[),;]|[ \t][—–-][ \t]|—|–/u

const disambiguationSpans = (doc: Doc): Array<Span> => {
  const out: Array<Span> = []
  for (const m of doc.text.matchAll(DISAMBIGUATION)) {
    const from = m.index + m[0].length
    const sentence = doc.sentences[spanIndexAt(doc.sentences, m.index)]
    // An aside is short: bounding it keeps the work linear.
    const limit = Math.min(sentence === undefined ? doc.text.length : sentence.end, from + 160)
    const rest = doc.text.slice(from, limit)
    const stop = ASIDE_END.exec(rest)
    out.push({ start: m.index, end: stop === null ? limit : from + stop.index })
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Sentiment lexicon.

const POSITIVE = set(`
  best top recommended recommend recommends excellent great leading popular trusted reliable
  standout favorite favourite favorites favourites top-rated highly-rated well-regarded
  well-reviewed well-loved beloved outstanding amazing fantastic superb exceptional impressive
  love loved loves praised acclaimed award-winning renowned solid strong go-to must-try
  must-visit delicious friendly perfect ideal stellar terrific wonderful good nice gem
  top-notch premier best-in-class industry-leading innovative robust powerful intuitive
  affordable worth standouts notable reputable quality high-quality
  better praise praises praising quick fast responsive helpful knowledgeable seamless smooth
  flawless convenient efficient generous
`)
const NEGATIVE = set(`
  avoid avoided avoiding poor poorly worst bad terrible awful horrible complaints complaint
  unreliable overpriced over-priced scam scams fraud fraudulent issues issue problems problem
  problematic disappointing disappointed disappointment mediocre subpar lacking rude dirty
  negative lawsuit lawsuits controversy controversial beware warning caution downside
  downsides drawback drawbacks weak worse buggy outdated frustrating unhelpful inconsistent
  overrated low-quality fake misleading unresponsive criticized criticised unsafe declining
  expensive
  disappoint disappoints frustrated frustration complain complains complained complaining
  cautious outage outages slow sluggish struggle struggles struggled mistake mistakes error
  errors penalty penalties rough costly pricey difficult difficulty difficulties missed fail
  fails failed failure failures broken delays delayed slipped glitchy clunky confusing hassle
`)
const POSITIVE_PAIRS = new Set([
  "highly rated", "highly recommended", "top rated", "well regarded", "well reviewed", "stands out", "stand out", "must try",
  "go to", "fair price", "fair prices", "fair pricing", "fair rates",
])
const NEGATIVE_PAIRS = new Set(["stay away", "steer clear", "hidden fees", "low quality", "not recommended"])
const NEGATORS = set(`not no never nor without hardly barely don't doesn't isn't aren't wasn't weren't won't wouldn't can't cannot couldn't shouldn't didn't lacks lack`)
/** Phrases with a sentiment word that are only a category: "a fast food chain". */
const NEUTRAL_PAIRS = new Set(["fast food", "fast casual", "quick service", "good faith"])
/** Comparatives, whose polarity turns when the entity is what is compared against ("better than Crumb"). */
const COMPARATIVES = set(`better worse cheaper pricier`)
/** Stands in for the entity's own names in the text scored for sentiment. */
const ENTITY_MARK = "⟦entity⟧"
/** Praise of the alternatives is not praise of the entity: "good alternatives are: …". */
const OTHERS = set(`alternatives replacements substitutes`)
/** Words and punctuation that end a negator's reach: "no tracking, and delays …". */
const NEGATION_BARRIERS = set(`and or but so then`)

// Word tokens, and `|` for punctuation that ends a phrase.
const SENTIMENT_TOKEN = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*|⟦entity⟧|[,;:()—–]|(?<=\s)-(?=\s)/gu

const PHRASE_MARKS = new Set([",", ";", ":", "(", ")", "—", "–", "-"])
/** Only a word that starts a known pair needs the pair looked up. */
const PAIR_FIRST_WORDS = new Set([...POSITIVE_PAIRS, ...NEGATIVE_PAIRS, ...NEUTRAL_PAIRS].map((pair) => pair.split(" ")[0]!))

/** `text` with the entity's names replaced by `ENTITY_MARK`. */
const scoreClause = (text: string): number => {
  // A SENTIMENT_TOKEN is a word, the entity mark, or one of these marks, which end a phrase.
  const toks = (foldPlain(text).match(SENTIMENT_TOKEN) ?? []).map((tk) => (PHRASE_MARKS.has(tk) ? "|" : tk))
  let score = 0
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!
    const pair = i + 1 < toks.length && PAIR_FIRST_WORDS.has(t) ? `${t} ${toks[i + 1]}` : ""
    let polarity = 0
    let width = 1
    if (NEUTRAL_PAIRS.has(pair)) {
      i++
      continue
    }
    if (NEGATIVE_PAIRS.has(pair)) {
      polarity = -1
      width = 2
    } else if (POSITIVE_PAIRS.has(pair)) {
      polarity = 1
      width = 2
    } else if (POSITIVE.has(t)) polarity = 1
    else if (NEGATIVE.has(t)) polarity = -1
    if (polarity === 0) continue
    if (polarity > 0 && OTHERS.has(toks[i + width] ?? "")) continue
    // "Zorba is better than Crumb": the comparison goes against the entity.
    if (COMPARATIVES.has(t) && toks[i + 1] === "than" && toks[i + 2] === ENTITY_MARK) polarity = -polarity
    // "not recommended" is itself a negative pair; other sentiment words flip after a negator
    // within the three words before them ("not great", "no complaints", "would not recommend"),
    // in the same phrase: punctuation or a conjunction ends its reach.
    if (!(width === 2 && pair === "not recommended")) {
      for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
        const w = toks[k]!
        if (w === "|" || NEGATION_BARRIERS.has(w)) break
        if (NEGATORS.has(w) && toks[k + 1] !== "only") {
          polarity = -polarity
          break
        }
      }
    }
    score += polarity
    i += width - 1
  }
  return score
}

// ---------------------------------------------------------------------------------------------
// Targets.

interface Matcher {
  readonly kind: "name" | "alias"
  readonly regex: RegExp
  /** Folded word tokens of the name. */
  readonly words: ReadonlyArray<string>
  /** Every word is an ordinary word: "Monday", "Square", "Best Buy". */
  readonly ordinary: boolean
  /** Every word is also capitalised in its ordinary sense: "Monday", "Amazon". */
  readonly calendar: boolean
  /** The folded name with spaces removed, to recognise `name.tld` hosts. */
  readonly compact: string
  /** The name is spelled with a capital letter ("Crumb"), unlike "iwork" or "bol.com". */
  readonly capitalised: boolean
}

interface UrlTarget {
  readonly host: string
  readonly path: string
}

const stripWww = (host: string): string => (host.startsWith("www.") && host.slice(4).includes(".") ? host.slice(4) : host)
const normPath = (path: string): string => path.toLowerCase().replace(/\/+$/, "")

const makeMatcher = (name: string, kind: "name" | "alias"): Matcher | undefined => {
  const folded = foldPlain(name).trim()
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? []
  if (words.length === 0) return undefined
  const pattern = folded.split(/\s+/).map(escapeRegExp).join("[^\\S\\n]+")
  return {
    kind,
    regex: new RegExp(pattern, "gu"),
    words,
    ordinary: words.every(isCommonWord),
    calendar: words.every(isCapitalisedCommonWord),
    compact: folded.replace(/\s+/g, ""),
    capitalised: /\p{Lu}/u.test(name),
  }
}

const compileTarget = (target: MentionTarget) => {
  const seen = new Set<string>()
  const matchers: Array<Matcher> = []
  const add = (s: string, kind: "name" | "alias"): void => {
    const key = foldPlain(s).trim().replace(/\s+/g, " ")
    if (key === "" || seen.has(key)) return
    seen.add(key)
    const m = makeMatcher(s, kind)
    if (m !== undefined) matchers.push(m)
  }
  for (const n of target.names) add(n, "name")
  for (const a of target.aliases) add(a, "alias")
  // Derived spellings (suffix stripped, "&"/"and", folded) count as aliases, not as the name.
  for (const s of [...target.names, ...target.aliases]) for (const d of aliasesFor(s)) add(d, "alias")

  const domains: Array<string> = []
  const urls: Array<UrlTarget> = []
  const addUrl = (raw: string): void => {
    const parsed = Option.getOrUndefined(parseWebUrl(raw))
    if (parsed === undefined) return
    const host = stripWww(parsed.hostname.toLowerCase().replace(/\.$/, ""))
    const path = normPath(parsed.pathname)
    // A "domain" with a path (facebook.com/acme) identifies pages, not the whole host;
    // a URL without a path identifies the whole site.
    if (path === "") domains.push(host)
    else urls.push({ host, path })
  }
  for (const d of target.domains) addUrl(d)
  for (const u of target.urls) addUrl(u)
  const primary = target.names[0] ?? target.aliases[0] ?? target.domains[0] ?? target.urls[0] ?? ""
  // The name the entity's own site goes by ("northbeam" for northbeam.example/products/lamp): the
  // maker of a product, or the business itself.
  const makers = new Set<string>()
  for (const host of [...domains, ...urls.map((u) => u.host)]) {
    const labels = host.split(".")
    const second = labels.length >= 3 && labels[labels.length - 1]!.length === 2 && labels[labels.length - 2]!.length <= 3
    const label = labels[labels.length - (second ? 3 : 2)]
    if (label !== undefined && label.length >= 3 && !SOURCE_NAMES.has(label) && !MARKETPLACES.has(label)) makers.add(label)
  }
  return { matchers, domains, urls, makers, primary: primary.trim() }
}

type CompiledTarget = ReturnType<typeof compileTarget>

/** A target is read against every platform's answer: compiled once per target object. */
const compiledTargets = new WeakMap<MentionTarget, CompiledTarget>()
const compiledTarget = (target: MentionTarget): CompiledTarget => {
  let compiled = compiledTargets.get(target)
  if (compiled === undefined) {
    compiled = compileTarget(target)
    compiledTargets.set(target, compiled)
  }
  return compiled
}

const hostMatchesDomain = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`)

const identifies = (t: CompiledTarget, host: string, path: string): boolean => {
  if (t.domains.some((d) => hostMatchesDomain(host, d))) return true
  const h = stripWww(host)
  const p = normPath(path)
  // Prefix on whole path segments: /products/widget matches /products/widget/specs, not /products/widget-pro.
  return t.urls.some((u) => u.host === h && (p === u.path || p.startsWith(`${u.path}/`)))
}

// ---------------------------------------------------------------------------------------------
// Name mentions.

interface Mention extends Span {
  readonly source: MatchSource
  readonly negated: boolean
}

type Verdict = "accept" | "reject"

/**
 * Whether a raw match of a name is a mention of it. Rules, in order:
 * 1. Whole word: no letter/digit on either side. A hyphen, apostrophe or dot joining another
 *    word makes a different name (`Crumb-Co`, `O'Crumb`, `crumb.io`), except the possessive
 *    `Crumb's`/`Crumb’s`, and except `Name.tld` when the target lists no domain or URL (then
 *    that host is how the brand is written, "Monday.com"; with domains, the domain rule decides).
 *    A capitalised name hyphenated to a descriptive suffix still names the brand as a reference
 *    point ("Slack-like chat", "Stripe-powered checkout"; see `DESCRIPTIVE_SUFFIXES`).
 * 2. Inside a URL or host in the text it is not a name mention (the domain rule decides).
 * 3. An adjacent capitalised word that is neither a common word nor a generic business word
 *    makes it part of a longer, different name: "Crumb Zeta", "Square Enix", "Zorba Crumb".
 *    "Crumb Bakery", "Acme Inc", "Crumb Cakes" still count: a business is routinely written
 *    with its trade noun, and we would rather keep those than lose them. The word before is
 *    ignored when it starts the sentence ("Visit Crumb", "Unsurprisingly Crumb…"), or when it
 *    is the entity's own site name, its maker ("Northbeam Pine Lamp" for a lamp listed at
 *    northbeam.example; see `makerBefore`).
 * 4. Ordinary-word names need context (see `ordinaryVerdict`).
 * 5. Other capitalised names written all in lower case count unless used as an ordinary word
 *    ("a worn thimble", "buckle up"; see `lowerCaseOrdinaryUse`).
 */
const judgeMatch = (doc: Doc, t: CompiledTarget, domainSeen: boolean, m: Matcher, fs: number, fe: number): Verdict => {
  const f = doc.folded.text
  const start = doc.folded.starts[fs]!
  const end = doc.folded.ends[fe - 1]!
  const before = f[fs - 1]
  const after = f[fe]
  const firstIsWord = isWordChar(f[fs])
  const lastIsWord = isWordChar(f[fe - 1])
  if (firstIsWord && isWordChar(before)) return "reject"
  if (firstIsWord && (before === "-" || before === "'" || before === ".") && isWordChar(f[fs - 2])) return "reject"

  let possessive = false
  let nameTld = false
  if (lastIsWord && isWordChar(after)) return "reject"
  if (lastIsWord && after === "-" && isWordChar(f[fe + 1]) && !(isUpperLetter(doc.text[start]) && descriptiveSuffixAt(f, fe + 1)))
    return "reject"
  if (lastIsWord && after === "'" && isWordChar(f[fe + 1])) {
    if (f[fe + 1] === "s" && !isWordChar(f[fe + 2])) possessive = true
    else return "reject"
  }
  const host = doc.hosts[spanIndexAt(doc.hosts, start)]
  if (host !== undefined) {
    // Inside a host only as `name.tld` (the brand written as its address, "Monday.com"), and
    // only when the target lists no web identity of its own: with one, the domain rule decides.
    const bare = stripWww(host.host)
    const dot = bare.indexOf(".")
    const isNameTld =
      dot !== -1 &&
      foldPlain(bare.slice(0, dot)) === m.compact &&
      /^[a-z]{2,24}(?:\.[a-z]{2})?$/.test(bare.slice(dot + 1)) &&
      (host.path === "/" || host.path === "")
    if (!isNameTld || t.domains.length > 0 || t.urls.length > 0) return "reject"
    nameTld = true
  } else if (lastIsWord && after === "." && isWordChar(f[fe + 1])) {
    return "reject"
  }

  if (!nameTld && !possessive && lastIsWord) {
    const next = nextWord(doc, end)
    if (next !== undefined && differentName(doc, next)) return "reject"
  }
  if (!nameTld && firstIsWord) {
    const prev = previousWord(doc, start)
    if (
      prev !== undefined && !/['’]s$/i.test(slice(doc, prev)) && !isSentenceInitial(doc, prev.start) &&
      differentName(doc, prev) && makerBefore(doc, t, start) === undefined
    )
      return "reject"
  }
  if (m.ordinary && !nameTld) return ordinaryVerdict(doc, t, domainSeen, m, start, end, possessive)
  if (m.capitalised && !nameTld && !/\p{Lu}/u.test(doc.text.slice(start, end)) && lowerCaseOrdinaryUse(doc, start, end))
    return "reject"
  return "accept"
}

/** Words that open a noun phrase: "a thimble", "the old buckle", "your thimble". */
const DETERMINERS = set(`a an the this that these those no any some every each your my our their his her its another`)
/** Particles that make a phrasal verb of the word before: "buckle up", "zip up", "buckle down". */
const VERB_PARTICLES = set(`up down out off away`)
/** Words that cannot modify a noun, so the walk back to a determiner stops at them. */
const NOT_MODIFIERS = set(`
  called named like as such including include includes vs versus than try use using choose
  consider recommend visit at to from in on of with for by and or but is are was were be been
  being call check see near about into onto via than then also
`)

/**
 * A capitalised name written all in lower case ("crumb", "thimble", "pine walk") is read as the
 * brand ("honestly, crumb is good") unless it is used as an ordinary word: the head of a noun
 * phrase opened by a determiner, with at most two modifiers between ("a worn, leather thimble",
 * "a tiny thimble", "the morning pine walk club"), or a verb with its particle ("buckle up
 * before driving"). A brand or trade noun right after it ("the crumb app", "the crumb bakery")
 * keeps it.
 */
const lowerCaseOrdinaryUse = (doc: Doc, start: number, end: number): boolean => {
  const next = nextWord(doc, end)
  if (next !== undefined) {
    const nw = foldPlain(slice(doc, next))
    if (BRAND_NOUNS.has(nw) || GENERIC_BUSINESS_WORDS.has(nw)) return false
    if (VERB_PARTICLES.has(nw)) return true
  }
  let pos = start
  for (let k = 0; k < 3; k++) {
    // Spaces, and between modifiers one comma: "an open, glossy crumb".
    let j = pos
    while (j > 0 && (doc.text[j - 1] === " " || doc.text[j - 1] === "\t")) j--
    if (k > 0 && doc.text[j - 1] === ",") j--
    if (j === pos) return false
    const wordEnd = j
    while (j > 0 && isWordChar(doc.text[j - 1])) j--
    if (j === wordEnd) return false
    const w = foldPlain(doc.text.slice(j, wordEnd))
    if (DETERMINERS.has(w)) return true
    if (NOT_MODIFIERS.has(w) || isUpperLetter(doc.text[j])) return false
    pos = j
  }
  return false
}

/**
 * Suffixes that, hyphenated to a name, describe something by the brand rather than form a new
 * name: "Notion-like wikis", "Slack-like chat", "Stripe-powered checkout".
 */
const DESCRIPTIVE_SUFFIXES = set(`
  style like esque ish inspired based powered compatible friendly integrated native certified
  approved backed owned branded made built designed hosted supported
`)

const descriptiveSuffixAt = (folded: string, at: number): boolean => {
  let e = at
  while (e < folded.length && e - at < 16 && isWordChar(folded[e])) e++
  if (isWordChar(folded[e]) || (folded[e] === "-" && isWordChar(folded[e + 1]))) return false
  return DESCRIPTIVE_SUFFIXES.has(folded.slice(at, e))
}

/**
 * The capitalised word right before a name that is the entity's own site name, its maker:
 * "Northbeam Pine Floor Lamp" for a lamp sold on northbeam.example. It is not a different,
 * longer name, and the name read with it is still the entity's.
 */
const makerBefore = (doc: Doc, t: CompiledTarget, start: number): Span | undefined => {
  if (t.makers.size === 0) return undefined
  const prev = previousWord(doc, start)
  if (prev === undefined || !isUpperLetter(doc.text[prev.start])) return undefined
  return t.makers.has(foldPlain(stripPossessive(slice(doc, prev)))) ? prev : undefined
}

const differentName = (doc: Doc, word: Span): boolean => {
  const raw = slice(doc, word)
  if (!isUpperLetter(raw[0])) return false
  const w = foldPlain(stripPossessive(raw))
  return !isCommonWord(w) && !GENERIC_BUSINESS_WORDS.has(w)
}

/**
 * Ordinary-word names ("Monday", "Notion", "Square", "Target", "Apple", "Best Buy"):
 * - written lower-case it is the ordinary word and never counts ("monday", "apple pie");
 * - written capitalised it counts with a cue: bold or linked exactly; the lead of a list item
 *   or heading exactly ("1. **Monday** — …", "- Notion: …") unless what follows reads like
 *   opening hours ("- Monday: 9am–5pm", "**Monday:** closed"); a brand noun right after
 *   ("Notion app", "Monday's pricing", "the Square platform"); a corporate suffix ("Target
 *   Corporation"); an option cue right before ("tools like Monday", "try Notion"); an
 *   enumeration with another, non-ordinary capitalised name ("Asana, Trello and Monday"); or
 *   the target's domain or URL matched anywhere in the answer or its citations;
 * - a table row's first cell is a lead like a list item's ("| Monday | dashboards | $9 |");
 * - at the start of a sentence, a plural noun after the name is no brand cue: the name may be an
 *   imperative verb with its object ("Target users who churned with a win-back email");
 * - without a cue, a capitalised mid-sentence mention counts for words that are lower-case in
 *   their ordinary sense (a capital letter inside a sentence marks a proper noun: "shop at
 *   Target"), unless it starts the sentence or item, sits in a heading, or stands next to
 *   another capitalised word (title case: "Target Market", "Big Apple"); a name of several
 *   words written in its own title case also counts at the start of a sentence ("Golden Maple
 *   Realty handles…": only the first capital is the sentence's), unless a capitalised word or a
 *   colon follows (a title or a label);
 * - the entity's maker's name right before it is read as part of it ("**Northbeam Pine Lamp**");
 * - calendar and other always-capitalised words (weekdays, months, "Amazon") never count
 *   without a cue, and not at all after a temporal word ("on Monday", "by Monday", "open
 *   Monday"); the domain cue applies to them only mid-sentence.
 */
const ordinaryVerdict = (
  doc: Doc,
  t: CompiledTarget,
  domainSeen: boolean,
  m: Matcher,
  nameStart: number,
  end: number,
  possessive: boolean,
): Verdict => {
  if (!isUpperLetter(doc.text[nameStart])) return "reject"
  // Read together with its maker's name: "**Northbeam Pine Floor Lamp**".
  const start = makerBefore(doc, t, nameStart)?.start ?? nameStart
  const line = lineAt(doc, start)
  const initial = isSentenceInitial(doc, start)
  const prev = previousWord(doc, start)
  const prevWord = prev === undefined ? "" : foldPlain(slice(doc, prev))
  if (m.calendar && TEMPORAL_CUES.has(prevWord)) return "reject"

  const afterName = possessive ? end + 2 : end
  const rest = doc.text.slice(afterName, line.end)
  const scheduleTail = /^[\s*_:|—–-]*(?:\d|closed\b|open\b|noon\b|midnight\b|by appointment)/i.test(rest)

  const exactEmphasis = (doc.emphasisEnds.get(start) ?? []).some((e) => e === end || e === afterName)
  const exactLead = line.lead !== undefined && line.lead.start === start && (line.lead.end === end || line.lead.end === afterName)
  if ((exactEmphasis || exactLead) && !scheduleTail) return "accept"

  const next = nextWord(doc, afterName)
  if (next !== undefined) {
    const nw = foldPlain(slice(doc, next))
    // At the start of a sentence the name may be an imperative verb and a plural noun its object
    // ("Target users who…", "Square corners…"), so only a singular brand noun or a
    // possessive is a cue there ("Notion app…", "Square's customers…").
    const verbObject = initial && !possessive && /s$/.test(nw) && !SINGULAR_IN_S.has(nw)
    if (BRAND_NOUNS.has(nw) && !verbObject) return "accept"
    if (CORPORATE_SUFFIXES.has(nw) && isUpperLetter(doc.text[next.start])) return "accept"
  }
  const before = foldPlain(doc.text.slice(Math.max(line.start, start - 24), start))
    .replace(/[^\p{L}\p{N}.\s]/gu, " ")
    .trim()
    .replace(/\.$/, "")
  if (OPTION_CUES.some((c) => before === c || before.endsWith(` ${c}`))) return "accept"
  if (inEnumeration(doc, start, afterName, line)) return "accept"
  if (domainSeen && !(m.calendar && initial)) return "accept"

  if (m.calendar) return "reject"
  const nextCap = next !== undefined && isUpperLetter(doc.text[next.start])
  if (line.kind === "heading") return "reject"
  // A name of several words written in its own title case starts a sentence as a proper noun:
  // only the first capital is the sentence's ("Golden Maple Realty handles rentals…"); not
  // when more capitalised words follow (a title) or a colon (a label).
  if (initial && titleCased(doc, nameStart, end) && !nextCap && !/^[\s*_]*:/.test(rest)) return "accept"
  if (initial) return "reject"
  // A capitalised word before it makes a title-case phrase ("Times Square", "Big Apple"), also at
  // the start of a sentence, unless it is a word that routinely opens one ("At Target", "Try Notion").
  const prevCap =
    prev !== undefined && isUpperLetter(doc.text[prev.start]) && !(isSentenceInitial(doc, prev.start) && SENTENCE_OPENERS.has(prevWord))
  if (prevCap || nextCap) return "reject"
  return "accept"
}

/** At least two words, each capitalised except connectors: "Golden Maple Realty", "Bank of Maple". */
const titleCased = (doc: Doc, start: number, end: number): boolean => {
  const toks = tokensOf(doc.text.slice(start, end)).map((tk) => tk.text)
  const caps = toks.filter((tk) => isUpperLetter(tk[0])).length
  return caps >= 2 && toks.every((tk) => isUpperLetter(tk[0]) || NAME_CONNECTORS.has(tk.toLowerCase()))
}

const ENUM_AFTER = /^(?:,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&|vs\.?|versus)[ \t]+)([\p{L}\p{N}]+)/u
const ENUM_BEFORE = /([\p{L}\p{N}]+)(?:['’]s)?(?:,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&|vs\.?|versus)[ \t]+)$/u

const brandLikeWord = (w: string | undefined): boolean =>
  w !== undefined && isUpperLetter(w[0]) && !isCommonWord(foldPlain(w))

const inEnumeration = (doc: Doc, start: number, end: number, line: Line): boolean => {
  const after = ENUM_AFTER.exec(doc.text.slice(end, Math.min(line.end, end + 40)))
  if (after !== null && brandLikeWord(after[1])) return true
  const before = ENUM_BEFORE.exec(doc.text.slice(Math.max(line.start, start - 40), start))
  return before !== null && brandLikeWord(before[1])
}

// ---------------------------------------------------------------------------------------------
// Brands named.

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

const PHRASE_JOIN = /^(?:[ \t]+|[ \t]+&[ \t]+)$/
const ENUM_JOIN = /^(?:,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&|vs\.?|versus)[ \t]+)$/
const CAMEL = /[a-z][A-Z]/

type Tok = { readonly text: string; readonly start: number; readonly end: number }

/** Capitalised phrases of running text: multi-word names, CamelCase names, enumerations. */
const textCandidates = (doc: Doc): Array<Candidate> => {
  const out: Array<Candidate> = []
  for (const line of doc.lines) {
    if (line.kind === "heading") continue
    const toks: Array<Tok> = tokensOf(doc.text.slice(line.start, line.end)).map((tk) => {
      // A possessive ends the phrase and is not part of the name.
      const text = stripPossessive(tk.text)
      return { text, start: tk.start + line.start, end: tk.start + line.start + text.length }
    })
    const phrases: Array<Array<Tok>> = []
    let cur: Array<Tok> | undefined
    for (let i = 0; i < toks.length; i++) {
      const tk = toks[i]!
      const isCap = isUpperLetter(tk.text[0]) || /^[a-z]+[A-Z]/.test(tk.text)
      const isConn = !isCap && PHRASE_CONNECTORS.has(tk.text.toLowerCase())
      const prevTok = cur?.[cur.length - 1]
      const joins =
        cur !== undefined && prevTok !== undefined && prevTok.end === toks[i - 1]?.end &&
        !/['’]s$/i.test(doc.text.slice(prevTok.start, prevTok.end + 2)) &&
        PHRASE_JOIN.test(doc.text.slice(prevTok.end, tk.start))
      if ((isCap || isConn) && joins && cur !== undefined) cur.push(tk)
      else if (isCap) {
        cur = [tk]
        phrases.push(cur)
      } else cur = undefined
    }
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

const collectCandidates = (doc: Doc): Array<Candidate> => {
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

const rankBrands = (
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

// ---------------------------------------------------------------------------------------------
// Detection.

const SOURCE_ORDER: ReadonlyArray<MatchSource> = ["name", "alias", "domain", "citation"]

/**
 * Decides whether an answer makes the entity visible, and where and how it is named.
 *
 * - Visible when a name or alias mention counts (see `judgeMatch`, `ordinaryVerdict`), the
 *   entity's domain or product URL appears in the text, or a citation's URL identifies it.
 *   Mentions (names or text domains) inside a knowledge disclaimer's clause do not count, nor
 *   in a question the disclaimer answers (see `negatedClauses`), nor in a disambiguation aside
 *   ("not to be confused with X"); citations always do (the rule: "its domain … in the cited
 *   sources"). Disclaimers are recognised in English, Spanish, Portuguese, French, Italian and
 *   German.
 * - Negative recommendations ("avoid X", "X has poor reviews") count, with negative sentiment.
 * - Position: the entity's rank among the brands named (list leads, bold and linked phrases,
 *   capitalised multi-word or CamelCase names, enumerations), at its first counted mention in
 *   the text. Visible only through citations → null, and the entity is not in `brands`.
 * - Sentiment: a lexicon over the clauses holding the counted mentions and the clauses and
 *   sentences that go on about the entity in the same paragraph (see `sentimentOf`; the names
 *   themselves excluded, so "Best Buy" is not praise), with simple negation scoped to its
 *   phrase; praise of "alternatives" is not praise of the entity; neutral when balanced or
 *   silent, and for citation-only visibility.
 */
export const detectMention = (answer: Answer, target: MentionTarget): Detection => {
  const doc = analyse(answer.text)
  const t = compiledTarget(target)

  // Domain and URL matches.
  const domainMentions: Array<Span> = doc.hosts.filter((h) => identifies(t, h.host, h.path))
  const cited = answer.citations.some((c) => {
    const u = Option.getOrUndefined(parseWebUrl(c))
    return u !== undefined && identifies(t, u.hostname.toLowerCase().replace(/\.$/, ""), u.pathname)
  })

  const asides = unionOf(disambiguationSpans(doc))
  const negatedBy = (clauses: ReadonlySet<number>) => (s: Span): boolean => {
    const ci = spanIndexAt(doc.clauses, s.start)
    return (ci !== -1 && clauses.has(ci)) || overlapsAny(asides, s)
  }
  // First pass, before the names are known: disclaimers that refer back by pronoun.
  const preliminary = negatedBy(negatedClauses(doc, () => false))
  const domainSeen = cited || domainMentions.some((s) => !preliminary(s))

  // Name and alias matches.
  const found: Array<Span & { readonly source: MatchSource }> = []
  for (const m of t.matchers) {
    for (const hit of doc.folded.text.matchAll(m.regex)) {
      const fs = hit.index
      const fe = fs + hit[0].length
      if (fe === fs) continue
      if (judgeMatch(doc, t, domainSeen, m, fs, fe) === "reject") continue
      found.push({ start: doc.folded.starts[fs]!, end: doc.folded.ends[fe - 1]!, source: m.kind })
    }
  }
  const named = unionOf([...found, ...domainMentions])
  const isNegated = negatedBy(negatedClauses(doc, (c) => overlapsAny(named, c)))
  const liveDomainMentions = domainMentions.filter((s) => !isNegated(s))
  const raw: Array<Mention> = found.map((f) => ({ ...f, negated: isNegated(f) }))
  // Overlapping matches of several spellings are one mention: keep the longest, names first.
  const rank = (m: Mention): number => (m.source === "name" ? 0 : 1)
  raw.sort((a, b) => a.start - b.start || b.end - a.end || rank(a) - rank(b))
  const mentions: Array<Mention> = []
  for (const m of raw) {
    const last = mentions[mentions.length - 1]
    if (last !== undefined && overlaps(last, m)) continue
    mentions.push(m)
  }
  const live = mentions.filter((m) => !m.negated)

  const sources = new Set<MatchSource>()
  for (const m of live) sources.add(m.source)
  if (liveDomainMentions.length > 0) sources.add("domain")
  if (cited) sources.add("citation")
  const visible = sources.size > 0

  const counted: Array<Span> = [...live, ...liveDomainMentions].sort((a, b) => a.start - b.start)
  const entitySpans = unionOf([...mentions, ...domainMentions])
  const candidates = collectCandidates(doc)
  const { brands, position } = rankBrands(candidates, entitySpans, visible ? counted[0]?.start : undefined, t.primary)
  const otherBrands = unionOf(candidates.filter((c) => !overlapsAny(entitySpans, c)))

  return {
    visible,
    position: visible ? position : null,
    sentiment: visible ? sentimentOf(doc, counted, entitySpans, otherBrands) : null,
    matchedBy: SOURCE_ORDER.filter((s) => sources.has(s)),
    brands,
  }
}

/**
 * Indexes of clauses that are knowledge disclaimers, plus the sentence before one that only
 * asked or restated the question, when the disclaimer refers back to it by pronoun ("Crumb? I'm
 * not familiar with it.") or names the entity again (`namesEntity`: "**Does Crumb deliver?**
 * I don't have details about Crumb's delivery options.").
 */
const negatedClauses = (doc: Doc, namesEntity: (s: Span) => boolean): Set<number> => {
  const out = new Set<number>()
  const disclaimers = disclaimersOf(doc)
  doc.clauses.forEach((c, i) => {
    if (!disclaimers[i]) return
    out.add(i)
    if (!REFERS_BACK.test(foldPlain(slice(doc, c))) && !namesEntity(c)) return
    const si = spanIndexAt(doc.sentences, c.start)
    const prev = si > 0 ? doc.sentences[si - 1] : undefined
    if (prev === undefined) return
    if (isQuestionOrRestatement(slice(doc, prev))) {
      for (let k = firstEndingAfter(doc.clauses, prev.start); k < doc.clauses.length && doc.clauses[k]!.start < prev.end; k++) out.add(k)
    }
  })
  return out
}

/** Index of the first of the sorted disjoint `spans` that ends after `pos`. */
const firstEndingAfter = (spans: ReadonlyArray<Span>, pos: number): number => {
  let lo = 0
  let hi = spans.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (spans[mid]!.end <= pos) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Words after a sentence's first word that show it is the subject: "Zorba has…", "Zorba is…". */
const SUBJECT_VERBS = set(`is are was were has have had does did can could will would should may might must also remains`)

/**
 * Whether a span names a brand other than the entity: a brand candidate (`otherBrands`), or a
 * capitalised word that is not an ordinary word, a review site or a label, inside a sentence
 * or, at its start, as its subject (possessive, or before a verb: "Zorba has…", "Zorba's…";
 * not an imperative such as "Try one with…").
 */
const namesOtherBrand = (doc: Doc, s: Span, entitySpans: ReadonlyArray<Span>, otherBrands: ReadonlyArray<Span>): boolean => {
  if (overlapsAny(otherBrands, s)) return true
  const toks = tokensOf(doc.text.slice(s.start, s.end))
  for (let i = 0; i < toks.length; i++) {
    const tk = toks[i]!
    if (!isUpperLetter(tk.text[0])) continue
    const w = foldPlain(stripPossessive(tk.text))
    if (isCommonWord(w) || SOURCE_NAMES.has(w) || LABELS.has(w)) continue
    const at = { start: s.start + tk.start, end: s.start + tk.end }
    if (overlapsAny(entitySpans, at)) continue
    if (!isSentenceInitial(doc, at.start)) return true
    const next = toks[i + 1] === undefined ? "" : foldPlain(toks[i + 1]!.text)
    if (/['’]s$/i.test(tk.text) || SUBJECT_VERBS.has(next) || (/^[a-z]{3,}s$/.test(next) && !/ss$/.test(next))) return true
  }
  return false
}

/**
 * `entitySpans`: every span naming the entity, as sorted disjoint spans (see `unionOf`);
 * `otherBrands`: the other brands' candidate spans, likewise.
 */
const sentimentOf = (
  doc: Doc,
  counted: ReadonlyArray<Span>,
  entitySpans: ReadonlyArray<Span>,
  otherBrands: ReadonlyArray<Span>,
): Sentiment => {
  // The unit read for each mention: when the mention leads a list item or heading, the whole
  // line, since everything on it describes the entity ("3. **Pix** – colorful desserts; some
  // complaints about prices"). Otherwise its clause and the clauses and sentences after it in
  // the same paragraph or item, up to the first that names another brand: they go on about the
  // entity ("Crumb opened in 2019. Locals call its croissants the best in the city."; "I haven't
  // tried Crumb's rye, but it's a wonderful bakery."; not "Crumb is great, but avoid Zorba.").
  const units = new Map<number, Span>()
  // Clauses before `reach` already belong to the unit of an earlier mention; each clause is
  // looked at once, so the work stays linear however many mentions there are.
  let reach = 0
  for (const s of [...counted].sort((a, b) => a.start - b.start)) {
    const line = lineAt(doc, s.start)
    if (line.lead !== undefined && s.start >= line.lead.start && s.start < line.lead.end) {
      units.set(line.start, { start: line.start, end: line.end })
      continue
    }
    const i = spanIndexAt(doc.clauses, s.start)
    if (i === -1 || i < reach) continue
    let k = i + 1
    while (k < doc.clauses.length && doc.clauses[k]!.start < line.end && !namesOtherBrand(doc, doc.clauses[k]!, entitySpans, otherBrands)) k++
    reach = k
    units.set(doc.clauses[i]!.start, { start: doc.clauses[i]!.start, end: doc.clauses[k - 1]!.end })
  }
  const sorted = [...units.values()].sort((a, b) => a.start - b.start || b.end - a.end)
  let score = 0
  let coveredUntil = -1
  for (const u of sorted) {
    if (u.end <= coveredUntil) continue
    const from = Math.max(u.start, coveredUntil)
    coveredUntil = u.end
    // Mask the entity's own names so "Best Buy" or "Top Pot" is not read as praise.
    let text = ""
    let at = from
    for (let k = firstEndingAfter(entitySpans, from); k < entitySpans.length && entitySpans[k]!.start < u.end; k++) {
      const e = entitySpans[k]!
      if (e.start > at) text += doc.text.slice(at, e.start)
      text += ` ${ENTITY_MARK} `
      at = Math.max(at, e.end)
    }
    if (at < u.end) text += doc.text.slice(at, u.end)
    score += scoreClause(text)
  }
  return score > 0 ? "positive" : score < 0 ? "negative" : "neutral"
}

// ---------------------------------------------------------------------------------------------
// Derived spellings.

const LEGAL_SUFFIX = new RegExp(
  String.raw`(?:,?\s+|\s*&\s*)(?:inc\.?|incorporated|llc\.?|l\.l\.c\.?|ltd\.?|limited|gmbh|co\.?,?\s+ltd\.?|co\.?|corp\.?|corporation|company|plc\.?|llp\.?|l\.?p\.?|s\.a\.|sas|sarl|s\.r\.l\.?|srl|s\.p\.a\.?|spa|ag|kg|b\.v\.?|bv|n\.v\.?|nv|pty\.?\s+ltd\.?|pty\.?|oy|a/s|aps|k\.k\.)$`,
  "i",
)
// Short suffixes that are also ordinary words or initials: only when written in capitals.
const LEGAL_SUFFIX_UPPER = /,?\s+(?:SA|AB|AS|LP|NV|BV|AG)$/

const GENERIC_ONLY = (s: string): boolean =>
  wordsOf(s).every((w) => GENERIC_BUSINESS_WORDS.has(w) || /^(?:the|a|an|and|of)$/.test(w))

/**
 * Derived spellings of a name, without the name itself: legal suffixes stripped (Inc, LLC, Ltd,
 * GmbH, Co., Corp, "& Co." …), a leading "The" dropped, "&" ↔ "and", hyphens as spaces,
 * apostrophes dropped, and the diacritic-folded form of each. Spellings made only of generic
 * business words ("Coffee", "The Bakery") or shorter than two characters are left out.
 * `Acme Café, LLC` → `Acme Café`, `Acme Cafe, LLC`, `Acme Cafe`.
 */
export const aliasesFor = (name: string): ReadonlyArray<string> => {
  const base = name.trim().replace(/\s+/g, " ")
  if (base === "") return []
  const forms: Array<string> = [base]
  const addForm = (s: string): void => {
    const clean = s.trim().replace(/\s+/g, " ").replace(/[,\s]+$/, "")
    if (clean !== "" && !forms.includes(clean)) forms.push(clean)
  }
  // Suffixes can stack ("Acme Holdings Co., Ltd."), so strip repeatedly.
  let stripped = base
  for (let k = 0; k < 3; k++) {
    const next = stripped.replace(LEGAL_SUFFIX, "").replace(LEGAL_SUFFIX_UPPER, "").trim()
    if (next === stripped || next === "") break
    stripped = next
  }
  addForm(stripped)
  for (const f of [...forms]) if (/^the\s+/i.test(f)) addForm(f.replace(/^the\s+/i, ""))
  for (const f of [...forms]) {
    if (/\s&\s/.test(f)) addForm(f.replace(/\s&\s/g, " and "))
    if (/\sand\s/i.test(f)) addForm(f.replace(/\sand\s/gi, " & "))
  }
  for (const f of [...forms]) {
    if (/[\p{L}\p{N}]-[\p{L}\p{N}]/u.test(f)) addForm(f.replace(/([\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, "$1 "))
    if (/[\p{L}]['’][\p{L}]/u.test(f)) addForm(f.replace(/(\p{L})['’](?=\p{L})/gu, "$1"))
  }
  for (const f of [...forms]) {
    const folded = f.normalize("NFKD").replace(/\p{M}/gu, "")
    if (folded !== f) addForm(folded)
  }
  const lowerBase = base.toLowerCase()
  const out: Array<string> = []
  for (const f of forms) {
    if (f.toLowerCase() === lowerBase && f === base) continue
    if (f.replace(/[^\p{L}\p{N}]/gu, "").length < 2 || GENERIC_ONLY(f)) continue
    if (out.some((o) => o.toLowerCase() === f.toLowerCase()) || f.toLowerCase() === lowerBase) continue
    out.push(f)
  }
  return out
}
