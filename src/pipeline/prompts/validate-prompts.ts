/**
 * The rules a prompt must meet, whoever wrote it (the language model or the built-in generator).
 * Pure and deterministic: the same candidates and facts are always accepted and rejected alike.
 *
 * A prompt is what a potential customer would type into an AI assistant: one sentence, 4 to 30
 * words, no URL, distinct from the others once case, spacing, punctuation and accents are
 * ignored, not a near-duplicate of another (80% of its content words shared), naming no place or
 * brand the facts do not know (a capitalised word past the first), and about the entity's field. Few may name the entity itself (at most 10% of the set):
 * an answer to "Is Acme any good?" names Acme whatever its visibility, so such prompts measure
 * nothing but navigation.
 *
 * Relevance ("about the field"): a prompt is relevant when
 * 1. it names the entity (a brand-navigational prompt; capped as above), or
 * 2. one of its content words is a term of the facts' category, offerings or keywords (same
 *    light stem, or a shared prefix of 5+ letters: `bakeries` ~ `bakery`, `baker` ~ `bakery`), or
 * 3. it names the facts' place and carries a buying or selection intent ("best", "where can I",
 *    "recommend", "price", "near me"…): "best places to eat in Lyon" for a Lyon bakery, but not
 *    "what is the weather in Lyon", or
 * 4. the facts are too thin to judge (fewer than 2 field terms, e.g. only a name and a URL) and
 *    the prompt carries a buying or selection intent.
 * Audience words do not count on their own: "activities for families" is not about a bakery.
 */
import { isCommonWord } from "../../domain/common-words.ts"
import { aliasesFor, detectMention } from "../../domain/mention/index.ts"
import { displayPhrase, isDescriptiveName } from "./english.ts"
import { LOCAL_TEMPLATE_WORDS } from "./local-templates.ts"
import type { PromptFacts } from "./prompt-facts.ts"
import { contentWords, fold, phraseKey, sameTerm, squish, stem, STOP_WORDS, wordsOf } from "./prompt-text.ts"
import { escapeRegExp } from "../../domain/regex.ts"
import { stripWwwPrefix } from "../../domain/url.ts"

export const MIN_WORDS = 4
export const MAX_WORDS = 30
/** Share of a prompt set that may name the entity. */
export const MAX_BRAND_SHARE = 0.1
export const DEFAULT_PROMPT_COUNT = 100

export type RejectionReason =
  | "empty"
  | "multiline"
  | "url"
  | "several_sentences"
  | "bad_ending"
  | "too_short"
  | "too_long"
  | "duplicate"
  | "near_duplicate"
  | "unknown_name"
  | "too_many_brand_prompts"
  | "off_topic"

export interface Rejection {
  readonly prompt: string
  readonly reason: RejectionReason
}

export interface ValidationResult {
  readonly accepted: Array<string>
  readonly rejected: Array<Rejection>
}

export interface ValidationOptions {
  /** Size of the prompt set the candidates are for; the brand cap is 10% of it. Default 100. */
  readonly count?: number
  /** Prompts accepted earlier (an earlier round): candidates must differ from them, and their brand prompts count toward the cap. */
  readonly existing?: ReadonlyArray<string>
}

/**
 * The key two prompts are compared under: case, accents, punctuation and spacing ignored.
 * `What's the BEST  café in Lyon?` and `whats the best cafe in lyon` share a key.
 */
export const normalizePrompt = (prompt: string): string => phraseKey(prompt)

