/**
 * A question as the built-in answer engine reads it: the places it names, and its topic, the
 * words left once the intent words (best, near me, open on Sunday, reviews...) and the places
 * are set aside. "Best pizza delivery in Chicago?" has the topic pizza, delivery and the place
 * Chicago. Pure and bounded: a long prompt is read up to `MAX_QUESTION` characters.
 */
import { conceptOf, foldedWords, isIntentTerm, membersOf } from "./assistant-words.ts"
import { placesInQuestion } from "./place-phrases.ts"
import { clip, tokenize } from "./retrieval.ts"

export const MAX_QUESTION = 1_000
/** Most topic terms kept: a question is short; a longer one is not made more specific by more words. */
export const MAX_TOPIC_TERMS = 24

export interface TopicTerm {
  /** The stemmed word (`tokenize`). */
  readonly stem: string
  /** Its related-words key (`conceptOf`): what a business must match. */
  readonly concept: string
}

export interface Question {
  /** Folded words, as the mention detector folds them: where a business's name is looked for. */
  readonly words: ReadonlyArray<string>
  /** Stemmed tokens: where a business's known place is looked for. */
  readonly tokens: ReadonlyArray<string>
  /** Places the question names, each as stemmed tokens. */
  readonly places: ReadonlyArray<ReadonlyArray<string>>
  /** It asks for somewhere near the person asking ("near me", "closest to me"), whose place the stand-in never knows. */
  readonly nearMe: boolean
  /**
   * It asks for a business, product or other option to choose ("best", "which", "where", "who",
   * "alternatives", "recommend", "buy"...) rather than for knowledge ("What should I look for in
   * good sourdough?", "How much should I expect to pay?"), which an assistant answers without
   * naming anyone.
   */
  readonly seeksOption: boolean
  /** What it asks about, distinct by concept, in question order. */
  readonly topic: ReadonlyArray<TopicTerm>
  /** The words to look documents up by: topic words, their related words, place words. */
  readonly search: string
}

const NEAR_ME = /\b(?:near|around|close\s+to|closest\s+to|nearest\s+to)\s+(?:me|us|my\s+(?:place|home|house|location|area|office))\b|\bnearby\b|\bnearest\b|\bclosest\b|\bin\s+my\s+area\b/i

/** Words that ask for something to choose: an informational question has none of them. */
const SEEKS_OPTION =
  /\b(?:best|top|top-rated|highest|rated|recommend\w*|suggest\w*|where|which|who|alternatives?|options?|instead|vs|versus|compare|compared|comparison|buy|hire|book|order|shops?|stores?|brands?|tools?|apps?|places?|spots?|providers?|companies|firms)\b/i

export const readQuestion = (prompt: string): Question => {
  const text = clip(prompt, MAX_QUESTION)
  const places = placesInQuestion(text).map((place) => tokenize(place)).filter((tokens) => tokens.length > 0)
  const placeTokens = new Set(places.flat())
  const topic: Array<TopicTerm> = []
  const search: Array<string> = []
  const concepts = new Set<string>()
  for (const word of foldedWords(text)) {
    const stem = tokenize(word)[0]
    if (stem === undefined || isIntentTerm(stem)) continue
    search.push(word)
    if (placeTokens.has(stem)) continue
    const concept = conceptOf(stem)
    if (concepts.has(concept) || topic.length >= MAX_TOPIC_TERMS) continue
    concepts.add(concept)
    topic.push({ stem, concept })
    search.push(...membersOf(concept))
  }
  return { words: foldedWords(text), tokens: tokenize(text), places, nearMe: NEAR_ME.test(text), seeksOption: SEEKS_OPTION.test(text), topic, search: [...new Set(search)].join(" ") }
}
