/**
 * The prompts read model judges checks with today's detector (docs/api.md, "Re-judged checks"):
 * a check recorded by another detector version is judged again from its stored answers, also
 * when the model is rebuilt (`npm run replay`); a check judged by this detector with the names
 * the entity has now keeps its recorded verdict; and an alias declared later turns the stored
 * rows of its entity visible, marked re-judged, while the check's event keeps what it recorded.
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { coreFor } from "../../src/composition.ts"
import { checkFromStored, checksStreamOf, checkToStored, PlatformChecked } from "../../src/domain/check-events.ts"
import { namesVersionOf } from "../../src/domain/check-judgement.ts"
import { DeclareNames, RecordPrompts } from "../../src/domain/entity-decider.ts"
import { type BusinessId, refOf } from "../../src/domain/entity-ref.ts"
import { DETECTOR_VERSION } from "../../src/domain/mention/version.ts"
import type { PlatformKey } from "../../src/domain/platforms.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { projections } from "../../src/projections/catalog.ts"
import { promptsProjection } from "../../src/projections/prompts.ts"
import { rebuildLive, verify } from "../../src/projections/rebuild.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { createBusiness } from "../support/commands.ts"
import { testDatabases } from "../support/databases.ts"

type R = EntityCommands | ProjectionRunner | EventStore | SqlClient.SqlClient

const NAMES_IT = (slug: string) => `For sourdough, Business ${slug} is the bakery locals pick.`
const ALIAS_ONLY = "For sourdough, Crumbhouse is the bakery locals pick."

const checkOf = (slug: string, prompt: string, platform: PlatformKey, text: string, recorded: {
  readonly visible: boolean
  readonly detectorVersion: number
  readonly namesVersion: string | null
}) =>
  new PlatformChecked({
    businessId: slug as BusinessId,
    itemId: null,
    prompt,
    platform,
    status: "answered",
    answers: [{
      text,
      citations: [],
      engine: "openai-compatible",
      model: "fixed",
      latencyMs: 10,
      costUsd: null,
      visible: recorded.visible,
      position: recorded.visible ? 1 : null,
      sentiment: recorded.visible ? "neutral" : null
    }],
    visible: recorded.visible,
    visibleShare: recorded.visible ? 1 : 0,
    position: recorded.visible ? 1 : null,
    sentiment: recorded.visible ? "neutral" : null,
    error: null,
    samplesRequested: 1,
    checkedAt: "2026-11-24T10:00:00.000Z",
    detectorVersion: recorded.detectorVersion,
    namesVersion: recorded.namesVersion
  })

const rowsOf = (slug: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<{ prompt: string; platform: string; visible: boolean; detector_version: number; names_version: string | null; rejudged: boolean }>`
      SELECT prompt, platform, visible, detector_version, names_version, rejudged FROM prompt_checks
      WHERE business_id = ${slug} ORDER BY prompt, platform`)

for (const database of testDatabases) {
  describe(`prompts read model re-judging (${database.name})`, () => {
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

    it("judges old checks again, keeps current ones as recorded, and follows an alias declared later, live and rebuilt alike", async () => {
      const slug = `rejudge-${randomUUID().slice(0, 6)}`
      const ref = refOf(slug as BusinessId)
      await run(Effect.gen(function*() {
        const commands = yield* EntityCommands
        const store = yield* EventStore
        yield* commands.send(ref, createBusiness(slug))
        yield* commands.send(ref, new RecordPrompts({ ...ref, prompts: ["best sourdough?"], generator: "builtin", at: "2026-11-24T09:00:00.000Z" }))
        const appended = yield* store.append(checksStreamOf(ref), "any", [
          // Judged by a detector from before versions were: recorded not visible, though it names the business.
          checkOf(slug, "best sourdough?", "ai_platform_1", NAMES_IT(slug), { visible: false, detectorVersion: 0, namesVersion: null }),
          // Judged by this detector with these names: kept as recorded, even where today's reading differs.
          checkOf(slug, "best sourdough?", "ai_platform_2", NAMES_IT(slug), { visible: false, detectorVersion: DETECTOR_VERSION, namesVersion: "none" }),
          // Names only the alias, not declared yet.
          checkOf(slug, "best sourdough?", "ai_platform_3", ALIAS_ONLY, { visible: false, detectorVersion: DETECTOR_VERSION, namesVersion: "none" })
        ].map((check) => ({ eventId: randomUUID(), ...checkToStored(check) })))
        yield* (yield* ProjectionRunner).waitFor(appended.lastPosition)
      }))

      const before = [
        { prompt: "best sourdough?", platform: "ai_platform_1", visible: true, detector_version: DETECTOR_VERSION, names_version: "none", rejudged: true },
        { prompt: "best sourdough?", platform: "ai_platform_2", visible: false, detector_version: DETECTOR_VERSION, names_version: "none", rejudged: false },
        { prompt: "best sourdough?", platform: "ai_platform_3", visible: false, detector_version: DETECTOR_VERSION, names_version: "none", rejudged: false }
      ]
      expect(await run(rowsOf(slug))).toEqual(before)
      // `npm run replay`: rebuilt from the log with the current detector, to the same rows.
      await run(rebuildLive([promptsProjection]))
      expect(await run(rowsOf(slug))).toEqual(before)

      // An alias declared later: the stored rows are judged again with it.
      const alias = { aliases: ["Crumbhouse"], notAliases: [] }
      await run(Effect.gen(function*() {
        const sent = yield* (yield* EntityCommands).send(ref, new DeclareNames({ ...ref, ...alias, at: "2026-11-25T09:00:00.000Z" }))
        yield* (yield* ProjectionRunner).waitFor(sent.lastPosition)
      }))
      const names = namesVersionOf(alias)
      const after = [
        { ...before[0]!, names_version: names },
        { ...before[1]!, visible: true, names_version: names, rejudged: true },
        { ...before[2]!, visible: true, names_version: names, rejudged: true }
      ]
      expect(await run(rowsOf(slug))).toEqual(after)
      await run(rebuildLive([promptsProjection]))
      expect(await run(rowsOf(slug))).toEqual(after)
      expect((await run(verify(projections))).differences).toBe(0)

      // The checks' events still say what was recorded then.
      const recorded = await run(Effect.flatMap(EventStore, (store) => store.readStream(checksStreamOf(ref))))
      expect(recorded.map((event) => checkFromStored(event).visible)).toEqual([false, false, false])
    })
  })
}