const QUESTION_START = new Set(
  `what which who whom whose where when why how is are am was were do does did can could should would will shall may
  might must has have had any anyone anybody isnt arent dont doesnt didnt cant wont shouldnt wouldnt whats wheres whos hows`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/**
 * The prompt as it will be stored: list markers (`1.`, `-`, `•`) and wrapping quotes removed,
 * spaces collapsed, and a question ending in `?` (`what is the best bakery in Lyon` →
 * `what is the best bakery in Lyon?`). Newlines are kept so that the validator can refuse them.
 */
export const cleanPrompt = (raw: string): string => {
  let prompt = raw.replace(/[ \t\u00a0]+/g, " ").trim()
  prompt = prompt.replace(/^(?:\d{1,3}[.)]|[-*•·]|\(\d{1,3}\))\s+/u, "")
  for (let i = 0; i < 2; i++) {
    const quoted = /^(["'“”‘’«»])([\s\S]*)(["'“”‘’«»])$/u.exec(prompt)
    if (quoted === null) break
    prompt = quoted[2]!.trim()
  }
  const first = wordsOf(prompt)[0]
  if (first !== undefined && QUESTION_START.has(first)) {
    if (prompt.endsWith(".") && !prompt.endsWith("..")) prompt = `${prompt.slice(0, -1).trimEnd()}?`
    else if (/[\p{L}\p{N})"'’”]$/u.test(prompt)) prompt = `${prompt}?`
  }
  return prompt
}

/** The words two prompts are compared by for near-duplicates: content words, stemmed. */
export const shapeOf = (prompt: string): ReadonlySet<string> => new Set(wordsOf(prompt).filter((w) => !STOP_WORDS.has(w)).map(stem))

export const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 && b.size === 0) return 1
  let shared = 0
  for (const word of a) if (b.has(word)) shared++
  return shared / (a.size + b.size - shared)
}

/** Two prompts sharing this share of their content words ask the same thing in other words. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8

const DAYS_AND_MONTHS = new Set(
  `monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays
  january february march april may june july august september october november december christmas easter i`
    .split(/\s+/)
    .filter((w) => w.length > 0)
)

/**
 * Capitalised words past the first that the facts do not know: another city ("in Chicago"),
 * another brand ("like Starbucks"). A prompt naming what the facts never said measures nothing
 * about the entity.
 */
const unknownNamesOf = (facts: PromptFacts) => {
  const known = new Set(
    wordsOf([facts.name, facts.businessName, facts.place ?? "", facts.category ?? "", ...facts.offerings, ...facts.keywords,
      ...facts.audience, ...(facts.features ?? []), ...(facts.openDays ?? [])].join(" ")).map(stem)
  )
  for (const alias of namesOf(facts)) for (const word of wordsOf(alias)) known.add(stem(word))
  // A prompt in the site's own language writes the nouns of its frame with capitals ("Preise" in German).
  if (facts.language !== undefined && facts.language !== "en") for (const word of wordsOf([...LOCAL_TEMPLATE_WORDS].join(" "))) known.add(stem(word))
  return (prompt: string): boolean => {
    const tokens = prompt.split(/[\s,;:!?()"“”]+/u).filter((w) => w.length > 0)
    return tokens.slice(1).some((token) => {
      if (!/^\p{Lu}/u.test(token)) return false
      return wordsOf(token).some((word) => !DAYS_AND_MONTHS.has(fold(word)) && !known.has(stem(word)))
    })
  }
}

const URL_PATTERN =
  /https?:\/\/|\bwww\.|@[\p{L}\p{N}-]+\.|\b[\p{L}\p{N}-]+\.(?:com|net|org|io|co|ai|app|dev|fr|de|uk|us|eu|ca|au|es|it|nl|be|ch|at|ie|nz|shop|store|biz|info|online|site|xyz|tech)\b/iu

/** Words before a dot that do not end a sentence: `vs.`, `e.g.`, `St.`, `Dr.`, initials. */
const ABBREVIATIONS = new Set(
  "vs v e.g i.e etc st dr mr mrs ms mt ft jr sr inc ltd co corp no approx ave blvd rd u.s u.k a.m p.m dept est fig min max"
    .split(" ")
)

/** True when a sentence ends before the last character: `Is it good? And cheap?`. */
const hasSeveralSentences = (prompt: string): boolean => {
  for (const match of prompt.matchAll(/[.!?…]+(?=\s+\S)/gu)) {
    const mark = match[0]
    if (mark === ".") {
      const before = prompt.slice(0, match.index)
      const token = /([\p{L}\p{N}.]+)$/u.exec(before)?.[1]?.toLowerCase() ?? ""
      if (ABBREVIATIONS.has(token) || /^\p{L}$/u.test(token) || /^(?:\p{L}\.)+\p{L}$/u.test(token)) continue
    }
    return true
  }
  return false
}

/** Ends in `?`, a single `.`, or no punctuation at all. */
const hasGoodEnding = (prompt: string): boolean =>
  prompt.endsWith("?") ? !/[?!]{2,}$/.test(prompt) : prompt.endsWith(".") ? !prompt.endsWith("..") : /[\p{L}\p{N})"'’”%]$/u.test(prompt)

/** Buying and selection intents, on folded text. */
const SELECTION_INTENT =
  /\b(?:best|top|top rated|recommend\w*|good|great|reliable|trusted|trustworthy|reputable|choose|choosing|pick|compare|comparison|vs|versus|better|cheap\w*|affordable|budget|price[sd]?|pricing|costs?|worth|value|reviews?|rated|ratings?|reputation|alternatives?|near me|nearby|hire|hiring|buy|buying|purchase|book|booking|order|find|look(?:ing)? for|where can|where (?:should|do|to)|which|options?|providers?|quality|deals?|discounts?|shop|store)\b/

interface Vocabulary {
  readonly field: ReadonlyArray<string>
  readonly place: ReadonlyArray<string>
}

const vocabularyOf = (facts: PromptFacts): Vocabulary => {
  const field = new Set<string>()
  for (const phrase of [facts.category ?? "", ...facts.offerings, ...facts.keywords]) {
    for (const word of contentWords(phrase)) field.add(stem(word))
  }
  const name = new Set(wordsOf(namesOf(facts).filter((n) => !describes(n, facts)).join(" ")).map(stem))
  const place = new Set(contentWords(facts.place ?? "").map(stem))
  // A model's kind, an offering of its own that does not name it ("safety boot" for the Ridge S3
  // Safety Boot), says its words are the field's.
  // So does a site's own word for its kind, written on its pages as a common noun ("le camping" at
  // Camping Les Pins): its name holds it as the kind, not as the brand.
  const kindWords = new Set(facts.kind === "product"
    ? facts.offerings.filter((o) => !matcherOf(facts)(o)).flatMap((o) => contentWords(o)).map(stem)
    : contentWords(facts.siteCategory ?? "").map(stem))
  for (const word of kindWords) field.add(word)
  // Words of the name are not field terms: "Acme Bakery" makes "bakery" a term only if the
  // category or offerings say so too. (A product's descriptive name is no name: see namesOf.)
  return { field: [...field].filter((t) => !name.has(t) || kindWords.has(t)), place: [...place] }
}

/** The names that count as naming the entity: its name, its business's name, and their derived spellings. */
const namesOf = (facts: PromptFacts): ReadonlyArray<string> => {
  const names = [...new Set([facts.name, facts.businessName].map(squish).filter((n) => n.length > 0))]
  return [...new Set([...names, ...names.flatMap(aliasesFor)])]
}

/**
 * A product's descriptive name ("Dental implants", "Butter croissant") is what customers ask for:
 * it names the product only when written with its capitals, and its words are field terms. So do
 * its other spellings ("Wine tour and lunch" for "Wine tour & lunch").
 */
const describes = (name: string, facts: PromptFacts): boolean =>
  facts.kind === "product" && (isDescriptiveName(facts.name) || tradeAcronym(facts)) &&
  [facts.name, ...aliasesFor(facts.name)].some((spelling) => phraseKey(name) === phraseKey(spelling))

/**
 * Capitals alone that the site writes before lower-case words in two of the product's offerings
 * ("BIAB overlay", "BIAB infill") name a kind of thing, as "OCT scan" does, not a model.
 */
const tradeAcronym = (facts: PromptFacts): boolean => {
  const name = squish(facts.name)
  if (!/^\p{Lu}{2,}$/u.test(name)) return false
  const opening = new RegExp(`^${escapeRegExp(name)}\\s+\\p{Ll}`, "u")
  return facts.offerings.filter((o) => opening.test(o)).length >= 2
}

const hostOf = (url: string): string | undefined => {
  try {
    return stripWwwPrefix(new URL(url).hostname.toLowerCase())
  } catch {
    return undefined
  }
}

/**
 * Whether the prompt names the entity: the mention detector that judges answers sees it, or one of
 * its names occurs as a phrase. A name made only of ordinary words ("The Bread Shop") must be
 * written with its capitals to count, or every bread-shop prompt would be a brand prompt.
 */
export const namesEntity = (prompt: string, facts: PromptFacts): boolean => matcherOf(facts)(prompt)

const matcherOf = (facts: PromptFacts) => {
  const names = namesOf(facts)
  const host = hostOf(facts.url)
  const detected = names.filter((n) => !describes(n, facts))
  const target = { names: detected.slice(0, 1), aliases: detected.slice(1), domains: host === undefined ? [] : [host], urls: [] }
  const ordinary = (name: string) => describes(name, facts) || wordsOf(name).every((w) => isCommonWord(w) || /^\d+$/.test(w))
  const plain = names.filter((n) => !ordinary(n))
  const deaccent = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "")
  // Case-sensitive, accents aside: "The Bread Shop" names it, "a bread shop" does not.
  // A described product's name as ordinary text writes it ("flower subscription", "EV charger
  // installation"): written so, it describes the thing and never names the entity.
  const capitalised = names.filter(ordinary).filter((name) => !(describes(name, facts) && displayPhrase(name) === squish(name))).map((name) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(deaccent(squish(name)))}(?![\\p{L}\\p{N}])`, "u")
  )
  return (prompt: string): boolean => {
    if (names.length === 0) return false
    const key = ` ${phraseKey(prompt)} `
    if (plain.some((name) => key.includes(` ${phraseKey(name)} `))) return true
    const flat = deaccent(prompt)
    if (capitalised.some((pattern) => pattern.test(flat))) return true
    return detectMention({ text: prompt, citations: [] }, target).visible
  }
}


const relevanceOf = (facts: PromptFacts) => {
  const vocabulary = vocabularyOf(facts)
  const thin = vocabulary.field.length < 2
  return (prompt: string): boolean => {
    const stems = contentWords(prompt).map(stem)
    if (stems.some((s) => vocabulary.field.some((t) => sameTerm(s, t)))) return true
    const intent = SELECTION_INTENT.test(phraseKey(prompt))
    if (intent && vocabulary.place.length > 0 && stems.some((s) => vocabulary.place.includes(s))) return true
    return thin && intent
  }
}

/** Relevance test (see the header): exported for tests and for explaining rejections. */
export const isAboutField = (prompt: string, facts: PromptFacts): boolean => relevanceOf(facts)(prompt)

export type Verdict =
  | { readonly ok: true; readonly prompt: string }
  | { readonly ok: false; readonly prompt: string; readonly reason: RejectionReason }

export interface PromptValidator {
  /** Checks one candidate against the rules and against every prompt accepted so far; accepts it if it passes. */
  readonly offer: (candidate: string) => Verdict
  readonly accepted: () => ReadonlyArray<string>
  readonly brandPrompts: () => number
}

/**
 * An incremental validator: what it accepts it remembers, so later candidates must differ from
 * earlier ones and share the brand cap with them. `existing` prompts are taken as accepted.
 */
export const makePromptValidator = (facts: PromptFacts, options: ValidationOptions = {}): PromptValidator => {
  const count = options.count ?? DEFAULT_PROMPT_COUNT
  const brandCap = Math.floor(count * MAX_BRAND_SHARE)
  const names = matcherOf(facts)
  const relevant = relevanceOf(facts)
  const unknownName = unknownNamesOf(facts)
  const keys = new Set<string>()
  const shapes: Array<ReadonlySet<string>> = []
  const accepted: Array<string> = []
  let brand = 0
  for (const prompt of options.existing ?? []) {
    keys.add(normalizePrompt(prompt))
    shapes.push(shapeOf(prompt))
    accepted.push(prompt)
    if (names(prompt)) brand += 1
  }

  const check = (prompt: string): RejectionReason | undefined => {
    if (normalizePrompt(prompt) === "") return "empty"
    if (/[\r\n\u2028\u2029]/.test(prompt)) return "multiline"
    if (URL_PATTERN.test(prompt)) return "url"
    if (hasSeveralSentences(prompt)) return "several_sentences"
    if (!hasGoodEnding(prompt)) return "bad_ending"
    const words = prompt.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
    if (words < MIN_WORDS) return "too_short"
    if (words > MAX_WORDS) return "too_long"
    if (keys.has(normalizePrompt(prompt))) return "duplicate"
    const shape = shapeOf(prompt)
    if (shapes.some((other) => jaccard(shape, other) >= NEAR_DUPLICATE_SIMILARITY)) return "near_duplicate"
    if (unknownName(prompt)) return "unknown_name"
    return undefined
  }

  const offer = (candidate: string): Verdict => {
    const prompt = cleanPrompt(candidate)
    const reason = check(prompt)
    if (reason !== undefined) return { ok: false, prompt, reason }
    const naming = names(prompt)
    if (naming && brand >= brandCap) return { ok: false, prompt, reason: "too_many_brand_prompts" }
    if (!naming && !relevant(prompt)) return { ok: false, prompt, reason: "off_topic" }
    keys.add(normalizePrompt(prompt))
    shapes.push(shapeOf(prompt))
    accepted.push(prompt)
    if (naming) brand += 1
    return { ok: true, prompt }
  }

  return { offer, accepted: () => accepted.slice(), brandPrompts: () => brand }
}

/**
 * Splits candidates into the accepted (cleaned, in order) and the rejected with a reason. The
 * accepted list is not cut to `count`: the caller decides what to do with extras.
 */
export const validatePrompts = (
  candidates: ReadonlyArray<string>,
  facts: PromptFacts,
  options: ValidationOptions = {}
): ValidationResult => {
  const validator = makePromptValidator(facts, options)
  const accepted: Array<string> = []
  const rejected: Array<Rejection> = []
  for (const candidate of candidates) {
    const verdict = validator.offer(candidate)
    if (verdict.ok) accepted.push(verdict.prompt)
    else rejected.push({ prompt: verdict.prompt, reason: verdict.reason })
  }
  return { accepted, rejected }
}
