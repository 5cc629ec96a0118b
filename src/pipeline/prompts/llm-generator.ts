/**
 * Prompt generation by a language model (`LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`) through the
 * official `openai` client, with structured output. The answer is never trusted: every prompt goes
 * through `validate-prompts`; when fewer than `count` survive, the model is asked for the missing
 * number (shown what it already gave, so it does not repeat itself), up to 3 rounds; whatever is
 * still missing comes from the built-in generator, so a success is always exactly `count` prompts.
 *
 * Each call has its own timeout (60 s) and its own retries (2, jittered exponential backoff) on
 * retryable failures only (429, 5xx, 408/409, timeouts, connection errors); the client's own
 * retries are off so the two do not multiply. Interrupting the effect aborts the HTTP request.
 * The API key is never logged: error messages are scrubbed of it before they go anywhere.
 */
import { Data, Duration, Effect, Redacted, Schedule, Schema } from "effect"
import type OpenAI from "openai"
import { LLM_RESPONSE_LIMIT, loadedOpenAi, makeOpenAiClient } from "../../platforms/openai-client.ts"
import type { PlatformEndpoint } from "../../config/app-config.ts"
import { builtinTopUp } from "./builtin-generator.ts"
import type { PromptFacts } from "./prompt-facts.ts"
import {
  DEFAULT_PROMPT_COUNT,
  MAX_BRAND_SHARE,
  MAX_WORDS,
  MIN_WORDS,
  type RejectionReason,
  validatePrompts
} from "./validate-prompts.ts"
import { cleanText, truncateCodePoints } from "../../domain/text.ts"

/** Prompt generation gave nothing usable: the model failed or every answer was unusable. */
export class PromptGenerationFailed extends Schema.TaggedError<PromptGenerationFailed>()("PromptGenerationFailed", {
  reason: Schema.Literal("request_failed", "no_valid_prompts"),
  message: Schema.String,
  /** The tokens of the answers the model gave before it came to nothing: spent all the same. */
  usage: Schema.optional(Schema.Struct({ promptTokens: Schema.Number, completionTokens: Schema.Number, usd: Schema.NullOr(Schema.Number) }))
}) {}

export interface LlmPromptOptions {
  /** Bound on one call. Default 60 000 ms. */
  readonly timeoutMs?: number
  /** Retries of a retryable failure per call. Default 2. */
  readonly retries?: number
  /** First backoff delay; doubles per retry, jittered, capped at 10 s. Default 500 ms. */
  readonly retryBaseDelayMs?: number
  /** Requests to the model at most (the first and the follow-ups). Default 3. */
  readonly maxRounds?: number
}

export interface LlmPromptsResult {
  /** Exactly `count` prompts: the model's first, then the built-in top-up. */
  readonly prompts: ReadonlyArray<string>
  readonly fromLlm: number
  readonly fromBuiltin: number
  /** Requests answered by the model (retries not counted). */
  readonly rounds: number
  /** The tokens the answered requests used, and USD when the vendor reported a cost (none is guessed). */
  readonly usage: { readonly promptTokens: number; readonly completionTokens: number; readonly usd: number | null }
}

/** The `usage` a chat completion reports: its tokens (0 when not reported) and the vendor's cost if it gives one. */
const usageOf = (response: unknown) => {
  const usage = typeof response === "object" && response !== null ? (response as Record<string, unknown>)["usage"] : undefined
  const field = (name: string): unknown => typeof usage === "object" && usage !== null ? (usage as Record<string, unknown>)[name] : undefined
  const tokens = (name: string) => {
    const value = field(name)
    return Number.isSafeInteger(value) && (value as number) >= 0 ? value as number : 0
  }
  const cost = field("cost")
  return { promptTokens: tokens("prompt_tokens"), completionTokens: tokens("completion_tokens"), usd: typeof cost === "number" && Number.isFinite(cost) ? cost : null }
}

/** Longest error message kept from a vendor's response body. */
const MAX_ERROR_MESSAGE = 300

