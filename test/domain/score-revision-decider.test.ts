/**
 * The entity decider's score revisions, given/when/then: a score the service computed (with its
 * job) is revised when its checks judge otherwise now, an outside caller's score never is, and a
 * run with nothing new to say records nothing.
 */
import { describe, expect, it } from "vitest"
import { decide, type EntityCommand, evolve, initialState, Rejected, ReviseScores, StoreScore } from "../../src/domain/entity-decider.ts"
import {
  BusinessCreated,
  type PromptResult,
  ScoreRevised,
  ScoresRejudged,
  ScoreStored,
  fromRecorded,
  toStored
} from "../../src/domain/entity-events.ts"
import { BusinessId } from "../../src/domain/entity-ref.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../../src/domain/platforms.ts"
import { deciderSpec } from "../support/decider-spec.ts"

const given = deciderSpec({ initialState, evolve, decide: (command: EntityCommand, state) => decide(command, state) })

const acme = BusinessId.make("acme")
const T0 = "2026-11-20T06:00:00.000Z"
const T1 = "2026-11-24T10:00:00.000Z"
const created = new BusinessCreated({
  businessId: acme,
  businessUuid: "0b4a6c8e-2f1d-4e3a-9c5b-7d8e9f0a1b2c",
  businessName: "Acme",
  businessUrl: "https://acme.example",
  trackingType: "business",
  identityOrgId: null,
  identityUserId: null,
  rankingScore: null,
  createdAt: T0
})

const flags = (...visible: ReadonlyArray<PlatformKey>) =>
  Object.fromEntries(PLATFORM_KEYS.map((key) => [key, visible.includes(key)])) as Record<PlatformKey, boolean>
const before: ReadonlyArray<PromptResult> = [
  { prompt: "best anvils?", flags: flags("ai_platform_2"), failedPlatforms: [] },
  { prompt: "anvils near me?", flags: flags(), failedPlatforms: ["ai_platform_8"] }
]
const after: ReadonlyArray<PromptResult> = [
  { prompt: "best anvils?", flags: flags("ai_platform_1", "ai_platform_2"), failedPlatforms: [] },
  { prompt: "anvils near me?", flags: flags("ai_platform_1"), failedPlatforms: ["ai_platform_8"] }
]

const scoreOf = (jobId: string | null) =>
  new ScoreStored({
    businessId: acme,
    itemId: null,
    results: before,
    promptsAnalyzed: 2,
    totalTrue: 1,
    overallScore: 6,
    platformScores: Object.fromEntries(PLATFORM_KEYS.map((key) => [`${key}_score`, key === "ai_platform_2" ? 50 : 0])),
    unmeasuredChecks: 1,
    storedAt: T0,
    jobId
  })

const revise = (jobId: string, results: ReadonlyArray<PromptResult>, complete = true) =>
  new ReviseScores({
    businessId: acme,
    itemId: null,
    revisions: [{ jobId, results }],
    detectorVersion: 2,
    namesVersion: "81372a2754fc",
    ...(complete ? { complete: { scores: 1, revised: 0 } } : {}),
    at: T1
  })

const revised = new ScoreRevised({
  businessId: acme,
  itemId: null,
  jobId: "job-1",
  results: after,
  promptsAnalyzed: 2,
  totalTrue: 3,
  overallScore: 19,
  platformScores: { ...Object.fromEntries(PLATFORM_KEYS.map((key) => [`${key}_score`, 0])), ai_platform_1_score: 100, ai_platform_2_score: 50 },
  unmeasuredChecks: 1,
  previousScore: 6,
  detectorVersion: 2,
  namesVersion: "81372a2754fc",
  revisedAt: T1
})
const marked = (revisedCount: number) =>
  new ScoresRejudged({ businessId: acme, itemId: null, detectorVersion: 2, namesVersion: "81372a2754fc", scores: 1, revised: revisedCount, at: T1 })

