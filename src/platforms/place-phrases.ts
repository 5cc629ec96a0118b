/**
 * Place names as people write them in a question or on a business's pages: a capitalised run
 * after "in", "near", "around" ("in Asheville", "in the heart of Lyon", "near New York City"),
 * the town after a street address ("12 rue de la Paix, Lyon"), and, in a question, a
 * capitalised run that ends it ("custom birthday cake Asheville"). The built-in answer engine
 * compares the places a question names with the places a business operates in.
 */
import { isCapitalisedCommonWord, isCommonWord } from "../domain/common-words.ts"
import { isIntentTerm } from "./assistant-words.ts"
import { stem } from "./retrieval.ts"

/** Longest text read for places, in UTF-16 units: a page's opening says where the business is. */
const MAX_SCANNED = 4_000
/** Most words in one place name ("Saint-Martin-de-Belleville" is one word). */
const MAX_PLACE_WORDS = 4

const WORD = String.raw`\p{Lu}[\p{L}\p{M}'’.-]*`
const RUN = String.raw`${WORD}(?:(?:\s+|,\s*)${WORD}){0,${MAX_PLACE_WORDS + 2}}`
// The prepositions are matched in either case ("In Lyon" in a title-cased question), the names
// only capitalised: a case-insensitive flag would let a name run on into ordinary words.
const AFTER_PREPOSITION = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:[Ii]n|[Nn]ear|[Aa]round|[Aa]cross|[Tt]hroughout|[Ss]erving|[Bb]ased\s+in|[Ll]ocated\s+in)\s+(?:the\s+)?(?:(?:heart|centre|center|middle)\s+of\s+)?(${RUN})`,
  "gu"
)
const AFTER_ADDRESS = new RegExp(String.raw`\d[^,\n]{2,60},\s*(${WORD}(?:\s+${WORD}){0,${MAX_PLACE_WORDS - 1}})`, "gu")
const AT_END = new RegExp(String.raw`\s(${WORD}(?:\s+${WORD}){0,${MAX_PLACE_WORDS - 1}})[\s?.!]*$`, "u")

const isCapitalised = (word: string): boolean => /^\p{Lu}/u.test(word)

/**
 * The words of a run, up to the end of its sentence: "Chicago. Delivery" is the town then the
 * next sentence; "St. Louis" goes on (a dot after three letters or fewer is an abbreviation).
 */
const wordsOfRun = (run: string): ReadonlyArray<string> => {
  const words: Array<string> = []
  for (const raw of run.split(/[\s,]+/)) {
    const word = raw.replace(/[.'’-]+$/u, "")
    if (word !== "") words.push(word)
    if (raw.endsWith(".") && word.length > 3) break
  }
  return words
}

/** A capitalised word that can be part of a name: not a weekday or month, not "Open" or "Best". */
const isNameWord = (word: string): boolean =>
  isCapitalised(word) && !isCapitalisedCommonWord(word) && !isIntentTerm(stem(word.toLowerCase()))

/**
 * A run after a preposition cut to a place: its words up to the first that is not a name word
 * ("Lyon, France" keeps both words: either may be what a question names), at most
 * `MAX_PLACE_WORDS`. Ordinary words stay ("New York", "Long Beach"): the preposition says a
 * place follows.
 */
const placeOf = (run: string): string | undefined => {
  const kept: Array<string> = []
  for (const word of wordsOfRun(run)) {
    if (!isNameWord(word)) break
    kept.push(word)
    if (kept.length >= MAX_PLACE_WORDS) break
  }
  return kept.length === 0 ? undefined : kept.join(" ")
}

/**
 * A capitalised run ending a question cut to a place: its last words that are neither ordinary
 * nor intent words, since without a preposition a title-cased question ("Best Bakery In Lyon")
 * or a brand ("Crumb Bakery") can end the same way.
 */
const trailingPlaceOf = (run: string): string | undefined => {
  const words = wordsOfRun(run)
  let start = words.length
  while (start > 0 && words.length - start < MAX_PLACE_WORDS && isNameWord(words[start - 1]!) && !isCommonWord(words[start - 1]!)) start--
  return start === words.length ? undefined : words.slice(start).join(" ")
}

/** Places a page's text names: after a preposition and after a street address, in order. */
export const placesInText = (text: string): ReadonlyArray<string> => {
  const scanned = text.slice(0, MAX_SCANNED)
  const found: Array<string> = []
  for (const pattern of [AFTER_PREPOSITION, AFTER_ADDRESS]) {
    for (const match of scanned.matchAll(pattern)) {
      const place = placeOf(match[1]!)
      if (place !== undefined) found.push(place)
    }
  }
  return found
}

/**
 * Places a question names: those of `placesInText`, and a capitalised run ending it when the
 * run does not start the question ("Crumb Bakery reviews" is no place; "bakery Asheville" is).
 */
export const placesInQuestion = (question: string): ReadonlyArray<string> => {
  const found = [...placesInText(question)]
  const end = AT_END.exec(question.slice(0, MAX_SCANNED))
  if (end !== null) {
    const place = trailingPlaceOf(end[1]!)
    if (place !== undefined) found.push(place)
  }
  return found
}
