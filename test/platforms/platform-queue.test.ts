/**
 * The rate limit of one platform's queue, on fake timers: the queue books its slots on the
 * caller's clock and waits for them with timers, so with both faked the schedule is checked to
 * the millisecond, however slow or loaded the machine (the gateway's test over HTTP can only
 * check lower bounds on real time).
 */
import { Effect } from "effect"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { PlatformLimits } from "../../src/config/app-config.ts"
import type { Answer, AnswerEngine } from "../../src/platforms/answer-engine.ts"
import { type CheckOutcome, makePlatformQueue, startAsk } from "../../src/platforms/platform-queue.ts"

const ANSWER: Answer = { text: "Maison Pralus.", citations: [], engine: "openai-compatible", model: "model-1", costUsd: null }

/** An engine that answers at once and records the prompts it was called with, in call order. */
const recordingEngine = () => {
  const prompts: Array<string> = []
  const engine: AnswerEngine = {
    answer: (request) => {
      prompts.push(request.prompt)
      return Promise.resolve(ANSWER)
    }
  }
  return { engine, prompts }
}

const limits = (ratePerMinute: number): PlatformLimits => ({ concurrency: 8, ratePerMinute, timeoutMs: 60_000, maxRetries: 0 })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe("platform queue rate limit", () => {
  it("lets one second's worth through at once, then one call per 60000 / rate ms, in arrival order", async () => {
    const { engine, prompts } = recordingEngine()
    // 120 a minute: a bucket of 2, refilled one token every 500 ms.
    const queue = Effect.runSync(makePlatformQueue("ai_platform_1", "openai-compatible", engine, limits(120)))
    const outcomes: Array<CheckOutcome> = []
    const t0 = Date.now()
    for (let i = 0; i < 5; i++) startAsk(queue, `question ${i}`, () => Date.now(), (outcome) => outcomes.push(outcome))
    // The burst is called before anything waits.
    expect(prompts).toEqual(["question 0", "question 1"])
    for (const [k, slot] of [[2, 500], [3, 1000], [4, 1500]] as const) {
      await vi.advanceTimersByTimeAsync(t0 + slot - 1 - Date.now())
      expect(prompts, `before ${slot} ms`).toHaveLength(k)
      await vi.advanceTimersByTimeAsync(1)
      expect(prompts, `at ${slot} ms`).toEqual(Array.from({ length: k + 1 }, (_, i) => `question ${i}`))
    }
    await vi.runAllTimersAsync()
    expect(outcomes.map((outcome) => [outcome._tag, outcome.latencyMs])).toEqual([
      ["Answered", 0],
      ["Answered", 0],
      ["Answered", 500],
      ["Answered", 1000],
      ["Answered", 1500]
    ])
  })
})