/** A failed call, internal to this module. */
class LlmCallError extends Data.TaggedError("LlmCallError")<{
  readonly reason: "timeout" | "rate_limited" | "server_error" | "connection" | "client_error" | "bad_response"
  readonly retryable: boolean
  readonly status: number | null
  readonly message: string
}> {}

const scrubber = (secret: string) => (message: string) => {
  const clean = cleanText(secret.length > 0 ? message.split(secret).join("[redacted]") : message)
  return clean.length > MAX_ERROR_MESSAGE ? `${truncateCodePoints(clean, MAX_ERROR_MESSAGE - 1)}…` : clean
}

const toCallError = (error: unknown, scrub: (message: string) => string): LlmCallError => {
  const make = (reason: LlmCallError["reason"], retryable: boolean, status: number | null, message: string) =>
    new LlmCallError({ reason, retryable, status, message: scrub(message) })
  const api = loadedOpenAi()
  // Before the module is loaded no call was made, so nothing thrown is the client's.
  if (api !== undefined) {
    // Connection errors are APIErrors without a status: test them before the status checks.
    if (error instanceof api.APIConnectionTimeoutError) return make("timeout", true, null, error.message)
    if (error instanceof api.APIConnectionError) return make("connection", true, null, error.message)
    if (error instanceof api.APIUserAbortError) return make("connection", true, null, "The request was aborted")
    if (error instanceof api.APIError && typeof error.status === "number") {
      const status = error.status
      if (status === 429) return make("rate_limited", true, status, error.message)
      if (status >= 500) return make("server_error", true, status, error.message)
      if (status === 408 || status === 409) return make("client_error", true, status, error.message)
      return make("client_error", false, status, error.message)
    }
  }
  return make("bad_response", false, null, error instanceof Error ? `Unreadable response: ${error.message}` : "Unreadable response")
}

/** Structured output: an object holding the array of prompts, nothing else. */
export const RESPONSE_FORMAT: OpenAI.ResponseFormatJSONSchema = {
  type: "json_schema",
  json_schema: {
    name: "prompts",
    strict: true,
    schema: {
      type: "object",
      properties: { prompts: { type: "array", items: { type: "string" } } },
      required: ["prompts"],
      additionalProperties: false
    }
  }
}

const describeEntity = (facts: PromptFacts): string => {
  const lines = [
    `Name: ${facts.name}`,
    facts.kind === "product" ? `Kind: a product sold by ${facts.businessName}` : "Kind: a business",
    `Website: ${facts.url}`,
    facts.category === null ? undefined : `Field: ${facts.category}`,
    facts.offerings.length === 0 ? undefined : `Offers: ${facts.offerings.join("; ")}`,
    facts.place === null ? "Place: online or unknown" : `Place: ${facts.place}`,
    facts.visitable === false ? "Customers never come to a place of it: it is software, or a shop that only ships" : undefined,
    facts.audience.length === 0 ? undefined : `Serves: ${facts.audience.join("; ")}`,
    facts.keywords.length === 0 ? undefined : `Other terms from its website: ${facts.keywords.join(", ")}`,
    (facts.features ?? []).length === 0 ? undefined : `Features its website states: ${(facts.features ?? []).join("; ")}`,
    (facts.openDays ?? []).length === 0 || facts.visitable === false ? undefined : `Open on: ${(facts.openDays ?? []).join(", ")}`
  ]
  return lines.filter((line): line is string => line !== undefined).join("\n")
}