describe("entity decider: score revisions", () => {
  it("records the job of a score the service computed, and none for an outside caller's", () => {
    const store = (jobId?: string) =>
      new StoreScore({ businessId: acme, itemId: null, results: before, at: T0, ...(jobId === undefined ? {} : { jobId }) })
    given([created]).when(store("job-1")).then([scoreOf("job-1")])
    given([created]).when(store()).then([scoreOf(null)])
  })

  it("revises a service score whose checks judge otherwise now, from what it was, and marks the run", () => {
    given([created, scoreOf("job-1")]).when(revise("job-1", after)).then([revised, marked(1)])
  })

  it("records only the mark when the checks judge as before, and nothing on a second run", () => {
    given([created, scoreOf("job-1")]).when(revise("job-1", before)).then([marked(0)])
    given([created, scoreOf("job-1"), revised, marked(1)]).when(revise("job-1", after)).then([])
    // A part of a run (not the last) records its revisions alone.
    given([created, scoreOf("job-1")]).when(revise("job-1", after, false)).then([revised])
  })

  it("takes up again a score stored after the mark whose checks were judged otherwise (a job begun before the names changed)", () => {
    const judged = (namesVersion: string) => before.map((result) => ({ ...result, judgedWith: { detectorVersion: 2, namesVersion } }))
    const later = (namesVersion: string) => new ScoreStored({ ...scoreOf("job-2"), results: judged(namesVersion) })
    const second = (results: ReadonlyArray<PromptResult>) =>
      new ReviseScores({ businessId: acme, itemId: null, revisions: [{ jobId: "job-2", results }], detectorVersion: 2, namesVersion: "81372a2754fc", complete: { scores: 2, revised: 0 }, at: T1 })
    // Judged with the old names: the mark no longer covers the entity, and the run marks it again.
    given([created, scoreOf("job-1"), revised, marked(1), later("none")]).when(second(judged("none")))
      .then([new ScoresRejudged({ ...marked(0), scores: 2 })])
    // Judged with the names of the mark: covered, nothing to record.
    given([created, scoreOf("job-1"), revised, marked(1), later("81372a2754fc")]).when(second(judged("81372a2754fc"))).then([])
  })

  it("revises from the last revision: its value is the previous one", () => {
    const back = new ScoreRevised({ ...revised, results: before, promptsAnalyzed: 2, totalTrue: 1, overallScore: 6,
      platformScores: scoreOf("job-1").platformScores, previousScore: 19 })
    given([created, scoreOf("job-1"), revised, marked(1)]).when(revise("job-1", before, false)).then([back])
  })

  it("never revises a score an outside caller stored with its own flags", () => {
    given([created, scoreOf(null)]).when(revise("job-1", after))
      .thenRejects(new Rejected({ reason: "not_found", message: "no score computed by the service for job job-1" }))
  })

  it("refuses a revision that changes the score's prompts", () => {
    given([created, scoreOf("job-1")]).when(revise("job-1", [after[1]!, after[0]!]))
      .thenRejects(new Rejected({ reason: "invalid", message: "a revision of job job-1 must keep its prompts, in order" }))
  })

  it("finds the job of a score stored before jobs were recorded in the score step's command id", () => {
    const { jobId: _, ...v1 } = toStored(scoreOf(null)).data as Record<string, unknown>
    const recorded = (causationId: string | null, schemaVersion = 1, data: unknown = v1) =>
      fromRecorded({ type: "ScoreStored", schemaVersion, data, metadata: { causationId } })
    expect(recorded("daily:2026-11-10:acme:score:business")).toEqual(scoreOf("daily:2026-11-10:acme"))
    expect(recorded("5f0c8e9a-1b2c-4d3e-8f4a-5b6c7d8e9f0a:score:product:rye-loaf")).toEqual(scoreOf("5f0c8e9a-1b2c-4d3e-8f4a-5b6c7d8e9f0a"))
    // An outside caller's command id is a random UUID; a version 2 event says for itself.
    expect(recorded("0b4a6c8e-2f1d-4e3a-9c5b-7d8e9f0a1b2c")).toEqual(scoreOf(null))
    expect(recorded(null)).toEqual(scoreOf(null))
    expect(recorded("job-9:score:business", 2, toStored(scoreOf(null)).data)).toEqual(scoreOf(null))
  })
})
