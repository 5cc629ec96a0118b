import { describe, it } from "vitest"
import { JobLockReleased, JobLockTaken } from "../../src/domain/job-events.ts"
import * as JobLock from "../../src/domain/job-lock-decider.ts"
import { ReleaseLock, TakeLock } from "../../src/domain/job-lock-decider.ts"
import { deciderSpec } from "../support/decider-spec.ts"

const given = deciderSpec(JobLock)
const T1 = new Date("2026-11-20T10:00:00.000Z")
const T2 = new Date("2026-11-20T10:05:00.000Z")
const taken = (jobId: string) => new JobLockTaken({ jobId, at: T1.toISOString() })
const released = (jobId: string) => new JobLockReleased({ jobId, at: T1.toISOString() })

describe("job lock decider", () => {
  it("a free business is taken by the job", () => {
    given([]).when(new TakeLock({ jobId: "job-1", at: T2 })).then([new JobLockTaken({ jobId: "job-1", at: T2.toISOString() })])
  })

  it("a business another job holds is not taken", () => {
    given([taken("job-1")]).when(new TakeLock({ jobId: "job-2", at: T2 })).then([])
  })

  it("a business the job holds already records nothing more", () => {
    given([taken("job-1")]).when(new TakeLock({ jobId: "job-1", at: T2 })).then([])
  })

  it("a released business is free again", () => {
    given([taken("job-1"), released("job-1")]).when(new TakeLock({ jobId: "job-2", at: T2 }))
      .then([new JobLockTaken({ jobId: "job-2", at: T2.toISOString() })])
  })

  it("the holder releases it", () => {
    given([taken("job-1")]).when(new ReleaseLock({ jobId: "job-1", at: T2 }))
      .then([new JobLockReleased({ jobId: "job-1", at: T2.toISOString() })])
  })

  it("a job that does not hold it releases nothing", () => {
    given([taken("job-1")]).when(new ReleaseLock({ jobId: "job-2", at: T2 })).then([])
    given([]).when(new ReleaseLock({ jobId: "job-1", at: T2 })).then([])
    given([taken("job-1"), released("job-1")]).when(new ReleaseLock({ jobId: "job-1", at: T2 })).then([])
  })
})
