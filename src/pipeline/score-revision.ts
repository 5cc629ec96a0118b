/**
 * Scores follow the detector (docs/api.md, "Re-judged checks"): each score the service computed
 * (onboarding's and the daily run's score step, `ScoreStored` with a `jobId`) is derived again
 * from its job's stored checks as today's detector judges them with the entity's declared names,
 * and a changed one is recorded as `ScoreRevised` (never by changing the stored event). Scores an
 * outside caller stored with its own flags have no job, and stay as given.
 *
 * Runs for one entity when its names change, and for every entity at start-up (a new detector
 * version). Idempotent and resumable: an entity whose scores were all judged with this detector
 * and these names (each result's `judgedWith`, or a later `ScoresRejudged` mark of a run) is
 * skipped after one read of its stream, so a second run records nothing, and a run cut short goes
 * on where it stopped. Bounded by one entity at a time; an entity's checks stream is read whole
 * (the checks of the scores to derive again are kept), so memory grows with one entity's history.
 */
import { Effect, Layer, Queue } from "effect"
import { EntityCommands } from "../actors/entity-commands.ts"
import { WallClock } from "../config/wall-clock.ts"
import { checkFromStored, checksStreamOf, type PlatformChecked } from "../domain/check-events.ts"
import { judgementOf, namesVersionOf, rederiveResults } from "../domain/check-judgement.ts"
import { judgedAllWith, ReviseScores, type ServiceScore } from "../domain/entity-decider.ts"
import { fromRecorded, type PromptResult } from "../domain/entity-events.ts"
import { declaredTargetOf } from "../domain/entity-names.ts"
import { type EntityRef, streamIdOf } from "../domain/entity-ref.ts"
import { DETECTOR_VERSION } from "../domain/mention/version.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { ProjectionRunner } from "../projections/runner.ts"
import { Entities, mentionFactsOf } from "../projections/entities.ts"
import { refOfRow } from "../projections/row-ref.ts"

/** Revisions per command: a command is persisted by the cluster, so it stays small. */
const REVISIONS_PER_COMMAND = 10

/** What one entity's run did. */
export interface EntityRevision {
  /** Skipped: its scores were already derived with this detector and these names, or it has none. */
  readonly skipped: boolean
  readonly scores: number
  readonly revised: number
}

