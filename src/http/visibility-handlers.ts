import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import { EntityCommands } from "../actors/entity-commands.ts"
import { WallClock } from "../config/wall-clock.ts"
import { StoreScore } from "../domain/entity-decider.ts"
import { refOf } from "../domain/entity-ref.ts"
import { PLATFORM_KEYS, type PlatformKey } from "../domain/platforms.ts"
import { CurrentPrincipal } from "../accounts/principal.ts"
import { VisibilityAnalysis } from "../pipeline/visibility-analysis.ts"
import { type Adjudication, checkFromStored } from "../domain/check-events.ts"
import { EventStore } from "../eventstore/event-store.ts"
import { mentionFactsOf } from "../projections/entities.ts"
import { Prompts } from "../projections/prompts.ts"
import { SightlineApi } from "./api.ts"
import { requireOrganization, requireService } from "./authorize.ts"
import { toApiError } from "./command-rejection.ts"
import { BadGateway, internalError, notFound } from "./errors.ts"
import { findEntity } from "./entity-lookup.ts"
import { awaitProjections } from "./read-your-writes.ts"
import { AnalyzeResponse, CheckAnswerResponse, PromptsResponse, type StoreScoreRequest, StoreScoreResponse, VisibilityScoreResponse } from "./visibility-api.ts"
import { makeVisibilityScore } from "./fast-lane/visibility-score.ts"

/** The link to a check's answer (`checkAnswer`). */
const answerUrl = (businessId: string, checkId: string) => `/api/prompts/${businessId}/answers/${checkId}`

const adjudicationDetail = (a: Adjudication) => ({
  status: a.status,
  model: a.model,
  doubt: a.doubt,
  sentence: a.sentence,
  rule_visible: a.ruleVisible,
  visible: a.visible,
  sentiment: a.sentiment,
  reason: a.reason,
  usage: a.usage === undefined ? null : { prompt_tokens: a.usage.promptTokens, completion_tokens: a.usage.completionTokens }
})

/** The request's results as the command holds them (the decider refuses a prompt given twice). */
const resultsOf = (payload: StoreScoreRequest) =>
  payload.results.map((result) => {
    const failed = new Set(result.failed_platforms ?? [])
    // A platform named as failed was not measured: it counts as not visible whatever its flag says.
    return {
      prompt: result.prompt,
      flags: Object.fromEntries(PLATFORM_KEYS.map((key) => [key, result[key] && !failed.has(key)])) as Record<PlatformKey, boolean>,
      failedPlatforms: [...failed]
    }
  })

