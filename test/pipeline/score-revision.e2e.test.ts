/**
 * History follows the detector, over the running service (docs/api.md, "Re-judged checks"): a
 * stored history whose flags change after an alias is added. The service computes a score from
 * its checks (the onboarding and daily runs' own steps: `analyzeStep`, `scoreStep`), the 8 platforms
 * pointed at a loopback OpenAI-compatible server whose answer names the business only by an alias
 * nobody declared yet; an outside caller stores a score with its own flags. Declaring the alias
 * (`PUT /api/entities/{business_id}/names`) turns the check's flag visible in `GET /api/prompts`
 * (marked re-judged), revises the service's score with a `ScoreRevised` event (its history entry
 * marked revised, with the value as stored), and leaves the outside caller's score as given. Checks
 * of an older detector are judged again by the start-up run; a second run records nothing.
 */
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EntityCommands } from "../../src/actors/entity-commands.ts"
import { PlatformChecked } from "../../src/domain/check-events.ts"
import { namesVersionOf } from "../../src/domain/check-judgement.ts"
import { RecordPrompts } from "../../src/domain/entity-decider.ts"
import { BusinessCreated, ScoreStored, toStored } from "../../src/domain/entity-events.ts"
import { type BusinessId, type EntityRef, refOf, streamIdOf } from "../../src/domain/entity-ref.ts"
import { DETECTOR_VERSION } from "../../src/domain/mention/version.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../../src/domain/platforms.ts"
import { EventStore } from "../../src/eventstore/event-store.ts"
import { analyzeStep, scoreStep } from "../../src/pipeline/entity-steps.ts"
import { ScoreRevision } from "../../src/pipeline/score-revision.ts"
import { Entities, mentionFactsOf } from "../../src/projections/entities.ts"
import { ProjectionRunner } from "../../src/projections/runner.ts"
import { CheckRecorder } from "../../src/writers/check-recorder.ts"
import { testDatabases } from "../support/databases.ts"
import { type OpenAiCompatibleServer, startOpenAiCompatibleServer } from "../support/openai-compatible-server.ts"
import { json, type RunningService, SERVICE_KEY, startService } from "../support/service.ts"

const auth = { authorization: `Bearer ${SERVICE_KEY}`, "content-type": "application/json" }
const PROMPTS = ["best sourdough in town?", "bakery open on sunday?"]
/** Names the bakery only by a name its owner has not declared yet. */
const ALIAS_ANSWER = "For sourdough, Crumbhouse is the bakery locals queue for."
const ALIAS = { aliases: ["Crumbhouse"], not_aliases: [] }

