/**
 * Writes the job streams: the single writer of `job-*` (a job's progress) and `joblock-*`
 * (which job onboards a business now). Every event id derives from the job and what the event
 * says, so a step re-run after a crash records nothing twice.
 */
import { Effect } from "effect"
import { type JobEvent, jobLockStreamOf, jobStreamOf, jobToStored, lockFromStored, lockToStored } from "../domain/job-events.ts"
import { decide, evolve, initialState, type JobLockCommand, type JobLockState, ReleaseLock, TakeLock } from "../domain/job-lock-decider.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { handleCommand, type StreamFold } from "../eventstore/handle-command.ts"
import { eventIdFor } from "../eventstore/event-id.ts"

export interface Claim {
  readonly jobId: string
  /** False when another job already holds the business: `jobId` is that job. */
  readonly started: boolean
}

/** The lock stream folded by the job-lock decider. */
const lockFold: StreamFold<JobLockState> = {
  initialState,
  evolve: (state, recorded) => evolve(state, lockFromStored(recorded))
}

export class JobJournal extends Effect.Service<JobJournal>()("JobJournal", {
  effect: Effect.gen(function*() {
    const store = yield* EventStore

    /** Decides a lock command and appends its event, under an id naming the job and the command. */
    const handleLock = (businessId: string, command: JobLockCommand, key: "take" | "release") =>
      handleCommand(jobLockStreamOf(businessId), lockFold, (state) =>
        Effect.succeed(decide(command, state).map((event) => ({
          eventId: eventIdFor(`joblock:${command.jobId}:${key}`, 0),
          ...lockToStored(event)
        })))).pipe(Effect.provideService(EventStore, store))

    /** Takes the business for `jobId`, or names the job that holds it. */
    const claim = Effect.fn("JobJournal.claim")(function*(businessId: string, jobId: string, at: Date) {
      const handled = yield* handleLock(businessId, new TakeLock({ jobId, at }), "take").pipe(Effect.orDie)
      if (handled.appended !== undefined) return { jobId, started: true } satisfies Claim
      const holder = handled.decidedOn.state.holder!
      return { jobId: holder, started: holder === jobId } satisfies Claim
    })

    const release = Effect.fn("JobJournal.release")(function*(businessId: string, jobId: string, at: Date) {
      yield* Effect.ignore(handleLock(businessId, new ReleaseLock({ jobId, at }), "release"))
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
