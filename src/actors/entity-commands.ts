/**
 * Sends commands to entity actors. Each command gets an id (the caller's, for idempotent
 * retries, or a new one) under which the actor records its events exactly once.
 */
import { Duration, Effect } from "effect"
import { randomUUID } from "node:crypto"
import type { EntityCommand } from "../domain/entity-decider.ts"
import { type EntityRef, streamIdOf } from "../domain/entity-ref.ts"
import { CommandRejected, TrackedEntity } from "./tracked-entity.ts"

/**
 * How long a caller waits for an actor's reply. The command stays persisted and may still be
 * carried out; the caller is told to retry rather than held (an HTTP request has no other bound).
 * Longer than a shard lock's expiry (35 s, the cluster's default): an entity whose runner died
 * answers only once its shard has moved to a live runner, and a workflow step waiting on it
 * must not fail meanwhile.
 */
export const REPLY_TIMEOUT = Duration.seconds(60)

export interface SendOptions {
  readonly commandId?: string | undefined
  readonly correlationId?: string | undefined
  /** Default: REPLY_TIMEOUT. */
  readonly timeout?: Duration.DurationInput | undefined
}

export class EntityCommands extends Effect.Service<EntityCommands>()("EntityCommands", {
  effect: Effect.gen(function*() {
    const client = yield* TrackedEntity.client

    const send = Effect.fn("EntityCommands.send")(function*(ref: EntityRef, command: EntityCommand, options: SendOptions = {}) {
      const actor = client(streamIdOf(ref))
      const base = { commandId: options.commandId ?? randomUUID(), correlationId: options.correlationId ?? null }
      // Each command goes by the RPC of its own name.
      const rpc = actor[command._tag] as (payload: typeof base & { readonly command: EntityCommand }) => ReturnType<typeof actor.CreateBusiness>
      const reply = rpc({ ...base, command })
      // Mailbox and storage failures of the cluster are infrastructure faults, not answers.
      return yield* reply.pipe(
        Effect.catchTags({
          MailboxFull: Effect.die,
          AlreadyProcessingMessage: Effect.die,
          PersistenceError: Effect.die
        }),
        Effect.timeoutFail({
          duration: options.timeout ?? REPLY_TIMEOUT,
          onTimeout: () => new CommandRejected({ reason: "unavailable", message: "the entity did not answer in time; retry" })
        })
      )
    })

    return { send }
  })
}) {}
