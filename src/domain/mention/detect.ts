/**
 * `detectMention`: whether an answer makes the entity visible, where among the brands it
 * names, and with what sentiment.
 */
import { Option } from "effect"
import { parseWebUrl } from "../url.ts"
import { collectCandidates, rankBrands } from "./brands.ts"
import { disambiguationSpans, negatedClauses } from "./disclaimers.ts"
import { analyse, type Doc, overlaps, overlapsAny, type Span, spanIndexAt, unionOf } from "./document.ts"
import { judgeMatch } from "./name-match.ts"
import { type Sentiment, sentimentOf } from "./sentiment.ts"
import { compiledTarget, identifies, type MentionTarget } from "./target.ts"

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

interface Mention extends Span {
  readonly source: MatchSource
  readonly negated: boolean
}

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
const WORD = /[\p{L}\p{N}]/u
const wholeWordAt = (text: string, start: number, end: number): boolean =>
  !(WORD.test(text[start - 1] ?? "") && WORD.test(text[start] ?? "")) && !(WORD.test(text[end] ?? "") && WORD.test(text[end - 1] ?? ""))

/** Spans sorted by start, each with the furthest end reached so far, for `insideAny`. */
const reachOf = (spans: ReadonlyArray<Span>): ReadonlyArray<Span> => {
  let reach = -1
  return spans.map((x) => ({ start: x.start, end: (reach = Math.max(reach, x.end)) }))
}

/** Whether [start, end) lies inside one of the spans (binary search over `reachOf`). */
const insideAny = (reach: ReadonlyArray<Span>, start: number, end: number): boolean => {
  let lo = 0, hi = reach.length - 1, found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (reach[mid]!.start <= start) (found = mid), (lo = mid + 1)
    else hi = mid - 1
  }
  return found !== -1 && reach[found]!.end >= end
}

const QUOTES = `"“”'‘’`
/**
 * A name in quotes in a sentence that names an excluded namesake is the word itself, not the
 * entity ("Nimbus Weather, which appears in searches for "Nimbus", is a forecasting app").
 * `reach` is the excluded spans' `reachOf` (folded offsets): the first whose reach ends after the
 * sentence's start overlaps the sentence when it starts before its end.
 */
const quotedBesideExclusion = (doc: Doc, reach: ReadonlyArray<Span>, fs: number, fe: number): boolean => {
  const f = doc.folded.text
  if (!QUOTES.includes(f[fs - 1] ?? "") || !QUOTES.includes(f[fe] ?? "")) return false
  const sentence = doc.sentences[spanIndexAt(doc.sentences, doc.folded.starts[fs]!)]
  if (sentence === undefined) return false
  let lo = 0, hi = reach.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (doc.folded.ends[reach[mid]!.end - 1]! <= sentence.start) lo = mid + 1
    else hi = mid
  }
  const x = reach[lo]
  return x !== undefined && doc.folded.starts[x.start]! < sentence.end
}

export const detectMention = (answer: Answer, target: MentionTarget): Detection => {
  const doc = analyse(answer.text)
  const t = compiledTarget(target)

  // Domain and URL matches.
  const domainMentions: Array<Span> = doc.hosts.filter((h) => identifies(t, h.host, h.path))
  const cited = answer.citations.some((c) => {
    const u = Option.getOrUndefined(parseWebUrl(c))
    return u !== undefined && identifies(t, u.hostname.toLowerCase().replace(/\.$/, ""), u.pathname)
  })

  // The disclaimers and asides are read only when there is a mention to judge by them: most
  // answers that do not name the entity never need them.
  let asides: ReadonlyArray<Span> | undefined
  const negatedBy = (clauses: ReadonlySet<number>) => (s: Span): boolean => {
    const ci = spanIndexAt(doc.clauses, s.start)
    return (ci !== -1 && clauses.has(ci)) || overlapsAny((asides ??= unionOf(disambiguationSpans(doc))), s)
  }
  // First pass, before the names are known: disclaimers that refer back by pronoun.
  const seenInText = (): boolean => {
    if (domainMentions.length === 0) return false
    const preliminary = negatedBy(negatedClauses(doc, () => false))
    return domainMentions.some((s) => !preliminary(s))
  }
  const domainSeen = cited || seenInText()

  // Names that must never count: matches inside them are dropped (folded offsets).
  const excluded: Array<Span> = []
  for (const re of t.exclusions) {
    for (const hit of doc.folded.text.matchAll(re)) {
      const fe = hit.index + hit[0].length
      if (fe > hit.index && wholeWordAt(doc.folded.text, hit.index, fe)) excluded.push({ start: hit.index, end: fe })
    }
  }

  excluded.sort((a, b) => a.start - b.start)
  const excludedReach = reachOf(excluded)

  // Name and alias matches.
  const found: Array<Span & { readonly source: MatchSource }> = []
  // Handles and hashtags need an "@" or "#", and every match holds its matcher's needle: most
  // answers have neither for most matchers, so those scans are skipped.
  const tagged = /[@#]/.test(doc.folded.text)
  for (const m of t.matchers) {
    if ((m.handle && !tagged) || !doc.folded.text.includes(m.needle)) continue
    for (const hit of doc.folded.text.matchAll(m.regex)) {
      const fs = hit.index
      const fe = fs + hit[0].length
      if (fe === fs || insideAny(excludedReach, fs, fe)) continue
      if (excluded.length > 0 && quotedBesideExclusion(doc, excludedReach, fs, fe)) continue
      if (judgeMatch(doc, t, domainSeen, m, fs, fe) === "reject") continue
      found.push({ start: doc.folded.starts[fs]!, end: doc.folded.ends[fe - 1]!, source: m.kind })
    }
  }
  const named = unionOf([...found, ...domainMentions])
  const isNegated = named.length === 0 ? () => false : negatedBy(negatedClauses(doc, (c) => overlapsAny(named, c)))
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
