/**
 * The scores read model with revisions: a `ScoreRevised` replaces the figures of the score it
 * revises (by its job), its history entry says it was revised and what it was, the current value
 * and trend follow when the revised score is the latest or the trend's baseline, an outside
 * caller's score is untouched, and a rebuild gives the same rows.
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { coreFor } from "../../src/composition.ts"
import { ReviseScores, StoreScore } from "../../src/domain/entity-decider.ts"
import type { PromptResult } from "../../src/domain/entity-events.ts"
import { type BusinessId, refOf } from "../../src/domain/entity-ref.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../../src/domain/platforms.ts"
import type { EventStore } from "../../src/eventstore/event-store.ts"
import { projections } from "../../src/projections/catalog.ts"
import { rebuildLive, verify } from "../../src/projections/rebuild.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { scoresProjection } from "../../src/projections/scores.ts"
import { createBusiness } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"

type R = EntityCommands | ProjectionRunner | EventStore | SqlClient.SqlClient

const flags = (...visible: ReadonlyArray<PlatformKey>) =>
  Object.fromEntries(PLATFORM_KEYS.map((key) => [key, visible.includes(key)])) as Record<PlatformKey, boolean>
/** One prompt, `n` platforms visible: a score of n × 12.5, half up. */
const results = (n: number): ReadonlyArray<PromptResult> => [{ prompt: "best anvils?", flags: flags(...PLATFORM_KEYS.slice(0, n)), failedPlatforms: [] }]

const currentOf = (slug: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<{ value: number; trend: string; history: unknown }>`SELECT value, trend, history FROM visibility_current WHERE business_id = ${slug}`)

for (const database of testDatabases) {
  describe(`scores read model with revisions (${database.name})`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<R, unknown>
    let release = async () => {}
    const run = <A, E>(effect: Effect.Effect<A, E, R>) => runtime.runPromise(effect)

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      runtime = ManagedRuntime.make(coreFor(created.target).pipe(Layer.orDie))
    })
    afterAll(async () => {
      await runtime?.dispose()
      await release()
    })

    it("shows a revised day's value, says it was revised, and moves the trend and the current value with it", async () => {
      const slug = `revise-${randomUUID().slice(0, 6)}`
      const ref = refOf(slug as BusinessId)
      const send = (command: StoreScore | ReviseScores) =>
        run(Effect.gen(function*() {
          const sent = yield* (yield* EntityCommands).send(ref, command)
          yield* (yield* ProjectionRunner).waitFor(sent.lastPosition)
        }))
      await run(Effect.flatMap(EntityCommands, (commands) => commands.send(ref, createBusiness(slug))))
      // Nov 10: the service's (2 of 8: 25); Nov 17: an outside caller's (4 of 8: 50), then the service's (1 of 8: 13).
      await send(new StoreScore({ ...ref, results: results(2), at: "2026-11-10T06:00:00.000Z", jobId: "daily:2026-11-10" }))
      await send(new StoreScore({ ...ref, results: results(4), at: "2026-11-17T05:00:00.000Z" }))
      await send(new StoreScore({ ...ref, results: results(1), at: "2026-11-17T06:00:00.000Z", jobId: "daily:2026-11-17" }))
      expect(await run(currentOf(slug))).toEqual([{
        value: 13,
        trend: "-48%",
        history: [{ day: "2026-11-10", value: 25 }, { day: "2026-11-17", value: 13 }]
      }])

      // The baseline's score revised to 6 of 8 (75), the latest to 3 of 8 (38).
      await send(new ReviseScores({
        ...ref,
        revisions: [{ jobId: "daily:2026-11-10", results: results(6) }, { jobId: "daily:2026-11-17", results: results(3) }],
        detectorVersion: 9,
        namesVersion: "none",
        complete: { scores: 2, revised: 0 },
        at: "2026-11-20T06:00:00.000Z"
      }))
      const revised = [{
        value: 38,
        trend: "-49%",
        history: [
          { day: "2026-11-10", value: 75, revised: true, stored_value: 25 },
          { day: "2026-11-17", value: 38, revised: true, stored_value: 13 }
        ]
      }]
      expect(await run(currentOf(slug))).toEqual(revised)
      const log = await run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ job_id: string | null; overall_score: number; stored_score: number; revised: boolean }>`
          SELECT job_id, overall_score, stored_score, revised_at IS NOT NULL AS revised FROM score_log
          WHERE business_id = ${slug} ORDER BY stored_at`))
      expect(log).toEqual([
        { job_id: "daily:2026-11-10", overall_score: 75, stored_score: 25, revised: true },
        // The outside caller's score stays as given.
        { job_id: null, overall_score: 50, stored_score: 50, revised: false },
        { job_id: "daily:2026-11-17", overall_score: 38, stored_score: 13, revised: true }
      ])
      const latestResults = await run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ flags: Record<string, boolean> }>`SELECT flags FROM score_results WHERE business_id = ${slug}`))
      expect(latestResults.map((row) => PLATFORM_KEYS.filter((key) => row.flags[key]).length)).toEqual([3])

      await run(rebuildLive([scoresProjection]))
      expect(await run(currentOf(slug))).toEqual(revised)
      expect((await run(verify(projections))).differences).toBe(0)
    })
  })
}
