/**
 * Whether the rule detector's verdict on an answer is in doubt, and the one sentence it hangs
 * on (docs/mention-accuracy.md, "Adjudicator"). Pure and deterministic, and read-only over the
 * detector: it reads the same document and target the rules read (through their exported
 * pieces), changes no verdict, and is only asked when an adjudicator is configured, when a
 * stored check is judged again, and by the benchmark.
 *
 * In doubt, in this order (the first that applies is the one sentence):
 * - `disclaimer`: not visible, and the name or an alias is written where a rule would count it,
 *   but only inside what the rules scoped as a knowledge disclaimer, the question it answers, or
 *   a disambiguation aside ("Reviews of Northwind could not be confirmed; Acme is a safe pick").
 * - `rejected`: not visible, and the name or an alias is written only where the rules read it as
 *   something else: an ordinary word, a place, part of a longer name, written in lower case.
 * - `near-miss`: not visible, no spelling of the name is written, but the first word of a name
 *   of several words is, capitalised, and it is not a common word ("Northwind PT" for
 *   "Northwind Physical Therapy").
 * - `ordinary-word`: visible only through mentions of a name made of ordinary words, of one
 *   distinctive word of the name, or of a name of one word written in lower case or opening a
 *   sentence ("Brisk payment terms help") (no domain, no citation, no other mention), so the
 *   rules may have counted the word, not the brand. A one-word name opening a table cell counts
 *   as opening a sentence.
 * - `hedged`: visible only through mentions in sentences that both negate and speak of knowledge
 *   ("There isn't much I can confirm about X's cakes", "I'm not going to make claims about X"):
 *   a disclaimer the rules may not know.
 * Visible through the entity's domain or a citation: never in doubt (the labelling rule counts
 * those whatever the sentence says).
 *
 * The sentence is the answer's sentence (or list item, or table row) holding the first such
 * mention, at most `MAX_DOUBT_SENTENCE` characters: a longer one is cut to a window around the
 * mention.
 */
import { isCommonWord } from "../common-words.ts"
import type { Answer, Detection } from "./detect.ts"
import { disambiguationSpans, negatedClauses } from "./disclaimers.ts"
import { analyse, isSentenceInitial, overlapsAny, type Span, spanIndexAt, unionOf } from "./document.ts"
import { foldPlain } from "./fold.ts"
import { judgeMatch } from "./name-match.ts"
import { compiledTarget, identifies, type MentionTarget } from "./target.ts"

export const MAX_DOUBT_SENTENCE = 600

export const DOUBT_KINDS = ["disclaimer", "rejected", "near-miss", "ordinary-word", "hedged"] as const
export type DoubtKind = (typeof DOUBT_KINDS)[number]

export interface Doubt {
  readonly kind: DoubtKind
  /** The one sentence in doubt, trimmed, at most `MAX_DOUBT_SENTENCE` characters. */
  readonly sentence: string
}

interface Hit extends Span {
  /** A name of ordinary words, one distinctive word of the name, or a name of one word written in lower case or opening a sentence. */
  readonly weak: boolean
}

const WORD = /[\p{L}\p{N}]/u

/** Whether `at` opens a table cell: only spaces and markdown between it and the cell's `|`. */
const opensCell = (text: string, at: number): boolean => {
  let j = at - 1
  while (j >= 0 && j > at - 8 && /[ \t*_]/.test(text[j]!)) j--
  return text[j] === "|"
}

// A sentence that both negates and speaks of knowledge ("there isn't much I can confirm about X",
// "I'm not going to make claims about X"): a disclaimer the rules may not know. Bounded words, no
// nested repetition: linear in the sentence.
const NEGATION = /(?<![\p{L}])(?:not|no|never|nothing|none|little|limited|unable|without|can't|cannot|couldn't|isn't|aren't|don't|doesn't|haven't|hasn't|won't|wasn't)(?![\p{L}])/u
const KNOWLEDGE = /(?<![\p{L}])(?:information|info|details|data|confirm|confirmed|verify|verified|familiar|know|known|reliable|reviews|claims|sure|aware|available|published|documented|recommend|vouch|speak|say|check)(?![\p{L}])/u
const hedged = (sentence: string): boolean => {
  const folded = foldPlain(sentence).replace(/[’]/g, "'")
  return NEGATION.test(folded) && KNOWLEDGE.test(folded)
}

