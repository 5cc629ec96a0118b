/** The 8 AI platform keys, in order, with their display names (docs/decisions.md, Visits). */
import { Schema } from "effect"

export const PLATFORM_KEYS = [
  "ai_platform_1",
  "ai_platform_2",
  "ai_platform_3",
  "ai_platform_4",
  "ai_platform_5",
  "ai_platform_6",
  "ai_platform_7",
  "ai_platform_8"
] as const

export const PlatformKey = Schema.Literal(...PLATFORM_KEYS)
export type PlatformKey = typeof PlatformKey.Type

export const PLATFORM_NAMES: Record<PlatformKey, string> = {
  ai_platform_1: "ChatGPT",
  ai_platform_2: "Claude",
  ai_platform_3: "Gemini",
  ai_platform_4: "Perplexity",
  ai_platform_5: "Copilot",
  ai_platform_6: "Mistral",
  ai_platform_7: "Meta AI",
  ai_platform_8: "Google AI Overviews"
}

/** `ai_platform_3` → 3 */
export const platformNumber = (key: PlatformKey): number => Number(key.slice("ai_platform_".length))