const eventually = async <A>(read: () => Promise<A>, done: (value: A) => boolean, timeoutMs = 60_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`condition not reached in time; last value ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const flags = (...visible: ReadonlyArray<PlatformKey>) =>
  Object.fromEntries(PLATFORM_KEYS.map((key) => [key, visible.includes(key)])) as Record<PlatformKey, boolean>

for (const database of testDatabases) {
  describe(`scores follow the detector (${database.name})`, () => {
    let service: RunningService
    let release = async () => {}
    let engine: OpenAiCompatibleServer

    const call = async (method: string, path: string, body?: unknown) =>
      json(await fetch(`${service.baseUrl}${path}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
    const run = <A>(effect: Effect.Effect<A, unknown, any>) => service.runtime.runPromise(effect) as Promise<A>
    const streamOf = (ref: EntityRef) => run(Effect.flatMap(EventStore, (store) => store.readStream(streamIdOf(ref))))
    /** Checks the prompts and stores the score as a job of the service does. */
    const serviceScore = (jobId: string, ref: EntityRef) =>
      run(Effect.gen(function*() {
        const row = yield* (yield* Entities).find(ref.businessId, ref.itemId)
        const results = yield* analyzeStep(jobId, ref, mentionFactsOf(row!), PROMPTS, 0)
        return yield* scoreStep(jobId, ref, results)
      }))
    /** The revisions and marks in the entity's stream: the revised score, or the revised count. */
    const revisionsOf = async (ref: EntityRef) =>
      (await streamOf(ref)).filter((event) => event.type === "ScoreRevised" || event.type === "ScoresRejudged").map((event) => {
        const data = event.data as { overallScore?: number; revised?: number }
        return [event.type, data.overallScore ?? data.revised]
      })
    const newBusiness = async (slug: string, name: string) => {
      expect((await call("POST", "/api/business", { business_name: name, business_url: `https://${slug}.example`, org_slug: slug })).status).toBe(201)
      const ref = refOf(slug as BusinessId)
      await run(Effect.gen(function*() {
        const sent = yield* (yield* EntityCommands).send(ref, new RecordPrompts({ ...ref, prompts: PROMPTS, generator: "builtin", at: new Date().toISOString() }))
        yield* (yield* ProjectionRunner).waitFor(sent.lastPosition)
      }))
      return ref
    }

    beforeAll(async () => {
      const created = await database.create()
      release = created.release
      engine = await startOpenAiCompatibleServer({ otherwise: { kind: "answer", content: ALIAS_ANSWER } })
      // Every platform asks the loopback server, so each one's flag is the alias answer's.
      service = await startService(created.target, {
        ...Object.fromEntries(PLATFORM_KEYS.flatMap((_, i) => [[`AI_PLATFORM_${i + 1}_BASE_URL`, engine.baseUrl], [`AI_PLATFORM_${i + 1}_MODEL`, "fixed"]])),
        AI_PLATFORM_MAX_RETRIES: "0"
      })
    })
    afterAll(async () => {
      await service?.stop()
      await engine?.close()
      await release()
    })

    it("revises the service's score when an alias is added, marks it in the history, and keeps an outside caller's score as given", async () => {
      const ref = await newBusiness("calloway-street", "Calloway Street Bakery")
      // An outside caller's flags first: platform 2 on the first prompt (1 of 16: 6).
      const outside = await call("POST", "/api/cron/store-visibility-score", {
        business_id: "calloway-street",
        results: [{ prompt: PROMPTS[0], ...flags("ai_platform_2") }, { prompt: PROMPTS[1], ...flags() }]
      })
      expect([outside.status, outside.body.overall_score]).toEqual([200, 6])
      // Then the service's own: the alias-only answer names nobody it knows yet.
      expect(await serviceScore("job-calloway-1", ref)).toBe(0)
      const prompts = await call("GET", "/api/prompts/calloway-street")
      expect(prompts.body.prompts[0].platforms.ai_platform_1).toMatchObject({
        visible: false, detector_version: DETECTOR_VERSION, names_version: "none", rejudged: false
      })

      // Judged with this detector and these names already: a run has nothing to do.
      const fresh = (await streamOf(ref)).length
      expect(await run(Effect.flatMap(ScoreRevision, (revision) => revision.reviseEntity(ref)))).toEqual({ skipped: true, scores: 0, revised: 0 })
      expect((await streamOf(ref)).length).toBe(fresh)

      expect((await call("PUT", "/api/entities/calloway-street/names", ALIAS)).status).toBe(200)

      // Every platform on both prompts now: 16 of 16.
      const score = await eventually(() => call("GET", "/api/visibility-score/calloway-street"), (r) => r.body.visibilityScore.value !== 0)
      expect(score.body.visibilityScore).toEqual({ value: 100, trend: "+0%" })
      expect(score.body.history).toHaveLength(1)
      expect(score.body.history[0]).toMatchObject({ value: 100, revised: true, stored_value: 0 })

      const names = namesVersionOf({ aliases: ALIAS.aliases, notAliases: [] })
      const after = await call("GET", "/api/prompts/calloway-street")
      for (const prompt of after.body.prompts) {
        expect(prompt.ai_platform_1).toBe(true)
        expect(prompt.platforms.ai_platform_1).toMatchObject({ visible: true, detector_version: DETECTOR_VERSION, names_version: names, rejudged: true })
        // The answer_url shows the check as it was recorded.
        expect((await call("GET", prompt.platforms.ai_platform_1.answer_url)).body.visible).toBe(false)
      }

      const events = await streamOf(ref)
      const scoreEvents = events.filter((event) => event.type.startsWith("Score")).map((event) => {
        const data = event.data as Record<string, unknown>
        return [event.type, data.jobId ?? null, data.overallScore ?? null, data.previousScore ?? null, data.revised ?? null]
      })
      // The outside caller's score has no job and no revision; the service's was revised once.
      expect(scoreEvents).toEqual([
        ["ScoreStored", null, 6, null, null],
        ["ScoreStored", "job-calloway-1", 0, null, null],
        ["ScoreRevised", "job-calloway-1", 100, 0, null],
        ["ScoresRejudged", null, null, null, 1]
      ])

      // A second run (at once, or the start-up one) records nothing.
      const again = await run(Effect.flatMap(ScoreRevision, (revision) => revision.reviseEntity(ref)))
      expect(again).toEqual({ skipped: true, scores: 0, revised: 0 })
      await run(Effect.flatMap(ScoreRevision, (revision) => revision.reviseAll()))
      expect((await streamOf(ref)).length).toBe(events.length)
    })

    it("judges again at start-up the checks an older detector judged, once", async () => {
      const ref = await newBusiness("harbor-lane", "Harbor Lane Books")
      // Checks judged by a detector from before versions were recorded: it missed the business.
      const text = "Harbor Lane Books has the best used-book section in the city."
      const jobId = "job-harbor-1"
      await run(Effect.gen(function*() {
        const recorder = yield* CheckRecorder
        for (const [i, prompt] of PROMPTS.entries()) {
          yield* recorder.record(ref, `${jobId}:business:${i}`, PLATFORM_KEYS.map((platform) =>
            new PlatformChecked({
              ...ref,
              prompt,
              platform,
              status: "answered",
              answers: [{ text, citations: [], engine: "local", model: "old", latencyMs: 5, costUsd: null, visible: false, position: null, sentiment: null }],
              visible: false,
              visibleShare: 0,
              position: null,
              sentiment: null,
              error: null,
              samplesRequested: 1,
              checkedAt: new Date().toISOString(),
              detectorVersion: 0,
              namesVersion: null
            })), jobId)
        }
        const results = PROMPTS.map((prompt) => ({ prompt, flags: flags(), failedPlatforms: [] }))
        return yield* scoreStep(jobId, ref, results)
      }))

      // The service's own start-up run may get to it first: either way it is revised once.
      expect(await run(Effect.flatMap(ScoreRevision, (revision) => revision.reviseAll()))).toMatchObject({ failed: 0 })
      expect(await revisionsOf(ref)).toEqual([["ScoreRevised", 100], ["ScoresRejudged", 1]])
      const score = await eventually(() => call("GET", "/api/visibility-score/harbor-lane"), (r) => r.body.visibilityScore.value === 100)
      expect(score.body.history).toEqual([expect.objectContaining({ value: 100, revised: true, stored_value: 0 })])
      const length = (await streamOf(ref)).length
      const second = await run(Effect.flatMap(ScoreRevision, (revision) => revision.reviseAll()))
      expect(second).toMatchObject({ rejudged: 0, revised: 0, failed: 0 })
      expect((await streamOf(ref)).length).toBe(length)
    })

    it("revises a score stored before jobs were recorded on scores, found by its score step's command", async () => {
      // Written to the log as an earlier version of the service left it: the entity's actor first
      // reads the stream after, as on a start-up after the upgrade.
      const ref = refOf("quay-street" as BusinessId)
      const jobId = "job-quay-1"
      const text = "Quay Street Books has the best used-book section in the city."
      const old = {
        ...ref, status: "answered" as const, visible: false, visibleShare: 0, position: null, sentiment: null, error: null,
        samplesRequested: 1, checkedAt: new Date().toISOString(), detectorVersion: 0, namesVersion: null,
        answers: [{ text, citations: [], engine: "local" as const, model: "old", latencyMs: 5, costUsd: null, visible: false, position: null, sentiment: null }]
      }
      await run(Effect.gen(function*() {
        const recorder = yield* CheckRecorder
        for (const [i, prompt] of PROMPTS.entries()) {
          yield* recorder.record(ref, `${jobId}:business:${i}`, PLATFORM_KEYS.map((platform) => new PlatformChecked({ ...old, prompt, platform })), jobId)
        }
        // The score as the score step stored it before its job was recorded on it (schema version 1).
        const results = PROMPTS.map((prompt) => ({ prompt, flags: flags(), failedPlatforms: [] }))
        const { jobId: _, ...v1 } = toStored(new ScoreStored({
          ...ref, results, promptsAnalyzed: 2, totalTrue: 0, overallScore: 0,
          platformScores: Object.fromEntries(PLATFORM_KEYS.map((key) => [`${key}_score`, 0])), unmeasuredChecks: 0,
          storedAt: new Date().toISOString(), jobId: null
        })).data as Record<string, unknown>
        const store = yield* EventStore
        const appended = yield* store.append(streamIdOf(ref), 0, [{
          eventId: randomUUID(),
          ...toStored(new BusinessCreated({
            ...ref, businessUuid: randomUUID(), businessName: "Quay Street Books", businessUrl: "https://quay-street.example",
            trackingType: "business", identityOrgId: null, identityUserId: null, rankingScore: null, createdAt: new Date().toISOString()
          })),
          metadata: { correlationId: null, causationId: "create-quay-street" }
        }, {
          eventId: randomUUID(), type: "ScoreStored", schemaVersion: 1, data: v1,
          metadata: { correlationId: jobId, causationId: `${jobId}:score:business` }
        }])
        yield* (yield* ProjectionRunner).waitFor(appended.lastPosition)
      }))

      // As the start-up run does (which may get to it first: either way it is revised once).
      await run(Effect.flatMap(ScoreRevision, (revision) => revision.reviseEntity(ref)))
      expect(await revisionsOf(ref)).toEqual([["ScoreRevised", 100], ["ScoresRejudged", 1]])
      // The run does not wait for the read models: the revision shows once they have it.
      const score = await eventually(() => call("GET", "/api/visibility-score/quay-street"), (r) => r.body.visibilityScore.value === 100)
      expect(score.body.history).toEqual([expect.objectContaining({ value: 100, revised: true, stored_value: 0 })])
    })

    it("revises at once a score whose job checked before a names change and stored it after", async () => {
      const ref = await newBusiness("marlow-lane", "Marlow Lane Bakery")
      const jobId = "job-marlow-1"
      // The job's checks read the names as they were (none)...
      const results = await run(Effect.gen(function*() {
        const row = yield* (yield* Entities).find(ref.businessId, ref.itemId)
        return yield* analyzeStep(jobId, ref, mentionFactsOf(row!), PROMPTS, 0)
      }))
      // ...the alias is declared meanwhile (no score yet to revise)...
      expect((await call("PUT", "/api/entities/marlow-lane/names", ALIAS)).status).toBe(200)
      // ...and the score is stored after: from checks judged without it.
      expect(await run(scoreStep(jobId, ref, results))).toBe(0)
      const score = await eventually(() => call("GET", "/api/visibility-score/marlow-lane"), (r) => r.body.visibilityScore.value === 100)
      expect(score.body.history).toEqual([expect.objectContaining({ value: 100, revised: true, stored_value: 0 })])
      expect(await revisionsOf(ref)).toEqual([["ScoreRevised", 100], ["ScoresRejudged", 1]])
    })
  })
}
