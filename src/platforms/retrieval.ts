/**
 * Deterministic lexical retrieval for the built-in answer engine: tokenization, BM25 ranking of
 * documents over title and text, and picking the sentences of a document that answer a query.
 * Pure functions of their inputs: no clock, no randomness, no locale-dependent comparison, so the
 * same prompt over the same documents always ranks and quotes the same way.
 */
import { truncateCodePoints } from "../domain/text.ts"

/** Words too common to tell documents apart (English and the most frequent French ones). */
const STOP_WORDS: ReadonlySet<string> = new Set([
  "a", "about", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "best", "but", "by",
  "can", "could", "do", "does", "for", "from", "get", "good", "has", "have", "how", "i", "if", "in", "into",
  "is", "it", "its", "me", "my", "near", "of", "on", "or", "our", "should", "so", "some", "than", "that",
  "the", "their", "them", "there", "these", "they", "this", "to", "top", "us", "was", "we", "what", "when",
  "where", "which", "who", "why", "will", "with", "would", "you", "your",
  "au", "aux", "ce", "dans", "de", "des", "du", "en", "est", "et", "il", "la", "le", "les", "meilleur",
  "meilleurs", "ou", "par", "pour", "qui", "sur", "un", "une"
])

/**
 * Folds a word to a crude stem so singular and plural meet: "bakeries" and "bakery" both give
 * "bakeri", "pâtisseries" and "pâtisserie" both "patisseri", "plumbers" gives "plumber".
 * Deliberately tiny (no stemmer): it only has to agree with itself on both sides of a match.
 */
/** Plurals in "-ves" whose singular ends in "f" or "fe" ("loaves" and "loaf" meet as "loaf"). */
const F_PLURALS: Readonly<Record<string, string>> = {
  loaves: "loaf", halves: "half", knives: "knife", leaves: "leaf", shelves: "shelf", wolves: "wolf",
  lives: "life", wives: "wife", calves: "calf", scarves: "scarf", thieves: "thief", selves: "self"
}

export const stem = (word: string): string => {
  let w = F_PLURALS[word] ?? word
  if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -2)
  else if (w.length > 4 && /(ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2)
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1)
  if (w.length > 3 && w.endsWith("ie")) return w.slice(0, -1)
  if (w.length > 3 && w.endsWith("y")) return `${w.slice(0, -1)}i`
  return w
}

/**
 * Lower-cased words with diacritics folded (`Café` → `cafe`), stop words and one-letter tokens
 * dropped, plurals folded by `stem`. Digits count as word characters, so "24h" and "2025" stay tokens.
 */
export const tokenize = (text: string): ReadonlyArray<string> => {
  const folded = text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase()
  const tokens: Array<string> = []
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0]
    if (word.length < 2 || STOP_WORDS.has(word)) continue
    tokens.push(stem(word))
  }
  return tokens
}

/** The distinct tokens of a query, in first-seen order. */
export const queryTerms = (query: string): ReadonlyArray<string> => [...new Set(tokenize(query))]

export interface Bm25Parameters {
  /** Term-frequency saturation: higher lets repeated terms keep adding to the score. */
  readonly k1: number
  /** Length normalization, 0 (none) to 1 (full). */
  readonly b: number
  /** A title occurrence counts as this many text occurrences (a BM25F-style field weight). */
  readonly titleBoost: number
}

export interface RetrievableDocument {
  readonly url: string
  readonly title: string
  readonly text: string
}

