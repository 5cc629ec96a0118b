/**
 * The job lock of a business (`joblock-<businessId>`): which job onboards it now. A second
 * request for the business finds the job that holds it instead of starting another. Pure: the
 * writer supplies the time inside the commands.
 */
import { Data } from "effect"
import { JobLockReleased, JobLockTaken } from "./job-events.ts"

export type JobLockEvent = JobLockTaken | JobLockReleased

export interface JobLockState {
  /** The job holding the business, or null when none does. */
  readonly holder: string | null
}

export const initialState: JobLockState = { holder: null }

export const evolve = (_state: JobLockState, event: JobLockEvent): JobLockState => ({
  holder: event._tag === "JobLockTaken" ? event.jobId : null
})

/** Takes the business for `jobId`, unless a job holds it (that job itself included). */
export class TakeLock extends Data.TaggedClass("TakeLock")<{ readonly jobId: string; readonly at: Date }> {}

/** Gives the business up, if `jobId` holds it. */
export class ReleaseLock extends Data.TaggedClass("ReleaseLock")<{ readonly jobId: string; readonly at: Date }> {}

export type JobLockCommand = TakeLock | ReleaseLock

export const decide = (command: JobLockCommand, state: JobLockState): ReadonlyArray<JobLockEvent> => {
  switch (command._tag) {
    case "TakeLock":
      return state.holder !== null ? [] : [new JobLockTaken({ jobId: command.jobId, at: command.at.toISOString() })]
    case "ReleaseLock":
      return state.holder !== command.jobId ? [] : [new JobLockReleased({ jobId: command.jobId, at: command.at.toISOString() })]
  }
}
