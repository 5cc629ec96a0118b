/**
 * The built-in answer engine: serves a platform that has no vendor endpoint configured. It
 * answers from the content the service holds (the `DocumentSource`): BM25 retrieval over the
 * candidates, then an answer that names each retrieved document as an option, quotes the
 * sentences that match the question best, and cites the documents' URLs. Nothing here is random
 * or time-dependent: the same prompt over the same documents gives a byte-identical answer.
 */
import { Cause, Effect, Exit } from "effect"
import type { PlatformKey } from "../domain/platforms.ts"
import { stripWwwPrefix } from "../domain/url.ts"
import type { Answer, AnswerEngine, AnswerRequest } from "./answer-engine.ts"
import type { DocumentSourceShape, SourceDocument } from "./document-source.ts"
import { LOCAL_PROFILES, type LocalProfile } from "./local-profiles.ts"
import { bestSentences, clip, rankBm25 } from "./retrieval.ts"

/** How many candidates the source is asked for before ranking. */
export const CANDIDATE_LIMIT = 50

/** A retrieved document as it appears in an answer. */
interface Choice {
  readonly title: string
  readonly url: string
  readonly sentences: ReadonlyArray<string>
}

const squash = (text: string): string => text.replace(/\s+/g, " ").trim()

const titleOf = (document: SourceDocument): string => {
  const title = squash(document.title)
  if (title.length > 0) return clip(title, 120)
  try {
    return stripWwwPrefix(new URL(document.url).hostname)
  } catch {
    return document.url
  }
}

/** The question as quoted back in the answer: one line, no trailing question mark. */
const topicOf = (prompt: string): string => clip(squash(prompt).replace(/[?？\s]+$/u, ""), 160)

const withStop = (sentence: string): string => (/[.!?…:]$/u.test(sentence) ? sentence : `${sentence}.`)

const quote = (option: Choice): string => option.sentences.map(withStop).join(" ")

const marker = (profile: LocalProfile, index: number): string => (profile.citationMarkers ? ` [${index + 1}]` : "")

const PROSE_OPENERS: ReadonlyArray<(title: string) => string> = [
  (title) => `${title} is a good place to start`,
  (title) => `Another option is ${title}`,
  (title) => `You could also consider ${title}`,
  (title) => `${title} is worth a look as well`,
  (title) => `Finally, there is ${title}`
]

const CONVERSATIONAL_OPENERS: ReadonlyArray<(title: string) => string> = [
  (title) => `you might like ${title}`,
  (title) => `You could also check out ${title}`,
  (title) => `And there is ${title}`
]

const joinNames = (names: ReadonlyArray<string>): string =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`

const compose = (profile: LocalProfile, topic: string, options: ReadonlyArray<Choice>): string => {
  switch (profile.style) {
    case "numbered":
      return [
        `Here are some options for "${topic}":`,
        "",
        ...options.map((option, i) => `${i + 1}. **${option.title}**: ${quote(option)}${marker(profile, i)}`)
      ].join("\n")
    case "bulleted":
      return [
        `A few options for "${topic}":`,
        "",
        ...options.map((option, i) => `- **${option.title}**: ${quote(option)}${marker(profile, i)}`)
      ].join("\n")
    case "prose": {
      const parts = options.map((option, i) => `${PROSE_OPENERS[Math.min(i, PROSE_OPENERS.length - 1)]!(option.title)}: ${quote(option)}${marker(profile, i)}`)
      return `For "${topic}", ${parts.join(" ")}`
    }
    case "conversational": {
      const parts = options.map((option, i) => `${CONVERSATIONAL_OPENERS[Math.min(i, CONVERSATIONAL_OPENERS.length - 1)]!(option.title)}: ${quote(option)}${marker(profile, i)}`)
      return `Happy to help! If you are looking for "${topic}", ${parts.join(" ")}`
    }
    case "overview":
      return [
        `For "${topic}", the sources point to ${joinNames(options.map((option) => option.title))}.`,
        "",
        ...options.map((option, i) => `**${option.title}**: ${quote(option)}${marker(profile, i)}`)
      ].join("\n")
  }
}

const nothingFound = (topic: string): string =>
  `I could not find specific businesses or products for "${topic}" in the sources I have. ` +
  "Try naming a place, a product or a service more precisely."

/** The documents a profile names for `prompt`, best first, one per URL. */
export const retrieve = (
  profile: LocalProfile,
  prompt: string,
  candidates: ReadonlyArray<SourceDocument>
): ReadonlyArray<SourceDocument> => {
  // One document per URL (the first the source gave): a page cited twice is still one source.
  const seen = new Set<string>()
  const unique = candidates.filter((document) => !seen.has(document.url) && (seen.add(document.url), true))
  const ranked = rankBm25(prompt, unique, profile.ranking)
  const top = ranked[0]?.score ?? 0
  return ranked
    .filter((entry) => entry.score >= profile.minScore && entry.score >= top * profile.relativeCutoff)
    .slice(0, profile.maxSources)
    .map((entry) => entry.document)
}

/** The answer a profile gives to `prompt` from `candidates`; pure. */
export const answerFrom = (profile: LocalProfile, prompt: string, candidates: ReadonlyArray<SourceDocument>): Answer => {
  const topic = topicOf(prompt)
  const model = `sightline-local-${profile.name}`
  const documents = retrieve(profile, prompt, candidates)
  if (documents.length === 0) {
    return { text: nothingFound(topic), citations: [], engine: "local", model, costUsd: 0 }
  }
  const options = documents.map((document): Choice => ({
    title: titleOf(document),
    url: document.url,
    sentences: bestSentences(prompt, document.text, profile.sentencesPerSource).map((sentence) => clip(sentence, profile.maxSentenceLength))
  }))
  return {
    text: compose(profile, topic, options),
    citations: options.map((option) => option.url),
    engine: "local",
    model,
    costUsd: 0
  }
}

export const makeLocalAnswerEngine = (platform: PlatformKey, source: DocumentSourceShape): AnswerEngine => {
  const profile = LOCAL_PROFILES[platform]
  return {
    answer: (request: AnswerRequest, signal: AbortSignal) =>
      Effect.runPromiseExit(
        source.candidates(request.prompt, CANDIDATE_LIMIT).pipe(
          Effect.map((candidates) => answerFrom(profile, request.prompt, candidates)),
          Effect.withSpan("LocalAnswerEngine.answer", { attributes: { platform, profile: profile.name } })
        ),
        { signal }
      ).then((exit) => (Exit.isSuccess(exit) ? exit.value : Promise.reject(Cause.squash(exit.cause))))
  }
}
