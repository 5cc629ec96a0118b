/**
 * Which businesses the built-in answer engine names for a question, best first. Documents are
 * grouped by entity (several pages of one business are one option), and an entity fits when:
 * - the question names it (its name appears in the question: "Is Crumb Bakery open on Sunday?"); or
 * - it is about what the question asks: at least two thirds of the question's topic terms (one
 *   of one, two of two, two of three...) appear in its retrieved pages or in what its site says
 *   it offers; and, when the question names a place, the entity operates there: the place is one
 *   of its stated places (or contains or is contained in one), or its retrieved pages name it.
 * A question with no topic and no name fits nobody. Nor, unless it names the entity, does one
 * that names no place when the entity states where it operates ("bakery near me", "Where can I
 * find really good sourdough?"): the stand-in does not know where the person asking is, and
 * guessing would name a local business for anyone anywhere. An entity that states no place
 * (software, a shop that sells everywhere) fits a question without a place only when the
 * question asks for something to choose; a question asking for knowledge ("What should I look
 * for in good sourdough?") is answered without naming anyone. Fits are ranked by the number of topic
 * terms matched, then BM25 over their pages, then key, so the answer never depends on the
 * order the source gave the documents in. Pure.
 */
import { isCommonWord } from "../domain/common-words.ts"
import { conceptOf, containsRun, foldedWords } from "./assistant-words.ts"
import type { SourceDocument } from "./document-source.ts"
import type { LocalProfile } from "./local-profiles.ts"
import type { Question } from "./question.ts"
import { type IndexedDocument, rankIndexed, tokenize } from "./retrieval.ts"

/** An entity named in an answer: its name (null when unknown) and the page it is cited by. */
export interface Fit {
  readonly name: string | null
  readonly document: SourceDocument
}

interface Group {
  readonly key: string
  readonly name: string | null
  readonly places: ReadonlyArray<ReadonlyArray<string>>
  /** Every concept of its retrieved pages and of what its site says it offers. */
  readonly vocabulary: Set<string>
  readonly documents: Array<IndexedDocument<SourceDocument>>
}

const concepts = (text: string): Array<string> => tokenize(text).map(conceptOf)

/** Pages read recently, by URL: the 8 platforms ask about one prompt over the same pages. */
const MAX_READ_PAGES = 2_000
const readPages = new Map<string, IndexedDocument<SourceDocument>>()

/**
 * A page's tokens, reused while its title and text are unchanged: reading the pages is most of
 * an answer's cost, and a tenant's prompts keep retrieving the same few pages. A memo of a pure
 * function, bounded (the oldest entry leaves first), so answers stay the same with or without it.
 */
