/**
 * Copy written by a language model (`LLM_*`) from a fact sheet, through the official `openai`
 * client, and never trusted: every draft goes through `fact-check.ts`. A post that fails is
 * asked for once more with its failures listed; a second failure (or any failed call) falls
 * back to the built-in text. What was tried, the validation and the tokens used (and USD when
 * the vendor reports a cost) are returned with the copy, so they are recorded on the post.
 *
 * It lives in the pipeline, not the site generator, because the site generator is pure: no
 * package but `effect`, no network.
 */
import { Duration, Effect, Option, Redacted } from "effect"
import type OpenAI from "openai"
import type { PlatformEndpoint } from "../config/app-config.ts"
import type { PostWriting, SiteFacts } from "../domain/site-events.ts"
import { cleanText, truncateCodePoints } from "../domain/text.ts"
import { LLM_RESPONSE_LIMIT, makeOpenAiClient } from "../platforms/openai-client.ts"
import { factCheck } from "../site-generator/fact-check.ts"
import { hoursOf, siteFaq } from "../site-generator/post-facts.ts"
import { postShingles } from "../site-generator/post-similarity.ts"
import { type ExistingPost, type PlannedPost, postSlugOf, recentPosts, SIMILARITY_LIMIT } from "../site-generator/post-writer.ts"
import type { BlogPostInput } from "../site-generator/site-input.ts"

const TIMEOUT_MS = 60_000
const MAX_FACT_SHEET = 12_000
const MAX_PARAGRAPHS = 8
const MAX_PARAGRAPH = 1_200

export interface Usage {
  readonly model: string
  readonly promptTokens: number
  readonly completionTokens: number
  readonly usd: number | null
}

/** The facts as the model reads them: only what the site says, each line labelled. */
export const factSheet = (facts: SiteFacts): string => {
  const lines: Array<string> = [`Name: ${facts.name}`, `Website: ${facts.sourceUrl}`]
  if (facts.category !== null) lines.push(`Field: ${facts.category}`)
  if (facts.place !== null) lines.push(`Place: ${facts.place}`)
  if (facts.description !== null) lines.push(`Description: ${facts.description}`)
  if (facts.address !== null) lines.push(`Address: ${Object.values(facts.address).join(", ")}`)
  if (facts.phone !== null) lines.push(`Phone: ${facts.phone}`)
  if (facts.email !== null) lines.push(`E-mail: ${facts.email}`)
  for (const h of hoursOf(facts)) lines.push(`Hours: ${h}`)
  for (const o of facts.offerings) {
    lines.push(`Offering: ${o.name}${o.price === null ? "" : ` — price ${o.price}${o.currency === null ? "" : ` ${o.currency}`}`}${o.url === null ? "" : ` — page ${o.url}`}${o.description === null ? "" : ` — ${o.description}`}`)
  }
  for (const q of siteFaq(facts)) lines.push(`FAQ: ${q.question} — ${q.answer}`)
  for (const p of facts.pages) lines.push(`Page ${p.url} (${p.title}): ${p.description} ${p.text}`)
  return truncateCodePoints(lines.map((l) => cleanText(l).replace(/\s+/g, " ")).join("\n"), MAX_FACT_SHEET)
}

const RESPONSE_FORMAT: OpenAI.ResponseFormatJSONSchema = {
  type: "json_schema",
  json_schema: {
    name: "post",
    strict: true,
    schema: {
      type: "object",
      properties: { title: { type: "string" }, summary: { type: "string" }, paragraphs: { type: "array", items: { type: "string" } } },
      required: ["title", "summary", "paragraphs"],
      additionalProperties: false
    }
  }
}

const SYSTEM = [
  "You write blog posts for a business's own website, from its fact sheet only.",
  "Rules:",
  "- Every number, price, date, time, phone, e-mail, address, web address and name you write must appear in the fact sheet exactly.",
  "- Do not invent prices, reviews, awards, years, people, places or competitors. If the fact sheet does not say it, leave it out.",
  "- The title promises only what the text delivers. 3 to 6 short paragraphs, plain text, no markdown.",
  'Answer only with a JSON object {"title": "...", "summary": "...", "paragraphs": ["..."]}.'
].join("\n")

const request = (facts: SiteFacts, planned: PlannedPost) =>
  [
    `Write one post answering this question a customer asks an AI assistant: "${planned.prompt}".`,
    `Angle: ${planned.angle}.`,
    "",
    "Fact sheet:",
    factSheet(facts)
  ].join("\n")

const parseDraft = (content: string): { title: string; summary: string; paragraphs: ReadonlyArray<string> } | undefined => {
  const start = content.indexOf("{")
  const end = content.lastIndexOf("}")
  if (start < 0 || end <= start) return undefined
  try {
    const v = JSON.parse(content.slice(start, end + 1)) as Record<string, unknown>
    const paragraphs = Array.isArray(v["paragraphs"]) ? v["paragraphs"].filter((p): p is string => typeof p === "string") : []
    if (typeof v["title"] !== "string" || typeof v["summary"] !== "string" || paragraphs.length === 0) return undefined
    const clean = (s: string, max: number) => truncateCodePoints(cleanText(s).replace(/\s+/g, " ").trim(), max)
    const ps = paragraphs.map((p) => clean(p, MAX_PARAGRAPH)).filter((p) => p !== "").slice(0, MAX_PARAGRAPHS)
    const title = clean(v["title"], 140)
    return title === "" || ps.length === 0 ? undefined : { title, summary: clean(v["summary"], 300), paragraphs: ps }
  } catch {
    return undefined
  }
}