const systemMessage = (facts: PromptFacts, count: number): string => {
  const brandMax = Math.floor(count * MAX_BRAND_SHARE)
  return [
    "You write search prompts for measuring how visible a business or product is in AI assistants.",
    "Each prompt is something a potential customer would type into an AI assistant such as ChatGPT while looking for",
    "what this entity offers, before they know which business or product to choose.",
    "Rules:",
    `- Each prompt is exactly one sentence of ${MIN_WORDS} to ${MAX_WORDS} words, in plain English, on one line.`,
    "- Write from the customer's point of view, about the entity's field, offerings, place and audience.",
    facts.kind === "product"
      ? `- Every prompt is about ${facts.name} (what it is, not its brand name), with ${facts.businessName} and its place only as context.`
      : "- Every offering listed appears in several prompts.",
    "- Name only the offerings, features, days and place listed here: never another city, brand or product.",
    ...(facts.visitable === false
      ? [
        "- Mix intents: best <offering> in <place>, comparisons, alternatives, price, feature filters, how-to that leads to",
        "  an offering, audience-specific, problem/solution. Nothing \"near me\" and no opening hours: nobody visits it."
      ]
      : [
        "- Mix intents: best <offering> in <place>, <offering> near me in <place> (never \"near me\" without the place), comparisons, alternatives, price, opening hours",
        "  and days, dietary or feature filters, how-to that leads to an offering, audience-specific, problem/solution."
      ]),
    `- At most ${brandMax} of the prompts may name ${facts.name}${facts.businessName !== facts.name ? ` or ${facts.businessName}` : ""}; all the others must not name it.`,
    "- No URLs, no numbering, no bullets, no quotation marks around prompts, no explanations.",
    "- Every prompt must be different from every other one, not a rewording of it.",
    'Answer only with a JSON object of the form {"prompts": ["...", "..."]}.'
  ].join("\n")
}

const firstRequest = (facts: PromptFacts, count: number): string =>
  `Write exactly ${count} prompts for this entity.\n\n${describeEntity(facts)}`

const REASON_WORDS: Readonly<Record<RejectionReason, string>> = {
  empty: "empty",
  multiline: "spanning several lines",
  url: "containing a URL",
  several_sentences: "more than one sentence",
  bad_ending: "ending oddly",
  too_short: `shorter than ${MIN_WORDS} words`,
  too_long: `longer than ${MAX_WORDS} words`,
  duplicate: "repeating another prompt",
  near_duplicate: "rewording another prompt",
  unknown_name: "naming a place or brand not in the facts",
  too_many_brand_prompts: "naming the entity (over the limit)",
  off_topic: "not about the entity's field"
}

const followUpRequest = (missing: number, have: number, rejected: ReadonlyMap<RejectionReason, number>, unreadable: boolean): string => {
  const problems = [...rejected.entries()].map(([reason, n]) => `${n} ${REASON_WORDS[reason]}`)
  return [
    unreadable ? "Your last answer could not be read as the requested JSON object." : undefined,
    problems.length > 0 ? `Some prompts were rejected: ${problems.join(", ")}.` : undefined,
    have > 0 ? `The ${have} prompts accepted so far are listed above; do not repeat or reword any of them.` : undefined,
    `Write exactly ${missing} more new prompts, following the same rules.`
  ].filter((line): line is string => line !== undefined).join(" ")
}

/** `prompts`, or else the object's only array (a model in plain-JSON mode may pick its own key). */
const listIn = (object: Record<string, unknown>): ReadonlyArray<unknown> | undefined => {
  if (Array.isArray(object["prompts"])) return object["prompts"]
  const arrays = Object.values(object).filter((v): v is ReadonlyArray<unknown> => Array.isArray(v))
  return arrays.length === 1 ? arrays[0] : undefined
}

/**
 * The prompts in a model's answer: the JSON object (or a bare array), also inside a fenced code
 * block or surrounded by prose. Undefined when nothing readable is there.
 */