const readPage = (document: SourceDocument): IndexedDocument<SourceDocument> => {
  const known = readPages.get(document.url)
  if (known !== undefined && known.document.title === document.title && known.document.text === document.text) {
    return known.document === document ? known : { ...known, document }
  }
  const read = { document, titleTokens: concepts(document.title), textTokens: concepts(document.text) }
  readPages.delete(document.url)
  readPages.set(document.url, read)
  if (readPages.size > MAX_READ_PAGES) readPages.delete(readPages.keys().next().value!)
  return read
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Topic terms an entity must match: two thirds of them, rounded up. */
export const requiredMatches = (topicTerms: number): number => Math.ceil((2 * topicTerms) / 3)

/**
 * Whether `name` is said in the question. A name of one ordinary word ("Target", "Bread") is not
 * enough on its own: the question may use the word in its ordinary sense.
 */
const namedIn = (question: Question, name: string | null): boolean => {
  if (name === null) return false
  const words = foldedWords(name)
  if (words.length === 0 || (words.length === 1 && isCommonWord(words[0]!))) return false
  return containsRun(question.words, words)
}

const groupsOf = (candidates: ReadonlyArray<SourceDocument>): ReadonlyArray<Group> => {
  const groups = new Map<string, Group>()
  const seenUrls = new Set<string>()
  for (const document of candidates) {
    // One document per URL (the first the source gave): a page cited twice is still one source.
    if (seenUrls.has(document.url)) continue
    seenUrls.add(document.url)
    const key = document.entity?.key ?? `url:${document.url}`
    let group = groups.get(key)
    if (group === undefined) {
      group = {
        key,
        name: document.entity?.name ?? null,
        places: (document.entity?.places ?? []).map(concepts).filter((tokens) => tokens.length > 0),
        vocabulary: new Set(concepts(document.entity?.about ?? "")),
        documents: []
      }
      groups.set(key, group)
    }
    const indexed = readPage(document)
    for (const token of indexed.titleTokens) group.vocabulary.add(token)
    for (const token of indexed.textTokens) group.vocabulary.add(token)
    group.documents.push(indexed)
  }
  return [...groups.values()]
}

const operatesIn = (group: Group, place: ReadonlyArray<string>): boolean =>
  group.places.some((own) => containsRun(own, place) || containsRun(place, own)) ||
  group.documents.some((d) => containsRun(d.titleTokens, place) || containsRun(d.textTokens, place))

/** The entities `profile` names for `question` from `candidates`, best first. */
export const fittingEntities = (
  profile: LocalProfile,
  question: Question,
  candidates: ReadonlyArray<SourceDocument>
): ReadonlyArray<Fit> => {
  const groups = groupsOf(candidates)
  const named = groups.filter((group) => namedIn(question, group.name ?? group.documents[0]!.document.title))
  const nameTokens = named.map((group) => concepts(group.name ?? group.documents[0]!.document.title))
  // A named business's own words are neither topic nor place: "Acme Bakery alternatives" asks
  // about bakeries, not about "acme"; its ordinary words ("bakery") stay in the topic.
  const brandTokens = new Set(
    named.flatMap((group) => foldedWords(group.name ?? "").filter((word) => !isCommonWord(word)).flatMap(concepts))
  )
  const questionTokens = question.tokens.map(conceptOf)
  const places = [
    ...question.places.map((place) => place.map(conceptOf)),
    // A place some business states, written in the question in any case ("bakery asheville").
    ...groups.flatMap((group) => group.places.filter((place) => containsRun(questionTokens, place)))
  ].filter((place) => !nameTokens.some((name) => containsRun(name, place)))
  const placeTokens = new Set(places.flat())
  const topic = [...new Set(question.topic.map((term) => term.concept))]
    .filter((concept) => !placeTokens.has(concept) && !brandTokens.has(concept))

  const scores = new Map<string, number>()
  // Pages are ranked by the topic alone: every fit operates in the place asked about, and the
  // page to cite is the one about the offering ("/cakes" for a cake), not the one naming the town.
  const ranked = rankIndexed(topic, groups.flatMap((group) => group.documents), profile.ranking)
  for (const entry of ranked) scores.set(entry.document.url, entry.score)

  const fits = groups.flatMap((group) => {
    const isNamed = named.includes(group)
    let matched = 0
    if (!isNamed) {
      if (topic.length === 0) return []
      if (places.length === 0 && (question.nearMe || group.places.length > 0 || !question.seeksOption)) return []
      if (places.length > 0 && !places.some((place) => operatesIn(group, place))) return []
      matched = topic.filter((concept) => group.vocabulary.has(concept)).length
      if (matched < requiredMatches(topic.length)) return []
    }
    const best = [...group.documents].sort((x, y) =>
      (scores.get(y.document.url) ?? 0) - (scores.get(x.document.url) ?? 0) || compareStrings(x.document.url, y.document.url)
    )[0]!
    return [{ group, isNamed, matched, score: scores.get(best.document.url) ?? 0, document: best.document }]
  })
  fits.sort((x, y) =>
    Number(y.isNamed) - Number(x.isNamed) || y.matched - x.matched || y.score - x.score || compareStrings(x.group.key, y.group.key)
  )
  return fits
    .slice(0, profile.maxSources)
    .map((fit) => ({ name: fit.group.name, document: fit.document }))
}
