/**
 * The one way the service asks the 8 platforms: for each platform key an answer engine (the
 * configured vendor endpoint, else the built-in local engine) behind the same protections
 * (circuit breaker, concurrency cap, timeout, retries, and for a vendor a rate limit: see
 * `platform-queue.ts`).
 * `ask` never fails: a failure is an outcome with its error.
 */
import { Cause, Effect, Option } from "effect"
import { AppConfig } from "../config/app-config.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../domain/platforms.ts"
import type { AnswerEngine } from "./answer-engine.ts"
import { DocumentSource } from "./document-source.ts"
import { makeLocalAnswerEngine } from "./local-answer-engine.ts"
import { makeOpenAiCompatibleEngine } from "./openai-compatible-engine.ts"
import { type CheckOutcome, type EngineKind, type PlatformQueue, makePlatformQueue, startAsk } from "./platform-queue.ts"

export type { CheckOutcome, EngineKind }

export class PlatformGateway extends Effect.Service<PlatformGateway>()("PlatformGateway", {
  scoped: Effect.gen(function*() {
    const config = yield* AppConfig
    const documents = yield* DocumentSource

    const queues = yield* Effect.forEach(PLATFORM_KEYS, (platform, index) => {
      const endpoint = config.platforms[index] ?? Option.none()
      const limits = config.platformLimits[index]
      if (limits === undefined) return Effect.dieMessage(`No limits configured for ${platform}`)
      const engine: AnswerEngine = Option.isSome(endpoint)
        ? makeOpenAiCompatibleEngine(platform, endpoint.value)
        : makeLocalAnswerEngine(platform, documents)
      return makePlatformQueue(platform, Option.isSome(endpoint) ? "openai-compatible" : "local", engine, limits)
    })
    const queueOf = Object.fromEntries(queues.map((queue) => [queue.platform, queue])) as Record<PlatformKey, PlatformQueue>

    /**
     * `samples` rounds of asks of `prompt` on `platforms`, all at once, as one effect: it ends when
     * every ask has, and interrupting it cancels those still running (aborting their calls in
     * flight). Each ask settles on its own, so one platform failing leaves the others' answers
     * intact. One `Effect.async` for them all, not a fiber per ask (see `platform-queue.ts`).
     */
    const askEach = (prompt: string, platforms: ReadonlyArray<PlatformKey>, samples: number) =>
      Effect.clockWith((clock) =>
        Effect.async<{ rounds: Array<Record<string, CheckOutcome>>; defects: Array<unknown> }>((resume) => {
          const unique = [...new Set(platforms)]
          const rounds = Array.from({ length: samples }, (): Record<string, CheckOutcome> => ({}))
          const defects: Array<unknown> = []
          let pending = unique.length * samples
          if (pending === 0) return resume(Effect.succeed({ rounds, defects }))
          const now = () => clock.unsafeCurrentTimeMillis()
          // The caller goes on (reading the answers, recording them) from the event loop's check
          // phase, after the I/O already in: answers that landed together each free a permit and
          // start the next waiting call first, instead of waiting behind this caller's work.
          let resuming: ReturnType<typeof setImmediate> | undefined
          const cancels = rounds.flatMap((outcomes) =>
            unique.map((platform) =>
              startAsk(queueOf[platform], prompt, now, (outcome, defect) => {
                outcomes[platform] = outcome
                if (defect !== undefined) defects.push(defect.cause)
                if (--pending === 0) resuming = setImmediate(() => resume(Effect.succeed({ rounds, defects })))
              })
            )
          )
          return Effect.sync(() => {
            if (resuming !== undefined) clearImmediate(resuming)
            for (const cancel of cancels) cancel()
          })
        })
      ).pipe(
        Effect.tap(({ defects }) => Effect.forEach(defects, (defect) => Effect.logError("Answer engine defect", Cause.die(defect)), { discard: true })),
        Effect.map(({ rounds }) => rounds),
        Effect.withSpan("PlatformGateway.askAll", { captureStackTrace: false })
      )

    /** All 8 platforms in parallel, or the given ones; keyed by platform. */
    const askAll = <K extends PlatformKey = PlatformKey>(
      prompt: string,
      platforms?: ReadonlyArray<K>
    ): Effect.Effect<Record<K, CheckOutcome>> =>
      Effect.map(askEach(prompt, platforms ?? PLATFORM_KEYS, 1), (rounds) => rounds[0]!) as Effect.Effect<Record<K, CheckOutcome>>

    /**
     * `samples` answers from each of the 8 platforms (or the given ones), all asked at once; one
     * record per sample, keyed by the platforms asked.
     */
    const askSamples = (
      prompt: string,
      samples: number,
      platforms: ReadonlyArray<PlatformKey> = PLATFORM_KEYS
    ): Effect.Effect<ReadonlyArray<Partial<Record<PlatformKey, CheckOutcome>>>> => askEach(prompt, platforms, samples)

    const ask = (platform: PlatformKey, prompt: string): Effect.Effect<CheckOutcome> =>
      Effect.map(askEach(prompt, [platform], 1), (rounds) => rounds[0]![platform]!)

    const engineOf = (platform: PlatformKey): EngineKind => queueOf[platform].kind

    return { ask, askAll, askSamples, engineOf }
  })
}) {}