export const VisibilityHandlers = HttpApiBuilder.group(SightlineApi, "visibility", (handlers) =>
  Effect.gen(function*() {
    const analysis = yield* VisibilityAnalysis
    const commands = yield* EntityCommands
    const prompts = yield* Prompts
    const store = yield* EventStore
    const clock = yield* WallClock
    const visibilityScore = yield* makeVisibilityScore

    return handlers
      .handle("analyzeVisibility", ({ payload }) =>
        Effect.gen(function*() {
          yield* requireService
          const itemId = payload.item_id ?? null
          const entity = yield* findEntity({ businessId: payload.business_id, itemId, allowDeleted: false })
          const result = yield* analysis.analyze(refOf(payload.business_id, itemId), mentionFactsOf(entity), payload.prompt, randomUUID())
          yield* awaitProjections(result.recordedAt, ["prompts"])
          if (result.failedPlatforms.length === PLATFORM_KEYS.length) {
            return yield* Effect.fail(new BadGateway({
              status: "error",
              code: "platforms_unavailable",
              message: "every platform failed to answer; the failed checks were recorded"
            }))
          }
          return new AnalyzeResponse({ status: "success", prompt: payload.prompt, ...result.flags, failed_platforms: result.failedPlatforms })
        }))
      .handle("storeVisibilityScore", ({ payload }) =>
        Effect.gen(function*() {
          yield* requireService
          const ref = refOf(payload.business_id, payload.item_id)
          const now = yield* clock.now
          const sent = yield* commands.send(ref, new StoreScore({ ...ref, results: resultsOf(payload), at: now.toISOString() })).pipe(
            Effect.catchTag("CommandRejected", (rejected) => toApiError("StoreScore", rejected, { entity: ref, now }))
          )
          yield* awaitProjections(sent.lastPosition, ["scores"])
          const stored = sent.events.find((event) => event._tag === "ScoreStored")
          if (stored === undefined || stored._tag !== "ScoreStored") return yield* Effect.fail(internalError())
          return new StoreScoreResponse({
            status: "success",
            overall_score: stored.overallScore,
            prompts_analyzed: stored.promptsAnalyzed,
            total_true: stored.totalTrue,
            platform_scores: stored.platformScores as StoreScoreResponse["platform_scores"],
            unmeasured_checks: stored.unmeasuredChecks
          })
        }))
      .handle("visibilityScore", ({ path, urlParams }) =>
        Effect.flatMap(CurrentPrincipal, (principal) =>
          Effect.map(
            Effect.flatten(Effect.promise(() => visibilityScore(principal, path.org_slug, urlParams.item_id ?? null))),
            (body) => new VisibilityScoreResponse(body, true)
          )))
      .handle("prompts", ({ path, urlParams }) =>
        Effect.gen(function*() {
          yield* requireOrganization(path.business_id, "read")
          const itemId = urlParams.item_id ?? null
          yield* findEntity({ businessId: path.business_id, itemId, allowDeleted: true })
          const set = yield* prompts.currentSet(path.business_id, itemId)
          const checks = yield* prompts.latestChecks(path.business_id, itemId)
          const byPrompt = new Map<string, Array<(typeof checks)[number]>>()
          for (const check of checks) byPrompt.set(check.prompt, [...(byPrompt.get(check.prompt) ?? []), check])
          return new PromptsResponse({
            business_id: path.business_id,
            item_id: itemId,
            set_version: set?.setVersion ?? null,
            generated_at: set?.generatedAt.toISOString() ?? null,
            prompts: (set?.prompts ?? []).map((prompt) => {
              const found = byPrompt.get(prompt) ?? []
              const flags = Object.fromEntries(PLATFORM_KEYS.map((key) => [key, found.some((c) => c.platform === key && c.visible)]))
              return {
                prompt,
                ...(flags as Record<PlatformKey, boolean>),
                platforms: Object.fromEntries(found.map((c) => [c.platform, {
                  visible: c.visible,
                  status: c.status,
                  position: c.position,
                  sentiment: c.sentiment,
                  citations: c.citations,
                  checked_at: c.checked_at.toISOString(),
                  engine: c.engine,
                  model: c.model,
                  answer_url: answerUrl(path.business_id, c.check_id),
                  detector_version: c.detector_version,
                  names_version: c.names_version,
                  rejudged: c.rejudged,
                  rule_visible: c.rule_visible,
                  adjudications: c.adjudications.map(adjudicationDetail)
                }]))
              }
            })
          })
        }))
      .handle("checkAnswer", ({ path }) =>
        Effect.gen(function*() {
          yield* requireOrganization(path.business_id, "read")
          yield* findEntity({ businessId: path.business_id, itemId: null, allowDeleted: true })
          // The check's own event holds its answers: read from the log by id, never copied.
          const [recorded] = yield* store.readByIds([path.check_id])
          const check = recorded?.type === "PlatformChecked" ? checkFromStored(recorded) : undefined
          if (check === undefined || check.businessId !== path.business_id) {
            return yield* Effect.fail(notFound("answer_not_found", `no check ${path.check_id} of ${path.business_id}`))
          }
          return new CheckAnswerResponse({
            check_id: path.check_id,
            business_id: check.businessId,
            item_id: check.itemId,
            prompt: check.prompt,
            platform: check.platform,
            status: check.status,
            visible: check.visible,
            position: check.position,
            sentiment: check.sentiment,
            checked_at: check.checkedAt,
            engine: check.answers[0]?.engine ?? null,
            model: check.answers[0]?.model ?? null,
            error: check.error,
            answers: check.answers.map((answer) => ({
              text: answer.text,
              citations: answer.citations,
              engine: answer.engine,
              model: answer.model,
              latency_ms: answer.latencyMs,
              cost_usd: answer.costUsd,
              visible: answer.visible,
              position: answer.position,
              sentiment: answer.sentiment,
              adjudication: answer.adjudication === undefined ? null : adjudicationDetail(answer.adjudication)
            }))
          })
        }))
  }))