/** The sentence holding `at`, trimmed and bounded to a window around [at, end). */
const sentenceAround = (text: string, sentences: ReadonlyArray<Span>, at: number, end: number): string => {
  const s = sentences[spanIndexAt(sentences, at)] ?? { start: at, end }
  let from = s.start
  let to = Math.max(s.end, end)
  if (to - from > MAX_DOUBT_SENTENCE) {
    const middle = Math.floor((at + end) / 2)
    from = Math.max(from, middle - MAX_DOUBT_SENTENCE / 2)
    to = Math.min(to, from + MAX_DOUBT_SENTENCE)
    from = Math.max(s.start, to - MAX_DOUBT_SENTENCE)
  }
  // Never cut a surrogate pair in two.
  if (/[\uDC00-\uDFFF]/.test(text[from] ?? "")) from += 1
  if (/[\uD800-\uDBFF]/.test(text[to - 1] ?? "")) to -= 1
  return text.slice(from, to).trim()
}

export const doubtOf = (answer: Answer, target: MentionTarget, detection: Detection): Doubt | undefined => {
  if (detection.matchedBy.includes("domain") || detection.matchedBy.includes("citation")) return undefined
  const doc = analyse(answer.text)
  const t = compiledTarget(target)
  const f = doc.folded.text

  const excluded: Array<Span> = []
  for (const re of t.exclusions) {
    for (const hit of f.matchAll(re)) {
      const fe = hit.index + hit[0].length
      if (fe > hit.index && !WORD.test(f[hit.index - 1] ?? "") && !WORD.test(f[fe] ?? "")) excluded.push({ start: hit.index, end: fe })
    }
  }
  const excludedUnion = unionOf(excluded)
  const isExcluded = (s: Span): boolean => {
    const x = excludedUnion[spanIndexAt(excludedUnion, s.start)]
    return x !== undefined && x.end >= s.end
  }

  const accepted: Array<Hit> = []
  const rejected: Array<Hit> = []
  for (const m of t.matchers) {
    for (const hit of f.matchAll(m.regex)) {
      const fs = hit.index
      const fe = fs + hit[0].length
      if (fe === fs || isExcluded({ start: fs, end: fe })) continue
      const start = doc.folded.starts[fs]!
      // A name of one word written in lower case, or opening a sentence, may be the word, not the brand.
      const loneWord = m.words.length === 1 && (!/\p{Lu}/u.test(doc.text[start] ?? "") || isSentenceInitial(doc, start) || opensCell(doc.text, start))
      const span = { start, end: doc.folded.ends[fe - 1]!, weak: m.ordinary || m.strict || loneWord }
      // The domain cue is left out: an answer with the entity's domain or citation is not in doubt.
      if (judgeMatch(doc, t, false, m, fs, fe) === "reject") rejected.push(span)
      else accepted.push(span)
    }
  }
  accepted.sort((a, b) => a.start - b.start)
  rejected.sort((a, b) => a.start - b.start)

  const named = unionOf([...accepted, ...doc.hosts.filter((h) => identifies(t, h.host, h.path))])
  const negated = negatedClauses(doc, (c) => overlapsAny(named, c))
  const asides = unionOf(disambiguationSpans(doc))
  const isNegated = (s: Span): boolean => {
    const ci = spanIndexAt(doc.clauses, s.start)
    return (ci !== -1 && negated.has(ci)) || overlapsAny(asides, s)
  }
  const around = (s: Span): string => sentenceAround(doc.text, doc.sentences, s.start, s.end)

  if (detection.visible) {
    const live = accepted.filter((s) => !isNegated(s))
    if (live.length === 0) return undefined
    if (live.every((s) => s.weak)) return { kind: "ordinary-word", sentence: around(live[0]!) }
    if (live.every((s) => hedged(around(s)))) return { kind: "hedged", sentence: around(live[0]!) }
    return undefined
  }
  const disclaimed = accepted.find(isNegated)
  if (disclaimed !== undefined) return { kind: "disclaimer", sentence: around(disclaimed) }
  if (rejected[0] !== undefined) return { kind: "rejected", sentence: around(rejected[0]) }
  if (accepted.length > 0) return undefined

  // A near miss: the first word of a name of several words, capitalised, not a common word.
  for (const m of t.matchers) {
    if (m.strict || m.words.length < 2) continue
    const first = m.words[0]!
    if (first.length < 4 || isCommonWord(first)) continue
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${first}(?![\\p{L}\\p{N}])`, "gu")
    for (const hit of f.matchAll(re)) {
      if (isExcluded({ start: hit.index, end: hit.index + first.length })) continue
      const start = doc.folded.starts[hit.index]!
      if (/\p{Lu}/u.test(doc.text[start] ?? "")) return { kind: "near-miss", sentence: around({ start, end: doc.folded.ends[hit.index + first.length - 1]! }) }
    }
  }
  return undefined
}

/** The folded, spaced form of a sentence, for telling whether two doubts are about the same sentence. */
export const sameSentence = (a: string, b: string): boolean =>
  foldPlain(a).replace(/\s+/g, " ").trim() === foldPlain(b).replace(/\s+/g, " ").trim()
