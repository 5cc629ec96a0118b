import { Effect, Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PlatformEndpoint } from "../../src/config/app-config.ts"
import { llmPost } from "../../src/pipeline/llm-copywriter.ts"
import { llmSiteCopy } from "../../src/pipeline/llm-site-copy.ts"
import { type ExistingPost, planPost } from "../../src/site-generator/post-writer.ts"
import { bakery } from "../site-generator/sample-site.ts"
import { type OpenAiCompatibleServer, type ScriptedReply, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"

let server: OpenAiCompatibleServer

beforeAll(async () => {
  server = await startOpenAiCompatibleServer()
})
afterAll(() => server.close())

const endpoint = (): PlatformEndpoint => ({ baseUrl: server.baseUrl, apiKey: Redacted.make("sk-test-posts-0123456789"), model: "gpt-4o-mini" })

const planned = planPost({ facts: bakery, prompts: ["best croissant in Lyon"], checks: [], posts: [], date: "2026-12-01" })

const draft = (paragraphs: ReadonlyArray<string>, usage = { prompt_tokens: 900, completion_tokens: 250 }): ScriptedReply => ({
  kind: "answer",
  content: JSON.stringify({ title: "Butter croissants in Lyon", summary: "Where Acme Bakery's butter croissant comes from.", paragraphs }),
  usage
})

const GOOD = ["Acme Bakery in Lyon lists its Butter croissant at 1.40 EUR.", "It is laminated with AOP butter from Charentes."]
const INVENTED = ["Acme Bakery in Lyon sells its Butter croissant at 2.10 EUR.", "It won the Golden Whisk award."]

const write = (existing: ReadonlyArray<ExistingPost> = []) => Effect.runPromise(llmPost(endpoint(), bakery, planned, existing))

const OTHER = ["Acme Bakery in Lyon bakes its Sourdough loaf daily.", "It is a naturally leavened country loaf with a dark crust."]
/** A post of yesterday with the same words as a `GOOD` draft. */
const published: ExistingPost = {
  date: "2026-11-30",
  slug: "butter-croissants-in-lyon",
  title: "Butter croissants in Lyon",
  summary: "Where Acme Bakery's butter croissant comes from.",
  bodyParagraphs: GOOD,
  topic: "best croissant in Lyon"
}

describe("posts written by the model", () => {
  it("accepts a post whose facts are all in the fact sheet, and records the model and its tokens", async () => {
    server.setBehavior({ replies: [draft(GOOD)] })
    const before = server.calls
    const written = await write()
    expect(server.calls - before).toBe(1)
    expect(written.post).toEqual({
      date: "2026-12-01",
      slug: "butter-croissants-in-lyon",
      title: "Butter croissants in Lyon",
      summary: "Where Acme Bakery's butter croissant comes from.",
      bodyParagraphs: GOOD,
      topic: "best croissant in Lyon"
    })
    expect(written.writing).toEqual({
      writer: "gpt-4o-mini",
      similarity: 0,
      factCheck: { attempts: 1, passed: true, failures: [] },
      usage: { model: "gpt-4o-mini", promptTokens: 900, completionTokens: 250, usd: null }
    })
  })

  it("rejects a post inventing a price and a name, and asks once more listing them", async () => {
    server.setBehavior({ replies: [draft(INVENTED), draft(GOOD, { prompt_tokens: 1200, completion_tokens: 240 })] })
    const before = server.requests.length
    const written = await write()
    const requests = server.requests.slice(before)
    expect(requests.length).toBe(2)
    const retry = requests[1]!.body.messages.at(-1).content as string
    expect(retry).toContain("number 2.10: not in the facts")
    expect(retry).toContain("name Golden: not in the facts")
    expect(written.post.bodyParagraphs).toEqual(GOOD)
    expect(written.writing.factCheck).toEqual({
      attempts: 2,
      passed: true,
      failures: ["number 2.10: not in the facts", "name Golden: not in the facts", "name Whisk: not in the facts"]
    })
    expect(written.writing.usage).toEqual({ model: "gpt-4o-mini", promptTokens: 2100, completionTokens: 490, usd: null })
  })

  it("falls back to the built-in post after two failed drafts, saying so", async () => {
    server.setBehavior({ replies: [draft(INVENTED), draft(INVENTED)] })
    const written = await write()
    expect(written.post).toEqual(planned.post)
    expect(written.writing.writer).toBe("builtin")
    expect(written.writing.factCheck?.passed).toBe(false)
    expect(written.writing.factCheck?.attempts).toBe(2)
    expect(written.writing.usage?.promptTokens).toBe(1800)
  })

  it("publishes the built-in post when the model's response is over the writers' limit, saying which", async () => {
    server.setBehavior({ otherwise: { kind: "raw", status: 200, contentType: "application/json", body: " ".repeat(65_537) } })
    const limited = { ...endpoint(), responseLimit: { bytes: 65_536, setting: "LLM_MAX_RESPONSE_BYTES" } }
    const written = await Effect.runPromise(llmPost(limited, bakery, planned, []))
    expect(written.post).toEqual(planned.post)
    expect(written.writing).toEqual({
      writer: "builtin",
      similarity: planned.similarity,
      factCheck: {
        attempts: 1,
        passed: false,
        failures: ["call failed: the response body was over the limit of 65536 bytes (LLM_MAX_RESPONSE_BYTES): its content-length said so, and it was not read"]
      },
      usage: { model: "gpt-4o-mini", promptTokens: 0, completionTokens: 0, usd: null }
    })
  })
})

describe("posts written by the model, against the entity's recent posts", () => {
  it("asks again when a draft repeats a recent post, and records the published draft's own similarity", async () => {
    server.setBehavior({ replies: [draft(GOOD), draft(OTHER)] })
    const before = server.requests.length
    const written = await write([published])
    const requests = server.requests.slice(before)
    expect(requests.length).toBe(2)
    expect(requests[1]!.body.messages.at(-1).content).toContain("This repeats one of the business's recent posts (similarity 1.00 to a recent post: at or over 0.5)")
    expect(written.post.bodyParagraphs).toEqual(OTHER)
    expect(written.post.slug).toBe("butter-croissants-in-lyon-2")
    expect(written.writing.writer).toBe("gpt-4o-mini")
    expect(written.writing.factCheck).toEqual({ attempts: 2, passed: true, failures: ["similarity 1.00 to a recent post: at or over 0.5"] })
    // 30 word 3-shingles in each post; 14 in common (the title and summary, and "acme bakery in
    // lyon" opening the first paragraph): 14 / (30 + 30 - 14).
    expect(written.writing.similarity).toBeCloseTo(14 / 46, 12)
  })

  it("publishes the built-in post when both drafts repeat a recent post", async () => {
    server.setBehavior({ replies: [draft(GOOD), draft(GOOD)] })
    const written = await write([published])
    expect(written.post).toEqual(planned.post)
    expect(written.writing).toEqual({
      writer: "builtin",
      similarity: planned.similarity,
      factCheck: { attempts: 2, passed: false, failures: ["similarity 1.00 to a recent post: at or over 0.5", "similarity 1.00 to a recent post: at or over 0.5"] },
      usage: { model: "gpt-4o-mini", promptTokens: 1800, completionTokens: 500, usd: null }
    })
  })
})

describe("site copy written by the model", () => {
  const copy = (about: string, answers: ReadonlyArray<{ question: string; answer: string }>): ScriptedReply => ({
    kind: "answer",
    content: JSON.stringify({ about, answers }),
    usage: { prompt_tokens: 700, completion_tokens: 300 }
  })
  const Q1 = "Does Acme Bakery make wedding cakes?"
  const Q2 = "How do I call Acme Bakery?"

  it("keeps each piece that passes the check and leaves out one that invents a phone twice", async () => {
    const about = "Acme Bakery is a bakery in Lyon, France.\n\nIt bakes its Sourdough loaf daily."
    const bad = { question: Q2, answer: "Call +33 4 99 99 99 99." }
    server.setBehavior({ replies: [copy(about, [{ question: Q1, answer: "Yes: Celebration cakes are made to order for birthdays and weddings." }, bad]), copy(about, [bad])] })
    const result = await Effect.runPromise(llmSiteCopy(endpoint(), bakery, [Q1, Q2]))
    expect(result.about).toBe(about)
    expect([...result.answers]).toEqual([[Q1, "Yes: Celebration cakes are made to order for birthdays and weddings."]])
    expect(result.failures).toEqual([`${Q2}: phone +33 4 99 99 99 99: not in the facts`, `${Q2}: phone +33 4 99 99 99 99: not in the facts`])
    expect(result.usage).toEqual({ model: "gpt-4o-mini", promptTokens: 1400, completionTokens: 600, usd: null })
  })
})
