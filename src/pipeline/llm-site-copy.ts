/**
 * The site's copy (the about text and FAQ answers) written by the model from the fact sheet,
 * each piece fact-checked on its own (`fact-check.ts`): a piece that fails is asked for once
 * more with its failures listed, and what still fails is left out, for the caller to write with
 * the built-in copy (`writeSiteCopy`). The tokens used are returned with it.
 */
import { Effect, Option } from "effect"
import type OpenAI from "openai"
import type { PlatformEndpoint } from "../config/app-config.ts"
import type { SiteFacts, SiteWriting } from "../domain/site-events.ts"
import { cleanText, truncateCodePoints } from "../domain/text.ts"
import { factCheck } from "../site-generator/fact-check.ts"
import { callModel, factSheet, type Usage } from "./llm-copywriter.ts"

const MAX_ABOUT = 3_000
const MAX_ANSWER = 1_200

const RESPONSE_FORMAT: OpenAI.ResponseFormatJSONSchema = {
  type: "json_schema",
  json_schema: {
    name: "site_copy",
    strict: true,
    schema: {
      type: "object",
      properties: {
        about: { type: "string" },
        answers: { type: "array", items: { type: "object", properties: { question: { type: "string" }, answer: { type: "string" } }, required: ["question", "answer"], additionalProperties: false } }
      },
      required: ["about", "answers"],
      additionalProperties: false
    }
  }
}

const SYSTEM = [
  "You write the about text and FAQ answers of a business's own website, from its fact sheet only.",
  "Every number, price, date, time, phone, e-mail, address, web address and name you write must appear in the fact sheet exactly.",
  "Do not invent anything. Each answer answers its own question with the facts specific to it; no two answers alike.",
  "The about text is 2 to 4 short paragraphs separated by blank lines. Plain text, no markdown.",
  'Answer only with a JSON object {"about": "...", "answers": [{"question": "...", "answer": "..."}]}, the questions as given.'
].join("\n")

export interface SiteCopy {
  /** Null when the model's about text failed the check twice (or the call failed). */
  readonly about: string | null
  /** The answers that passed, by question; a question missing here gets the built-in answer. */
  readonly answers: ReadonlyMap<string, string>
  /** What failed the check, for the log. */
  readonly failures: ReadonlyArray<string>
  readonly usage: Usage
}

const parse = (content: string | undefined) => {
  if (content === undefined) return undefined
  try {
    const v = JSON.parse(content.slice(content.indexOf("{"), content.lastIndexOf("}") + 1)) as Record<string, unknown>
    const clean = (s: unknown, max: number) => (typeof s === "string" ? truncateCodePoints(cleanText(s).trim(), max) : "")
    const answers = Array.isArray(v["answers"]) ? v["answers"] as ReadonlyArray<Record<string, unknown>> : []
    return { about: clean(v["about"], MAX_ABOUT), answers: answers.map((a) => ({ question: clean(a["question"], 300), answer: clean(a["answer"], MAX_ANSWER) })) }
  } catch {
    return undefined
  }
}

/** The model's about text and answers to `questions`, each checked against the facts. */
export const llmSiteCopy = Effect.fn("Copywriter.site")(function*(endpoint: PlatformEndpoint, facts: SiteFacts, questions: ReadonlyArray<string>) {
  const messages: Array<OpenAI.Chat.ChatCompletionMessageParam> = [
    { role: "system", content: SYSTEM },
    { role: "user", content: `Questions:\n${questions.map((q) => `- ${q}`).join("\n")}\n\nFact sheet:\n${factSheet(facts)}` }
  ]
  let about: string | null = null
  const answers = new Map<string, string>()
  const failures: Array<string> = []
  let promptTokens = 0
  let completionTokens = 0
  let usd: number | null = null
  for (let attempt = 1; attempt <= 2; attempt++) {
    const call = yield* Effect.either(callModel(endpoint, messages, RESPONSE_FORMAT))
    if (call._tag === "Left") {
      failures.push(`call failed: ${call.left.message}`)
      break
    }
    promptTokens += call.right.usage.promptTokens
    completionTokens += call.right.usage.completionTokens
    if (call.right.usage.usd !== null) usd = (usd ?? 0) + call.right.usage.usd
    const copy = parse(call.right.content)
    const failed: Array<string> = []
    if (copy === undefined) failed.push("the answer was not the requested JSON object")
    else {
      if (about === null && copy.about !== "") {
        const check = factCheck(copy.about, facts)
        if (check.passed) about = copy.about
        else failed.push(...check.failures.map((f) => `about: ${f}`))
      }
      for (const { answer, question } of copy.answers) {
        if (!questions.includes(question) || answers.has(question) || answer === "") continue
        const check = factCheck(answer, facts, [question])
        if (check.passed) answers.set(question, answer)
        else failed.push(...check.failures.map((f) => `${question}: ${f}`))
      }
    }
    failures.push(...failed)
    if (failed.length === 0 || (about !== null && answers.size === questions.length)) break
    messages.push({ role: "assistant", content: call.right.content ?? "" })
    messages.push({ role: "user", content: `These are not in the fact sheet: ${failed.join("; ")}. Write the copy again without them.` })
  }
  const copy: SiteCopy = { about, answers, failures, usage: { model: endpoint.model, promptTokens, completionTokens, usd } }
  return copy
})

export interface WrittenSiteCopy {
  readonly about: string
  readonly faq: ReadonlyArray<{ readonly question: string; readonly answer: string }>
  /** Absent without `LLM_*`: the copy is the built-in writer's. */
  readonly writing?: SiteWriting
}

/**
 * The site's copy: with `LLM_*` set, the model's about text and FAQ answers where they pass the
 * fact check, the built-in copy's for every piece that does not (or when the call fails), and
 * what was written by whom and what it cost; without it, the built-in copy as it is.
 */
export const writeSiteCopy = (
  llm: Option.Option<PlatformEndpoint>,
  facts: SiteFacts,
  builtin: { readonly about: string; readonly faq: ReadonlyArray<{ readonly question: string; readonly answer: string }> }
): Effect.Effect<WrittenSiteCopy> =>
  Option.match(llm, {
    onNone: () => Effect.succeed<WrittenSiteCopy>(builtin),
    onSome: (endpoint) =>
      Effect.map(llmSiteCopy(endpoint, facts, builtin.faq.map((q) => q.question)), (copy): WrittenSiteCopy => {
        const faq = builtin.faq.map((q) => ({ question: q.question, answer: copy.answers.get(q.question) ?? q.answer }))
        const modelAnswers = builtin.faq.filter((q) => copy.answers.has(q.question)).length
        const modelWrote = copy.about !== null || modelAnswers > 0
        return {
          about: copy.about ?? builtin.about,
          faq,
          writing: {
            writer: modelWrote ? endpoint.model : "builtin",
            about: copy.about === null ? "builtin" : "model",
            modelAnswers,
            answers: builtin.faq.length,
            factCheck: { passed: copy.failures.length === 0, failures: copy.failures },
            usage: copy.usage
          }
        }
      })
  })
