/**
 * The built-in answer engine, a stand-in for an assistant: serves a platform that has no vendor
 * endpoint configured. It answers from the content the service holds (the `DocumentSource`): it
 * reads the question's topic and places (`question.ts`), names the businesses that fit it
 * (`fitting-entities.ts`: what they offer, where they operate), quotes the sentences of each
 * one's best page that match the question, and cites those pages. A question nothing fits gets
 * an answer that names no business. Nothing here is random or time-dependent: the same prompt
 * over the same documents gives a byte-identical answer.
 */
import { Cause, Effect, Exit } from "effect"
import type { PlatformKey } from "../domain/platforms.ts"
import { cleanText } from "../domain/text.ts"
import { stripWwwPrefix } from "../domain/url.ts"
import type { Answer, AnswerEngine, AnswerRequest } from "./answer-engine.ts"
import type { DocumentSourceShape, SourceDocument } from "./document-source.ts"
import { fittingEntities } from "./fitting-entities.ts"
import { LOCAL_PROFILES, type LocalProfile } from "./local-profiles.ts"
import { type Question, readQuestion } from "./question.ts"
import { bestSentences, clip } from "./retrieval.ts"

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
const topicOf = (prompt: string): string => clip(squash(cleanText(prompt.slice(0, 1_000))).replace(/[?？\s]+$/u, ""), 160)

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

/**
 * The answer when no business fits. It does not repeat the question: a question may hold a
 * business's name, and an answer quoting it would read as naming that business.
 */
export const NOTHING_FOUND =
  "I could not find a business or product that fits this question in the sources I have. " +
  "Try naming a place, a product or a service more precisely."

/** The last line of every answer: a stand-in says it is one, to whoever reads the answer. */
export const STAND_IN_NOTE =
  "(Answered by Sightline's built-in stand-in engine from the sites this service holds, not by the assistant it stands in for.)"

/** The answer a profile gives to `prompt` from `candidates`; pure. */
export const answerFrom = (profile: LocalProfile, prompt: string, candidates: ReadonlyArray<SourceDocument>): Answer =>
  answerQuestion(profile, prompt, readQuestion(prompt), candidates)

const answerQuestion = (profile: LocalProfile, prompt: string, question: Question, candidates: ReadonlyArray<SourceDocument>): Answer => {
  const model = `sightline-local-${profile.name}`
  const fits = fittingEntities(profile, question, candidates)
  if (fits.length === 0) {
    return { text: `${NOTHING_FOUND}\n\n${STAND_IN_NOTE}`, citations: [], engine: "local", model, costUsd: 0 }
  }
  const options = fits.map(({ document, name }): Choice => ({
    title: name === null ? titleOf(document) : clip(squash(name), 120),
    url: document.url,
    sentences: bestSentences(question.search, document.text, profile.sentencesPerSource).map((sentence) => clip(sentence, profile.maxSentenceLength))
  }))
  return {
    text: `${cleanText(compose(profile, topicOf(prompt), options))}\n\n${STAND_IN_NOTE}`,
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
        Effect.suspend(() => {
          const question = readQuestion(request.prompt)
          return source.candidates(question.search, CANDIDATE_LIMIT).pipe(
            Effect.map((candidates) => answerQuestion(profile, request.prompt, question, candidates))
          )
        }).pipe(
          Effect.withSpan("LocalAnswerEngine.answer", { attributes: { platform, profile: profile.name } })
        ),
        { signal }
      ).then((exit) => (Exit.isSuccess(exit) ? exit.value : Promise.reject(Cause.squash(exit.cause))))
  }
}
