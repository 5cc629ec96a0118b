/**
 * analyzeInBatches, the batching both workflows share: the prompts go in batches of
 * ANALYZE_BATCH at their offsets, the counts after each batch say what was checked, what was
 * left unmeasured and what was lost, and a failed batch either ends the checks or is given up.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { PromptResult } from "../../src/domain/entity-events.ts"
import { PLATFORM_KEYS } from "../../src/domain/platforms.ts"
import { ANALYZE_BATCH, analyzeInBatches, type BatchCounts } from "../../src/pipeline/entity-steps.ts"

const promptsOf = (n: number) => Array.from({ length: n }, (_, i) => `prompt ${i}`)

/** A check result; the prompts named in `unmeasured` have a platform whose check failed. */
const resultOf = (prompt: string, unmeasured: ReadonlySet<string>): PromptResult => ({
  prompt,
  flags: Object.fromEntries(PLATFORM_KEYS.map((key) => [key, !unmeasured.has(prompt)])) as PromptResult["flags"],
  failedPlatforms: unmeasured.has(prompt) ? [PLATFORM_KEYS[0]] : []
})

describe("analyzeInBatches", () => {
  it("checks every prompt once, in batches at their offsets, and counts after each batch", async () => {
    const prompts = promptsOf(2 * ANALYZE_BATCH + 3)
    const unmeasured = new Set([prompts[1]!, prompts[ANALYZE_BATCH + 2]!])
    const batches: Array<[number, number]> = []
    const counts: Array<BatchCounts> = []
    const results = await Effect.runPromise(analyzeInBatches({
      prompts,
      batch: (batch, offset) =>
        Effect.sync(() => {
          batches.push([offset, batch.length])
          return batch.map((prompt) => resultOf(prompt, unmeasured))
        }),
      progress: (progress) => Effect.sync(() => counts.push(progress)),
      onFailure: Effect.fail
    }))
    expect(results.map((result) => result.prompt)).toEqual(prompts)
    expect([...batches].sort(([a], [b]) => a - b)).toEqual([[0, ANALYZE_BATCH], [ANALYZE_BATCH, ANALYZE_BATCH], [2 * ANALYZE_BATCH, 3]])
    expect(counts.at(-1)).toEqual({ checked: prompts.length, unmeasured: 2, lost: 0, total: prompts.length })
    expect(counts.map((progress) => progress.checked)).toEqual([ANALYZE_BATCH, 2 * ANALYZE_BATCH, prompts.length])
  })

  it("counts a failed batch's prompts as lost when its failure is reported, and the others go on", async () => {
    const prompts = promptsOf(3 * ANALYZE_BATCH)
    const reported: Array<string> = []
    const counts: Array<BatchCounts> = []
    const results = await Effect.runPromise(analyzeInBatches({
      prompts,
      batch: (batch, offset) => offset === ANALYZE_BATCH ? Effect.fail(`batch ${offset} failed`) : Effect.succeed(batch.map((prompt) => resultOf(prompt, new Set()))),
      progress: (progress) => Effect.sync(() => counts.push(progress)),
      onFailure: (failure) => Effect.sync(() => reported.push(failure))
    }))
    expect(results.length).toBe(2 * ANALYZE_BATCH)
    expect(reported).toEqual([`batch ${ANALYZE_BATCH} failed`])
    expect(counts.at(-1)).toEqual({ checked: 2 * ANALYZE_BATCH, unmeasured: 0, lost: ANALYZE_BATCH, total: 3 * ANALYZE_BATCH })
  })

  it("ends with the batch's failure when onFailure fails", async () => {
    const failed = await Effect.runPromise(Effect.flip(analyzeInBatches({
      prompts: promptsOf(ANALYZE_BATCH + 1),
      batch: (batch, offset) => offset === 0 ? Effect.fail("no platform answered") : Effect.succeed(batch.map((prompt) => resultOf(prompt, new Set()))),
      progress: () => Effect.void,
      onFailure: Effect.fail
    })))
    expect(failed).toBe("no platform answered")
  })

  it("has nothing to check and reports nothing without prompts", async () => {
    const counts: Array<BatchCounts> = []
    const results = await Effect.runPromise(analyzeInBatches({
      prompts: [],
      batch: () => Effect.die("no batch expected"),
      progress: (progress) => Effect.sync(() => counts.push(progress)),
      onFailure: Effect.fail
    }))
    expect(results).toEqual([])
    expect(counts).toEqual([])
  })
})
