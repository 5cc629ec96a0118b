/**
 * Writes the job streams: the single writer of `job-*` (a job's progress) and `joblock-*`
 * (which job onboards a business now). Every event id derives from the job and what the event
 * says, so a step re-run after a crash records nothing twice.
 */
import { Effect, Either } from "effect"
import {
  type JobEvent,
  JobLockReleased,
  jobLockStreamOf,
  JobLockTaken,
  jobStreamOf,
  jobToStored,
  lockFromStored,
  lockToStored
} from "../domain/job-events.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

export interface Claim {
  readonly jobId: string
  /** False when another job already holds the business: `jobId` is that job. */
  readonly started: boolean
}

export class JobJournal extends Effect.Service<JobJournal>()("JobJournal", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore

    const holderOf = (businessId: string) =>
      Effect.map(store.readStream(jobLockStreamOf(businessId)), (events) => {
        const last = events[events.length - 1]
        const event = last === undefined ? undefined : lockFromStored(last)
        return { version: events.length, holder: event?._tag === "JobLockTaken" ? event.jobId : null }
      })

    /** Takes the business for `jobId`, or names the job that holds it. */
    const claim = Effect.fn("JobJournal.claim")(function*(businessId: string, jobId: string, at: Date) {
      for (;;) {
        const { holder, version } = yield* holderOf(businessId)
        if (holder !== null) return { jobId: holder, started: holder === jobId } satisfies Claim
        const taken = new JobLockTaken({ jobId, at: at.toISOString() })
        const appended = yield* Effect.either(store.append(jobLockStreamOf(businessId), version, [
          { eventId: eventIdFor(`joblock:${jobId}:take`, 0), ...lockToStored(taken) }
        ]))
        if (Either.isRight(appended)) return { jobId, started: true } satisfies Claim
        // Only a version conflict is worth another look; any other failure would loop here.
        if (appended.left._tag !== "WrongExpectedVersion") return yield* Effect.die(appended.left)
        // Another request took it meanwhile: read who.
      }
    })

    const release = Effect.fn("JobJournal.release")(function*(businessId: string, jobId: string, at: Date) {
      const { holder, version } = yield* holderOf(businessId)
      if (holder !== jobId) return
      const released = new JobLockReleased({ jobId, at: at.toISOString() })
      yield* Effect.ignore(store.append(jobLockStreamOf(businessId), version, [
        { eventId: eventIdFor(`joblock:${jobId}:release`, 0), ...lockToStored(released) }
      ]))
    })

    /** Records a job event under a key naming it (the same key: the same event). */
    const record = Effect.fn("JobJournal.record")(function*(jobId: string, key: string, event: JobEvent) {
      return yield* store.append(jobStreamOf(jobId), "any", [
        { eventId: eventIdFor(`job:${jobId}:${key}`, 0), ...jobToStored(event) }
      ]).pipe(Effect.orDie)
    })

    return { claim, release, record }
  })
}) {}