export const parsePromptsReply = (content: string): ReadonlyArray<string> | undefined => {
  const attempts: Array<string> = [content.trim()]
  const fenced = /```(?:json|JSON)?\s*([\s\S]*?)```/.exec(content)
  if (fenced !== null) attempts.push(fenced[1]!.trim())
  const start = content.indexOf("{")
  const end = content.lastIndexOf("}")
  if (start >= 0 && end > start) attempts.push(content.slice(start, end + 1))
  const arrayStart = content.indexOf("[")
  const arrayEnd = content.lastIndexOf("]")
  if (arrayStart >= 0 && arrayEnd > arrayStart) attempts.push(content.slice(arrayStart, arrayEnd + 1))
  for (const attempt of attempts) {
    let value: unknown
    try {
      value = JSON.parse(attempt)
    } catch {
      continue
    }
    const list = Array.isArray(value) ? value : typeof value === "object" && value !== null ? listIn(value as Record<string, unknown>) : undefined
    if (list !== undefined) return list.filter((item): item is string => typeof item === "string")
  }
  return undefined
}

const contentOf = (response: unknown): string | undefined => {
  if (typeof response !== "object" || response === null) return undefined
  const choices = (response as Record<string, unknown>)["choices"]
  if (!Array.isArray(choices) || choices.length === 0) return undefined
  const message = (choices[0] as Record<string, unknown> | null)?.["message"]
  if (typeof message !== "object" || message === null) return undefined
  const content = (message as Record<string, unknown>)["content"]
  if (typeof content === "string") return content
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part === "object" && part !== null && typeof part.text === "string" ? part.text : "")).join("")
  }
  return undefined
}

/** A 400 about `response_format`: the endpoint does not do structured output; ask in plain JSON instead. */
const rejectsStructuredOutput = (error: LlmCallError) =>
  error.status !== null && (error.status === 400 || error.status === 422) && /response_format|json_schema|structured/i.test(error.message)

/**
 * The model's prompts plus the built-in top-up, with where each came from. Fails only when the
 * model contributed nothing usable (every call failed, or no answer held a valid prompt).
 */
