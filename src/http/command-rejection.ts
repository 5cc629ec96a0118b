/**
 * The one place a rejected entity command becomes an API error. A reason of the decider is
 * answered as `REJECTIONS` (domain/entity-decider.ts) words it for the command; a failure of
 * the service is 503 when the command could not be carried out now (retry), otherwise 500.
 */
import { Effect } from "effect"
import type { CommandRejected } from "../actors/tracked-entity.ts"
import { type EntityCommand, type RejectionOf, type RejectionReason, REJECTIONS } from "../domain/entity-decider.ts"
import type { EntityRef } from "../domain/entity-ref.ts"
import { BadRequest, Conflict, type InternalError, internalError, NotFound, type RateLimited, rateLimited, Unavailable } from "./errors.ts"

type CommandTag = EntityCommand["_tag"]

/** The API error of each status a rejection can be answered with. */
interface ErrorOfStatus {
  readonly 400: BadRequest
  readonly 404: NotFound
  readonly 409: Conflict
  readonly 429: RateLimited
  readonly 500: InternalError
}

/** An answer whose code is one its status's error accepts. */
type Answer = {
  [S in keyof ErrorOfStatus]: {
    readonly status: S
    readonly code: ErrorOfStatus[S]["code"] | ((entity: EntityRef) => ErrorOfStatus[S]["code"])
  }
}[keyof ErrorOfStatus]

/** The table, checked: a code its status's error would refuse does not compile. */
const answers: { readonly [C in CommandTag]: { readonly [R in RejectionOf<C>]: Answer } } = REJECTIONS

/** What answering a rejection of command `C` can fail with. */
export type ApiErrorOf<C extends CommandTag> = ErrorOfStatus[StatusOf<(typeof REJECTIONS)[C][RejectionOf<C>]>] | InternalError | Unavailable

type StatusOf<A> = A extends { readonly status: infer S extends keyof ErrorOfStatus } ? S : never

export interface RejectionContext {
  /** The entity the command was for: a 404 may name its kind. */
  readonly entity: EntityRef
  /** When the request came: a daily limit's 429 says how long until the next UTC day. */
  readonly now: Date
}

const secondsToNextUtcDay = (now: Date) => {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  return Math.ceil((next - now.getTime()) / 1000)
}

/** Fails with the API error answering `rejected`, a rejection of a `command`. */
export const toApiError = <C extends CommandTag>(
  command: C,
  rejected: CommandRejected,
  context: RejectionContext
): Effect.Effect<never, ApiErrorOf<C>> => {
  if (rejected.reason === "unavailable") {
    return Effect.fail(new Unavailable({ status: "error", code: "unavailable", message: "the service cannot answer right now; retry" }))
  }
  if (rejected.reason === "unstorable") return Effect.fail(internalError())
  const answer = (answers[command] as { readonly [R in RejectionReason]?: Answer })[rejected.reason]
  if (answer === undefined) {
    // Only a reason `decide` cannot give this command comes here (the table bounds it): a fault.
    return Effect.logError(`entity: ${command} rejected for a reason it has no answer for`, rejected.reason).pipe(
      Effect.zipRight(Effect.fail(internalError()))
    )
  }
  // The casts below are the table's promise: `ApiErrorOf<C>` is read from the same entries.
  const message = rejected.message
  switch (answer.status) {
    case 400:
      return Effect.fail(new BadRequest({ status: "error", code: codeOf(answer, context), message })) as Effect.Effect<never, ApiErrorOf<C>>
    case 404:
      return Effect.fail(new NotFound({ status: "error", code: codeOf(answer, context), message })) as Effect.Effect<never, ApiErrorOf<C>>
    case 409:
      return Effect.fail(new Conflict({ status: "error", code: codeOf(answer, context), message })) as Effect.Effect<never, ApiErrorOf<C>>
    case 429:
      return rateLimited(codeOf(answer, context), message, secondsToNextUtcDay(context.now)) as Effect.Effect<never, ApiErrorOf<C>>
    case 500:
      // A 500 never carries details.
      return Effect.fail(internalError())
  }
}

const codeOf = <Code extends string>(answer: { readonly code: Code | ((entity: EntityRef) => Code) }, context: RejectionContext): Code =>
  typeof answer.code === "function" ? answer.code(context.entity) : answer.code
