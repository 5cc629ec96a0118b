/**
 * The mention adjudicator's calls per UTC day (`MENTION_ADJUDICATOR_DAILY_LIMIT`): each call
 * takes one; once the day's are taken, doubtful answers keep the rule's verdict and their
 * adjudication says "daily adjudication limit reached" (docs/mention-accuracy.md, "Adjudicator").
 *
 * The first take of a day counts the calls the log already holds for it (`AdjudicationCalls`:
 * those of this process before a restart, and of the other runners), then this process counts
 * its own. Takes are serialized (a counter in memory; only a day's first reads the log), so
 * concurrent checks never overrun the limit between them. Other runners' calls after that first
 * count are not seen until the next day: with several runners each may reach the limit.
 */
import { Effect } from "effect"
import { AppConfig } from "../config/app-config.ts"
import { WallClock } from "../config/wall-clock.ts"
import { utcDay } from "../domain/calendar-date.ts"
import { AdjudicationCalls } from "../eventstore/adjudication-calls.ts"

export class AdjudicationBudget extends Effect.Service<AdjudicationBudget>()("AdjudicationBudget", {
  effect: Effect.gen(function*() {
    const { mentionAdjudicatorDailyLimit: limit } = yield* AppConfig
    const clock = yield* WallClock
    const calls = yield* AdjudicationCalls
    const lock = yield* Effect.makeSemaphore(1)
    let day: string | undefined
    let used = 0

    /** Takes one of today's calls: false when the day's are all taken. */
    const take: Effect.Effect<boolean> = lock.withPermits(1)(Effect.gen(function*() {
      const today = utcDay(yield* clock.now)
      if (today !== day) {
        used = yield* calls.onDay(today)
        day = today
      }
      if (used >= limit) return false
      used += 1
      return true
    }))

    return { take, limit }
  }),
  dependencies: [AdjudicationCalls.Default]
}) {}