export class ScoreRevision extends Effect.Service<ScoreRevision>()("ScoreRevision", {
  scoped: Effect.gen(function*() {
    const store = yield* EventStore
    const commands = yield* EntityCommands
    const entities = yield* Entities
    const clock = yield* WallClock

    const reviseEntity = Effect.fn("ScoreRevision.reviseEntity")(function*(ref: EntityRef) {
      const row = yield* entities.find(ref.businessId, ref.itemId)
      const none: EntityRevision = { skipped: true, scores: 0, revised: 0 }
      if (row === undefined) return none
      const facts = mentionFactsOf(row)
      const namesVersion = namesVersionOf(facts.declared)

      // The service's scores as they stand, and those whose checks were judged otherwise than now
      // and not derived again since (a mark of this detector and these names covers the scores
      // before it; a score stored after it by a job that began before the names changed does not).
      const current = { detectorVersion: DETECTOR_VERSION, namesVersion }
      const stream = yield* store.readStream(streamIdOf(ref))
      const scores = new Map<string, ServiceScore>()
      const pending = new Set<string>()
      for (const recorded of stream) {
        const event = fromRecorded(recorded)
        if ((event._tag === "ScoreStored" || event._tag === "ScoreRevised") && event.jobId !== null) {
          scores.set(event.jobId, { results: event.results, overallScore: event.overallScore })
          if (judgedAllWith(event.results, current)) pending.delete(event.jobId)
          else pending.add(event.jobId)
        } else if (event._tag === "ScoresRejudged" && event.detectorVersion === DETECTOR_VERSION && event.namesVersion === namesVersion) {
          pending.clear()
        }
      }
      if (pending.size === 0) return none

      // The pending jobs' checks, each judged once (a check's verdict as recorded when this detector and
      // these names judged it).
      const target = declaredTargetOf(facts)
      const checksOf = new Map<string, Array<PlatformChecked>>()
      for (const recorded of yield* store.readStream(checksStreamOf(ref))) {
        const jobId = recorded.metadata.correlationId
        if (jobId === null || !pending.has(jobId) || recorded.type !== "PlatformChecked") continue
        const list = checksOf.get(jobId) ?? []
        list.push(checkFromStored(recorded))
        checksOf.set(jobId, list)
      }
      const revisions: Array<{ jobId: string; results: ReadonlyArray<PromptResult> }> = []
      // Only the scores not judged as now: the others are, or a run with these versions found them unchanged.
      for (const jobId of pending) {
        const score = scores.get(jobId)!
        const results = rederiveResults(score.results, checksOf.get(jobId) ?? [], (check) =>
          judgementOf(check, target, namesVersion).visible, current)
        revisions.push({ jobId, results })
      }

      // The same ids when nothing was recorded since: a command redelivered after a crash is
      // answered as recorded; once the stream has moved, a new run gets new ids.
      const at = (yield* clock.now).toISOString()
      let revised = 0
      for (let start = 0; start === 0 || start < revisions.length; start += REVISIONS_PER_COMMAND) {
        const chunk = revisions.slice(start, start + REVISIONS_PER_COMMAND)
        const last = start + REVISIONS_PER_COMMAND >= revisions.length
        const outcome = yield* commands.send(ref, new ReviseScores({
          businessId: ref.businessId,
          itemId: ref.itemId,
          revisions: chunk,
          detectorVersion: DETECTOR_VERSION,
          namesVersion,
          ...(last ? { complete: { scores: pending.size, revised } } : {}),
          at
        }), { commandId: `revise-scores:${streamIdOf(ref)}:${stream.length}:${start}` }).pipe(Effect.orDie)
        revised += outcome.events.filter((event) => event._tag === "ScoreRevised").length
      }
      return { skipped: false, scores: pending.size, revised } satisfies EntityRevision
    })

    /**
     * Every entity, one at a time (the platforms are never asked: the work is reading the log and
     * the detector), reporting progress as it goes. An entity that fails is logged and left for
     * the next run; the others go on.
     */
    const reviseAll = Effect.fn("ScoreRevision.reviseAll")(function*() {
      const all = yield* entities.list({})
      let done = 0
      let revisedEntities = 0
      let revisedScores = 0
      let failed = 0
      for (const row of all) {
        const ref = refOfRow(row)
        const outcome = yield* reviseEntity(ref).pipe(
          Effect.catchAllCause((cause) =>
            Effect.as(Effect.logWarning("score revision: an entity failed; the next start-up tries again", cause), undefined)
          )
        )
        done++
        if (outcome === undefined) failed++
        else if (!outcome.skipped) {
          revisedEntities++
          revisedScores += outcome.revised
        }
        if (done % 50 === 0 || done === all.length) {
          yield* Effect.logInfo(
            `score revision (detector version ${DETECTOR_VERSION}): ${done}/${all.length} entities, ` +
              `${revisedEntities} re-judged, ${revisedScores} scores revised, ${failed} failed`
          )
        }
      }
      return { entities: all.length, rejudged: revisedEntities, revised: revisedScores, failed }
    })

    // Entities waiting for a run (names changed), one worker taking them in turn: a burst of
    // changes never runs two runs of one entity at once, and a request made while its entity's
    // run is under way is run again after it (the names may have changed meanwhile).
    const queue = yield* Queue.unbounded<EntityRef>()
    const waiting = new Set<string>()
    const keyOf = (ref: EntityRef) => `${ref.businessId}/${ref.itemId ?? ""}`
    yield* Effect.forkScoped(Effect.forever(Effect.gen(function*() {
      const ref = yield* Queue.take(queue)
      waiting.delete(keyOf(ref))
      const outcome = yield* reviseEntity(ref).pipe(
        Effect.catchAllCause((cause) =>
          Effect.as(Effect.logWarning("score revision: an entity failed; the next start-up tries again", cause), undefined)
        )
      )
      if (outcome !== undefined && !outcome.skipped) {
        yield* Effect.logInfo(`score revision of ${keyOf(ref)}: ${outcome.scores} scores derived again, ${outcome.revised} revised`)
      }
    })))

    /** Asks for a run of one entity (its names changed) soon, in the background. */
    const request = (ref: EntityRef) =>
      Effect.suspend(() => {
        if (waiting.has(keyOf(ref))) return Effect.void
        waiting.add(keyOf(ref))
        return Queue.offer(queue, ref)
      })

    return { reviseEntity, reviseAll, request }
  }),
  dependencies: [Entities.Default]
}) {}

/**
 * At start-up, in the background: every entity's scores derived again when a new detector version
 * (or names changed while the service was down) has not been applied yet, once the entities read
 * model has caught up with the log.
 */
export const ScoreRevisionAtStartLive = Layer.scopedDiscard(Effect.gen(function*() {
  const revision = yield* ScoreRevision
  const runner = yield* ProjectionRunner
  const store = yield* EventStore
  const run = Effect.gen(function*() {
    yield* runner.waitFor(yield* store.head, ["entities"])
    const outcome = yield* revision.reviseAll()
    yield* Effect.logInfo(
      `score revision done: ${outcome.entities} entities, ${outcome.rejudged} re-judged, ${outcome.revised} scores revised, ${outcome.failed} failed`
    )
  }).pipe(Effect.catchAllCause((cause) => Effect.logWarning("score revision at start-up failed; the next start-up tries again", cause)))
  yield* Effect.forkScoped(Effect.delay(run, "1 second"))
}))