export const llmPromptsWithSources = Effect.fn("PromptGeneration.llm")(function*(
  facts: PromptFacts,
  endpoint: PlatformEndpoint,
  count: number = DEFAULT_PROMPT_COUNT,
  options: LlmPromptOptions = {}
) {
  if (count <= 0) {
    const empty: LlmPromptsResult = { prompts: [], fromLlm: 0, fromBuiltin: 0, rounds: 0, usage: { promptTokens: 0, completionTokens: 0, usd: null } }
    return empty
  }
  const timeoutMs = options.timeoutMs ?? 60_000
  const maxRounds = options.maxRounds ?? 3
  const secret = Redacted.value(endpoint.apiKey)
  const scrub = scrubber(secret)
  // A backstop only: the Effect timeout below is the bound, and it aborts the request.
  const client = makeOpenAiClient(endpoint, timeoutMs + 5_000, endpoint.responseLimit ?? LLM_RESPONSE_LIMIT)
  const backoff = Schedule.exponential(Duration.millis(options.retryBaseDelayMs ?? 500), 2).pipe(
    Schedule.jittered,
    Schedule.modifyDelay((_, delay) => Duration.min(delay, Duration.seconds(10)))
  )

  let structured = true
  const call = (messages: ReadonlyArray<OpenAI.Chat.ChatCompletionMessageParam>) => {
    const once = Effect.suspend(() => {
      const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
        model: endpoint.model,
        messages: [...messages],
        ...(structured ? { response_format: RESPONSE_FORMAT } : {})
      }
      return Effect.tryPromise({
        // The signal aborts the HTTP request when the effect is interrupted (timeout or caller).
        try: (signal) => client.create(body, { signal }) as Promise<unknown>,
        catch: (error) => toCallError(error, scrub)
      }).pipe(
        Effect.timeoutFail({
          duration: Duration.millis(timeoutMs),
          onTimeout: () => new LlmCallError({ reason: "timeout", retryable: true, status: null, message: `No answer within ${timeoutMs} ms` })
        })
      )
    })
    return once.pipe(
      // One downgrade to plain JSON when the endpoint refuses structured output; not a retry.
      Effect.catchIf(
        (error) => structured && rejectsStructuredOutput(error),
        () => {
          structured = false
          return Effect.logWarning("The LLM endpoint refused structured output; asking for plain JSON").pipe(Effect.zipRight(once))
        }
      ),
      Effect.retry({ schedule: backoff, times: options.retries ?? 2, while: (error) => error.retryable })
    )
  }

  const accepted: Array<string> = []
  let rounds = 0
  let promptTokens = 0
  let completionTokens = 0
  let usd: number | null = null
  let lastError: LlmCallError | undefined
  const messages: Array<OpenAI.Chat.ChatCompletionMessageParam> = [
    { role: "system", content: systemMessage(facts, count) },
    { role: "user", content: firstRequest(facts, count) }
  ]

  while (rounds < maxRounds && accepted.length < count) {
    const missing = count - accepted.length
    const outcome = yield* Effect.either(call(messages))
    if (outcome._tag === "Left") {
      lastError = outcome.left
      yield* Effect.logWarning("Prompt generation request failed").pipe(
        Effect.annotateLogs({ reason: outcome.left.reason, status: outcome.left.status ?? "none", message: outcome.left.message, round: rounds + 1 })
      )
      break
    }
    rounds += 1
    const used = usageOf(outcome.right)
    promptTokens += used.promptTokens
    completionTokens += used.completionTokens
    if (used.usd !== null) usd = (usd ?? 0) + used.usd
    const content = contentOf(outcome.right)
    // What the model wrote is stored with the set: made storable (no NUL, no lone surrogate) first.
    const parsed = content === undefined ? undefined : parsePromptsReply(content)?.map(cleanText)
    const rejected = new Map<RejectionReason, number>()
    if (parsed !== undefined) {
      const result = validatePrompts(parsed, facts, { count, existing: accepted })
      accepted.push(...result.accepted.slice(0, missing))
      for (const r of result.rejected) rejected.set(r.reason, (rejected.get(r.reason) ?? 0) + 1)
    }
    yield* Effect.logDebug("Prompt generation round").pipe(
      Effect.annotateLogs({ round: rounds, readable: parsed !== undefined, received: parsed?.length ?? 0, accepted: accepted.length })
    )
    if (accepted.length >= count) break
    // The follow-up shows the model the prompts kept so far (as its own answer) and asks for the rest.
    messages.splice(2)
    if (accepted.length > 0) messages.push({ role: "assistant", content: JSON.stringify({ prompts: accepted }) })
    messages.push({ role: "user", content: followUpRequest(count - accepted.length, accepted.length, rejected, parsed === undefined) })
  }

  if (accepted.length === 0) {
    return yield* new PromptGenerationFailed({
      ...(lastError !== undefined
        ? { reason: "request_failed", message: `The LLM request failed (${lastError.reason}): ${lastError.message}` }
        : { reason: "no_valid_prompts", message: `No valid prompt in ${rounds} LLM answer(s)` }),
      ...(rounds > 0 ? { usage: { promptTokens, completionTokens, usd } } : {})
    })
  }
  const topUp = builtinTopUp(facts, accepted, count - accepted.length, count).map((p) => p.prompt)
  if (topUp.length > 0) {
    yield* Effect.logInfo("LLM prompts topped up by the built-in generator").pipe(
      Effect.annotateLogs({ fromLlm: accepted.length, fromBuiltin: topUp.length })
    )
  }
  const result: LlmPromptsResult = {
    prompts: [...accepted, ...topUp],
    fromLlm: accepted.length,
    fromBuiltin: topUp.length,
    rounds,
    usage: { promptTokens, completionTokens, usd }
  }
  return result
})

/** Exactly `count` prompts from the model, topped up by the built-in generator when it falls short. */
export const llmPrompts = (
  facts: PromptFacts,
  endpoint: PlatformEndpoint,
  count: number = DEFAULT_PROMPT_COUNT,
  options: LlmPromptOptions = {}
): Effect.Effect<ReadonlyArray<string>, PromptGenerationFailed> =>
  Effect.map(llmPromptsWithSources(facts, endpoint, count, options), (result) => result.prompts)
