/**
 * How the built-in answer engine behaves for each platform key. Real assistants differ in how
 * many sources they cite, how they rank and how they lay out an answer; the profiles reproduce
 * that spread deterministically, so the 8 local platforms do not all give one answer. Which
 * businesses may be named at all is the same rule for all 8 (`fitting-entities.ts`).
 */
import type { PlatformKey } from "../domain/platforms.ts"
import type { Bm25Parameters } from "./retrieval.ts"

/**
 * `numbered`: "1. **Name**: …" list; `bulleted`: "- **Name**: …" list; `prose`: a paragraph
 * naming each option in turn; `conversational`: the same in a chattier voice; `overview`: a
 * one-line summary of the names, then one short line each.
 */
export type AnswerStyle = "numbered" | "bulleted" | "prose" | "conversational" | "overview"

export interface LocalProfile {
  /** Part of the reported model, `sightline-local-<name>`. */
  readonly name: string
  readonly ranking: Bm25Parameters
  /** Most businesses named and cited (2 to 5). */
  readonly maxSources: number
  /** Sentences quoted from each document (1 or 2). */
  readonly sentencesPerSource: number
  /** Longest quoted sentence, in characters. */
  readonly maxSentenceLength: number
  readonly style: AnswerStyle
  /** Whether the text carries `[n]` markers pointing at the n-th citation. */
  readonly citationMarkers: boolean
}

export const LOCAL_PROFILES: Record<PlatformKey, LocalProfile> = {
  ai_platform_1: {
    name: "listwise",
    ranking: { k1: 1.2, b: 0.75, titleBoost: 2 },
    maxSources: 5,
    sentencesPerSource: 2,
    maxSentenceLength: 220,
    style: "numbered",
    citationMarkers: false
  },
  ai_platform_2: {
    name: "balanced",
    ranking: { k1: 1.5, b: 0.8, titleBoost: 1.5 },
    maxSources: 3,
    sentencesPerSource: 2,
    maxSentenceLength: 240,
    style: "prose",
    citationMarkers: false
  },
  ai_platform_3: {
    name: "concise",
    ranking: { k1: 1.0, b: 0.6, titleBoost: 2.5 },
    maxSources: 4,
    sentencesPerSource: 1,
    maxSentenceLength: 160,
    style: "bulleted",
    citationMarkers: false
  },
  ai_platform_4: {
    name: "cited",
    ranking: { k1: 1.2, b: 0.75, titleBoost: 1 },
    maxSources: 5,
    sentencesPerSource: 2,
    maxSentenceLength: 240,
    style: "numbered",
    citationMarkers: true
  },
  ai_platform_5: {
    name: "broad",
    ranking: { k1: 1.6, b: 0.9, titleBoost: 1.2 },
    maxSources: 3,
    sentencesPerSource: 1,
    maxSentenceLength: 200,
    style: "bulleted",
    citationMarkers: true
  },
  ai_platform_6: {
    name: "precise",
    ranking: { k1: 0.9, b: 0.5, titleBoost: 3 },
    maxSources: 2,
    sentencesPerSource: 1,
    maxSentenceLength: 200,
    style: "prose",
    citationMarkers: false
  },
  ai_platform_7: {
    name: "conversational",
    ranking: { k1: 2.0, b: 0.75, titleBoost: 1 },
    maxSources: 3,
    sentencesPerSource: 1,
    maxSentenceLength: 180,
    style: "conversational",
    citationMarkers: false
  },
  ai_platform_8: {
    name: "overview",
    ranking: { k1: 1.2, b: 0.4, titleBoost: 2 },
    maxSources: 4,
    sentencesPerSource: 1,
    maxSentenceLength: 160,
    style: "overview",
    citationMarkers: true
  }
}