export interface Call {
  readonly content: string | undefined
  readonly usage: { readonly promptTokens: number; readonly completionTokens: number; readonly usd: number | null }
}

/** One chat completion with structured output; the API key is scrubbed from any error. */
export const callModel = (
  endpoint: PlatformEndpoint,
  messages: ReadonlyArray<OpenAI.Chat.ChatCompletionMessageParam>,
  responseFormat: OpenAI.ResponseFormatJSONSchema = RESPONSE_FORMAT
) => {
  const client = makeOpenAiClient(endpoint, TIMEOUT_MS + 5_000, endpoint.responseLimit ?? LLM_RESPONSE_LIMIT)
  const secret = Redacted.value(endpoint.apiKey)
  return Effect.tryPromise({
    try: (signal) => client.create({ model: endpoint.model, messages: [...messages], response_format: responseFormat }, { signal }),
    catch: (error) => {
      const message = error instanceof Error ? error.message : "request failed"
      return new Error(secret === "" ? message : message.split(secret).join("[redacted]"))
    }
  }).pipe(
    Effect.timeoutFail({ duration: Duration.millis(TIMEOUT_MS), onTimeout: () => new Error(`no answer within ${TIMEOUT_MS} ms`) }),
    Effect.map((response): Call => {
      const usage = response.usage as (OpenAI.CompletionUsage & { readonly cost?: unknown }) | undefined
      return {
        content: response.choices[0]?.message.content ?? undefined,
        usage: {
          promptTokens: usage?.prompt_tokens ?? 0,
          completionTokens: usage?.completion_tokens ?? 0,
          // Some vendors report the call's cost in USD beside the tokens; none is guessed.
          usd: typeof usage?.cost === "number" ? usage.cost : null
        }
      }
    })
  )
}

export interface WrittenPost {
  readonly post: BlogPostInput
  readonly writing: PostWriting
}

/**
 * The post the model writes for `planned`, fact-checked and compared with the entity's recent
 * posts (`existing`, newest first) as the built-in writer's are; rewritten once with what failed
 * listed; the built-in `planned.post` when both drafts fail or a call fails.
 */
export const llmPost = Effect.fn("Copywriter.post")(function*(endpoint: PlatformEndpoint, facts: SiteFacts, planned: PlannedPost, existing: ReadonlyArray<ExistingPost>) {
  const messages: Array<OpenAI.Chat.ChatCompletionMessageParam> = [
    { role: "system", content: SYSTEM },
    { role: "user", content: request(facts, planned) }
  ]
  const taken = new Set(existing.map((p) => p.slug))
  const recent = recentPosts(existing)
  const failures: Array<string> = []
  let promptTokens = 0
  let completionTokens = 0
  let usd: number | null = null
  let attempts = 0
  const usage = (): Usage => ({ model: endpoint.model, promptTokens, completionTokens, usd })
  while (attempts < 2) {
    attempts += 1
    const call = yield* Effect.either(callModel(endpoint, messages))
    if (call._tag === "Left") {
      yield* Effect.logWarning("The model could not write a post; the built-in writer's is published").pipe(Effect.annotateLogs({ message: call.left.message }))
      failures.push(`call failed: ${call.left.message}`)
      break
    }
    promptTokens += call.right.usage.promptTokens
    completionTokens += call.right.usage.completionTokens
    if (call.right.usage.usd !== null) usd = (usd ?? 0) + call.right.usage.usd
    const draft = call.right.content === undefined ? undefined : parseDraft(call.right.content)
    const check = draft === undefined
      ? { passed: false, failures: ["the answer was not the requested JSON object"] }
      : factCheck([draft.title, draft.summary, ...draft.paragraphs].join("\n"), facts, [planned.prompt])
    let retry: string
    if (check.passed && draft !== undefined) {
      const text = { title: draft.title, summary: draft.summary, bodyParagraphs: draft.paragraphs }
      const similarity = recent.maxSimilarity(postShingles(text))
      if (similarity < SIMILARITY_LIMIT) {
        let slug = postSlugOf(draft.title)
        for (let n = 2; taken.has(slug); n++) slug = `${postSlugOf(draft.title)}-${n}`
        return {
          post: { date: planned.post.date, slug, ...text, topic: planned.prompt },
          writing: { writer: endpoint.model, similarity, factCheck: { attempts, passed: true, failures }, usage: usage() }
        } satisfies WrittenPost
      }
      const failure = `similarity ${similarity.toFixed(2)} to a recent post: at or over ${SIMILARITY_LIMIT}`
      failures.push(failure)
      retry = `This repeats one of the business's recent posts (${failure}). Write the post again in other words, from other facts of the sheet, following the same rules.`
    } else {
      failures.push(...check.failures)
      retry = `These are not in the fact sheet: ${check.failures.join("; ")}. Write the post again without them, following the same rules.`
    }
    messages.push({ role: "assistant", content: call.right.content ?? "" })
    messages.push({ role: "user", content: retry })
  }
  return {
    post: planned.post,
    writing: { writer: "builtin", similarity: planned.similarity, factCheck: { attempts, passed: false, failures }, usage: usage() }
  } satisfies WrittenPost
})

/** The post for `planned`: the model's when `LLM_*` is set, the built-in writer's otherwise. */
export const writePost = (llm: Option.Option<PlatformEndpoint>, facts: SiteFacts, planned: PlannedPost, existing: ReadonlyArray<ExistingPost>) =>
  Option.match(llm, {
    onNone: () => Effect.succeed<WrittenPost>({ post: planned.post, writing: { writer: "builtin", similarity: planned.similarity } }),
    onSome: (endpoint) => llmPost(endpoint, facts, planned, existing)
  })