export interface Ranked<D> {
  readonly document: D
  readonly score: number
  /** Distinct query terms the document contains (title or text). */
  readonly matchedTerms: number
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** A document with its tokens, so one reading serves ranking and the engine's other checks. */
export interface IndexedDocument<D> {
  readonly document: D
  readonly titleTokens: ReadonlyArray<string>
  readonly textTokens: ReadonlyArray<string>
}

export const indexDocuments = <D extends RetrievableDocument>(documents: ReadonlyArray<D>): ReadonlyArray<IndexedDocument<D>> =>
  documents.map((document) => ({ document, titleTokens: tokenize(document.title), textTokens: tokenize(document.text) }))

/**
 * Ranks `documents` for `query` with BM25 over one weighted field (title × `titleBoost` + text),
 * statistics taken over the given documents. Documents matching no query term are left out.
 * Ties are broken by URL, then by input order, so the ranking never depends on sort stability.
 */
export const rankBm25 = <D extends RetrievableDocument>(
  query: string,
  documents: ReadonlyArray<D>,
  parameters: Bm25Parameters
): ReadonlyArray<Ranked<D>> => rankIndexed(queryTerms(query), indexDocuments(documents), parameters)

/** `rankBm25` over documents already tokenized, for stemmed query `terms`. */
export const rankIndexed = <D extends RetrievableDocument>(
  terms: ReadonlyArray<string>,
  documents: ReadonlyArray<IndexedDocument<D>>,
  parameters: Bm25Parameters
): ReadonlyArray<Ranked<D>> => {
  if (terms.length === 0 || documents.length === 0) return []

  const indexed = documents.map(({ document, textTokens, titleTokens }, position) => {
    const frequencies = new Map<string, number>()
    for (const token of titleTokens) frequencies.set(token, (frequencies.get(token) ?? 0) + parameters.titleBoost)
    for (const token of textTokens) frequencies.set(token, (frequencies.get(token) ?? 0) + 1)
    return { document, position, frequencies, length: titleTokens.length * parameters.titleBoost + textTokens.length }
  })

  const count = indexed.length
  const averageLength = indexed.reduce((sum, entry) => sum + entry.length, 0) / count || 1
  // The "+ 1" form of IDF stays positive even for a term every candidate contains: the
  // candidates were pre-selected for sharing words with the query, so that is the common case.
  const idf = new Map<string, number>()
  for (const term of terms) {
    const containing = indexed.filter((entry) => entry.frequencies.has(term)).length
    idf.set(term, Math.log(1 + (count - containing + 0.5) / (containing + 0.5)))
  }

  const ranked: Array<Ranked<D> & { readonly position: number }> = []
  for (const entry of indexed) {
    let score = 0
    let matchedTerms = 0
    const norm = parameters.k1 * (1 - parameters.b + parameters.b * (entry.length / averageLength))
    for (const term of terms) {
      const frequency = entry.frequencies.get(term) ?? 0
      if (frequency === 0) continue
      matchedTerms += 1
      score += (idf.get(term) ?? 0) * ((frequency * (parameters.k1 + 1)) / (frequency + norm))
    }
    if (matchedTerms > 0) ranked.push({ document: entry.document, score, matchedTerms, position: entry.position })
  }

  ranked.sort((x, y) =>
    y.score - x.score || compareStrings(x.document.url, y.document.url) || x.position - y.position
  )
  return ranked.map(({ document, matchedTerms, score }) => ({ document, score, matchedTerms }))
}

/** Sentences of a text: split after `.`, `!`, `?` or `…` followed by space, and at line breaks. */
export const sentencesOf = (text: string): ReadonlyArray<string> =>
  text
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((sentence) => sentence.replace(/\s+/g, " ").trim())
    .filter((sentence) => sentence.length > 0)

/**
 * Cuts `sentence` to at most `max` UTF-16 units at a word boundary, ending with "…"; never
 * inside a surrogate pair (half an emoji cannot be stored).
 */
export const clip = (sentence: string, max: number): string => {
  if (sentence.length <= max) return sentence
  const cut = truncateCodePoints(sentence, max - 1)
  const lastSpace = cut.lastIndexOf(" ")
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/u, "")}…`
}

/**
 * The `count` sentences of `text` that contain the most distinct query terms, in their original
 * order (earlier sentences win ties). When no sentence shares a term (the match was in the
 * title), the opening sentence stands for the document.
 */
export const bestSentences = (query: string, text: string, count: number): ReadonlyArray<string> => {
  const sentences = sentencesOf(text)
  if (sentences.length === 0 || count <= 0) return []
  const terms = new Set(queryTerms(query))
  const scored = sentences.map((sentence, position) => {
    const tokens = new Set(tokenize(sentence))
    let shared = 0
    for (const term of terms) if (tokens.has(term)) shared += 1
    return { sentence, position, shared }
  })
  const chosen = scored
    .filter((entry) => entry.shared > 0)
    .sort((x, y) => y.shared - x.shared || x.position - y.position)
    .slice(0, count)
    .sort((x, y) => x.position - y.position)
  return chosen.length > 0 ? chosen.map((entry) => entry.sentence) : [sentences[0]!]
}
