/**
 * An entity's prompt set, by configuration: with `LLM_*` set, the language model's prompts
 * (topped up by the built-in generator when it falls short); without, or when the model fails,
 * the built-in generator's. Never fails: a prompt set is always produced.
 */
import { Effect, Option } from "effect"
import type { PlatformEndpoint } from "../../config/app-config.ts"
import { builtinPrompts } from "./builtin-generator.ts"
import type { PromptFacts } from "./prompt-facts.ts"
import { type LlmPromptOptions, llmPromptsWithSources } from "./llm-generator.ts"
import { DEFAULT_PROMPT_COUNT } from "./validate-prompts.ts"
import type { ModelUsage } from "../../domain/site-events.ts"

export type PromptGenerator = "llm" | "builtin" | "llm+builtin"

export interface GeneratedPrompts {
  readonly prompts: ReadonlyArray<string>
  /** Where the prompts came from: the model alone, the built-in generator alone, or both. */
  readonly generator: PromptGenerator
  /** The tokens the model's calls used (absent when no model wrote any prompt). */
  readonly usage?: typeof ModelUsage.Type
}

const builtin = (facts: PromptFacts, count: number): GeneratedPrompts => ({
  prompts: builtinPrompts(facts, count),
  generator: "builtin"
})

export const generatePrompts = Effect.fn("PromptGeneration.generate")(function*(
  facts: PromptFacts,
  llm: Option.Option<PlatformEndpoint>,
  count: number = DEFAULT_PROMPT_COUNT,
  options: LlmPromptOptions = {}
) {
  if (Option.isNone(llm)) return builtin(facts, count)
  return yield* llmPromptsWithSources(facts, llm.value, count, options).pipe(
    Effect.map((result): GeneratedPrompts => ({
      prompts: result.prompts,
      generator: result.fromBuiltin === 0 ? "llm" : "llm+builtin",
      usage: { model: llm.value.model, ...result.usage }
    })),
    Effect.catchTag("PromptGenerationFailed", (error) =>
      Effect.logWarning("LLM prompt generation failed; using the built-in generator").pipe(
        Effect.annotateLogs({ reason: error.reason, message: error.message }),
        // A model that answered and came to nothing was still paid: its tokens go with the set.
        Effect.as(error.usage === undefined ? builtin(facts, count) : { ...builtin(facts, count), usage: { model: llm.value.model, ...error.usage } })
      ))
  )
})
